import type { Insertable, Kysely } from 'kysely';
import type { Database, FinishedTable } from '../../db/schema.js';

/**
 * The queries of combinations (docs/domain.md#finished-products): a combination is a finished row whose
 * childs point at it (combined_into), one of them its parent child. Part of the finished repository
 * (repo.ts); `freeKeyId` draws a finished number no product has yet.
 */
export function combinationQueries(db: Kysely<Database>, freeKeyId: (db: Kysely<Database>, now: number) => Promise<string>) {
  return {
    /** The childs of these combinations, each with the combination it is in. */
    childLinksOf: (comboIds: number[]) =>
      db.selectFrom('finished').select(['id', 'combined_into']).where('combined_into', 'in', comboIds).execute(),

    /** The childs of these combinations, in their order. */
    childsOf: (comboIds: number[]) =>
      db.selectFrom('finished').selectAll().where('combined_into', 'in', comboIds).orderBy('combo_sort').execute(),

    /** The child that is the combination's parent. */
    comboParent: (comboId: number) =>
      db.selectFrom('finished').selectAll().where('combined_into', '=', comboId).where('combo_as_parent', '=', 1).executeTakeFirst(),

    /** The combinations holding any of these products. */
    async combinationsHolding(finishedIds: number[]): Promise<number[]> {
      const rows = await db
        .selectFrom('finished')
        .select('combined_into')
        .distinct()
        .where('id', 'in', finishedIds)
        .where('combined_into', 'is not', null)
        .execute();
      return rows.map((r) => r.combined_into!);
    },

    /** Makes the child its combination's one parent child. */
    async setComboParent(comboId: number, childId: number) {
      await db.updateTable('finished').set({ combo_as_parent: 0 }).where('combined_into', '=', comboId).execute();
      await db.updateTable('finished').set({ combo_as_parent: 1 }).where('id', '=', childId).execute();
    },

    /** Inserts a combination's row under a new finished number. */
    async insertCombination(values: Omit<Insertable<FinishedTable>, 'key_id'>, now: number) {
      return db
        .insertInto('finished')
        .values({ ...values, key_id: await freeKeyId(db, now) })
        .returning(['id', 'key_id', 'task_id'])
        .executeTakeFirstOrThrow();
    },

    /** Files a product into a combination at a place, as its parent child or not. */
    async fileIntoCombination(childId: number, comboId: number, asParent: boolean, sort: number) {
      await db
        .updateTable('finished')
        .set({ combined_into: comboId, combo_as_parent: asParent ? 1 : 0, combo_sort: sort })
        .where('id', '=', childId)
        .execute();
    },

    /** Takes every child out of these combinations, as it was before combining; how many came out. */
    async releaseChilds(comboIds: number[]): Promise<number> {
      const r = await db
        .updateTable('finished')
        .set({ combined_into: null, combo_as_parent: 0, combo_sort: 0 })
        .where('combined_into', 'in', comboIds)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Deletes combination rows (a combination has no colours or sizes of its own: its childs do). */
    async removeCombinations(comboIds: number[]) {
      await db.deleteFrom('finished').where('id', 'in', comboIds).execute();
    },
  };
}
