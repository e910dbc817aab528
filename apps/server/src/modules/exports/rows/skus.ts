/** The SKU rules (docs/exports.md#skus) live in the sellerSku module: files and marketplaces share them. */
export { fitSku, parentSku, sellerSku, SKU_MAX, token, uniqueTokens, variantCodes } from '../../sellerSku/index.js';
