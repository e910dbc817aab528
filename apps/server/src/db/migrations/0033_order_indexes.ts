import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/orders.md: the order list reads a family's orders newest first (by owner and id, whatever the status tab),
 * and the wallet's latest bill lines by id.
 */
export const m0033_order_indexes: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('orders_owner_id').on('orders').columns(['owner_id', 'id']).execute();
    await db.schema.createIndex('bill_wallet_id').on('bill').columns(['wallet_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('bill_wallet_id').execute();
    await db.schema.dropIndex('orders_owner_id').execute();
  },
});
