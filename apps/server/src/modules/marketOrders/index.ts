/**
 * Marketplace buyers' orders (docs/market-orders.md): imported from each connected shop (pulled, and pushed by B's
 * webhooks), made our production orders through the SKU bindings, their tracking sent back, their profit shown.
 */
export { createMarketOrderService, type MarketOrderService } from './service.js';
export { createMarketOrderSync, MARKET_ORDERS_JOB, type MarketOrderSync } from './sync.js';
export { createSettling } from './settle.js';
export { createMarketWebhooks } from './webhook.js';
export { marketOrderRoutes } from './routes.js';
export { marketOrderQueries } from './repo.js';
export { TIKTOK_WEBHOOK_PATH } from './webhookPath.js';
