import type { Lang } from '@app/contract';
import { keywordsBanMessages } from '@app/contract';

/** The banned-words page (/banned-words, docs/domain.md#banned-words). Server messages (limits, not found) come from MESSAGES. */
export const BANNED_WORDS_STRINGS = {
  'bannedWords.title': { zh: '违禁词', en: 'Banned words' },
  'bannedWords.subtitle': {
    zh: '导出时，标题、关键词或五点描述中含有违禁词的成品会被拦截（或按设置删除该词）。英文按整词匹配、不区分大小写，中日韩文字按包含匹配。',
    en: 'An export refuses a product whose title, keyword or bullet holds a banned word (or cuts the word out, if you choose). Latin words match whole words in any case; Chinese, Japanese and Korean words match anywhere.',
  },
  'bannedWords.platform.0': { zh: '全部平台', en: 'All marketplaces' },
  'bannedWords.platform.1': { zh: '亚马逊', en: 'Amazon' },
  'bannedWords.platform.2': { zh: '速卖通', en: 'AliExpress' },
  'bannedWords.platform.3': { zh: '沃尔玛', en: 'Walmart' },
  'bannedWords.platform.15': { zh: 'TikTok Shop', en: 'TikTok Shop' },
  'bannedWords.action.block': { zh: '拦截导出', en: 'Block the export' },
  'bannedWords.action.strip': { zh: '删除该词', en: 'Strip the word' },
  'bannedWords.actionShort.block': { zh: '拦截', en: 'Block' },
  'bannedWords.actionShort.strip': { zh: '删除', en: 'Strip' },

  'bannedWords.search': { zh: '搜索违禁词', en: 'Search banned words' },
  'bannedWords.filterPlatform': { zh: '按平台筛选', en: 'Filter by marketplace' },
  'bannedWords.anyPlatform': { zh: '所有平台的词', en: 'Words of every marketplace' },
  'bannedWords.col.word': { zh: '违禁词', en: 'Word' },
  'bannedWords.col.platform': { zh: '适用平台', en: 'Marketplace' },
  'bannedWords.col.action': { zh: '处理方式', en: 'Action' },
  'bannedWords.col.account': { zh: '所属账号', en: 'Account' },
  'bannedWords.col.createtime': { zh: '添加时间', en: 'Added' },
  'bannedWords.col.actions': { zh: '操作', en: 'Actions' },
  'bannedWords.total': { zh: '共 {count} 个', en: '{count} words' },
  'bannedWords.empty': { zh: '还没有违禁词，在右侧粘贴添加', en: 'No banned words yet: paste some on the right' },
  'bannedWords.noMatch': { zh: '没有符合条件的违禁词', en: 'No banned word matches' },
  'bannedWords.deleteSelected': { zh: '删除所选 ({count})', en: 'Delete selected ({count})' },
  'bannedWords.confirmDeleteMany': { zh: '确认删除所选的 {count} 个违禁词？', en: 'Delete the {count} selected banned words?' },
  'bannedWords.confirmDeleteOne': { zh: '确认删除违禁词“{word}”？', en: 'Delete the banned word “{word}”?' },
  'bannedWords.deleted': { zh: '已删除 {count} 个违禁词', en: '{count} banned words deleted' },

  'bannedWords.add.title': { zh: '批量添加', en: 'Add in bulk' },
  'bannedWords.add.words': { zh: '违禁词（每行一个）', en: 'Banned words (one per line)' },
  'bannedWords.add.placeholder': {
    zh: '每行一个词或词组，例如：\nNike\n迪士尼\nHello Kitty',
    en: 'One word or phrase per line, e.g.\nNike\nDisney\nHello Kitty',
  },
  'bannedWords.add.lines': { zh: '{count} / {max} 行', en: '{count} / {max} lines' },
  'bannedWords.add.platform': { zh: '适用平台', en: 'Marketplace' },
  'bannedWords.add.action': { zh: '命中时', en: 'On a hit' },
  'bannedWords.add.submit': { zh: '添加', en: 'Add' },
  'bannedWords.add.done': {
    zh: '已添加 {added} 个；跳过重复 {duplicates} 个、已存在 {existing} 个',
    en: '{added} added; {duplicates} repeated and {existing} already kept were skipped',
  },

  'bannedWords.check.title': { zh: '检测文本', en: 'Check a text' },
  'bannedWords.check.text': { zh: '要检测的文本', en: 'Text to check' },
  'bannedWords.check.placeholder': { zh: '粘贴标题、关键词或描述', en: 'Paste a title, keywords or a description' },
  'bannedWords.check.platform': { zh: '按平台检测', en: 'Check for' },
  'bannedWords.check.submit': { zh: '检测', en: 'Check' },
  'bannedWords.check.clean': { zh: '未发现违禁词', en: 'No banned word found' },
  'bannedWords.check.found': { zh: '发现 {count} 个违禁词', en: '{count} banned words found' },
  'bannedWords.check.blocked': { zh: '导出将被拦截', en: 'The export would be refused' },
  'bannedWords.check.stripped': { zh: '导出时将删除这些词', en: 'The export would cut these words out' },
  'bannedWords.check.times': { zh: '{count} 处', en: '{count}×' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the routes of the banned-words page register (featureTexts.ts). */
export const texts = { strings: BANNED_WORDS_STRINGS, messages: { ...keywordsBanMessages } };
