/**
 * Online publishing (issue 15; docs/publishing.md): the pre-flight and publish calls, the publish job (one
 * per product), the records and their retry, and the marketplace adapters behind one interface.
 */
export {
  createPublishService,
  PUBLISH_JOB,
  type PublishService,
  type PublishTemplates,
  type PublishVariants,
  type PublishSideEffects,
} from './service.js';
export { publishRoutes } from './routes.js';
export { createShopPacer, type ShopPacer } from './pacer.js';
export { MarketplaceError, type MarketplaceAdapter } from './adapters/types.js';
export { startSandboxesIfUnset } from './sandboxes.js';
export { createTiktokAdapter } from './adapters/tiktok.js';
export { createAliexpressAdapter } from './adapters/aliexpress.js';
