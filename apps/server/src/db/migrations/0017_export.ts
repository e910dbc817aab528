import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * The offline export (docs/exports.md). `export_record` is one export: made by the API call, filled
 * by its job (status, progress, counts, errors, the stored file). `public_image` names the image copies an
 * export made public (an unguessable, stable name → the private blob it serves), nothing else is public.
 */
export const m0017_export: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('export_record'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull().defaultTo(''))
      /** 'exports' | 'amazon' | 'walmart': which call made it. */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** 3, 6 or 9; 0 for Walmart. */
      .addColumn('format', 'integer', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('store_name', 'text', (c) => c.notNull())
      .addColumn('template_id', 'bigint', (c) => c.notNull())
      .addColumn('template_name', 'text', (c) => c.notNull())
      .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
      /** 'pending' | 'running' | 'done' | 'failed'. */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      /** JSON [{finished_id, key_id, reasons: [{key, params}]}]: products left out. */
      .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
      /** A failed export's reason: a message key (with `message_params` JSON). */
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message_params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      /** The stored file's blob key once done; NULL before. */
      .addColumn('file_key', 'text')
      /** JSON: what the job needs (ids, template snapshot, pricing, domain, watermark), fixed by the call. */
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('export_record_owner').on('export_record').columns(['owner_id', 'id']).execute();

    await db.schema
      .createTable('public_image')
      .addColumn('name', 'text', (c) => c.primaryKey())
      /** The blob served (the watermarked copy when a watermark applies). */
      .addColumn('blob', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('public_image_owner').on('public_image').columns(['owner_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('public_image').execute();
    await db.schema.dropTable('export_record').execute();
  },
});
