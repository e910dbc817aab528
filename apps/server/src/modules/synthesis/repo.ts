import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Synthesis's own reads: a combination's children to recompose, and finished products whose job was lost. */
export function createSynthesisRepo(db: Kysely<Database>) {
  return {
    /** The finished numbers of a combination's children, in their order. */
    async combinationChildKeys(comboId: number): Promise<{ key_id: string }[]> {
      return db.selectFrom('finished').select('key_id').where('combined_into', '=', comboId).orderBy('combo_sort').execute();
    },

    /** Finished products pending without a queued or running job for their synthesis number. */
    pendingWithoutJob() {
      return (
        db
          .selectFrom('finished')
          .select(['id', 'owner_id', 'task_id'])
          // A literal, so that the planner may use the partial index of the pending (migration 0008).
          .where('status', '=', sql.lit('pending'))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('job')
                  .select('job.id')
                  .whereRef('job.task_id', '=', 'finished.task_id')
                  .where('job.status', 'in', ['queued', 'running']),
              ),
            ),
          )
          .execute()
      );
    },
  };
}
export type SynthesisRepo = ReturnType<typeof createSynthesisRepo>;
