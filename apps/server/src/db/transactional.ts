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

/** Runs `fn` as one transaction: the caller's when `db` already is one (a repository bound by `inTransaction`). */
export function unitOfWork<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute((trx) => fn(trx));
}
