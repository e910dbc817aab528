/** Shops: a seller's shops, one marketplace each (docs/domain.md#accounts-and-scope; docs/security.md#marketplace-secrets). */
export { createStoreService, type StoreConnection, type StoreService } from './service.js';
export { storeRoutes } from './routes.js';
export { createStoreRepo, storeTransactions, type StoreRecord, type StoreRepo, type ShopRows } from './repo.js';
