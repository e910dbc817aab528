import { sql, type Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * Fair shares between account families (docs/security.md#fair-shares): each job names its family (the
 * parent account, or the account itself at top level), so the queue takes turns between families, caps
 * what one runs at once and how many it may leave waiting. An export record keeps a key of what it was
 * asked for, so the same export asked again while it runs answers the running one (docs/exports.md).
 */
export const m0023_fair_jobs: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('job')
      .addColumn('family_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE job SET family_id = COALESCE((SELECT account.parent_id FROM account WHERE account.id = job.owner_id), owner_id)`.execute(
      db,
    );
    await db.schema.createIndex('job_family').on('job').columns(['family_id', 'kind', 'status']).execute();
    /** sha-256 of the export's parameters (the caller, products, template, pricing, domain, watermark). */
    await db.schema.alterTable('export_record').addColumn('request_key', 'text').execute();
    await db.schema.createIndex('export_record_request').on('export_record').columns(['owner_id', 'request_key']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('export_record_request').execute();
    await db.schema.alterTable('export_record').dropColumn('request_key').execute();
    await db.schema.dropIndex('job_family').execute();
    await db.schema.alterTable('job').dropColumn('family_id').execute();
  },
});
