/** Server messages of title templates and keyword sets (docs/listing-tools.md#titles, #keywords); merged into MESSAGES. */
export const titleMessages = {
  titleTemplateNotFound: { zh: '找不到该标题模板', en: 'Title template not found' },
  titleTemplateNameRequired: { zh: '请输入标题模板名称', en: 'Enter a name for the title template' },
  titleTemplateNameTooLong: { zh: '标题模板名称不能超过{max}个字', en: 'The title template name can have at most {max} characters' },
  titleTemplateNameTaken: { zh: '已存在同名的标题模板', en: 'A title template with this name already exists' },
  titleTemplateTextRequired: { zh: '请输入标题模板内容', en: 'Enter the title template text' },
  titleTemplateTextTooLong: { zh: '标题模板内容不能超过{max}个字', en: 'The title template text can have at most {max} characters' },
  titleTemplateUnknownPlaceholder: {
    zh: '不认识的占位符：{names}。可用：{product_name} {export_name} {material_name} {color} {size} {keyword} {keywords:N} {category} {shop}',
    en: 'Unknown placeholder: {names}. Use {product_name} {export_name} {material_name} {color} {size} {keyword} {keywords:N} {category} {shop}',
  },
  titleTemplateKeywordsCount: { zh: '{keywords:N} 的 N 须在1到{max}之间', en: 'N in {keywords:N} must be from 1 to {max}' },
  titleTemplateBrace: {
    zh: '花括号只能用于占位符，例如 {color}；请检查是否少写了另一半',
    en: 'Braces are only for placeholders such as {color}: check for a missing brace',
  },
  titleTemplateOverflow: {
    zh: '超长处理只能是 cut（按词截断）或 refuse（拒绝该成品）',
    en: "Overflow must be 'cut' (at a word boundary) or 'refuse' (refuse the product)",
  },
  titleTemplateMaxLength: {
    zh: '标题长度上限须在0到{max}之间（0 即使用平台上限）',
    en: "The length limit must be from 0 to {max} (0 = the marketplace's limit)",
  },
  titleTooLong: {
    zh: '{field} 按标题模板生成后有{length}个字，超过上限{max}（标题模板设为超长拒绝）',
    en: '{field} made by the title template has {length} characters, over the limit of {max} (the template refuses over-long titles)',
  },
  titleBannedStrip: { zh: '{field} 中的违禁词「{word}」会被删去', en: 'The banned word "{word}" will be cut from {field}' },
  titleDefaultNotUsable: {
    zh: '该标题模板或关键词组不属于店铺所属账号，店铺账号无法使用',
    en: "This title template or keyword set is not one the shop's account can use",
  },
  titlePreviewProductNotFound: { zh: '找不到用于预览的成品', en: 'The finished product to preview was not found' },
  titlePreviewShopNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  titlePreviewPlatform: { zh: '平台只能是1、2、3或15', en: 'The marketplace must be 1, 2, 3 or 15' },
  keywordSetNotFound: { zh: '找不到该关键词组', en: 'Keyword set not found' },
  keywordSetNameRequired: { zh: '请输入关键词组名称', en: 'Enter a name for the keyword set' },
  keywordSetNameTooLong: { zh: '关键词组名称不能超过{max}个字', en: 'The keyword set name can have at most {max} characters' },
  keywordSetNameTaken: { zh: '已存在同名的关键词组', en: 'A keyword set with this name already exists' },
  keywordSetEmpty: { zh: '请至少填写一个关键词', en: 'Enter at least one keyword' },
  keywordSetTooMany: { zh: '一个关键词组最多{max}个关键词', en: 'A keyword set holds at most {max} keywords' },
  keywordTooLong: { zh: '关键词「{word}」超过{max}个字', en: 'The keyword "{word}" is longer than {max} characters' },
  keywordBadChars: {
    zh: '关键词「{word}」含有花括号或控制字符',
    en: 'The keyword "{word}" holds a brace or a control character',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
