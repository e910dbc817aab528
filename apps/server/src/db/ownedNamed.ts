import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema.js';
import { ownedBy, type Scope } from './scope.js';
import { containsText } from './text.js';

/** The tables of a seller's named settings: an id, an owner and a name unique per owner. */
export type OwnedNamedTable = {
  [K in keyof Database]: Database[K] extends { owner_id: number; name: string } ? ('id' extends keyof Database[K] ? K : never) : never;
}[keyof Database];

/** The one shape every such table is handled as in the queries below (its real name is aliased to `t`). */
type Generic = { t: { id: number; owner_id: number; name: string }; account: Database['account'] };

/**
 * The queries every named-settings list shares (title templates, keyword sets, price rules, watermarks):
 * a page searched by name, one row, the per-owner name check, insert, update, delete — each limited to the
 * caller's scope (docs/domain.md#accounts-and-scope), so a row outside it is simply not found.
 */
export function ownedNamedQueries<T extends OwnedNamedTable>(db: Kysely<Database>, table: T) {
  type Row = Selectable<Database[T]> & { username: string };
  const g = db as unknown as Kysely<Generic>;
  const from = `${table} as t` as 't';
  const rows = (scope: Scope) => g.selectFrom(from).innerJoin('account', 'account.id', 't.owner_id').where(ownedBy(scope, 't.owner_id'));
  const named = (scope: Scope, name: string | undefined) => {
    const needle = name?.trim();
    return needle ? rows(scope).where(containsText('t.name', needle)) : rows(scope);
  };
  const withOwner = (scope: Scope) => rows(scope).selectAll('t').select('account.username');

  return {
    /** A page of the scope's rows, newest first, optionally those whose name contains `name`; and their count. */
    async page(scope: Scope, name: string | undefined, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        named(scope, name).selectAll('t').select('account.username').orderBy('t.id', 'desc').limit(limit).offset(offset).execute(),
        named(scope, name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: list as unknown as Row[], count: total.n };
    },
    /** One row in the scope, with its owner's username; undefined outside it. */
    get: async (scope: Scope, id: number) => (await withOwner(scope).where('t.id', '=', id).executeTakeFirst()) as Row | undefined,
    /** The scope's rows among `ids` (in no order). */
    byIds: async (scope: Scope, ids: number[]) =>
      ids.length === 0 ? [] : ((await withOwner(scope).where('t.id', 'in', ids).execute()) as unknown as Row[]),
    /** Another row of the same owner with this name (names are unique per account). */
    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = g.selectFrom(from).select('t.id').where('t.owner_id', '=', ownerId).where('t.name', '=', name);
      if (exceptId !== undefined) q = q.where('t.id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (row: Insertable<Database[T]>) =>
      g
        .insertInto(table as unknown as 't')
        .values(row as unknown as Insertable<Generic['t']>)
        .returning('id')
        .executeTakeFirstOrThrow(),
    async update(scope: Scope, id: number, set: Updateable<Database[T]>): Promise<number> {
      const res = await g
        .updateTable(table as unknown as 't')
        .set(set as Updateable<Generic['t']>)
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await g
        .deleteFrom(table as unknown as 't')
        .where('id', 'in', ids)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
