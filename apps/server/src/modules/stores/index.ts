/** Shops: a seller's shops, one marketplace each (SPEC §3 shop, §7.3). */
export { createStoreService, type StoreConnection, type StoreService } from './service.js';
export { storeRoutes } from './routes.js';
export { createStoreRepo, storeTransactions, type StoreRecord, type StoreRepo, type ShopRows } from './repo.js';
