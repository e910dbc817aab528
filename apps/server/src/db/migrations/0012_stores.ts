import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * A seller's shops, one marketplace each (docs/api.md#fields: shop). A name is unique per owner and
 * marketplace. The marketplace credentials come with the publish issue, as columns of their own.
 */
export const m0012_stores: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('store'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** The marketplace's platform code (packages/contract/src/stores.ts). */
      .addColumn('platform', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** Unix seconds. */
      .addColumn('createtime', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Also the owner index: every read of a family's shops starts from owner_id.
    await db.schema.createIndex('store_owner_platform_name').on('store').columns(['owner_id', 'platform', 'name']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('store').execute();
  },
});
