import type { Lang } from '@app/contract';

/**
 * The web app's own texts, Chinese and English side by side. Texts of the SPEC catalogue (§5, §8) and the
 * server's messages are not repeated here: they come from MESSAGES in @app/contract (see useI18n().m).
 */
export const STRINGS = {
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
  'field.passwordHint': { zh: '6–64 个字符', en: '6 to 64 characters' },

  'validate.required': { zh: '请输入{field}', en: 'Enter the {field}' },
  'validate.length': { zh: '{field}长度为 {min}–{max} 个字符', en: '{field} must be {min} to {max} characters' },
  'validate.tooLong': { zh: '{field}最多 {max} 个字符', en: '{field} must be at most {max} characters' },
  'validate.usernameChars': { zh: '用户名只能包含字母、数字和 _ . -', en: 'Username may hold letters, digits, _ . and - only' },
  'validate.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },

  'auth.login.title': { zh: '登录', en: 'Log in' },
  'auth.login.subtitle': { zh: '欢迎回来，请登录你的卖家账号', en: 'Welcome back. Log in to your seller account.' },
  'auth.login.submit': { zh: '登录', en: 'Log in' },
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
  'auth.hero.point.next': {
    zh: '即将上线：成品管理、离线导出与多平台在线发布',
    en: 'Coming next: finished products, offline export and online publishing',
  },

  'home.greeting': { zh: '你好，{name}', en: 'Hello, {name}' },
  'home.intro': {
    zh: '账号与团队管理已经可以使用。成品管理、导出与在线发布正在开发中，上线后会出现在左侧「发布」菜单下。',
    en: 'Accounts and teams are ready to use. Finished products, export and online publishing are being built and will appear under “Publish” in the side menu.',
  },
  'home.manageSubAccounts': { zh: '管理子账号', en: 'Manage sub-accounts' },
  'home.account.title': { zh: '账号信息', en: 'Your account' },
  'home.account.type': { zh: '账号类型', en: 'Account type' },
  'home.account.level': { zh: '会员等级', en: 'Membership level' },
  'home.account.office': { zh: '所属团队', en: 'Team' },
  'home.account.noOffice': { zh: '未加入团队', en: 'Not in a team' },
  'home.offices.title': { zh: '团队', en: 'Teams' },
  'home.offices.members': { zh: '{count} 名成员', en: '{count} members' },
  'home.offices.empty': { zh: '还没有团队', en: 'No teams yet' },
  'home.coming.title': { zh: '即将上线', en: 'Coming next' },
  'home.coming.badge': { zh: '开发中', en: 'In development' },
  'home.coming.finished': { zh: '成品管理', en: 'Finished products' },
  'home.coming.finishedDesc': {
    zh: '搜索、筛选由设计生成的成品，归入分组、组合商品，编辑各变体的导出信息。',
    en: 'Search and filter the finished products your designs generate, file them into groups, combine them, edit per-variant export info.',
  },
  'home.coming.editor': { zh: '设计编辑器', en: 'Design editor' },
  'home.coming.editorDesc': {
    zh: '在产品的设计区域上使用素材库、本地图片和文字进行设计。',
    en: 'Compose artwork on a product’s design areas from library material, local images and text.',
  },
  'home.coming.export': { zh: '离线导出', en: 'Offline export' },
  'home.coming.exportDesc': {
    zh: '按店铺和商品模板导出 Excel 或 Txt 上架文件。',
    en: 'Export Excel or Txt listing files for a shop and product template.',
  },
  'home.coming.publish': { zh: '在线发布', en: 'Online publishing' },
  'home.coming.publishDesc': { zh: '将成品直接发布到平台 A 与平台 B。', en: 'Publish finished products straight to marketplace A and B.' },

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

  'error.network': { zh: '网络异常，请检查网络后重试', en: 'Network problem: check your connection and try again' },
  'error.loadFailed': { zh: '加载失败', en: 'Could not load' },

  'notFound.title': { zh: '页面不存在', en: 'Page not found' },
  'notFound.subtitle': { zh: '你访问的页面不存在或已被移动。', en: 'The page you asked for does not exist or has moved.' },
  'notFound.back': { zh: '返回概览', en: 'Back to overview' },
} as const satisfies Record<string, Record<Lang, string>>;

export type StringKey = keyof typeof STRINGS;
export type Params = Record<string, string | number>;

/** One of the app's texts in a language, `{name}` placeholders filled. */
export function translate(lang: Lang, key: StringKey, params: Params = {}): string {
  return STRINGS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
