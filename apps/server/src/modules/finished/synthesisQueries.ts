import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unitOfWork } from '../../db/transactional.js';
import { withoutLiveJob } from '../../jobs/jobRepo.js';

/**
 * What synthesis asks of finished products beyond composing them (compositionQueries.ts): the material
 * names a design gives its variants, and the products whose job was lost.
 */
export function synthesisQueries(db: Kysely<Database>) {
  return {
    /**
     * Sets the material names of a finished product's variants — those of one size, or every variant that
     * has no design of its own — then the product's (its parent variant's, docs/domain.md#finished-products 母体) and, when it is its
     * combination's parent child, the combination's. Plain UPDATEs, so the list's name tallies follow.
     * With `replaceable`, a variant keeps its name unless it is one of those (the names earlier designs gave).
     */
    async setMaterialNames(finishedId: number, name: string, opts: { size?: string; replaceable?: string[] } = {}) {
      const { size, replaceable } = opts;
      await unitOfWork(db, async (trx) => {
        let q = trx.updateTable('finished_attr').set({ material_img_name: name }).where('finished_id', '=', finishedId);
        q = size === undefined ? q.where('extends', 'is', null) : q.where('size', '=', size);
        // Only names that came from designs (or none): a name the seller typed is theirs.
        if (replaceable) q = q.where('material_img_name', 'in', replaceable);
        await q.execute();
        const parent = await trx
          .selectFrom('finished_attr')
          .select('material_img_name')
          .where('finished_id', '=', finishedId)
          .where('as_parent', '=', 1)
          .executeTakeFirst();
        const rowName = parent?.material_img_name ?? name;
        const row = await trx
          .selectFrom('finished')
          .select(['material_img_name', 'combined_into', 'combo_as_parent'])
          .where('id', '=', finishedId)
          .executeTakeFirst();
        if (!row || row.material_img_name === rowName) return;
        await trx.updateTable('finished').set({ material_img_name: rowName }).where('id', '=', finishedId).execute();
        // A combination shows its parent child's names (finished/service.ts syncComboInfo).
        if (row.combined_into !== null && row.combo_as_parent === 1)
          await trx.updateTable('finished').set({ material_img_name: rowName }).where('id', '=', row.combined_into).execute();
      });
    },

    /**
     * Finished products pending without a queued or running job for their synthesis number (the jobs' own
     * `not exists`, docs/domain.md#table-owners).
     */
    pendingWithoutJob() {
      return (
        db
          .selectFrom('finished')
          .select(['id', 'owner_id', 'task_id'])
          // A literal, so that the planner may use the partial index of the pending (migration 0008).
          .where('status', '=', sql.lit('pending'))
          .where(withoutLiveJob('task_id', 'finished.task_id'))
          .execute()
      );
    },
  };
}
