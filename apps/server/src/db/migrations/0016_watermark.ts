import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Watermarks (docs/watermarks.md, docs/api.md#export-and-shops `/watermark/*`): a text or an uploaded PNG laid on the
 * images an export writes. `version` grows on every update: a watermarked copy is cached per
 * (image, watermark id, version), so an edit never serves a stale copy. Decimals are text, read back exactly.
 */
export const m0016_watermark: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('watermark'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** 'text' | 'image'. */
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      /** Image kind: the uploaded PNG's private blob name (never a public URL). */
      .addColumn('image_blob', 'text')
      .addColumn('font_family', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('color', 'text', (c) => c.notNull().defaultTo('#FFFFFF'))
      .addColumn('font_size', 'integer', (c) => c.notNull().defaultTo(48))
      /** 1–9 in reading order (1 top-left … 9 bottom-right). */
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('margin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scale', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('opacity', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('rotation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('watermark_owner_name').on('watermark').columns(['owner_id', 'name']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('watermark').execute();
  },
});
