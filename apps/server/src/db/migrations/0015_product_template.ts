import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Product templates (docs/templates.md, docs/api.md#listing-settings `/template/*`), one table for the three kinds:
 * 'amazon' (the large-marketplace flat file), 'simple' (format 6 Excel / 9 Txt: a column set and fixed
 * values) and 'walmart' (the Walmart-style bulk items). Each belongs to a shop of the owner; the fields a
 * kind does not use are empty text. `header_rows` is a diyImport's three header rows (JSON `string[][]`,
 * row 3 the field names) or NULL for the built-in column set.
 */
export const m0015_product_template: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('product_template'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      /** 'amazon' | 'simple' | 'walmart'. */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** Simple kind: 6 (Excel) or 9 (Txt); 3 for the others. */
      .addColumn('format', 'integer', (c) => c.notNull())
      /** Simple kind: JSON array of column keys (@app/contract SIMPLE_EXPORT_COLUMNS); '[]' for the others. */
      .addColumn('columns', 'text', (c) => c.notNull().defaultTo('[]'))
      /** JSON object of fixed values by column or field name, written into every row. */
      .addColumn('fixed_values', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('feed_product_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('item_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('brand_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('manufacturer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('department_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bullet_point1', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bullet_point2', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bullet_point3', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bullet_point4', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bullet_point5', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('generic_keywords', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('product_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
      /** '' (decided per product from its axes), 'SizeColor', 'Color' or 'Size'. */
      .addColumn('variation_theme', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sku_prefix', 'text', (c) => c.notNull().defaultTo(''))
      /** Walmart kind: the product type of the bulk-item feed. */
      .addColumn('product_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('header_rows', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('product_template_owner_kind_name')
      .on('product_template')
      .columns(['owner_id', 'kind', 'name'])
      .unique()
      .execute();
    await db.schema.createIndex('product_template_store').on('product_template').columns(['store_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('product_template').execute();
  },
});
