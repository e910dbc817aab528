/** Shops: a seller's shops, one marketplace each (docs/domain.md#accounts-and-scope; docs/security.md#marketplace-secrets). */
export { createShopService, type ConnectionCheck, type ShopConnection, type ShopService } from './service.js';
export { shopRoutes } from './routes.js';
export { createShopRepo, shopTransactions, type ShopRecord, type ShopRepo, type ShopRows } from './repo.js';
