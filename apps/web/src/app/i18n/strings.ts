import { BASE_MESSAGES, fillPlaceholders, type Lang, type MESSAGES, type MessageKey } from '@app/contract';
import type { BANNED_WORDS_STRINGS } from './bannedWordsStrings';
import type { BARCODE_STRINGS } from './barcodeStrings';
import type { CART_STRINGS } from './cartStrings';
import type { CHECKOUT_STRINGS } from './checkoutStrings';
import type { CATALOGUE_STRINGS } from './catalogueStrings';
import type { EDITOR_STRINGS } from './editorStrings';
import type { FINISHED_STRINGS } from './finishedStrings';
import type { ORDERS_STRINGS } from './ordersStrings';
import type { POLISH_STRINGS } from './polishStrings';
import type { STORES_STRINGS } from './storesStrings';
import type { SUB_ACCOUNTS_STRINGS } from './subAccountsStrings';
import type { PRICE_TEMPLATE_STRINGS } from './priceTemplateStrings';
import type { EXPORTS_STRINGS } from './exportsStrings';
import type { WATERMARK_STRINGS } from './watermarkStrings';
import type { TEMPLATES_STRINGS } from './templatesStrings';
import type { PUBLISH_STRINGS } from './publishStrings';
import type { MARKET_TEMPLATES_STRINGS } from './marketTemplatesStrings';
import type { TITLE_STRINGS } from './titlesStrings';
import type { WALLET_STRINGS } from './walletStrings';
import type { MOBILE_STRINGS } from './mobileStrings';
import type { MOCKUP_STRINGS } from './mockupStrings';
import type { MOBILE_SHOP_STRINGS } from './mobileShopStrings';
import type { MOBILE_ACCOUNT_STRINGS } from './mobileAccountStrings';
import type { MOBILE_SITE_STRINGS } from './mobileSiteStrings';

/**
 * The web app's own texts, Chinese and English side by side. Texts of the message catalogue (docs/messages.md) and the
 * server's messages are not repeated here: they come from MESSAGES in @app/contract (see useI18n().m).
 */
export const SHELL_STRINGS = {
  'app.name': { zh: 'POD 卖家后台', en: 'POD Seller Back Office' },
  'app.tagline': { zh: '设计、成品管理与上架，在一个后台完成', en: 'Design, finished products and marketplace listings in one place' },

  // The account filters of the lists a family's parent sees (finished products, orders, bills).
  'filters.accounts': { zh: '账号', en: 'Accounts' },
  'filters.allAccounts': { zh: '全部账号', en: 'All accounts' },
  'filters.office': { zh: '部门', en: 'Office' },
  'filters.allOffices': { zh: '全部部门', en: 'All offices' },

  // Offered on a phone by a back-office page with a phone twin (docs/mobile.md#addresses).
  'phone.offer': { zh: '正在用手机浏览？打开手机版', en: 'On a phone? Open the phone version' },
  'nav.publish': { zh: '发布', en: 'Publish' },
  'nav.overview': { zh: '概览', en: 'Overview' },
  'nav.account': { zh: '账号', en: 'Account' },
  'nav.subAccounts': { zh: '子账号管理', en: 'Sub-accounts' },
  'nav.openMenu': { zh: '打开菜单', en: 'Open menu' },
  'nav.collapseMenu': { zh: '收起菜单', en: 'Collapse menu' },
  'nav.expandMenu': { zh: '展开菜单', en: 'Expand menu' },
  // The side menu's entries: the back office's frame shows them on every page.
  'nav.bannedWords': { zh: '违禁词', en: 'Banned words' },
  'nav.barcodes': { zh: '条码管理', en: 'Barcodes' },
  'nav.products': { zh: '产品库 / 新建设计', en: 'Products / new design' },
  'nav.exportRecords': { zh: '导出记录', en: 'Export records' },
  'nav.finished': { zh: '成品管理', en: 'Finished products' },
  'nav.aliexpressTemplates': { zh: '速卖通模板', en: 'AliExpress templates' },
  'nav.tiktokTemplates': { zh: 'TikTok 模板', en: 'TikTok templates' },
  'nav.priceTemplates': { zh: '价格模板', en: 'Pricing templates' },
  'nav.aliexpressPublish': { zh: '速卖通发布', en: 'AliExpress listings' },
  'nav.tiktokPublish': { zh: 'TikTok 发布', en: 'TikTok Shop listings' },
  'nav.settings': { zh: '设置', en: 'Settings' },
  'nav.listingTools': { zh: '刊登工具', en: 'Listing tools' },
  'nav.titleTemplates': { zh: '标题模板', en: 'Title templates' },
  'nav.keywordSets': { zh: '关键词组', en: 'Keyword sets' },
  'nav.stores': { zh: '店铺管理', en: 'Shops' },
  'nav.templates': { zh: '商品模板', en: 'Product templates' },
  'nav.watermarks': { zh: '水印管理', en: 'Watermarks' },
  // A prototype that calls no server (docs/mockup-prototype.md): its entry says so.
  'nav.designMockup': { zh: '设计样机（原型）', en: 'Mockup prototype' },

  'nav.orderGroup': { zh: '订单', en: 'Orders' },
  'nav.orders': { zh: '我的订单', en: 'My orders' },
  'nav.cart': { zh: '购物车', en: 'Cart' },
  'nav.funds': { zh: '资金', en: 'Money' },
  'nav.wallet': { zh: '我的钱包', en: 'My wallet' },
  'nav.cartCount': { zh: '购物车，{count} 件商品', en: 'Cart, {count} items' },

  'lang.switch': { zh: '界面语言', en: 'Interface language' },

  'user.menu': { zh: '账号菜单', en: 'Account menu' },
  'user.logout': { zh: '退出登录', en: 'Log out' },
  'user.level': { zh: '会员等级 V{level}', en: 'Membership level V{level}' },
  'user.main': { zh: '主账号', en: 'Main account' },
  'user.sub': { zh: '子账号', en: 'Sub-account' },

  'field.username': { zh: '用户名', en: 'Username' },
  'field.password': { zh: '密码', en: 'Password' },
  'field.confirmPassword': { zh: '确认密码', en: 'Confirm password' },
  'field.nickname': { zh: '昵称', en: 'Nickname' },
  'field.office': { zh: '所属团队', en: 'Team' },
  'field.optional': { zh: '选填', en: 'Optional' },
  'field.usernameHint': { zh: '3–32 位字母、数字或 _ . -', en: '3–32 letters, digits or _ . -' },
  'field.passwordHint': { zh: '8–64 个字符，不要用常见密码', en: '8 to 64 characters, not a common password' },

  'validate.required': { zh: '请输入{field}', en: 'Enter the {field}' },
  'validate.length': { zh: '{field}长度为 {min}–{max} 个字符', en: '{field} must be {min} to {max} characters' },
  'validate.tooLong': { zh: '{field}最多 {max} 个字符', en: '{field} must be at most {max} characters' },
  'validate.usernameChars': { zh: '用户名只能包含字母、数字和 _ . -', en: 'Username may hold letters, digits, _ . and - only' },
  'validate.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },

  'auth.login.title': { zh: '登录', en: 'Log in' },
  'auth.login.subtitle': { zh: '欢迎回来，请登录你的卖家账号', en: 'Welcome back. Log in to your seller account.' },
  'auth.login.submit': { zh: '登录', en: 'Log in' },
  'auth.password.show': { zh: '显示密码', en: 'Show password' },
  'auth.password.hide': { zh: '隐藏密码', en: 'Hide password' },
  'auth.login.noAccount': { zh: '还没有账号？', en: 'New here?' },
  'auth.login.toRegister': { zh: '注册主账号', en: 'Create a main account' },
  'auth.register.title': { zh: '注册主账号', en: 'Create a main account' },
  'auth.register.subtitle': {
    zh: '注册后即可登录后台，并为团队成员创建子账号',
    en: 'Register to use the back office and add sub-accounts for your team.',
  },
  'auth.register.submit': { zh: '注册并登录', en: 'Create account' },
  'auth.register.hasAccount': { zh: '已有账号？', en: 'Already registered?' },
  'auth.register.toLogin': { zh: '去登录', en: 'Log in' },
  'auth.hero.title': { zh: '为按需印刷卖家打造的后台', en: 'The back office for print-on-demand sellers' },
  'auth.hero.point.team': {
    zh: '主账号与子账号协作：为每位运营开通账号，随时停用',
    en: 'Main and sub-accounts: give each teammate a login, disable it any time',
  },
  'auth.hero.point.lang': { zh: '中文与英文界面，随时切换', en: 'Chinese and English interface, switch any time' },
  'auth.hero.point.design': {
    zh: '从产品库选款，在设计编辑器中设计，自动生成成品效果图',
    en: 'Pick a blank from the catalogue, design it in the editor, get the finished mockups made for you',
  },

  'common.ok': { zh: '确定', en: 'OK' },
  'common.cancel': { zh: '取消', en: 'Cancel' },
  'common.create': { zh: '创建', en: 'Create' },
  'common.retry': { zh: '重试', en: 'Retry' },
  'common.none': { zh: '—', en: '—' },
  'common.confirm': { zh: '确定', en: 'Confirm' },
  'common.delete': { zh: '删除', en: 'Delete' },
  'common.edit': { zh: '编辑', en: 'Edit' },
  'common.save': { zh: '保存', en: 'Save' },
  'common.close': { zh: '关闭', en: 'Close' },

  // The pager under a plain table (app/components/Pager.tsx), in Ant Design's words.
  'pager.label': { zh: '分页', en: 'Pages' },
  'pager.prev': { zh: '上一页', en: 'Previous page' },
  'pager.next': { zh: '下一页', en: 'Next page' },
  'pager.page': { zh: '第 {n} 页', en: 'Page {n}' },
  'pager.perPage': { zh: '{n} 条/页', en: '{n} / page' },
  'pager.pageSize': { zh: '每页条数', en: 'Rows per page' },
  'pager.jumpTo': { zh: '跳至', en: 'Go to' },
  'pager.jumpToSuffix': { zh: '页', en: '' },
  'pager.more': { zh: '更多页', en: 'More pages' },

  'error.network': { zh: '网络异常，请检查网络后重试', en: 'Network problem: check your connection and try again' },
  'error.loadFailed': { zh: '加载失败', en: 'Could not load' },

  'notFound.title': { zh: '页面不存在', en: 'Page not found' },
  'notFound.subtitle': { zh: '你访问的页面不存在或已被移动。', en: 'The page you asked for does not exist or has moved.' },
  'notFound.back': { zh: '返回概览', en: 'Back to overview' },
} as const satisfies Record<string, Record<Lang, string>>;

/** Every feature's texts: the type of the whole catalogue; each feature's texts arrive with its routes (featureTexts.ts). */
type FeatureStrings = typeof BANNED_WORDS_STRINGS &
  typeof BARCODE_STRINGS &
  typeof CART_STRINGS &
  typeof CHECKOUT_STRINGS &
  typeof CATALOGUE_STRINGS &
  typeof EDITOR_STRINGS &
  typeof FINISHED_STRINGS &
  typeof ORDERS_STRINGS &
  typeof POLISH_STRINGS &
  typeof STORES_STRINGS &
  typeof SUB_ACCOUNTS_STRINGS &
  typeof PRICE_TEMPLATE_STRINGS &
  typeof TITLE_STRINGS &
  typeof EXPORTS_STRINGS &
  typeof WATERMARK_STRINGS &
  typeof TEMPLATES_STRINGS &
  typeof PUBLISH_STRINGS &
  typeof MARKET_TEMPLATES_STRINGS &
  typeof WALLET_STRINGS &
  typeof MOBILE_STRINGS &
  typeof MOBILE_SHOP_STRINGS &
  typeof MOCKUP_STRINGS &
  typeof MOBILE_ACCOUNT_STRINGS &
  typeof MOBILE_SITE_STRINGS;

export type StringKey = keyof typeof SHELL_STRINGS | keyof FeatureStrings;
export type Params = Record<string, string | number>;
type Texts = Partial<Record<StringKey, Record<Lang, string>>>;

/** A feature's texts (featureTexts.ts): the app's own strings and the contract's message groups its pages show. */
export interface FeatureTexts {
  strings: Texts;
  messages: Partial<typeof MESSAGES>;
}

/**
 * The texts known so far: the shell's and the login page's at first, each feature's once a route showing it has
 * loaded (docs/web.md#where-the-bytes-go); the login page never downloads the rest.
 */
const strings: Texts = { ...SHELL_STRINGS };

/** The contract's messages known so far: likewise the general ones first, each feature's group with its routes. */
const messages: Partial<typeof MESSAGES> = { ...BASE_MESSAGES };

/** Adds a feature's texts to the catalogue; called before the pages that use them render (routes.tsx). */
export function registerTexts(texts: FeatureTexts): void {
  Object.assign(strings, texts.strings);
  Object.assign(messages, texts.messages);
}

/**
 * A key shown as itself: its route does not register the texts holding it (routeTexts.test.ts checks the routes;
 * this says so in development for what the test cannot see, a key computed at run time).
 */
function missing(key: string): string {
  if (import.meta.env.DEV) console.warn(`Text "${key}" is not registered: add its group to the route (src/app/routes.tsx)`);
  return key;
}

/** One of the app's texts in a language, `{name}` placeholders filled; a text not loaded yet shows its key. */
export function translate(lang: Lang, key: StringKey, params: Params = {}): string {
  return fillPlaceholders(strings[key]?.[lang] ?? missing(key), params);
}

/** A message of the contract's catalogue (docs/messages.md) in a language, as `message` of @app/contract. */
export function messageText(lang: Lang, key: MessageKey, params: Params = {}): string {
  return fillPlaceholders(messages[key]?.[lang] ?? missing(key), params);
}
