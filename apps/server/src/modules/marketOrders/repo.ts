import type { Kysely, Updateable } from 'kysely';
import type { Database, MarketOrderTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import type { MarketOrder, MarketOrderChange } from '../publish/index.js';

/** Queries of marketplace orders and the shops' order settings (docs/market-orders.md); the rules live in the service. */
export function marketOrderQueries(db: Kysely<Database>) {
  return {
    /** The shop's settings and import state, made with the defaults on first use. */
    async shop(storeId: number) {
      await db
        .insertInto('market_shop')
        .values({ store_id: storeId })
        .onConflict((oc) => oc.column('store_id').doNothing())
        .execute();
      return db.selectFrom('market_shop').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
    },
    shops: (storeIds: number[]) =>
      storeIds.length ? db.selectFrom('market_shop').selectAll().where('store_id', 'in', storeIds).execute() : Promise.resolve([]),
    setShop: (storeId: number, set: Updateable<Database['market_shop']>) =>
      db.updateTable('market_shop').set(set).where('store_id', '=', storeId).execute(),
    /** Moves the shop's queued mark from `from` to `to`; false when it was not `from`. */
    async setQueued(storeId: number, from: 0 | 1, to: 0 | 1): Promise<boolean> {
      const r = await db
        .updateTable('market_shop')
        .set({ queued: to })
        .where('store_id', '=', storeId)
        .where('queued', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** The shops with orders still to read (a run lost with its process). */
    shopsWithStale: () =>
      db.selectFrom('market_order').select(['store_id', 'owner_id']).where('stale', '=', 1).groupBy(['store_id', 'owner_id']).execute(),
    /** A deleted shop's settings and webhook memory go; its marketplace orders stay beside the orders made of them. */
    deleteForShop: async (storeId: number) => {
      await db.deleteFrom('market_shop').where('store_id', '=', storeId).execute();
      await db.deleteFrom('market_webhook_seen').where('store_id', '=', storeId).execute();
    },
    /** Takes the shop's due pull (moves next_pull_at on): false when another process took it first. */
    async takePull(storeId: number, dueBefore: number, next: number): Promise<boolean> {
      const r = await db
        .updateTable('market_shop')
        .set({ next_pull_at: next })
        .where('store_id', '=', storeId)
        .where('next_pull_at', '<=', dueBefore)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Marks these orders to be read again, adding the ones not known yet: a change older than what is held changes
     * nothing (the list and the webhooks may repeat or come out of order; a copy is stopped before, by its id).
     */
    async markStale(
      owner: { ownerId: number; storeId: number; platform: number },
      changes: Pick<MarketOrderChange, 'remoteOrderId' | 'updatedAt'>[],
      at: number,
    ) {
      if (changes.length === 0) return;
      const ids = [...new Set(changes.map((c) => c.remoteOrderId))];
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        await db
          .insertInto('market_order')
          .values(
            part.map((remote_order_id) => ({
              owner_id: owner.ownerId,
              store_id: owner.storeId,
              platform: owner.platform,
              remote_order_id,
              created_at: at,
              updated_at: at,
            })),
          )
          .onConflict((oc) => oc.columns(['store_id', 'remote_order_id']).doNothing())
          .execute();
      }
      const newest = new Map<string, number>();
      for (const c of changes) newest.set(c.remoteOrderId, Math.max(newest.get(c.remoteOrderId) ?? 0, c.updatedAt));
      // One update per distinct time (a webhook burst shares few), each only where what is held is older.
      const byTime = new Map<number, string[]>();
      for (const [id, t] of newest) (byTime.get(t) ?? byTime.set(t, []).get(t)!).push(id);
      for (const [t, part] of byTime)
        for (let i = 0; i < part.length; i += 500)
          await db
            .updateTable('market_order')
            .set({ stale: 1 })
            .where('store_id', '=', owner.storeId)
            .where('remote_order_id', 'in', part.slice(i, i + 500))
            .where('stale', '=', 0)
            // Equal too: B's times are whole seconds, and a cancel can follow the order within its second.
            .where('remote_updated_at', '<=', t)
            .execute();
    },

    /** Up to `limit` orders of the shop to read again. */
    staleIds: async (storeId: number, limit: number) =>
      (
        await db
          .selectFrom('market_order')
          .select('remote_order_id')
          .where('store_id', '=', storeId)
          .where('stale', '=', 1)
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((r) => r.remote_order_id),

    /** Writes what the marketplace answered, unless what is held is newer; clears stale either way. */
    async saveRead(storeId: number, o: MarketOrder, at: number) {
      await db
        .updateTable('market_order')
        .set({
          remote_status: o.remoteStatus,
          state: o.state,
          currency: o.currency,
          buyer_paid: o.buyerPaid,
          buyer_shipping: o.buyerShipping,
          recipient: o.recipient.name,
          body: JSON.stringify(o),
          remote_created_at: o.createdAt,
          remote_updated_at: o.updatedAt,
          stale: 0,
          updated_at: at,
        })
        .where('store_id', '=', storeId)
        .where('remote_order_id', '=', o.remoteOrderId)
        .where('remote_updated_at', '<=', o.updatedAt)
        .execute();
      await db
        .updateTable('market_order')
        .set({ stale: 0 })
        .where('store_id', '=', storeId)
        .where('remote_order_id', '=', o.remoteOrderId)
        .execute();
    },
    /** Orders the marketplace did not answer for (not the shop's, or gone): not asked again. */
    clearStale: (storeId: number, remoteOrderIds: string[]) =>
      remoteOrderIds.length
        ? db
            .updateTable('market_order')
            .set({ stale: 0 })
            .where('store_id', '=', storeId)
            .where('remote_order_id', 'in', remoteOrderIds)
            .execute()
        : Promise.resolve([]),

    byRemote: (storeId: number, remoteOrderId: string) =>
      db
        .selectFrom('market_order')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('remote_order_id', '=', remoteOrderId)
        .executeTakeFirst(),
    byId: (id: number) => db.selectFrom('market_order').selectAll().where('id', '=', id).executeTakeFirst(),
    inScope: (scope: Scope, id: number) =>
      db.selectFrom('market_order').selectAll().where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst(),
    ofOrder: (orderId: number) => db.selectFrom('market_order').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
    ofOrders: (orderIds: number[]) =>
      orderIds.length ? db.selectFrom('market_order').selectAll().where('order_id', 'in', orderIds).execute() : Promise.resolve([]),
    update: (id: number, set: Updateable<MarketOrderTable>) => db.updateTable('market_order').set(set).where('id', '=', id).execute(),
    /** Records our order on it, in the order's transaction: false when another run made one first. */
    async claim(id: number, orderId: number, at: number): Promise<boolean> {
      const r = await db
        .updateTable('market_order')
        .set({ order_id: orderId, exception: '', exception_params: '{}', updated_at: at })
        .where('id', '=', id)
        .where('order_id', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The scope's marketplace orders no order could be made for (the exceptions list), newest first. */
    exceptions: (scope: Scope, storeId: number | undefined, limit: number) => {
      let q = db
        .selectFrom('market_order')
        .selectAll()
        .where(ownedBy(scope, 'owner_id'))
        .where('order_id', '=', 0)
        .where('exception', '!=', '');
      if (storeId !== undefined) q = q.where('store_id', '=', storeId);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },
    exceptionCount: async (scope: Scope, storeId: number | undefined) => {
      let q = db.selectFrom('market_order').where(ownedBy(scope, 'owner_id')).where('order_id', '=', 0).where('exception', '!=', '');
      if (storeId !== undefined) q = q.where('store_id', '=', storeId);
      return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },
    /** The shop's marketplace orders waiting on a binding (bind-and-retry looks at these). */
    unboundOfShop: (storeId: number) =>
      db
        .selectFrom('market_order')
        .select('id')
        .where('store_id', '=', storeId)
        .where('order_id', '=', 0)
        .where('exception', '=', 'marketSkuUnbound')
        .execute(),

    /** Remembers a webhook notification; false when it was seen already (a copy or a replay). */
    async firstSeen(storeId: number, notificationId: string, at: number): Promise<boolean> {
      const r = await db
        .insertInto('market_webhook_seen')
        .values({ store_id: storeId, notification_id: notificationId, received_at: at })
        .onConflict((oc) => oc.columns(['store_id', 'notification_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    forgetSeenBefore: (before: number) => db.deleteFrom('market_webhook_seen').where('received_at', '<', before).execute(),
  };
}
export type MarketOrderQueries = ReturnType<typeof marketOrderQueries>;
export type MarketOrderRow = NonNullable<Awaited<ReturnType<MarketOrderQueries['byId']>>>;
