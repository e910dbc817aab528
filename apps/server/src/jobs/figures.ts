import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the advantage page reads of the jobs (docs/mobile.md#site-figures). */
export function jobFigures(db: Kysely<Database>) {
  return {
    /**
     * How long each of the latest `limit` finished jobs of `kind` took, in ms, from being queued (`created_at`) to
     * being done (`updated_at`): the table records no start. Newest first by `run_after`, which finishing a job sets to
     * the moment it ended, so the job_pick index (status, run_after) walks the done jobs newest first and stops after
     * `limit` of the kind.
     */
    async latestDurations(kind: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('job')
        .select(['created_at', 'updated_at'])
        .where('status', '=', 'done')
        .where('kind', '=', kind)
        .orderBy('run_after', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.updated_at) - Number(r.created_at));
    },
  };
}
export type JobFigures = ReturnType<typeof jobFigures>;
