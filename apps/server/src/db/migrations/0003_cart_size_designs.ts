import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * The cart (the editor's "add to cart, no overwrite", save mode 7) and designs per size
 * (save mode 1 "modify current size" gives one size its own design and images; docs/domain.md#save-modes).
 */
export const m0003_cart_size_designs: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('cart_item'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('product_id', 'bigint', (c) => c.notNull())
      .addColumn('attr_id', 'bigint', (c) => c.notNull())
      .addColumn('num', 'integer', (c) => c.notNull())
      .addColumn('extends', 'text', (c) => c.notNull())
      .addColumn('source_ids', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('layerlogs', 'text', (c) => c.notNull().defaultTo(''))
      /** The composed mockups of the item's colour, JSON array. */
      .addColumn('img_urls', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cart_item_owner').on('cart_item').columns(['owner_id', 'id']).execute();

    // A size's own design (null: the finished product's) and its own images per colour.
    await db.schema.alterTable('finished_attr').addColumn('extends', 'text').execute();
    await db.schema
      .alterTable('finished_attr')
      .addColumn('img_urls', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('finished_attr').dropColumn('img_urls').execute();
    await db.schema.alterTable('finished_attr').dropColumn('extends').execute();
    await db.schema.dropTable('cart_item').execute();
  },
});
