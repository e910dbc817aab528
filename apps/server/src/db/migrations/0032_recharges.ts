import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Wallet recharges through the payment provider (docs/orders.md#recharging): one row per pay page opened, its
 * trade number ours (`out_trade_no`, unique) and the provider's (`trade_no`, once paid). The status moves
 * pending → paid (the wallet credited in the same transaction) or pending → closed, never back.
 */
export const m0032_recharges: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('recharge'), dialect)
      /** The wallet credited (its top-level account), the account that recharged and its office. */
      .addColumn('wallet_id', 'bigint', (c) => c.notNull())
      .addColumn('account_id', 'bigint', (c) => c.notNull())
      .addColumn('office_id', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Decimal text, CNY, two decimals. */
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
      .addColumn('trade_no', 'text', (c) => c.notNull().defaultTo(''))
      /** pending | paid | closed */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      /** Milliseconds; 0 until paid. */
      .addColumn('paid_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    // The reconcile job reads the pending ones, oldest first.
    await db.schema.createIndex('recharge_status').on('recharge').columns(['status', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('recharge').execute();
  },
});
