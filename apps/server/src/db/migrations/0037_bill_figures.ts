import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/orders.md#bills: the statistics and childStatistics read a family's lines by account and time (the scope's
 * accounts, a range of days) for their account, type, amount and order number. bill(account_id, created_at) of 0034
 * found them but read each line's row, half a million of them for 90 days of a large family (`npm run bench:bills`);
 * this index holds those columns, so the sums and the payments' orders are answered from it alone. The units of the
 * orders paid then go from each order to its lines' quantities: order_line(order_id, num) answers them without the
 * lines' rows (their design and images are most of a row).
 */
export const m0037_bill_figures: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('bill_wallet_account_figures')
      .on('bill')
      .columns(['wallet_id', 'account_id', 'created_at', 'type', 'amount', 'order_no'])
      .execute();
    await db.schema.createIndex('order_line_order_num').on('order_line').columns(['order_id', 'num']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('order_line_order_num').execute();
    await db.schema.dropIndex('bill_wallet_account_figures').execute();
  },
});
