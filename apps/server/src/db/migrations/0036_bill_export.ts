import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Bill exports (docs/orders.md#export): one row per export a seller asks for, its own table beside the listing
 * exports' export_record. `params` holds the filters resolved when asked (the wallet, the accounts, the caller's
 * language); the file is stored under `file_key` once complete. The status moves waiting → running → done or failed.
 */
export const m0036_bill_export: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('bill_export'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** 1 the bill lines, 2 the per-account statistics. */
      .addColumn('exporttype', 'integer', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      /** waiting | running | done | failed */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('file_key', 'text')
      /** A message key of packages/contract when failed. */
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The export log reads a scope's records newest first.
    await db.schema.createIndex('bill_export_owner').on('bill_export').columns(['owner_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('bill_export').execute();
  },
});
