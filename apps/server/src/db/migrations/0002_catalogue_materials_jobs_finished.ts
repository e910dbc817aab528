import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * The blanks (catalogue), the material library, the durable job queue and finished products
 * (docs/editor.md). Rows that belong to a seller carry `owner_id` (docs/domain.md#accounts-and-scope).
 */
export const m0002_catalogue_materials_jobs_finished: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // ── Catalogue: shared by every account; loaded by `npm run catalogue:import`.
    await withId(db.schema.createTable('category'), dialect)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('pid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('product'), dialect)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('cid', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** Product search tag (docs/domain.md#catalogue-codes): 0 new, 1 promo, 2 hot, 3 premium; null when untagged. */
      .addColumn('tag', 'integer')
      /** Membership level the product needs (docs/domain.md#catalogue-codes). */
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('thumb', 'text', (c) => c.notNull())
      .addColumn('min_price', 'numeric', (c) => c.notNull().defaultTo(0))
      /** The imported manifest, normalised (colours, sizes, design areas, views, blob keys) as JSON. */
      .addColumn('spec', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_cid').on('product').column('cid').execute();

    /** A SKU: attr_id = colour × size (docs/domain.md#finished-products). */
    await withId(db.schema.createTable('product_sku'), dialect)
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('color_code', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('price', 'numeric', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('product_sku_product').on('product_sku').columns(['product_id', 'color', 'size']).unique().execute();

    // ── Material library (docs/editor.md#materials).
    await withId(db.schema.createTable('material_folder'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('pid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('material_folder_owner').on('material_folder').columns(['owner_id', 'pid']).execute();

    await withId(db.schema.createTable('material'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** Folder id; 0 = the root (the upload sends fid=0, docs/api.md#editor). */
      .addColumn('fid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      /** Tier label level (docs/editor.md#materials: 1 Starter, 2 Professional, 3 Premium); 0 = none. */
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('image_key', 'text', (c) => c.notNull())
      .addColumn('thumb_key', 'text', (c) => c.notNull())
      .addColumn('thumb1200_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('material_owner_fid').on('material').columns(['owner_id', 'fid', 'id']).execute();

    await db.schema
      .createTable('material_keyword')
      .addColumn('material_id', 'bigint', (c) => c.notNull().references('material.id').onDelete('cascade'))
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('keyword', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('material_keyword_pk', ['material_id', 'keyword'])
      .execute();
    await db.schema.createIndex('material_keyword_owner').on('material_keyword').columns(['owner_id', 'keyword']).execute();

    // ── Durable job queue (the default, in-database implementation; BullMQ replaces it with REDIS_URL).
    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** What the job works on, for status look-ups (a finished product's task_id). */
      .addColumn('task_id', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('result', 'text')
      /** A running job's lease: past it, the job is taken to be abandoned (crash) and runs again. */
      .addColumn('lease_until', 'bigint')
      .addColumn('run_after', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_pick').on('job').columns(['status', 'run_after']).execute();
    await db.schema.createIndex('job_task').on('job').column('task_id').execute();

    // ── Finished products (docs/domain.md#finished-products).
    await withId(db.schema.createTable('finished'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull().unique())
      .addColumn('task_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'bigint', (c) => c.notNull())
      .addColumn('attr_id', 'bigint', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('cid', 'bigint', (c) => c.notNull())
      .addColumn('cate_name', 'text', (c) => c.notNull())
      .addColumn('export_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('material_img_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('material', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('material_color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('size', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('group_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('store', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('combine_rule', 'text', (c) => c.notNull().defaultTo('0'))
      /** 1 multi-material, 2 single-material combination, 3 simple (docs/domain.md#combinations). */
      .addColumn('combine_rule_type', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('img_urls', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('small_imgs', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
      /** Print image URL per design area id, JSON. */
      .addColumn('print_urls', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('extends', 'text', (c) => c.notNull())
      .addColumn('layerdata', 'text', (c) => c.notNull())
      .addColumn('source_ids', 'text', (c) => c.notNull().defaultTo(''))
      /** sha256 of the design document: equal designs carry equal hashes (single-material combinations). */
      .addColumn('design_hash', 'text', (c) => c.notNull())
      .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
      /** pending while the synthesis job has not written images, ready after, failed when it gave up. */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('createtime', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('finished_owner').on('finished').columns(['owner_id', 'createtime']).execute();
    await db.schema.createIndex('finished_task').on('finished').column('task_id').execute();

    /** A colour variant (child) of a finished product. */
    await withId(db.schema.createTable('finished_child'), dialect)
      .addColumn('finished_id', 'bigint', (c) => c.notNull().references('finished.id').onDelete('cascade'))
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('color_code', 'text', (c) => c.notNull())
      .addColumn('material', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('img_urls', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('finished_child_finished').on('finished_child').column('finished_id').execute();

    /** A size variant (attr) under a colour; exactly one attr of a finished product is its parent (母体). */
    await withId(db.schema.createTable('finished_attr'), dialect)
      .addColumn('finished_id', 'bigint', (c) => c.notNull().references('finished.id').onDelete('cascade'))
      .addColumn('child_id', 'bigint', (c) => c.notNull().references('finished_child.id').onDelete('cascade'))
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('sku_id', 'bigint', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('export_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('material_img_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('material_color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('price', 'numeric', (c) => c.notNull())
      .addColumn('as_parent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('finished_attr_finished').on('finished_attr').column('finished_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'finished_attr',
      'finished_child',
      'finished',
      'job',
      'material_keyword',
      'material',
      'material_folder',
      'product_sku',
      'product',
      'category',
    ])
      await db.schema.dropTable(t).execute();
  },
});
