/** Server messages of the marketplace product templates (docs/market-templates.md); merged into MESSAGES. */
export const marketTemplateMessages = {
  aliexpressTemplateNotFound: { zh: '找不到该速卖通模板', en: 'AliExpress template not found' },
  tiktokTemplateNotFound: { zh: '找不到该 TikTok 模板', en: 'TikTok template not found' },
  marketTemplateNameTaken: { zh: '该店铺已有同名模板：{name}', en: 'The shop already has a template named {name}' },
  marketTemplateStoreNotAliexpress: { zh: '速卖通模板只能选择速卖通店铺', en: 'An AliExpress template needs an AliExpress shop' },
  marketTemplateStoreNotTiktok: { zh: 'TikTok 模板只能选择 TikTok 店铺', en: 'A TikTok template needs a TikTok shop' },
  marketTemplateOtherShop: {
    zh: '该模板属于店铺“{store}”，请选择所发布店铺的模板',
    en: 'This template belongs to the shop “{store}”: choose a template of the shop you publish to',
  },
  marketTemplateCategory: { zh: '请填写有效的类目 ID（正整数）', en: 'Enter a valid category ID (a whole number above 0)' },
  aliexpressWeight: {
    zh: '包装重量须在 {min} 到 {max} 千克之间（最多 3 位小数）',
    en: 'The package weight must be {min} to {max} kg (at most 3 decimals)',
  },
  aliexpressSide: {
    zh: '{field} 须为 {min} 到 {max} 厘米之间的整数',
    en: '{field} must be a whole number of {min} to {max} cm',
  },
  aliexpressFreightRequired: { zh: '请填写运费模板 ID', en: 'Enter the freight template ID' },
  aliexpressPromiseRequired: { zh: '请填写服务模板 ID', en: 'Enter the service (promise) template ID' },
  aliexpressProductUnit: {
    zh: '计量单位须为速卖通的单位编号（如 100000015 件/个）',
    en: 'The product unit must be an AliExpress unit code (e.g. 100000015 piece)',
  },
  aliexpressLanguage: { zh: '不支持的语言：{language}', en: 'Unsupported language: {language}' },
  aliexpressBrandTooLong: { zh: '品牌名称最多 {max} 个字', en: 'The brand name holds at most {max} characters' },
  aliexpressAttributesTooMany: { zh: '商品属性最多 {max} 个', en: 'At most {max} product attributes' },
  aliexpressAttrNameId: {
    zh: '第 {n} 个属性：请填写属性 ID（正整数）',
    en: 'Attribute {n}: enter the attribute ID (a whole number above 0)',
  },
  aliexpressAttrValueMissing: {
    zh: '第 {n} 个属性：请填写属性值 ID 或自定义属性值',
    en: 'Attribute {n}: enter a value ID or a custom value',
  },
  aliexpressAttrValueId: { zh: '第 {n} 个属性：属性值 ID 须为正整数', en: 'Attribute {n}: the value ID must be a whole number above 0' },
  aliexpressAttrValueChars: {
    zh: '第 {n} 个属性：自定义属性值不能包含 # : = , 这些符号',
    en: 'Attribute {n}: a custom value may not contain # : = or ,',
  },
  aliexpressAttrValueTooLong: {
    zh: '第 {n} 个属性：自定义属性值最多 {max} 个字',
    en: 'Attribute {n}: a custom value holds at most {max} characters',
  },
  aliexpressAttrDuplicate: { zh: '第 {n} 个属性与前面的重复了', en: 'Attribute {n} repeats an earlier one' },
  tiktokWeight: { zh: '包装重量须大于 0', en: 'The package weight must be above 0' },
  tiktokSide: { zh: '{field} 须大于 0', en: '{field} must be above 0' },
  tiktokWeightUnit: { zh: '重量单位只能是 KILOGRAM 或 POUND', en: 'The weight unit must be KILOGRAM or POUND' },
  tiktokDimensionUnit: { zh: '尺寸单位只能是 CENTIMETER 或 INCH', en: 'The dimension unit must be CENTIMETER or INCH' },
  tiktokUnitPair: {
    zh: '重量与尺寸单位须配套：千克配厘米，磅配英寸',
    en: 'The units go in pairs: kilograms with centimetres, pounds with inches',
  },
  tiktokSaveMode: { zh: '保存方式只能是 LISTING（直接上架）或 AS_DRAFT（草稿）', en: 'The save mode must be LISTING or AS_DRAFT' },
  tiktokIdDigits: { zh: '{field} 只能是数字，最多 {max} 位', en: '{field} holds digits only, at most {max}' },
  tiktokSizeChartTooLong: { zh: '尺码表 URI 最多 {max} 个字', en: 'The size chart URI holds at most {max} characters' },
  tiktokDescriptionEmpty: { zh: '请填写描述模板', en: 'Enter the description template' },
  tiktokDescriptionTemplateTooLong: {
    zh: '描述模板最多 {max} 个字（现为 {n} 个）',
    en: 'The description template holds at most {max} characters (now {n})',
  },
  tiktokDescriptionTag: {
    zh: 'TikTok 描述不接受 <{tag}> 标签，只能用 p img ul ol li br strong b i em u',
    en: 'TikTok descriptions do not take <{tag}>: use p img ul ol li br strong b i em u only',
  },
  tiktokDescriptionAttribute: {
    zh: '描述中不能使用 {attr} 属性：只有 img 可以带 src 和 alt，其他标签不带属性',
    en: 'The description may not use the {attr} attribute: only img takes src and alt, other tags none',
  },
  tiktokDescriptionUnclosedTag: {
    zh: '描述中的 <{tag}> 标签没有以 > 结束',
    en: 'The <{tag}> tag of the description is not closed with >',
  },
  tiktokDescriptionPlaceholderInTag: {
    zh: '{title} 只能放在文字里或带引号的属性值里（如 alt="{title}"）',
    en: '{title} goes in text or in a quoted attribute value (such as alt="{title}") only',
  },
  tiktokDescriptionPlaceholder: {
    zh: '不认识的占位符 {placeholder}：只支持 {title}（商品标题）',
    en: 'Unknown placeholder {placeholder}: only {title} (the product title) is supported',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
