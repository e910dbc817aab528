import type { Insertable, Kysely, Updateable } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database, KeywordSetTable, TitleTemplateTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

/** Queries of title_template; every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
function templateQueries(db: Kysely<Database>) {
  const rows = (scope: Scope) =>
    db
      .selectFrom('title_template')
      .innerJoin('account', 'account.id', 'title_template.owner_id')
      .where(ownedBy(scope, 'title_template.owner_id'));
  const named = (scope: Scope, name: string | undefined) => {
    const needle = name?.trim();
    return needle ? rows(scope).where(containsText('title_template.name', needle)) : rows(scope);
  };
  return {
    async page(scope: Scope, name: string | undefined, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        named(scope, name)
          .selectAll('title_template')
          .select('account.username')
          .orderBy('title_template.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        named(scope, name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },
    /** One template in the scope, with its owner's username; undefined outside it. */
    get: (scope: Scope, id: number) =>
      rows(scope).selectAll('title_template').select('account.username').where('title_template.id', '=', id).executeTakeFirst(),
    /** Another template of the same owner with this name (names are unique per account). */
    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('title_template').select('id').where('owner_id', '=', ownerId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (row: Insertable<TitleTemplateTable>) => db.insertInto('title_template').values(row).returning('id').executeTakeFirstOrThrow(),
    async update(scope: Scope, id: number, set: Updateable<TitleTemplateTable>): Promise<number> {
      const res = await db.updateTable('title_template').set(set).where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('title_template').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

/** Queries of keyword_set, scoped the same way. */
function keywordSetQueries(db: Kysely<Database>) {
  const rows = (scope: Scope) =>
    db.selectFrom('keyword_set').innerJoin('account', 'account.id', 'keyword_set.owner_id').where(ownedBy(scope, 'keyword_set.owner_id'));
  const named = (scope: Scope, name: string | undefined) => {
    const needle = name?.trim();
    return needle ? rows(scope).where(containsText('keyword_set.name', needle)) : rows(scope);
  };
  return {
    async page(scope: Scope, name: string | undefined, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        named(scope, name)
          .selectAll('keyword_set')
          .select('account.username')
          .orderBy('keyword_set.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        named(scope, name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },
    get: (scope: Scope, id: number) =>
      rows(scope).selectAll('keyword_set').select('account.username').where('keyword_set.id', '=', id).executeTakeFirst(),
    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('keyword_set').select('id').where('owner_id', '=', ownerId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (row: Insertable<KeywordSetTable>) => db.insertInto('keyword_set').values(row).returning('id').executeTakeFirstOrThrow(),
    async update(scope: Scope, id: number, set: Updateable<KeywordSetTable>): Promise<number> {
      const res = await db.updateTable('keyword_set').set(set).where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('keyword_set').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

const titleQueries = (db: Kysely<Database>) => ({ templates: templateQueries(db), keywordSets: keywordSetQueries(db) });

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createTitleRepo = (db: Kysely<Database>) => transactional(db, titleQueries);
export type TitleRepo = ReturnType<typeof createTitleRepo>;
export type TitleTemplateRecord = NonNullable<Awaited<ReturnType<TitleRepo['templates']['get']>>>;
export type KeywordSetRecord = NonNullable<Awaited<ReturnType<TitleRepo['keywordSets']['get']>>>;
