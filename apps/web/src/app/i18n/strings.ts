import { BASE_MESSAGES, fillPlaceholders, type Lang, type MESSAGES, type MessageKey } from '@app/contract';
import type { BANNED_WORDS_STRINGS } from './bannedWordsStrings';
import type { CATALOGUE_STRINGS } from './catalogueStrings';
import type { EDITOR_STRINGS } from './editorStrings';
import type { FINISHED_STRINGS } from './finishedStrings';
import type { POLISH_STRINGS } from './polishStrings';
import type { STORES_STRINGS } from './storesStrings';
import type { PRICE_TEMPLATE_STRINGS } from './priceTemplateStrings';
import type { EXPORTS_STRINGS } from './exportsStrings';
import type { WATERMARK_STRINGS } from './watermarkStrings';
import type { TEMPLATES_STRINGS } from './templatesStrings';
import type { PUBLISH_STRINGS } from './publishStrings';
import type { MARKET_TEMPLATES_STRINGS } from './marketTemplatesStrings';

/**
 * The web app's own texts, Chinese and English side by side. Texts of the message catalogue (docs/messages.md) and the
 * server's messages are not repeated here: they come from MESSAGES in @app/contract (see useI18n().m).
 */
export const SHELL_STRINGS = {
  'app.name': { zh: 'POD 卖家后台', en: 'POD Seller Back Office' },
  'app.tagline': { zh: '设计、成品管理与上架，在一个后台完成', en: 'Design, finished products and marketplace listings in one place' },

  'nav.publish': { zh: '发布', en: 'Publish' },
  'nav.overview': { zh: '概览', en: 'Overview' },
  'nav.account': { zh: '账号', en: 'Account' },
  'nav.subAccounts': { zh: '子账号管理', en: 'Sub-accounts' },
  'nav.openMenu': { zh: '打开菜单', en: 'Open menu' },
  'nav.collapseMenu': { zh: '收起菜单', en: 'Collapse menu' },
  'nav.expandMenu': { zh: '展开菜单', en: 'Expand menu' },

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

  'home.greeting': { zh: '你好，{name}', en: 'Hello, {name}' },
  'home.manageSubAccounts': { zh: '管理子账号', en: 'Manage sub-accounts' },
  'home.account.title': { zh: '账号信息', en: 'Your account' },
  'home.account.type': { zh: '账号类型', en: 'Account type' },
  'home.account.level': { zh: '会员等级', en: 'Membership level' },
  'home.account.office': { zh: '所属团队', en: 'Team' },
  'home.account.noOffice': { zh: '未加入团队', en: 'Not in a team' },
  'home.offices.title': { zh: '团队', en: 'Teams' },
  'home.offices.members': { zh: '{count} 名成员', en: '{count} members' },
  'home.offices.empty': { zh: '还没有团队', en: 'No teams yet' },

  'subAccounts.title': { zh: '子账号管理', en: 'Sub-accounts' },
  'subAccounts.subtitle': {
    zh: '为团队成员开通子账号。子账号处理自己的成品，主账号可以查看所有子账号的数据。',
    en: 'Give each teammate a sub-account. A sub-account works on its own finished products; the main account sees them all.',
  },
  'subAccounts.subtitleSub': {
    zh: '你登录的是子账号。子账号由主账号创建、停用和启用。',
    en: 'You are logged in with a sub-account. Sub-accounts are created, disabled and enabled by the main account.',
  },
  'subAccounts.create': { zh: '新建子账号', en: 'New sub-account' },
  'subAccounts.search': { zh: '搜索用户名或昵称', en: 'Search username or nickname' },
  'subAccounts.total': { zh: '共 {count} 个子账号', en: '{count} sub-accounts' },
  'subAccounts.col.account': { zh: '账号', en: 'Account' },
  'subAccounts.col.level': { zh: '等级', en: 'Level' },
  'subAccounts.col.office': { zh: '团队', en: 'Team' },
  'subAccounts.col.status': { zh: '状态', en: 'Status' },
  'subAccounts.col.createtime': { zh: '创建时间', en: 'Created' },
  'subAccounts.col.actions': { zh: '操作', en: 'Actions' },
  'subAccounts.status.active': { zh: '正常', en: 'Active' },
  'subAccounts.status.disabled': { zh: '已停用', en: 'Disabled' },
  'subAccounts.you': { zh: '当前登录', en: 'You' },
  'subAccounts.disable': { zh: '停用', en: 'Disable' },
  'subAccounts.enable': { zh: '启用', en: 'Enable' },
  'subAccounts.confirmDisable': { zh: '停用 {name}？', en: 'Disable {name}?' },
  'subAccounts.confirmDisableDesc': {
    zh: '停用后该账号无法登录，已登录的会话立即失效。',
    en: 'It can no longer log in and its open sessions end at once.',
  },
  'subAccounts.disabledDone': { zh: '已停用 {name}', en: '{name} is disabled' },
  'subAccounts.enabledDone': { zh: '已启用 {name}', en: '{name} is active again' },
  'subAccounts.createdDone': { zh: '已创建子账号 {name}', en: 'Sub-account {name} created' },
  'subAccounts.empty': { zh: '还没有子账号', en: 'No sub-accounts yet' },
  'subAccounts.noMatch': { zh: '没有符合条件的账号', en: 'No account matches' },

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

  'error.network': { zh: '网络异常，请检查网络后重试', en: 'Network problem: check your connection and try again' },
  'error.loadFailed': { zh: '加载失败', en: 'Could not load' },

  'notFound.title': { zh: '页面不存在', en: 'Page not found' },
  'notFound.subtitle': { zh: '你访问的页面不存在或已被移动。', en: 'The page you asked for does not exist or has moved.' },
  'notFound.back': { zh: '返回概览', en: 'Back to overview' },
  'editor.loading': { zh: '正在加载产品…', en: 'Loading the product…' },
  'editor.grid': { zh: '辅助网格', en: 'Auxiliary grid' },
  'editor.shortcuts': { zh: '快捷键', en: 'Shortcut keys' },
  'editor.shortcutKeys': { zh: '按键', en: 'Keys' },
  'editor.shortcutAction': { zh: '作用', en: 'Action' },
  'editor.clear': { zh: '清空画布', en: 'Clear canvas' },
  'editor.clearConfirm': { zh: '清空当前设计区域的所有图层？', en: 'Remove every layer of this design area?' },
  'editor.background': { zh: '背景颜色', en: 'Background colour' },
  'editor.eyedropper': { zh: '吸管：点击画布取色作为背景色', en: 'Eyedropper: click the canvas to take its colour as background' },
  'editor.eyedropperOn': { zh: '点击画布上的颜色', en: 'Click a colour on the canvas' },
  'editor.toolCrop': { zh: '裁剪图片', en: 'Crop image' },
  'editor.copyTo': { zh: '复制到', en: 'Copy to' },
  'editor.copyToAll': { zh: '全部设计区域', en: 'All design areas' },
  'editor.preview': { zh: '效果预览', en: 'Mockup preview' },
  'editor.previewUpdate': { zh: '更新预览', en: 'Update preview' },
  'editor.previewSku': { zh: '预览的颜色和尺码', en: 'Colour and size previewed' },
  'editor.previewEmpty': { zh: '添加图片或文字后显示效果图', en: 'Add an image or text to see the mockup' },
  'editor.viewLarge': { zh: '查看大图', en: 'View large' },
  'editor.viewCutpiece': { zh: '查看裁片', en: 'View cutpiece' },
  'editor.cutpieceTitle': { zh: '全尺寸裁片预览', en: 'Full size cutpiece preview' },
  'editor.noCutpiece': { zh: '该产品没有裁片', en: 'This product has no cutpieces' },
  'editor.loadingMaterial': { zh: '正在加载素材…', en: 'Loading the material…' },
  'editor.loadingImages': { zh: '正在加载图片…', en: 'Loading images…' },
  'editor.dragToReorder': { zh: '拖动调整图层顺序', en: 'Drag to reorder' },
  'editor.badLink': { zh: '链接缺少产品或 SKU', en: 'The link lacks a product or SKU' },
  'editor.material': { zh: '素材', en: 'Material' },
  'editor.localImage': { zh: '本地图片', en: 'Local image' },
  'editor.text': { zh: '文字', en: 'Text' },
  'editor.searchName': { zh: '素材名称', en: 'Material name' },
  'editor.folder': { zh: '全部文件夹', en: 'All folders' },
  'editor.reset': { zh: '重置', en: 'Reset' },
  'editor.warning': {
    zh: '绿色虚线区域必须完全铺满，否则生产出来会有留白',
    en: 'The green dashed area must be fully covered, or production will leave blanks',
  },
  'editor.undo': { zh: '撤销', en: 'Undo' },
  'editor.redo': { zh: '重做', en: 'Redo' },
  'editor.toTop': { zh: '置顶', en: 'Top' },
  'editor.toBottom': { zh: '置底', en: 'Bottom' },
  'editor.up': { zh: '上移', en: 'Up' },
  'editor.down': { zh: '下移', en: 'Down' },
  'editor.copy': { zh: '复制', en: 'Copy' },
  'editor.delete': { zh: '删除', en: 'Delete' },
  'editor.align.left': { zh: '左对齐', en: 'Align left' },
  'editor.align.hcenter': { zh: '水平居中', en: 'Centre horizontally' },
  'editor.align.right': { zh: '右对齐', en: 'Align right' },
  'editor.align.top': { zh: '顶部对齐', en: 'Align top' },
  'editor.align.vcenter': { zh: '垂直居中', en: 'Centre vertically' },
  'editor.align.bottom': { zh: '底部对齐', en: 'Align bottom' },
  'editor.enlarge': { zh: '放大', en: 'Enlarge' },
  'editor.shrink': { zh: '缩小', en: 'Shrink' },
  'editor.rotateLeft': { zh: '左转45°', en: 'Rotate −45°' },
  'editor.rotateRight': { zh: '右转45°', en: 'Rotate +45°' },
  'editor.flipX': { zh: '水平翻转', en: 'Flip horizontally' },
  'editor.flipY': { zh: '垂直翻转', en: 'Flip vertically' },
  'editor.opacity': { zh: '透明度', en: 'Transparency' },
  'editor.fill': { zh: '图片铺满', en: 'Image fill' },
  'editor.adapt': { zh: '图片自适应', en: 'Image adaptive' },
  'editor.textContent': { zh: '文字内容', en: 'Text' },
  'editor.fontFamily': { zh: '字体', en: 'Font' },
  'editor.fontColor': { zh: '颜色', en: 'Colour' },
  'editor.fontSize': { zh: '字号', en: 'Size' },
  'editor.textAlign.left': { zh: '左', en: 'Left' },
  'editor.textAlign.center': { zh: '中', en: 'Centre' },
  'editor.textAlign.right': { zh: '右', en: 'Right' },
  'editor.tiling': { zh: '平铺', en: 'Tiling' },
  'editor.tile.1': { zh: '基础平铺', en: 'Basic' },
  'editor.tile.2': { zh: '镜像平铺', en: 'Mirror' },
  'editor.tile.3': { zh: '纵向平铺', en: 'Vertical' },
  'editor.tile.4': { zh: '横向平铺', en: 'Horizontal' },
  'editor.noSelection': { zh: '在画布上选择一个图层来编辑它', en: 'Select a layer on the canvas to edit it' },
  'editor.saveCurrent': { zh: '修改当前尺码', en: 'Modify current size' },
  'editor.saveAll': { zh: '修改所有尺码', en: 'Modify all sizes' },
  'editor.addToCart': { zh: '加入购物车（不覆盖）', en: 'Add to cart (no overwrite)' },
  'editor.quantity': { zh: '数量', en: 'Quantity' },
  'editor.layers': { zh: '图层', en: 'Layers' },
  'editor.imageLayer': { zh: '图片 {n}', en: 'Image {n}' },
  'editor.hide': { zh: '隐藏', en: 'Hide' },
  'editor.show': { zh: '显示', en: 'Show' },
  'editor.lock': { zh: '锁定', en: 'Lock' },
  'editor.unlock': { zh: '解锁', en: 'Unlock' },
  'editor.saveStarted': { zh: '已保存，开始合成成品图', en: 'Saved: composing the finished product' },
  'editor.alsoVariants': {
    zh: '修改当前尺码时，同时保存到另外 {n} 个所选款式',
    en: 'Modify current size also saves to the {n} other chosen variants',
  },
  'editor.cropTitle': { zh: '裁剪', en: 'Crop' },
  'editor.cropZoomIn': { zh: '放大', en: 'Zoom in' },
  'editor.cropZoomOut': { zh: '缩小', en: 'Zoom out' },
  'editor.cropRotate': { zh: '旋转90°', en: 'Rotate 90°' },
  'editor.cropKeepRatio': { zh: '保持原图比例', en: "Keep the image's proportions" },
  'editor.cropSize': { zh: '裁剪后 {width} × {height} 像素', en: 'Result {width} × {height} px' },
  'editor.cropHint': {
    zh: '拖动选框选择保留的部分，拖动图片移动视图',
    en: 'Drag the box over the part to keep; drag the picture to move the view',
  },
  'editor.cropLoading': { zh: '正在加载原图…', en: 'Loading the original image…' },
  'editor.cropLoadFailed': { zh: '原图加载失败', en: 'The original image could not be loaded' },
} as const satisfies Record<string, Record<Lang, string>>;

/** Every feature's texts: the type of the whole catalogue; each feature's texts arrive with its code (featureStrings.ts). */
type FeatureStrings = typeof BANNED_WORDS_STRINGS &
  typeof CATALOGUE_STRINGS &
  typeof EDITOR_STRINGS &
  typeof FINISHED_STRINGS &
  typeof POLISH_STRINGS &
  typeof STORES_STRINGS &
  typeof PRICE_TEMPLATE_STRINGS &
  typeof EXPORTS_STRINGS &
  typeof WATERMARK_STRINGS &
  typeof TEMPLATES_STRINGS &
  typeof PUBLISH_STRINGS &
  typeof MARKET_TEMPLATES_STRINGS;

export type StringKey = keyof typeof SHELL_STRINGS | keyof FeatureStrings;
export type Params = Record<string, string | number>;
type Texts = Partial<Record<StringKey, Record<Lang, string>>>;

/**
 * The texts known so far: the shell's and the login page's at first, every feature's once the back office or the
 * editor has loaded (docs/web.md#where-the-bytes-go); the login page never downloads the rest.
 */
const strings: Texts = { ...SHELL_STRINGS };

/** Adds texts to the catalogue; called before the pages that use them render (routes.tsx). */
export function registerStrings(texts: Texts): void {
  Object.assign(strings, texts);
}

/** One of the app's texts in a language, `{name}` placeholders filled; a text not loaded yet shows its key. */
export function translate(lang: Lang, key: StringKey, params: Params = {}): string {
  return fillPlaceholders(strings[key]?.[lang] ?? key, params);
}

/** The contract's messages known so far: likewise the general ones first, every feature's with the back office. */
const messages: Partial<typeof MESSAGES> = { ...BASE_MESSAGES };

export function registerMessages(texts: Partial<typeof MESSAGES>): void {
  Object.assign(messages, texts);
}

/** A message of the contract's catalogue (docs/messages.md) in a language, as `message` of @app/contract. */
export function messageText(lang: Lang, key: MessageKey, params: Params = {}): string {
  return fillPlaceholders(messages[key]?.[lang] ?? key, params);
}
