/** The wallet: a top-level account's balance and its bill lines (listed and summed: docs/orders.md#bills), and recharges through the payment provider (docs/orders.md). */
export {
  BILL_TYPE,
  WalletRace,
  moneyTransaction,
  walletQueries,
  rechargeQueries,
  type Movement,
  type WalletQueries,
  type RechargeQueries,
  type RechargeRecord,
} from './queries.js';
export { createWalletService, walletOf, type WalletService } from './service.js';
export { createRechargeService, NOTIFY_PATH, RECONCILE_AFTER_MS, type RechargeService } from './recharges.js';
export { createBillService, type BillService } from './bills.js';
export { walletRoutes } from './routes.js';
