import type { Lang } from '@app/contract';

/** The sub-accounts page (/account/sub-accounts) and its dialog: a main account's teammates (docs/domain.md#accounts-and-scope). */
export const SUB_ACCOUNTS_STRINGS = {
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
} as const satisfies Record<string, Record<Lang, string>>;

/** What the sub-accounts routes register (featureTexts.ts). */
export const texts = { strings: SUB_ACCOUNTS_STRINGS, messages: {} };
