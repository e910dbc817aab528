import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/orders.md#bills: a sub-account's bill list reads its own lines by time (bill(wallet_id, created_at) of 0031
 * holds the whole family's), and the filters by shop or order type and the units of the orders paid go from a
 * line to its order by the order number (orders.order_no is unique already), the other way by bill(order_no).
 */
export const m0034_bill_indexes: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('bill_account_created').on('bill').columns(['account_id', 'created_at']).execute();
    await db.schema.createIndex('bill_order_no').on('bill').columns(['order_no']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('bill_order_no').execute();
    await db.schema.dropIndex('bill_account_created').execute();
  },
});
