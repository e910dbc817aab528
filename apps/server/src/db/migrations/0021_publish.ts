import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Online publishing (docs/publishing.md). `publish_record` is one product published to one shop:
 * made by the publish call (queued), moved on by its job (uploading → creating → published | failed).
 * `idempotency_key` is unique: the key sent to marketplace B with the create call (docs/publishing.md#exactly-once).
 * `running_key` is `finished_id:store_id` while the record is queued, uploading or creating and NULL otherwise;
 * its unique index keeps a second publish of the same product to the same shop out while one runs (a
 * double-click, docs/publishing.md#double-click). `lease_owner`/`lease_until` say which run of the job holds the
 * record (a job delivered twice: only one run goes on). `remote_image` remembers what each shop already holds
 * of our images (our blob key → the marketplace's uri and url), so an image is uploaded once per shop.
 */
export const m0021_publish: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('publish_record'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('finished_id', 'bigint', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      /** 2 (A) or 15 (B). */
      .addColumn('platform', 'integer', (c) => c.notNull())
      /** The marketplace template (A or B) the listing is built from. */
      .addColumn('template_id', 'bigint', (c) => c.notNull())
      /** 0: the variants' own prices (or those set in group_ids). */
      .addColumn('pricing_template_id', 'bigint', (c) => c.notNull().defaultTo(0))
      /** JSON: this product's customAttributions (docs/api.md#fields) as the variant table left them, or 'null' for all. */
      .addColumn('group_ids', 'text', (c) => c.notNull().defaultTo('null'))
      /** JSON: what the job builds the listing with, fixed by the call (the template's and pricing's snapshot). */
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('batch_id', 'text', (c) => c.notNull())
      /** queued | uploading | creating | published | failed. */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('running_key', 'text', (c) => c.unique())
      /** 1 once a create call was (or may have been) sent: a later run asks the marketplace first. */
      .addColumn('create_started', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remote_product_id', 'text')
      .addColumn('remote_url', 'text')
      /** JSON {seller_sku: remote sku id}. */
      .addColumn('remote_skus', 'text', (c) => c.notNull().defaultTo('{}'))
      /** A message key (with `message_params` JSON): why it failed, or the marketplace's warnings. */
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message_params', 'text', (c) => c.notNull().defaultTo('{}'))
      /** The marketplace's own code and text of the last failure (server side only, never a secret). */
      .addColumn('remote_detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('job_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      /** Unix seconds. */
      .addColumn('createtime', 'bigint', (c) => c.notNull())
      .addColumn('updatetime', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('publish_record_owner').on('publish_record').columns(['owner_id', 'id']).execute();
    await db.schema.createIndex('publish_record_batch').on('publish_record').columns(['batch_id']).execute();
    await db.schema.createIndex('publish_record_product_store').on('publish_record').columns(['finished_id', 'store_id']).execute();
    await db.schema.createIndex('publish_record_status').on('publish_record').columns(['status']).execute();

    await withId(db.schema.createTable('remote_image'), dialect)
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      /** Our blob key (the original, as stored). */
      .addColumn('blob', 'text', (c) => c.notNull())
      /** What the marketplace answered: B's upload uri, A's photo-bank URL. */
      .addColumn('uri', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('remote_image_store_blob', ['store_id', 'blob'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('remote_image').execute();
    await db.schema.dropTable('publish_record').execute();
  },
});
