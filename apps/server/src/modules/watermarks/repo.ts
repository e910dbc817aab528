import type { Kysely, Updateable } from 'kysely';
import { ownedNamedQueries } from '../../db/ownedNamed.js';
import { transactional } from '../../db/transactional.js';
import type { Database, WatermarkTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of watermark; every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
function watermarkQueries(db: Kysely<Database>) {
  return {
    ...ownedNamedQueries(db, 'watermark'),

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
  };
}
/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createWatermarkRepo = (db: Kysely<Database>) => transactional(db, watermarkQueries);
export type WatermarkRepo = ReturnType<typeof createWatermarkRepo>;
export type WatermarkRecord = NonNullable<Awaited<ReturnType<WatermarkRepo['get']>>>;
