import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A module's queries, and `inTransaction` to run several of them as one unit of work. */
export type Transactional<Q> = Q & { inTransaction<T>(fn: (queries: Q) => Promise<T>): Promise<T> };

/**
 * A repository built once (services.ts) and given to its service: `queries(db)` on the database, and
 * `inTransaction` running `fn` on the same queries bound to one transaction.
 */
export function transactional<Q extends object>(db: Kysely<Database>, queries: (db: Kysely<Database>) => Q): Transactional<Q> {
  return { ...queries(db), inTransaction: (fn) => db.transaction().execute((trx) => fn(queries(trx))) };
}
