import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * An export record counts the products its file holds and those it left out apart, and keeps what the
 * seller should know about products it wrote (a Txt field a spreadsheet would read as a formula;
 * docs/exports.md#formula-looking-text). `/export-records` filters by shop: an index on the shop. Records made
 * before count from what they kept: the products left out are their errors, the rest of a done export were written.
 */
export const m0024_export_counts: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('export_record')
      .addColumn('written_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('export_record')
      .addColumn('refused_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('export_record')
      .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('export_record_store').on('export_record').columns(['store_id', 'id']).execute();
    const old = db as unknown as Kysely<{
      export_record: { id: number; status: string; product_count: number; errors: string; written_count: number; refused_count: number };
    }>;
    const rows = await old
      .selectFrom('export_record')
      .select(['id', 'status', 'product_count', 'errors'])
      .where('status', 'in', ['done', 'failed'])
      .execute();
    for (const r of rows) {
      let refused = 0;
      try {
        const errors: unknown = JSON.parse(r.errors);
        refused = Array.isArray(errors) ? errors.length : 0;
      } catch {
        refused = 0;
      }
      const written = r.status === 'done' ? Math.max(0, Number(r.product_count) - refused) : 0;
      await old.updateTable('export_record').set({ written_count: written, refused_count: refused }).where('id', '=', r.id).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('export_record_store').execute();
    for (const column of ['warnings', 'refused_count', 'written_count'])
      await db.schema.alterTable('export_record').dropColumn(column).execute();
  },
});
