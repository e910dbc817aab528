// Marketplace A's sandbox: the AliExpress open-platform gateway as the marketplace documents
// it (docs/marketplace-a.md). It never imports the product's code.
export { startMarketplaceA, type MarketplaceA, type SandboxOptions, type ShopCredentials } from './server.js';
export { signIop } from './signing.js';
export { CATEGORIES, COLOR_PROPERTY_ID, SIZE_PROPERTY_ID } from './catalog.js';
export { LIMITS } from './limits.js';
