import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseJsonColumn } from '../../db/json.js';
import type { JobContext, JobKind, JobQueue } from '../../jobs/queue.js';
import type { OrderRecord } from '../orders/index.js';
import { MarketplaceError } from '../publish/index.js';
import type { MarketOrder, MarketplaceOrders } from '../publish/index.js';
import type { HeldConnection, ShopCalls } from '../publish/index.js';
import type { ShopRepo, ShopService } from '../shops/index.js';
import { marketCarrierFor } from './carriers.js';
import { marketOrderQueries } from './repo.js';
import type { Settling } from './settle.js';

export const MARKET_ORDERS_JOB = 'market-orders';
/** How often each marketplace's shops are asked for changed orders (docs/market-orders.md#pulling): A pushes nothing. */
export const PULL_EVERY_MS: Record<number, number> = { 2: 60_000, 15: 5 * 60_000 };
/** A pull asks from this long before the last change it saw: a change written late at the marketplace is not missed. */
const OVERLAP_MS = 10 * 60_000;
/** A shop's first pull looks this far back. */
const FIRST_PULL_MS = 14 * 86_400_000;
/** Pages of changes one pull reads at most (the next pull goes on from there). */
const MAX_PAGES = 200;

interface SyncPayload {
  store_id: number;
  /** Ask the marketplace for changed orders (a timer's pull); without it only the rows marked stale are read. */
  pull?: boolean;
  /** Send the tracking of this order of ours. */
  ship_order_id?: number;
}

/**
 * The import job (docs/market-orders.md#pulling): one run per shop reads what changed — the change list when a pull is
 * due, the rows a webhook marked stale — in batches of the marketplace's ids per call, paced on the shop's bucket,
 * saves each order unless what is held is newer, and settles it (settle.ts). Sending the tracking back is the same
 * job with `ship_order_id`.
 */
export function createMarketOrderSync(deps: {
  db: Kysely<Database>;
  queue: Pick<JobQueue, 'enqueue'>;
  calls: ShopCalls;
  shops: Pick<ShopService, 'connectionFor' | 'needsReconnect'>;
  shopRepo: Pick<ShopRepo, 'connectedShops' | 'ownerOf'>;
  ordersOf: (platform: number) => MarketplaceOrders | undefined;
  settling: Settling;
  orderById: (id: number) => Promise<OrderRecord | undefined>;
  /** The address a shop's webhooks reach us at ('' when the marketplace cannot reach us: no webhook). */
  webhookAddress: (storeId: number) => string;
  now: () => number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}) {
  const { now, log } = deps;
  const q = marketOrderQueries(deps.db);

  /** Queues the shop's import unless one is queued and not started yet (a burst of webhooks queues one run). */
  async function kick(storeId: number, ownerId: number) {
    await q.shop(storeId);
    if (await q.setQueued(storeId, 0, 1)) await deps.queue.enqueue({ kind: MARKET_ORDERS_JOB, ownerId, payload: { store_id: storeId } });
  }

  /** Queues a pull of every connected shop whose pull is due (every process may ask: one takes each). */
  async function pullDue(): Promise<number> {
    let queued = 0;
    for (const s of await deps.shopRepo.connectedShops([2, 15])) {
      const every = PULL_EVERY_MS[s.platform]!;
      await q.shop(s.id);
      if (!(await q.takePull(s.id, now(), now() + every))) continue;
      await deps.queue.enqueue({
        kind: MARKET_ORDERS_JOB,
        ownerId: s.owner_id,
        payload: { store_id: s.id, pull: true } satisfies SyncPayload,
      });
      queued++;
    }
    return queued;
  }

  /** Queues sending the tracking of a shipped order of ours to its marketplace. */
  async function shipped(order: Pick<OrderRecord, 'id' | 'owner_id' | 'store_id' | 'orders_type'>) {
    if (order.orders_type !== 2) return;
    await deps.queue.enqueue({
      kind: MARKET_ORDERS_JOB,
      ownerId: order.owner_id,
      payload: { store_id: order.store_id, ship_order_id: order.id } satisfies SyncPayload,
      maxAttempts: 5,
    });
  }

  async function run(job: JobContext) {
    const p = job.payload as SyncPayload;
    const storeId = p.store_id;
    if (!p.ship_order_id && !p.pull) await q.setQueued(storeId, 1, 0);
    const stored = await deps.shops.connectionFor(storeId);
    if (!stored || (await deps.shops.needsReconnect(storeId))) return { store_id: storeId, skipped: 'not connected' };
    const api = deps.ordersOf(stored.platform);
    if (!api) return { store_id: storeId, skipped: 'no adapter' };
    const conn: HeldConnection = { current: stored };
    try {
      if (p.ship_order_id) return await ship(storeId, conn, api, p.ship_order_id);
      const shop = await q.shop(storeId);
      await subscribe(storeId, conn, api, shop.webhook_address);
      const marked = p.pull ? await pull(storeId, conn, api, shop.cursor) : 0;
      const read = await readStale(storeId, conn, api, shop.order_mode);
      await q.setShop(storeId, { pulled_at: now(), pull_error: '' });
      return { store_id: storeId, marked, read };
    } catch (e) {
      if (!(e instanceof MarketplaceError) || e.kind === 'unavailable') throw e;
      // Refused (a scope, a revoked app): the seller sees it on the shop; the next pull tries again.
      log.warn({ storeId, remote: e.remote }, 'order import refused by the marketplace');
      await q.setShop(storeId, { pull_error: e.key });
      return { store_id: storeId, refused: e.key };
    }
  }

  /** Has the marketplace push this shop's order changes to us, once per address. */
  async function subscribe(storeId: number, conn: HeldConnection, api: MarketplaceOrders, registered: string) {
    const address = deps.webhookAddress(storeId);
    if (!api.subscribe || !address || address === registered) return;
    await deps.calls.call(storeId, conn, (c) => api.subscribe!(c, address));
    await q.setShop(storeId, { webhook_address: address });
  }

  /** Marks every order changed since the cursor (less the overlap) to be read; moves the cursor once all are marked. */
  async function pull(storeId: number, conn: HeldConnection, api: MarketplaceOrders, cursor: number): Promise<number> {
    const since = cursor > 0 ? Math.max(0, cursor - OVERLAP_MS) : now() - FIRST_PULL_MS;
    const owner = { storeId, ownerId: (await deps.shopRepo.ownerOf(storeId)) ?? 0, platform: api.platform };
    let page: string | undefined;
    let newest = cursor;
    let marked = 0;
    for (let n = 0; n < MAX_PAGES; n++) {
      const answer = await deps.calls.call(storeId, conn, (c) => api.changedOrders(c, since, page));
      await q.markStale(owner, answer.changes, now());
      for (const c of answer.changes) newest = Math.max(newest, c.updatedAt);
      marked += answer.changes.length;
      page = answer.nextPage;
      if (!page) break;
    }
    if (newest > cursor) await q.setShop(storeId, { cursor: newest });
    return marked;
  }

  /** Reads the shop's stale orders in batches, saves and settles each. */
  async function readStale(storeId: number, conn: HeldConnection, api: MarketplaceOrders, mode: 'review' | 'auto') {
    let read = 0;
    for (;;) {
      const ids = await q.staleIds(storeId, api.idsPerCall);
      if (ids.length === 0) return read;
      const orders = await deps.calls.call(storeId, conn, (c) => api.orders(c, ids));
      const answered = new Set(orders.map((o) => o.remoteOrderId));
      await q.clearStale(
        storeId,
        ids.filter((id) => !answered.has(id)),
      );
      for (const o of orders) {
        await q.saveRead(storeId, o, now());
        const row = await q.byRemote(storeId, o.remoteOrderId);
        if (row) await deps.settling.settle(row, mode);
      }
      read += orders.length;
    }
  }

  /** Sends our shipment's carrier and tracking to the marketplace; a refusal waits in the exceptions list for a retry. */
  async function ship(storeId: number, conn: HeldConnection, api: MarketplaceOrders, orderId: number) {
    const row = await q.ofOrder(orderId);
    const ours = await deps.orderById(orderId);
    if (!row || !ours || row.store_id !== storeId || row.ship_state === 'sent' || !ours.tracking_no)
      return { order_id: orderId, skipped: true };
    const order = parseJsonColumn<MarketOrder | null>(row.body, null);
    if (!order) return { order_id: orderId, skipped: true };
    const refuse = (key: 'marketTrackingRefused' | 'marketCarrierUnmapped', params: Record<string, string>) =>
      q.update(row.id, { ship_state: 'refused', exception: key, exception_params: JSON.stringify(params), updated_at: now() });
    try {
      const offered = await deps.calls.call(storeId, conn, (c) => api.carriers(c, order));
      const carrier = marketCarrierFor(api.platform, ours.carrier, ours.shipping_method === 'express', offered);
      if (!carrier) {
        await refuse('marketCarrierUnmapped', { carrier: ours.carrier });
        return { order_id: orderId, refused: 'marketCarrierUnmapped' };
      }
      await deps.calls.call(storeId, conn, (c) => api.ship(c, order, { carrier, trackingNumber: ours.tracking_no }));
    } catch (e) {
      if (!(e instanceof MarketplaceError) || e.kind === 'unavailable') throw e;
      // Already shipped there (our own earlier call whose answer was lost): the tracking is there.
      if (e.key !== 'tiktokOrderShipped' && e.key !== 'aeOrderShipped') {
        await refuse('marketTrackingRefused', { reason: e.remote.message || e.key });
        return { order_id: orderId, refused: e.key };
      }
    }
    await q.update(row.id, { ship_state: 'sent', exception: '', exception_params: '{}', updated_at: now() });
    return { order_id: orderId, sent: true };
  }

  /** Marketplace orders the import saw but could not finish (a lost job): read again on start. */
  async function recover(): Promise<number> {
    const shops = await q.shopsWithStale();
    for (const s of shops) {
      await q.setQueued(s.store_id, 1, 0);
      await kick(s.store_id, s.owner_id);
    }
    return shops.length;
  }

  const jobKind: JobKind = { run, recover };
  return { jobKind, kick, pullDue, shipped, run };
}
export type MarketOrderSync = ReturnType<typeof createMarketOrderSync>;
