/** The one seller SKU rule of files, marketplaces and SKU bindings (docs/exports.md#skus). */
export { fitSku, parentSku, sellerSku, SKU_MAX, token, uniqueTokens, variantCodes, type SkuProduct } from './rule.js';
