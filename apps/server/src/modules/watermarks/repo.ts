import type { Insertable, Kysely, Updateable } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database, WatermarkTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

/** Queries of watermark; every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
function watermarkQueries(db: Kysely<Database>) {
  const rows = (scope: Scope) =>
    db.selectFrom('watermark').innerJoin('account', 'account.id', 'watermark.owner_id').where(ownedBy(scope, 'watermark.owner_id'));

  const filtered = (scope: Scope, name: string | undefined) => {
    const needle = name?.trim();
    return needle ? rows(scope).where(containsText('watermark.name', needle)) : rows(scope);
  };

  return {
    async page(scope: Scope, name: string | undefined, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        filtered(scope, name)
          .selectAll('watermark')
          .select('account.username')
          .orderBy('watermark.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(scope, name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    /** One watermark in the scope, with its owner's username; undefined outside it. */
    get: (scope: Scope, id: number) =>
      rows(scope).selectAll('watermark').select('account.username').where('watermark.id', '=', id).executeTakeFirst(),

    /** Another watermark of the same owner with this name (names are unique per account). */
    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('watermark').select('id').where('owner_id', '=', ownerId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: (row: Insertable<WatermarkTable>) => db.insertInto('watermark').values(row).returning('id').executeTakeFirstOrThrow(),

    /** Changes a watermark and grows its version (cached copies are per version). */
    async update(scope: Scope, id: number, set: Updateable<WatermarkTable>): Promise<number> {
      const res = await db
        .updateTable('watermark')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('watermark').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createWatermarkRepo = (db: Kysely<Database>) => transactional(db, watermarkQueries);
export type WatermarkRepo = ReturnType<typeof createWatermarkRepo>;
export type WatermarkRecord = NonNullable<Awaited<ReturnType<WatermarkRepo['get']>>>;
