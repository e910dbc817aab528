/** Server messages of the product templates (docs/templates.md); merged into MESSAGES. */
export const templateMessages = {
  templateNotFound: { zh: '找不到该商品模板', en: 'Product template not found' },
  templateNameEmpty: { zh: '请输入模板名称', en: 'Enter a template name' },
  templateNameTooLong: { zh: '模板名称最多 {max} 个字', en: 'A template name holds at most {max} characters' },
  templateNameTaken: { zh: '已有同名模板：{name}', en: 'A template named {name} already exists' },
  templateStoreNotAmazon: { zh: '亚马逊模板只能选择亚马逊店铺', en: 'An Amazon template needs an Amazon shop' },
  templateStoreNotWalmart: { zh: '沃尔玛模板只能选择沃尔玛店铺', en: 'A Walmart template needs a Walmart shop' },
  templateFormat: { zh: '格式只能是简易Excel(6)或Txt(9)', en: 'The format must be 6 (simplified Excel) or 9 (Txt)' },
  templateColumnsEmpty: { zh: '请至少选择一列', en: 'Choose at least one column' },
  templateColumnUnknown: { zh: '未知的列：{column}', en: 'Unknown column: {column}' },
  templateColumnDuplicate: { zh: '列重复：{column}', en: 'Column chosen twice: {column}' },
  templateFixedValueColumn: {
    zh: '固定值只能填写已选的列：{column}',
    en: 'A fixed value needs its column chosen: {column}',
  },
  templateFixedValueTooLong: { zh: '固定值最多 {max} 个字：{column}', en: 'A fixed value holds at most {max} characters: {column}' },
  templateSiteUnknown: { zh: '请选择有效的站点', en: 'Choose a valid marketplace site' },
  templateCategoryUnknown: { zh: '请选择该站点下有效的分类', en: 'Choose a valid category of the site' },
  templateFeedTypeUnknown: {
    zh: '请选择该分类下有效的商品类型(feed_product_type)',
    en: 'Choose a valid feed product type of the category',
  },
  templateItemTypeUnknown: { zh: '请选择该商品类型下有效的 item_type', en: 'Choose a valid item type of the feed product type' },
  templateQuantity: { zh: '库存须为 0 到 999999 之间的整数', en: 'The quantity must be a whole number from 0 to 999999' },
  templateBulletTooLong: { zh: '五点描述{n}最多 {max} 个字', en: 'Bullet point {n} holds at most {max} characters' },
  templateKeywordsTooLong: {
    zh: '搜索关键词最多 {max} 字节（现为 {bytes} 字节）',
    en: 'Generic keywords hold at most {max} bytes (now {bytes})',
  },
  templateDescriptionTooLong: { zh: '商品描述最多 {max} 个字', en: 'The product description holds at most {max} characters' },
  templateTextTooLong: { zh: '{field} 最多 {max} 个字', en: '{field} holds at most {max} characters' },
  templateSkuPrefix: {
    zh: 'SKU 前缀只能包含字母、数字和 -，最多 {max} 位',
    en: 'The SKU prefix holds letters, digits and - only, at most {max}',
  },
  templateVariationTheme: {
    zh: '变体主题只能是 SizeColor、Color、Size 或留空',
    en: 'The variation theme must be SizeColor, Color, Size or empty',
  },
  templateProductTypeEmpty: { zh: '请输入沃尔玛商品类型(product_type)', en: 'Enter the Walmart product type' },
  templateDiyFormat: { zh: '请上传 xlsx 或 xlsm 格式的亚马逊模板', en: 'Upload the Amazon template as an .xlsx or .xlsm file' },
  templateDiyTooLarge: { zh: '模板文件不能超过10MB', en: 'The template file may be at most 10 MB' },
  templateDiyTooBig: {
    zh: '模板文件过大或已损坏',
    en: 'The template file is too large or damaged',
  },
  templateDiyNoItemSku: {
    zh: '模板中找不到 item_sku 字段行（应在某个工作表的前10行内）',
    en: 'No row holding item_sku was found in the first 10 rows of any sheet',
  },
  templateDiyNoHeader: {
    zh: 'item_sku 字段行上方须有两行（签名行和标签行）',
    en: 'The item_sku row needs two rows above it (the signature row and the label row)',
  },
  templateDiyTooManyColumns: { zh: '模板最多 {max} 列', en: 'A template holds at most {max} columns' },
  templateDiyCellTooLong: {
    zh: '模板第{row}行第{col}列超过 {max} 个字',
    en: 'Row {row}, column {col} of the template holds more than {max} characters',
  },
  templateDiyNameOrId: { zh: '请填写模板名称和店铺，或选择要替换的模板', en: 'Give a shop and a name, or the template to replace' },
} as const satisfies Record<string, { zh: string; en: string }>;
