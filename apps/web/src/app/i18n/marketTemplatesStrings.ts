import { marketTemplateMessages } from '@app/contract';

/** The marketplace templates' pages (/aliexpress-templates, /tiktok-templates; docs/market-templates.md). */
export const MARKET_TEMPLATES_STRINGS = {
  'mtpl.aliexpress.title': { zh: '速卖通模板', en: 'AliExpress templates' },
  'mtpl.aliexpress.subtitle': {
    zh: '在线发布到速卖通时使用：类目与属性、运费和服务模板、计量单位、包装重量尺寸、语言和品牌，每个模板属于一个速卖通店铺。',
    en: 'Used when publishing to AliExpress: category and attributes, freight and service templates, unit, package, language and brand. Each belongs to one AliExpress shop.',
  },
  'mtpl.tiktok.title': { zh: 'TikTok 模板', en: 'TikTok templates' },
  'mtpl.tiktok.subtitle': {
    zh: '在线发布到 TikTok Shop 时使用：类目、品牌、仓库、包装重量尺寸、尺码表、描述模板和保存方式，每个模板属于一个 TikTok 店铺。',
    en: 'Used when publishing to TikTok Shop: category, brand, warehouse, package, size chart, description template and save mode. Each belongs to one TikTok shop.',
  },
  'mtpl.kind.aliexpress': { zh: '速卖通模板', en: 'AliExpress template' },
  'mtpl.kind.tiktok': { zh: 'TikTok 模板', en: 'TikTok template' },
  'mtpl.noShopsTitle': { zh: '还没有{market}店铺', en: 'No {market} shop yet' },
  'mtpl.noShopsHint': {
    zh: '模板属于店铺，请先在店铺管理中添加一个{market}店铺。',
    en: 'A template belongs to a shop: add a {market} shop under Shops first.',
  },
  'mtpl.goStores': { zh: '去添加店铺', en: 'Add a shop' },
  'mtpl.col.category': { zh: '类目 ID', en: 'Category ID' },
  'mtpl.col.package': { zh: '包装', en: 'Package' },

  'mtpl.field.categoryId': { zh: '类目 ID (category_id)', en: 'Category ID' },
  'mtpl.field.categoryIdHint': { zh: '叶子类目的 ID（正整数）', en: "A leaf category's ID (a whole number)" },
  'mtpl.section.category': { zh: '类目与属性', en: 'Category and attributes' },
  'mtpl.section.logistics': { zh: '物流与服务', en: 'Logistics and service' },
  'mtpl.section.package': { zh: '包装重量与尺寸', en: 'Package weight and size' },
  'mtpl.section.listing': { zh: '商品信息', en: 'Listing' },
  'mtpl.section.skuStock': { zh: 'SKU 与库存', en: 'SKUs and stock' },
  'mtpl.field.skuPrefix': { zh: 'SKU 前缀', en: 'SKU prefix' },
  'mtpl.field.skuPrefixHint': {
    zh: '卖家 SKU = 前缀 + 成品编号-颜色-尺码；与导出模板使用同一前缀时，文件与平台上的 SKU 完全一致',
    en: 'Seller SKU = prefix + product number-colour-size; with the export template’s prefix, files and listings carry the same SKU',
  },
  'mtpl.field.stock': { zh: '库存', en: 'Stock' },
  'mtpl.stock.shop': { zh: '按店铺设置', en: 'The shop’s setting' },

  'mtpl.field.attributes': { zh: '商品属性 (attributes)', en: 'Attributes' },
  'mtpl.attr.nameId': { zh: '属性 ID', en: 'Attribute ID' },
  'mtpl.attr.valueId': { zh: '属性值 ID', en: 'Value ID' },
  'mtpl.attr.value': { zh: '或自定义值', en: 'or custom value' },
  'mtpl.attr.add': { zh: '添加属性', en: 'Add attribute' },
  'mtpl.attr.remove': { zh: '删除第 {n} 个属性', en: 'Remove attribute {n}' },
  'mtpl.attr.hint': {
    zh: '每个属性填属性值 ID，或填自定义值（不能含 # : = ,）',
    en: 'Give each attribute a value ID or a custom value (no # : = ,)',
  },
  'mtpl.field.freight': { zh: '运费模板 ID (freight_template_id)', en: 'Freight template ID' },
  'mtpl.field.promise': { zh: '服务模板 ID (promise_template_id)', en: 'Service template ID' },
  'mtpl.field.unit': { zh: '计量单位 (product_unit)', en: 'Product unit' },
  'mtpl.unit.piece': { zh: '件/个 (100000015)', en: 'Piece (100000015)' },
  'mtpl.field.weightKg': { zh: '包装重量 (千克)', en: 'Package weight (kg)' },
  'mtpl.field.length': { zh: '长', en: 'Length' },
  'mtpl.field.width': { zh: '宽', en: 'Width' },
  'mtpl.field.height': { zh: '高', en: 'Height' },
  'mtpl.field.sidesCm': { zh: '包装尺寸 (厘米，整数)', en: 'Package size (cm, whole numbers)' },
  'mtpl.field.language': { zh: '语言 (language)', en: 'Language' },
  'mtpl.field.brandName': { zh: '品牌名称 (brand_name)', en: 'Brand name' },

  'mtpl.field.brandId': { zh: '品牌 ID (brand_id)', en: 'Brand ID' },
  'mtpl.field.warehouseId': { zh: '仓库 ID (warehouse_id)', en: 'Warehouse ID' },
  'mtpl.field.warehouseHint': { zh: '留空则用店铺连接里的仓库', en: "Empty: the shop connection's warehouse" },
  'mtpl.field.units': { zh: '单位', en: 'Units' },
  'mtpl.units.metric': { zh: '千克 / 厘米 (KILOGRAM / CENTIMETER)', en: 'Kilograms / centimetres' },
  'mtpl.units.imperial': { zh: '磅 / 英寸 (POUND / INCH)', en: 'Pounds / inches' },
  'mtpl.field.weight': { zh: '包装重量', en: 'Package weight' },
  'mtpl.field.sides': { zh: '包装尺寸 (长 × 宽 × 高)', en: 'Package size (L × W × H)' },
  'mtpl.field.sizeChart': { zh: '尺码表图片 URI (size_chart_uri)', en: 'Size chart image URI' },
  'mtpl.field.description': { zh: '描述模板 (description_template)', en: 'Description template' },
  'mtpl.field.descriptionHint': {
    zh: 'HTML，只能用 p img ul ol li br strong b i em u 标签；{title} 会换成商品标题。',
    en: 'HTML with p img ul ol li br strong b i em u only; {title} becomes the product title.',
  },
  'mtpl.field.saveMode': { zh: '保存方式 (save_mode)', en: 'Save mode' },
  'mtpl.save.LISTING': { zh: '直接上架 (LISTING)', en: 'List now (LISTING)' },
  'mtpl.save.AS_DRAFT': { zh: '存为草稿 (AS_DRAFT)', en: 'Save as draft (AS_DRAFT)' },
  'mtpl.required': { zh: '请填写{field}', en: 'Enter the {field}' },
  'mtpl.positive': { zh: '{field}须大于 0', en: '{field} must be above 0' },
} as const;

/** What the routes of the marketplace templates' pages register (featureTexts.ts). */
export const texts = { strings: MARKET_TEMPLATES_STRINGS, messages: { ...marketTemplateMessages } };
