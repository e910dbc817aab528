import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * docs/variants.md: `sku_binding` binds one of our variants (finished_attr.key_id) to a remote SKU of
 * a marketplace A or B shop (bindSkuCompare, docs/variants.md#sku-bindings), one binding per (shop, variant) and per (shop, remote
 * SKU); `finished_store` remembers which shops a finished product was exported or published to (the list's
 * 店铺 column), one row per (product, shop). Neither references its product or shop: a row whose product or
 * shop is gone is simply not shown (ids are never reused).
 */
export const m0020_sku_binding: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('sku_binding'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('finished_id', 'bigint', (c) => c.notNull())
      /** The variant's number (finished_attr.key_id). */
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('remote_sku_id', 'text', (c) => c.notNull())
      .addColumn('remote_product_id', 'text')
      /** Unix seconds. */
      .addColumn('createtime', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sku_binding_variant').on('sku_binding').columns(['store_id', 'key_id']).unique().execute();
    await db.schema.createIndex('sku_binding_remote').on('sku_binding').columns(['store_id', 'remote_sku_id']).unique().execute();
    await db.schema.createIndex('sku_binding_finished').on('sku_binding').columns(['finished_id', 'store_id']).execute();

    await db.schema
      .createTable('finished_store')
      .addColumn('finished_id', 'bigint', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** 'export' or 'publish': the latest way the product reached the shop. */
      .addColumn('via', 'text', (c) => c.notNull())
      /** Milliseconds. */
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('finished_store_pk', ['finished_id', 'store_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('finished_store').execute();
    await db.schema.dropTable('sku_binding').execute();
  },
});
