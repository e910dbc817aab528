import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An account's stored membership (docs/membership.md#the-end): its level, when that ends, and what comes after. */
export interface StoredLevel {
  level: number;
  /** Milliseconds; null: the level has no end (level 0, or granted by the operator). */
  level_ends_at: number | null;
  /** The level the account returns to when `level_ends_at` passes. */
  level_base: number;
}

/** The membership in force at a moment. */
export interface LevelNow {
  level: number;
  /** Milliseconds; null: no end. */
  endsAt: number | null;
  /** What the account returns to at `endsAt` (its level when there is no end). */
  base: number;
}

/**
 * The level in force at `now` (docs/membership.md#the-end): the stored level until its end, the base level from
 * then on. Every read of an account's level goes through this (the session's caller, the user info, the
 * sub-account list, a new sub-account's level), so an ended level is never read, whether or not anything has
 * written the account since.
 */
export function levelNow(a: StoredLevel, now: number): LevelNow {
  if (a.level_ends_at !== null && a.level_ends_at <= now) return { level: a.level_base, endsAt: null, base: a.level_base };
  return { level: a.level, endsAt: a.level_ends_at, base: a.level_base };
}

/**
 * The membership columns of a family's accounts, on `db` (the purchase's transaction; docs/membership.md#buying).
 * The accounts module owns the table; the membership module reaches it through these.
 */
export const accountLevelQueries = (db: Kysely<Database>) => ({
  /** A top-level account's stored level; with `lock` (PostgreSQL) its row is locked until the transaction ends. */
  async read(accountId: number, lock: boolean): Promise<StoredLevel | undefined> {
    let q = db.selectFrom('account').select(['level', 'level_ends_at', 'level_base']).where('id', '=', accountId);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return (
      row && {
        level: Number(row.level),
        level_ends_at: row.level_ends_at === null ? null : Number(row.level_ends_at),
        level_base: Number(row.level_base),
      }
    );
  },

  /**
   * Writes the new level to a top-level account and all its sub-accounts, only if the top-level account's is still
   * `expected` (what the transaction read): false when another change came in between.
   */
  async setFamily(topId: number, next: StoredLevel, expected: StoredLevel): Promise<boolean> {
    const top = await db
      .updateTable('account')
      .set(next)
      .where('id', '=', topId)
      .where('parent_id', 'is', null)
      .where('level', '=', expected.level)
      .where('level_base', '=', expected.level_base)
      .where('level_ends_at', expected.level_ends_at === null ? 'is' : '=', expected.level_ends_at)
      .executeTakeFirst();
    if (Number(top.numUpdatedRows) !== 1) return false;
    await db.updateTable('account').set(next).where('parent_id', '=', topId).execute();
    return true;
  },
});
export type AccountLevelQueries = ReturnType<typeof accountLevelQueries>;
