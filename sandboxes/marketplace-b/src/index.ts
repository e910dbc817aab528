// Marketplace B's sandbox: the TikTok Shop Partner API as the marketplace documents it
// (docs/marketplace-b.md). It never imports the product's code (README.md#architecture).
export { startMarketplaceB, type MarketplaceB, type MarketplaceBOptions, type ShopCredentials } from './server.js';
export { CODES } from './codes.js';
export { CATEGORIES } from './categories.js';
export { SHIPPING_PROVIDERS } from './fulfillment.js';
export { DELIVERY_OPTION } from './orders.js';
export { webhookSignature } from './webhooks.js';
