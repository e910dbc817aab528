/** The wallet: a top-level account's balance and its bill lines (listed, summed and exported: docs/orders.md#bills), and recharges through the payment provider (docs/orders.md). */
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
export { billQueries } from './billQueries.js';
export { BILL_EXPORT_JOB, billExportRepo, billExportTmpPath, createBillExportService, type BillExportService } from './billExports.js';
export { BILL_EXPORT_PAGE, createBillExportJob } from './billExportJob.js';
export { walletRoutes } from './routes.js';
