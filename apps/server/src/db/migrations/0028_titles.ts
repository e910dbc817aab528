import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Title templates and keyword sets (docs/listing-tools.md#titles, #keywords): owned rows, one name per
 * account. A keyword set's words are JSON text (a list, in the seller's order). A shop keeps the template and
 * set its export dialog and publish tab start with (null: none; docs/listing-tools.md#shop-defaults).
 */
export const m0028_titles: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('title_template'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('overflow', 'text', (c) => c.notNull())
      .addColumn('max_length', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('title_template_owner_name').on('title_template').columns(['owner_id', 'name']).unique().execute();
    await withId(db.schema.createTable('keyword_set'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('keywords', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('keyword_set_owner_name').on('keyword_set').columns(['owner_id', 'name']).unique().execute();
    await db.schema.alterTable('store').addColumn('title_template_id', 'bigint').execute();
    await db.schema.alterTable('store').addColumn('keyword_set_id', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('store').dropColumn('keyword_set_id').execute();
    await db.schema.alterTable('store').dropColumn('title_template_id').execute();
    await db.schema.dropTable('keyword_set').execute();
    await db.schema.dropTable('title_template').execute();
  },
});
