/**
 * Online publishing (docs/publishing.md): the pre-flight and publish calls, the publish job (one
 * per product), the records and their retry, and the marketplace adapters behind one interface.
 */
export { createPublishService, type PublishService, type PublishSideEffects } from './service.js';
export { PUBLISH_JOB } from './job.js';
export type { PublishTemplates, PublishVariants } from './preflight.js';
export { createPublishRepo } from './repo.js';
export { publishRoutes } from './routes.js';
export { createShopPacer, type ShopPacer } from './pacer.js';
export { MarketplaceError, type MarketplaceAdapter } from './adapters/types.js';
export { startSandboxesIfUnset } from './sandboxes.js';
export { createTiktokAdapter } from './adapters/tiktok.js';
export { createAliexpressAdapter } from './adapters/aliexpress.js';
export { connectionChecks } from './connection.js';
export { createShopCalls, type ShopCalls } from './shopCalls.js';
export { createAliexpressOrders } from './adapters/aliexpressOrders.js';
export { createTiktokOrders } from './adapters/tiktokOrders.js';
export type { MarketplaceOrders } from './adapters/orderTypes.js';
export type {
  MarketCarrier,
  MarketNotification,
  MarketOrder,
  MarketOrderChange,
  MarketOrderLine,
  MarketOrderState,
} from './adapters/orderTypes.js';
export type { HeldConnection } from './shopCalls.js';
