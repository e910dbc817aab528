/** The wallet: a top-level account's balance and its bill lines (docs/orders.md#the-wallet). */
export { BILL_TYPE, WalletRace, walletQueries, type Movement, type WalletQueries } from './queries.js';
export { createWalletService, walletOf, type WalletService } from './service.js';
export { walletRoutes } from './routes.js';
