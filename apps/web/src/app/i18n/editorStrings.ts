import type { Lang } from '@app/contract';

/** The editor's own texts (leave warning, drafts, back link, missing product; docs/editor.md); the rest are in strings.ts. */
export const EDITOR_STRINGS = {
  'editor.back': { zh: '返回', en: 'Back' },
  'editor.backHome': { zh: '返回首页', en: 'Back to home' },
  'editor.leaveTitle': { zh: '设计还没有保存', en: 'The design is not saved' },
  'editor.leaveBody': {
    zh: '离开后未保存的修改会留作草稿，下次打开这个产品时可以恢复。确定离开吗？',
    en: 'Unsaved changes are kept as a draft that you can restore the next time you open this product. Leave anyway?',
  },
  'editor.leave': { zh: '离开', en: 'Leave' },
  'editor.stay': { zh: '留下', en: 'Stay' },
  'editor.draftFound': {
    zh: '有一份 {time} 未保存的设计草稿',
    en: 'There is an unsaved draft of this design from {time}',
  },
  'editor.draftRestore': { zh: '恢复草稿', en: 'Restore the draft' },
  'editor.draftDiscard': { zh: '放弃', en: 'Discard' },
  'editor.draftRestored': { zh: '已恢复草稿', en: 'The draft is restored' },
  'editor.viewFinished': { zh: '查看成品', en: 'View the finished product' },
  'editor.missingHint': {
    zh: '链接可能已过期或有误，请从产品库或成品列表重新打开设计',
    en: 'The link may be outdated or wrong: open the design again from the product library or the finished list',
  },
} as const satisfies Record<string, Record<Lang, string>>;
