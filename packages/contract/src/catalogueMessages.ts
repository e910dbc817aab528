/**
 * Server messages of the catalogue feature (zh as the product speaks, en beside it); merged into MESSAGES.
 * Keys carry the feature's prefix: a key another feature also defines would silently replace one of them.
 */
export const catalogueMessages = {
  catalogueProductNotFound: { zh: '找不到该产品', en: 'Product not found' },
  catalogueSkuNotFound: { zh: '该产品没有这个规格（attr_id）', en: 'This product has no such SKU (attr_id)' },
} as const satisfies Record<string, { zh: string; en: string }>;
