import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/publishing.md#stock: a shop's stock setting — a quantity per SKU (99, what every listing had before) or
 * made to order with handling days — and, on each marketplace template, an override of it ('' = the shop's)
 * and the seller SKU prefix of the one SKU rule (docs/exports.md#skus; '' = none, as before).
 */
export const m0027_listing_stock: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('store')
      .addColumn('stock_mode', 'text', (c) => c.notNull().defaultTo('quantity'))
      .execute();
    await db.schema
      .alterTable('store')
      .addColumn('stock_quantity', 'integer', (c) => c.notNull().defaultTo(99))
      .execute();
    await db.schema
      .alterTable('store')
      .addColumn('handling_days', 'integer', (c) => c.notNull().defaultTo(3))
      .execute();
    for (const table of ['aliexpress_template', 'tiktok_template']) {
      await db.schema
        .alterTable(table)
        .addColumn('sku_prefix', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('stock_mode', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('stock_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('handling_days', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['aliexpress_template', 'tiktok_template'])
      for (const column of ['sku_prefix', 'stock_mode', 'stock_quantity', 'handling_days'])
        await db.schema.alterTable(table).dropColumn(column).execute();
    for (const column of ['stock_mode', 'stock_quantity', 'handling_days'])
      await db.schema.alterTable('store').dropColumn(column).execute();
  },
});
