import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, FinishedTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { unitOfWork } from '../../db/transactional.js';
import { combinationQueries } from './combinationQueries.js';
import { compositionQueries } from './compositionQueries.js';
import { editQueries } from './editQueries.js';
import { listingNameQueries } from './listingNameQueries.js';
import { freeKeyId } from './numbers.js';
import { productReads } from './productReads.js';
import { synthesisQueries } from './synthesisQueries.js';

export { designHash, newKeyId, newTaskId } from './numbers.js';
export type { SynthesisImages } from './compositionQueries.js';
export type { VariantRecord } from './editQueries.js';

/** A finished table row as stored (the contract's FinishedRow is the list's row as sent). */
export type FinishedRecord = Selectable<FinishedTable>;

/**
 * What another module holds of finished products, deleted with them in the same transaction: that module's
 * repository answers for its own table (the SKU bindings and the 店铺 column's rows, docs/variants.md).
 */
export interface ProductRows {
  deleteForProducts(finishedIds: number[]): Promise<unknown>;
}
/** Builds a module's ProductRows on a database or a transaction (services.ts lists them). */
export type ProductRowsOn = (db: Kysely<Database>) => ProductRows;

/**
 * Finished products (docs/domain.md#finished-products): a row per design on a blank, a child per colour, an attr per size
 * under it, exactly one attr the parent (母体). Synthesis fills in the images later. Queries only: the
 * rules (scope errors, combinations, locks) are the services'. The queries come in parts: making and
 * composing (compositionQueries.ts, synthesisQueries.ts), the screen's (editQueries.ts), combinations (combinationQueries.ts)
 * and what other modules read (productReads.ts).
 */
function finishedQueries(db: Kysely<Database>, dialect: DialectName, productRows: readonly ProductRowsOn[]) {
  /** Deletes finished products with their colours and sizes. */
  async function removeProducts(ids: number[]) {
    await unitOfWork(db, async (trx) => {
      await trx.deleteFrom('finished_attr').where('finished_id', 'in', ids).execute();
      // Its SKU bindings and 店铺 links (docs/variants.md): each module deletes its own rows.
      for (const rows of productRows) await rows(trx).deleteForProducts(ids);
      await trx.deleteFrom('finished_child').where('finished_id', 'in', ids).execute();
      await trx.deleteFrom('finished').where('id', 'in', ids).execute();
    });
  }

  return {
    byId(id: number): Promise<FinishedRecord | undefined> {
      return db.selectFrom('finished').selectAll().where('id', '=', id).executeTakeFirst();
    },

    inScope(scope: Scope, where: { key_id: string } | { id: number }): Promise<FinishedRecord | undefined> {
      let q = db.selectFrom('finished').selectAll().where(ownedBy(scope, 'owner_id'));
      q = 'id' in where ? q.where('id', '=', where.id) : q.where('key_id', '=', where.key_id);
      return q.executeTakeFirst();
    },

    async remove(id: number) {
      await removeProducts([id]);
    },

    removeProducts,

    ...compositionQueries(db, dialect),
    ...synthesisQueries(db),
    ...editQueries(db),
    ...combinationQueries(db, freeKeyId),
    ...productReads(db),
    ...listingNameQueries(db),
  };
}

/** `productRows`: what other modules hold of a product, deleted with it (services.ts gives them). */
export function createFinishedRepo(db: Kysely<Database>, dialect: DialectName, productRows: readonly ProductRowsOn[]) {
  return {
    ...finishedQueries(db, dialect, productRows),
    /** Runs `fn` as one unit of work, on a repository bound to its transaction. */
    inTransaction: <T>(fn: (r: FinishedQueries) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => fn(finishedQueries(trx, dialect, productRows))),
  };
}
export type FinishedQueries = ReturnType<typeof finishedQueries>;
export type FinishedRepo = ReturnType<typeof createFinishedRepo>;
