/**
 * Variants of online publishing (docs/variants.md): the variant info of the Publish Online tab
 * (docs/variants.md#variant-info), the SKU bindings (docs/variants.md#sku-bindings) and the shops a product reached (the list's 店铺 column).
 * For the publish job: `VariantService.infoFor` / `imagesFor`, `SkuBindings.record` / `forProduct`,
 * `ListingShops.record`.
 */
export { createVariantService, type VariantService, type VariantChoice } from './service.js';
export { createSkuBindings, createListingShops, type SkuBindings, type SkuBinding, type ListingShops } from './bindings.js';
export { createSkuBindingRepo, createListingShopRepo, type SkuBindingRepo } from './bindingRepo.js';
export { variantProducts } from './products.js';
export { variantRoutes } from './routes.js';
