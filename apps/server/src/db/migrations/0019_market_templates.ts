import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * The Publish Online tab (docs/market-templates.md): the marketplaces' product templates, one table per marketplace —
 * aliexpress_template (A, platform 2) and tiktok_template (B, platform 15). Each row is owned (owner_id: the
 * shop's account) and on one shop of its marketplace; deleted with its shop (stores service, in one
 * transaction). Names are unique per shop. Numbers the marketplaces take as decimals are double precision
 * (REAL on SQLite). docs/market-templates.md.
 */
export const m0019_market_templates: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('aliexpress_template'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category_id', 'bigint', (c) => c.notNull())
      /** JSON array of {attr_name_id, attr_value_id?, attr_value?}. */
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('freight_template_id', 'bigint', (c) => c.notNull())
      /** The marketplace's service_policy_id. */
      .addColumn('promise_template_id', 'bigint', (c) => c.notNull())
      .addColumn('product_unit', 'bigint', (c) => c.notNull())
      /** kg. */
      .addColumn('weight', 'double precision', (c) => c.notNull())
      /** cm, whole numbers. */
      .addColumn('package_length', 'integer', (c) => c.notNull())
      .addColumn('package_width', 'integer', (c) => c.notNull())
      .addColumn('package_height', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('brand_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('aliexpress_template_store_name')
      .on('aliexpress_template')
      .columns(['store_id', 'name'])
      .unique()
      .execute();
    await db.schema.createIndex('aliexpress_template_owner').on('aliexpress_template').columns(['owner_id']).execute();

    await withId(db.schema.createTable('tiktok_template'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category_id', 'bigint', (c) => c.notNull())
      /** Digits, '' = none (B's ids are longer than a JS number holds). */
      .addColumn('brand_id', 'text', (c) => c.notNull().defaultTo(''))
      /** Digits, '' = the shop connection's warehouse. */
      .addColumn('warehouse_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('package_weight', 'double precision', (c) => c.notNull())
      /** KILOGRAM | POUND, paired with dimension_unit CENTIMETER | INCH. */
      .addColumn('weight_unit', 'text', (c) => c.notNull())
      .addColumn('package_length', 'double precision', (c) => c.notNull())
      .addColumn('package_width', 'double precision', (c) => c.notNull())
      .addColumn('package_height', 'double precision', (c) => c.notNull())
      .addColumn('dimension_unit', 'text', (c) => c.notNull())
      .addColumn('size_chart_uri', 'text', (c) => c.notNull().defaultTo(''))
      /** HTML within B's tags; {title} is the product's title. */
      .addColumn('description_template', 'text', (c) => c.notNull())
      /** LISTING | AS_DRAFT. */
      .addColumn('save_mode', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tiktok_template_store_name').on('tiktok_template').columns(['store_id', 'name']).unique().execute();
    await db.schema.createIndex('tiktok_template_owner').on('tiktok_template').columns(['owner_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tiktok_template').execute();
    await db.schema.dropTable('aliexpress_template').execute();
  },
});
