import { sql, type Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/security.md#public-image-copies: `public_image_use` says which export wrote a public copy for which
 * product, one row per (name, export, product). A copy is served while one of its uses is live (its export
 * record and its product both still exist); deleting an export or a product, or withdrawing a product's
 * images, removes uses, and a copy left with none is withdrawn. Copies published before this migration have
 * no recorded use: each gets one use (export 0, product 0) that keeps it served as before.
 */
export const m0022_public_image_use: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('public_image_use')
      .addColumn('name', 'text', (c) => c.notNull())
      /** export_record.id; 0 for a copy published before uses were recorded. */
      .addColumn('export_id', 'bigint', (c) => c.notNull())
      /** finished.id of the product whose row names the copy; 0 likewise. */
      .addColumn('finished_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('public_image_use_pk', ['name', 'export_id', 'finished_id'])
      .execute();
    await db.schema.createIndex('public_image_use_export').on('public_image_use').columns(['export_id']).execute();
    await db.schema.createIndex('public_image_use_finished').on('public_image_use').columns(['finished_id']).execute();
    await sql`INSERT INTO public_image_use (name, export_id, finished_id) SELECT name, 0, 0 FROM public_image`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('public_image_use').execute();
  },
});
