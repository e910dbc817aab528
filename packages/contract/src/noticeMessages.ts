/**
 * Server messages of notices (docs/mobile.md#notices), zh and en; merged into MESSAGES.
 * Keys carry the feature's prefix: a key another feature also defines would silently replace one of them.
 */
export const noticeMessages = {
  noticeNotFound: { zh: '找不到该公告或已下线', en: 'This notice does not exist or has been withdrawn' },
  noticeTitleInvalid: { zh: '公告标题须为 1 至 {max} 个字', en: 'A notice title is 1 to {max} characters' },
  noticeContentInvalid: { zh: '公告内容须为 1 至 {max} 个字', en: 'A notice text is 1 to {max} characters' },
} as const satisfies Record<string, { zh: string; en: string }>;
