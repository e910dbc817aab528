import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AliexpressTemplateTable, Database, TiktokTemplateTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

export type MarketTable = 'aliexpress_template' | 'tiktok_template';
interface Tables {
  aliexpress_template: AliexpressTemplateTable;
  tiktok_template: TiktokTemplateTable;
}
/** A stored row with its owner's username and its shop's name. */
export type MarketRecord<T extends MarketTable> = Selectable<Tables[T]> & Shared & { username: string; store_name: string };
/** The columns both tables have. */
interface Shared {
  id: number;
  owner_id: number;
  store_id: number;
  name: string;
  category_id: number;
  created_at: number;
  updated_at: number;
}

export interface MarketTemplateFilter {
  shopId?: number;
  /** Part of the name, any case. */
  name?: string;
}

/**
 * Queries of one marketplace's template table; every read and write limited to the scope
 * (docs/domain.md#accounts-and-scope). The two tables share their owned columns, so one repo serves both.
 */
export function createMarketTemplateRepo<T extends MarketTable>(typed: Kysely<Database>, table: T) {
  // The shared columns of either table, queried by name: Kysely cannot follow a table chosen by a type parameter.
  const db = typed as unknown as Kysely<{ market_template: Shared }>;
  const t = table as 'market_template';
  const col = (c: string) => `${table}.${c}` as `${T}.id`;

  const rows = (scope: Scope) =>
    typed
      .selectFrom(table as 'aliexpress_template')
      .innerJoin('account', 'account.id', col('owner_id') as 'aliexpress_template.owner_id')
      .innerJoin('store', 'store.id', col('store_id') as 'aliexpress_template.store_id')
      .where(ownedBy(scope, col('owner_id')));
  const full = (q: ReturnType<typeof rows>) =>
    q.selectAll(table as 'aliexpress_template').select(['account.username', 'store.name as store_name']);
  const filtered = (scope: Scope, f: MarketTemplateFilter) => {
    let q = rows(scope);
    if (f.shopId !== undefined) q = q.where(col('store_id') as 'aliexpress_template.store_id', '=', f.shopId);
    const needle = f.name?.trim();
    if (needle) q = q.where(containsText(col('name'), needle));
    return q;
  };
  const asRecord = (r: unknown) => r as MarketRecord<T>;

  return {
    async page(scope: Scope, f: MarketTemplateFilter, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        full(filtered(scope, f))
          .orderBy(col('id') as 'aliexpress_template.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(scope, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: list.map(asRecord), count: total.n };
    },

    /** One template in the scope, with its owner's username and shop name; undefined outside it. */
    get: async (scope: Scope, id: number) =>
      (await full(rows(scope))
        .where(col('id') as 'aliexpress_template.id', '=', id)
        .executeTakeFirst()) as MarketRecord<T> | undefined,

    /** Another template of this shop with this name. */
    async nameTaken(shopId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom(t).select('id').where('store_id', '=', shopId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: async (row: Insertable<Tables[T]>) =>
      (
        await db
          .insertInto(t)
          .values(row as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    async update(scope: Scope, id: number, set: Updateable<Tables[T]>): Promise<number> {
      const res = await db
        .updateTable(t)
        .set(set as never)
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async remove(scope: Scope, id: number): Promise<number> {
      const res = await db.deleteFrom(t).where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** A deleted shop's templates of this marketplace (docs/market-templates.md). */
    deleteForShop: (shopId: number) => db.deleteFrom(t).where('store_id', '=', shopId).execute(),
  };
}
export type MarketTemplateRepo<T extends MarketTable> = ReturnType<typeof createMarketTemplateRepo<T>>;
