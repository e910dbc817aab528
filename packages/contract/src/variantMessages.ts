/**
 * Server messages of the variant info and the SKU bindings (docs/variants.md),
 * zh as the product speaks, en beside it; merged into MESSAGES.
 */
export const variantMessages = {
  variantProductNotFound: { zh: '找不到成品：{id}', en: 'Finished product not found: {id}' },
  variantTooManyProducts: { zh: '一次最多 {max} 个成品（已选 {count} 个）', en: 'At most {max} products at a time ({count} chosen)' },
  variantProductsJson: {
    zh: 'products 须为成品的 id、sizes、colors 列表（JSON）',
    en: 'products must be a JSON list of id, sizes and colors per product',
  },
  variantProductTwice: { zh: '成品 {id} 出现了两次', en: 'Product {id} is listed twice' },
  variantUnknownColors: { zh: '成品 {key_id} 没有这些颜色：{names}', en: 'Product {key_id} has no colour named {names}' },
  variantUnknownSizes: { zh: '成品 {key_id} 没有这些尺码：{names}', en: 'Product {key_id} has no size named {names}' },
  variantNoneChosen: {
    zh: '成品 {key_id} 所选的颜色和尺码没有对应的 SKU',
    en: 'Product {key_id}: no variant has the colours and sizes chosen',
  },
  variantNoVariants: { zh: '成品 {key_id} 还没有颜色和尺码', en: 'Product {key_id} has no colours and sizes yet' },
  skuBindingVariantNotFound: { zh: '找不到该 SKU：{key_id}', en: 'Variant not found: {key_id}' },
  skuBindingStoreNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  skuBindingWrongPlatform: {
    zh: '只有速卖通和 TikTok Shop 店铺可以绑定 SKU',
    en: 'Only AliExpress and TikTok Shop shops take SKU bindings',
  },
  skuBindingRemoteTaken: {
    zh: '该店铺的 SKU {remote_sku_id} 已绑定到 {key_id}',
    en: "The shop's SKU {remote_sku_id} is already bound to {key_id}",
  },
  skuBindingKeyIdEmpty: { zh: '请填写 SKU 编号', en: 'Enter the variant number' },
  skuBindingRemoteEmpty: { zh: '请填写平台 SKU ID', en: "Enter the marketplace's SKU id" },
  skuBindingOtherAccount: {
    zh: 'SKU {key_id} 与该店铺不属于同一个账号，不能绑定',
    en: 'Variant {key_id} and the shop belong to different accounts: they cannot be bound',
  },
  skuBindingNotFound: { zh: '找不到该 SKU 绑定', en: 'SKU binding not found' },
} as const;
