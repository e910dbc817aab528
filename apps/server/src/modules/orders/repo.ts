import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AddressTable, Database, OrderLineTable, OrdersTable } from '../../db/schema.js';
import { ORDER_STATUS, type OrderAddress, type OrderListQuery } from '@app/contract';
import { ownedBy } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

/** What the order list filters by, its accounts already resolved from userids and office_id. */
export type OrderFilter = Omit<OrderListQuery, 'userids' | 'office_id' | 'pageNumber' | 'pageSize'> & { ownerIds: readonly number[] };

/** Queries of orders, their lines and history, and shipping addresses (docs/orders.md); the rules live in the service. */
export const orderQueries = (db: Kysely<Database>) => {
  const filtered = (f: OrderFilter, withStatus: boolean) => {
    let q = db.selectFrom('orders').where(ownedBy({ accountIds: f.ownerIds }, 'owner_id'));
    if (withStatus && f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.orders_type !== undefined) q = q.where('orders_type', '=', f.orders_type);
    if (f.store_id !== undefined) q = q.where('store_id', '=', f.store_id);
    if (f.exception === 1) q = q.where('exception', '!=', '');
    if (f.start_time !== undefined) q = q.where('created_at', '>=', f.start_time * 1000);
    if (f.end_time !== undefined) q = q.where('created_at', '<=', f.end_time * 1000 + 999);
    if (f.keyword) {
      // An order number is found whole (its unique index), a recipient by part of the name.
      const k = f.keyword;
      q = /^\d{16}$/.test(k) ? q.where('order_no', '=', k) : q.where(containsText('recipient', k));
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
        .where(ownedBy({ accountIds: ownerIds }, 'owner_id'))
        .executeTakeFirst(),
    /** An order's status now (after a change lost a race). */
    statusOf: async (id: number) => (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst())?.status,
    /** The products and units of an order's lines: what a payment or a cancel moves of the ordered counts. */
    unitsOf: (orderId: number) => db.selectFrom('order_line').select(['finished_id', 'num']).where('order_id', '=', orderId).execute(),
    lines: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('order_line').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    history: (orderId: number) =>
      db.selectFrom('order_history').select(['status', 'note', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute(),

    /** One page of orders, newest first, how many match, and how many match per status. */
    async page(f: OrderFilter, limit: number, offset: number) {
      const [rows, total, perStatus, held] = await Promise.all([
        filtered(f, true).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered(f, true)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(f, false)
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute(),
        filtered(f, false)
          .where('exception', '!=', '')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows,
        count: Number(total.n),
        perStatus: perStatus.map((r) => ({ status: r.status, n: Number(r.n) })),
        held: Number(held.n),
      };
    },

    /** The units of these orders and their first line's mockups (the list's thumbnails), by order: two small reads. */
    async lineSummaries(orderIds: number[]): Promise<Map<number, { units: number; img_urls: string }>> {
      if (orderIds.length === 0) return new Map();
      const counts = await db
        .selectFrom('order_line')
        .select(['order_id', (eb) => eb.fn.sum<number>('num').as('units'), (eb) => eb.fn.min<number>('id').as('first')])
        .where('order_id', 'in', orderIds)
        .groupBy('order_id')
        .execute();
      const firsts = counts.length
        ? await db
            .selectFrom('order_line')
            .select(['order_id', 'img_urls'])
            .where(
              'id',
              'in',
              counts.map((c) => Number(c.first)),
            )
            .execute()
        : [];
      const images = new Map(firsts.map((f) => [f.order_id, f.img_urls]));
      return new Map(counts.map((c) => [c.order_id, { units: Number(c.units), img_urls: images.get(c.order_id) ?? '[]' }]));
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
    /** An order by id, whoever owns it (the production job's and the factory's own). */
    orderById: (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The order the factory knows by this reference (its external id), current or of an earlier attempt. */
    orderByFactoryRef: (ref: string) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('order_no', '=', ref.replace(/-R\d+$/, ''))
        .executeTakeFirst(),
    updateProduction: (id: number, set: Updateable<OrdersTable>) => db.updateTable('orders').set(set).where('id', '=', id).execute(),
    setPrintFiles: (lineId: number, printFiles: string) =>
      db.updateTable('order_line').set({ print_files: printFiles }).where('id', '=', lineId).execute(),
    /** Orders at the factory (paid, in production or shipped) not heard of since `before`, oldest first. */
    inProductionSince: (before: number, limit: number) =>
      db
        .selectFrom('orders')
        .select(['id', 'factory_ref'])
        .where('status', 'in', [ORDER_STATUS.paid, ORDER_STATUS.inProduction, ORDER_STATUS.shipped])
        .where('updated_at', '<', before)
        .where('factory_order_id', '!=', '')
        .where('exception', '=', '')
        .orderBy('updated_at')
        .limit(limit)
        .execute(),
    /** Paid orders not yet at the factory and not held: each needs its production job. */
    paidNotSubmitted: () =>
      db
        .selectFrom('orders')
        .select(['id', 'owner_id'])
        .where('status', '=', ORDER_STATUS.paid)
        .where('factory_order_id', '=', '')
        .where('exception', '=', '')
        .execute(),
    addresses: (ownerId: number, limit: number) =>
      db.selectFrom('address').selectAll().where('owner_id', '=', ownerId).orderBy('used_at', 'desc').limit(limit).execute(),
  };
};
export type OrderQueries = ReturnType<typeof orderQueries>;
export type OrderRecord = NonNullable<Awaited<ReturnType<OrderQueries['byId']>>>;
