import type { Insertable, Kysely } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database, KeywordBanTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

/** Queries of keyword_ban; the rules (limits, duplicates, all-or-nothing) live in the service. */
function bannedWordsQueries(db: Kysely<Database>) {
  return {
    /** One page of the scope's words, newest first, with the owner's name, and how many match in all. */
    async page(scope: Scope, filter: { needle?: string; platform?: number }, limit: number, offset: number) {
      let q = db.selectFrom('keyword_ban').where(ownedBy(scope, 'keyword_ban.owner_id'));
      if (filter.needle) q = q.where(containsText('keyword_ban.word_norm', filter.needle));
      if (filter.platform !== undefined) q = q.where('keyword_ban.platform', '=', filter.platform);
      const [rows, total] = await Promise.all([
        q
          .innerJoin('account', 'account.id', 'keyword_ban.owner_id')
          .select([
            'keyword_ban.id',
            'keyword_ban.word',
            'keyword_ban.platform',
            'keyword_ban.action',
            'keyword_ban.created_at',
            'account.username',
          ])
          .orderBy('keyword_ban.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: total.n };
    },

    /** How many words an account keeps. */
    async countOf(ownerId: number): Promise<number> {
      const r = await db
        .selectFrom('keyword_ban')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return r.n;
    },

    /** Which of these normalised words an account already keeps for a marketplace. */
    async existing(ownerId: number, platform: number, norms: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      // In slices: SQLite binds at most 32,766 parameters, PostgreSQL 65,535.
      for (let i = 0; i < norms.length; i += 500) {
        const rows = await db
          .selectFrom('keyword_ban')
          .select('word_norm')
          .where('owner_id', '=', ownerId)
          .where('platform', '=', platform)
          .where('word_norm', 'in', norms.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(r.word_norm);
      }
      return found;
    },

    async insertMany(rows: Insertable<KeywordBanTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto('keyword_ban')
          .values(rows.slice(i, i + 200))
          .execute();
    },

    /** The scope's words that apply to a marketplace (its own and those for all); every word when none is named. */
    forCheck(scope: Scope, platform: number | undefined) {
      let q = db.selectFrom('keyword_ban').select(['id', 'word', 'platform', 'action']).where(ownedBy(scope, 'owner_id'));
      if (platform) q = q.where('platform', 'in', [0, platform]);
      return q.orderBy('id').execute();
    },

    /** Deletes the scope's words among these ids; how many went. */
    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('keyword_ban').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createBannedWordsRepo = (db: Kysely<Database>) => transactional(db, bannedWordsQueries);
export type BannedWordsRepo = ReturnType<typeof createBannedWordsRepo>;
