import type { Insertable, Kysely } from 'kysely';
import type { AddressTable, Database, OrderLineTable, OrdersTable } from '../../db/schema.js';
import type { OrderAddress, OrderListQuery } from '@app/contract';

/** What the order list filters by, its accounts already resolved from userids and office_id. */
export type OrderFilter = Omit<OrderListQuery, 'userids' | 'office_id' | 'pageNumber' | 'pageSize'> & { ownerIds: readonly number[] };

/** Queries of orders, their lines and history, and shipping addresses (docs/orders.md); the rules live in the service. */
export const orderQueries = (db: Kysely<Database>) => {
  const filtered = (f: OrderFilter, withStatus: boolean) => {
    let q = db.selectFrom('orders').where('owner_id', 'in', f.ownerIds.length ? [...f.ownerIds] : [-1]);
    if (withStatus && f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.orders_type !== undefined) q = q.where('orders_type', '=', f.orders_type);
    if (f.store_id !== undefined) q = q.where('store_id', '=', f.store_id);
    if (f.start_time !== undefined) q = q.where('created_at', '>=', f.start_time * 1000);
    if (f.end_time !== undefined) q = q.where('created_at', '<=', f.end_time * 1000 + 999);
    if (f.keyword) {
      const k = f.keyword;
      // A contains-search, case-blind on both databases; the wildcards are taken out of what the seller typed.
      const part = `%${k.toLowerCase().replace(/[\\%_]/g, '')}%`;
      q = q.where((eb) => eb.or([eb('order_no', '=', k), eb(eb.fn<string>('lower', ['recipient']), 'like', part)]));
    }
    return q;
  };
  return {
    insertOrder: async (row: Insertable<OrdersTable>) =>
      (await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow()).id,
    insertLines: (rows: Insertable<OrderLineTable>[]) => db.insertInto('order_line').values(rows).execute(),
    addHistory: (orderId: number, status: number, at: number, note = '') =>
      db.insertInto('order_history').values({ order_id: orderId, status, note, created_at: at }).execute(),

    /** Moves an order from one of `from` to `to`; false when it was in none of them (another change came first). */
    async setStatus(id: number, from: number[], to: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('orders')
        .set({ status: to, updated_at: at })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** An order of these accounts. */
    byId: (ownerIds: readonly number[], id: number) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('owner_id', 'in', [...ownerIds])
        .executeTakeFirst(),
    lines: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('order_line').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    history: (orderId: number) =>
      db.selectFrom('order_history').select(['status', 'note', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute(),

    /** One page of orders, newest first, how many match, and how many match per status. */
    async page(f: OrderFilter, limit: number, offset: number) {
      const [rows, total, perStatus] = await Promise.all([
        filtered(f, true).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered(f, true)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(f, false)
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute(),
      ]);
      return { rows, count: Number(total.n), perStatus: perStatus.map((r) => ({ status: r.status, n: Number(r.n) })) };
    },

    /** Units and the first line's mockups of these orders (the list's thumbnails). */
    async lineSummaries(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db.selectFrom('order_line').select(['order_id', 'num', 'img_urls']).where('order_id', 'in', orderIds).orderBy('id').execute();
    },

    /** Remembers an address the caller shipped to: the same one again is moved to the front, not repeated. */
    async rememberAddress(ownerId: number, a: OrderAddress, at: number) {
      const same = await db
        .selectFrom('address')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('recipient', '=', a.recipient)
        .where('phone', '=', a.phone)
        .where('country', '=', a.country)
        .where('province', '=', a.province)
        .where('city', '=', a.city)
        .where('address1', '=', a.address1)
        .where('address2', '=', a.address2)
        .where('postcode', '=', a.postcode)
        .executeTakeFirst();
      if (same) await db.updateTable('address').set({ used_at: at }).where('id', '=', same.id).execute();
      else
        await db
          .insertInto('address')
          .values({ owner_id: ownerId, ...a, used_at: at } satisfies Insertable<AddressTable>)
          .execute();
    },
    addresses: (ownerId: number, limit: number) =>
      db.selectFrom('address').selectAll().where('owner_id', '=', ownerId).orderBy('used_at', 'desc').limit(limit).execute(),
  };
};
export type OrderQueries = ReturnType<typeof orderQueries>;
export type OrderRecord = NonNullable<Awaited<ReturnType<OrderQueries['byId']>>>;
