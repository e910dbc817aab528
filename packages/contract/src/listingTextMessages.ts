/**
 * Messages of the listing texts (docs/catalogue-format.md#colours-and-sizes-in-english, docs/finished.md#listing-names,
 * docs/exports.md#listing-texts, docs/publishing.md#listing-texts): what the export's and the publish's pre-flight say
 * of a text the marketplace would not take, and the listing-name calls' refusals. Merged into MESSAGES.
 */
export const listingTextMessages = {
  // The pre-flight, per product; {field} is the file's column (export) or the listing's field (publish).
  listingTextCjk: {
    zh: '{field}含中文「{text}」：该平台只接受英文，请改成英文',
    en: 'The {field} holds Chinese text "{text}": the marketplace takes English only; write it in English',
  },
  listingTextTooLong: {
    zh: '{field}有 {length} 个字符，该平台最多 {max} 个',
    en: 'The {field} has {length} characters; the marketplace takes at most {max}',
  },
  listingColourNotEnglish: {
    zh: '颜色「{color}」没有英文名（会发出「{text}」）：请在成品的编辑里给它填写上架名称',
    en: 'The colour "{color}" has no English name ("{text}" would go out): give it a listing name in the product\'s edit drawer',
  },
  listingNameEmptiedByBannedWord: {
    zh: '{field}「{text}」去掉违禁词「{word}」后什么也不剩：请在成品的编辑里给它改一个上架名称',
    en: 'The {field} "{text}" is nothing once the banned word "{word}" is cut: give it another listing name in the product\'s edit drawer',
  },
  listingNamesAlikeAfterBannedWord: {
    zh: '{field}「{text}」和「{other}」去掉违禁词「{word}」后都叫「{name}」：请在成品的编辑里给其中一个改一个上架名称',
    en: 'The {field} "{text}" and "{other}" are both "{name}" once the banned word "{word}" is cut: give one of them another listing name in the product\'s edit drawer',
  },
  listingSizeNotEnglish: {
    zh: '尺码「{size}」没有英文名（会发出「{text}」）：请在成品的编辑里给它填写上架名称',
    en: 'The size "{size}" has no English name ("{text}" would go out): give it a listing name in the product\'s edit drawer',
  },
  publishFieldAttribute: { zh: '属性「{name}」', en: 'attribute "{name}"' },
  // The listing-name calls.
  listingNamesNotFound: { zh: '找不到成品：{id}', en: 'Finished product not found: {id}' },
  listingNamesCombination: {
    zh: '组合商品没有自己的颜色和尺码：请分别修改其中每个成品',
    en: 'A combination has no colours or sizes of its own: rename them on each of its products',
  },
  listingNamesUnknownColor: { zh: '成品 {key_id} 没有颜色「{color}」', en: 'Product {key_id} has no colour "{color}"' },
  listingNamesUnknownSize: { zh: '成品 {key_id} 没有尺码「{size}」', en: 'Product {key_id} has no size "{size}"' },
  listingNameNotEnglish: {
    zh: '「{name}」的上架名称「{text}」含中文：上架名称只用英文',
    en: 'The listing name "{text}" of "{name}" holds Chinese: listing names are English only',
  },
  listingNameTwice: { zh: '「{name}」在请求中出现了两次', en: '"{name}" is named twice' },
} as const satisfies Record<string, { zh: string; en: string }>;
