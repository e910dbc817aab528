import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Synthesis's own reads and writes: a combination's children to recompose, finished products whose job was
 * lost, and the material names a design carries.
 */
export function createSynthesisRepo(db: Kysely<Database>) {
  return {
    /**
     * The names of these library materials when they belong to the family of the top account `rootId`
     * (it and its sub-accounts); an id outside it is simply not found.
     */
    async materialNames(rootId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('material')
        .innerJoin('account', 'account.id', 'material.owner_id')
        .select(['material.id', 'material.name'])
        .where('material.id', 'in', ids)
        .where((eb) => eb.or([eb('account.id', '=', rootId), eb('account.parent_id', '=', rootId)]))
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Sets the material names of a finished product's variants — those of one size, or every variant that
     * has no design of its own — then the product's (its parent variant's, docs/domain.md#finished-products 母体) and, when it is its
     * combination's parent child, the combination's. Plain UPDATEs, so the list's name tallies follow.
     * With `replaceable`, a variant keeps its name unless it is one of those (the names earlier designs gave).
     */
    async setMaterialNames(finishedId: number, name: string, opts: { size?: string; replaceable?: string[] } = {}) {
      const { size, replaceable } = opts;
      await db.transaction().execute(async (trx) => {
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
