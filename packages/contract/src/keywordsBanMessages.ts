/** Server messages of the banned-words list (docs/domain.md#banned-words), zh and en; merged into MESSAGES. */
export const keywordsBanMessages = {
  keywordBanEmpty: { zh: '请输入违禁词，每行一个', en: 'Enter the banned words, one per line' },
  keywordBanTooManyLines: { zh: '一次最多添加 {max} 行，当前 {count} 行', en: 'At most {max} lines at a time; this has {count}' },
  keywordBanTooLong: {
    zh: '第 {line} 行的违禁词超过 {max} 个字符',
    en: 'The banned word on line {line} is longer than {max} characters',
  },
  keywordBanListFull: {
    zh: '违禁词最多 {max} 个，已有 {count} 个，请先删除不用的',
    en: 'At most {max} banned words are kept and you have {count}: delete some first',
  },
  keywordBanNotFound: { zh: '找不到该违禁词', en: 'Banned word not found' },
} as const;
