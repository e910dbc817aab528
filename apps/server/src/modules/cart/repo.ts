import type { Insertable, Kysely } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { CartItemTable, Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of the cart (cart_item); the rules (scope checks, all-or-nothing) live in the service. */
function cartQueries(db: Kysely<Database>) {
  /** Cart items; their blank's name and SKU are the catalogue's (the service asks it). */
  const items = () =>
    db
      .selectFrom('cart_item')
      .select(['cart_item.id', 'cart_item.product_id', 'cart_item.attr_id', 'cart_item.num', 'cart_item.img_urls', 'cart_item.created_at']);

  /** How many lines the scope's cart holds (the header's badge); the index on (owner_id, id) answers it. */
  const countOf = async (scope: Scope): Promise<number> => {
    const row = await db
      .selectFrom('cart_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(ownedBy(scope, 'cart_item.owner_id'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    insert: (item: Insertable<CartItemTable>) => db.insertInto('cart_item').values(item).returning('id').executeTakeFirstOrThrow(),

    /** One page of the scope's items, newest first, and how many it holds in all. */
    async page(scope: Scope, limit: number, offset: number, ids?: number[]) {
      let q = items().where(ownedBy(scope, 'cart_item.owner_id'));
      // The checkout's lines: all of them, whatever the page.
      if (ids) q = q.where('cart_item.id', 'in', ids.length ? ids : [-1]);
      else q = q.limit(limit).offset(offset);
      const [rows, total] = await Promise.all([q.orderBy('cart_item.id', 'desc').execute(), countOf(scope)]);
      return { rows, count: total };
    },

    count: countOf,

    /** One of the scope's items; undefined when it is not there or not the scope's. */
    itemInScope: (scope: Scope, id: number) =>
      items().where('cart_item.id', '=', id).where(ownedBy(scope, 'cart_item.owner_id')).executeTakeFirst(),

    /** Sets an item's quantity when it is in the scope; how many rows changed (0 or 1). */
    async setQuantity(scope: Scope, id: number, num: number, now: number): Promise<number> {
      const res = await db
        .updateTable('cart_item')
        .set({ num, updated_at: now })
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Deletes the scope's items among these ids; how many went. */
    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('cart_item').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
/** A cart line as an order takes it (docs/orders.md#checkout). */
export interface CartLineForOrder {
  id: number;
  product_id: number;
  attr_id: number;
  num: number;
  extends: string;
  img_urls: string;
  finished_attr_id: number;
}

/**
 * Takes these cart lines out of the scope's cart for an order, in the order's transaction (`db` is it): all of
 * them or none (answers what it took; fewer than asked means some were gone, and the caller rolls back).
 */
export async function takeCartLines(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<CartLineForOrder[]> {
  const rows = await db
    .selectFrom('cart_item')
    .select(['id', 'product_id', 'attr_id', 'num', 'extends', 'img_urls', 'finished_attr_id'])
    .where('id', 'in', ids)
    .where(ownedBy(scope, 'owner_id'))
    .execute();
  if (rows.length !== ids.length) return rows;
  const res = await db.deleteFrom('cart_item').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
  // Another checkout of the same lines took some first: report fewer.
  return Number(res.numDeletedRows) === ids.length ? rows : [];
}

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createCartRepo = (db: Kysely<Database>) => transactional(db, cartQueries);
export type CartRepo = ReturnType<typeof createCartRepo>;
export type CartItemRecord = NonNullable<Awaited<ReturnType<CartRepo['itemInScope']>>>;
