import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/** A job's progress (items done of total) for the kinds that report it: exports, publishing (docs/domain.md#jobs). */
export const m0009_job_progress: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job').addColumn('progress_done', 'integer').execute();
    await db.schema.alterTable('job').addColumn('progress_total', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('job').dropColumn('progress_total').execute();
    await db.schema.alterTable('job').dropColumn('progress_done').execute();
  },
});
