import { createHmac } from 'node:crypto';
import { Refusal } from './create.js';
import type { Order } from './orderModel.js';
import type { SandboxState, Shop } from './state.js';

/**
 * Webhook delivery (docs/marketplace-b.md#webhooks): on every order status change, to the address the shop
 * registered (eventApi.ts), the sandbox POSTs TikTok's ORDER_STATUS_CHANGE body (type 1), signed as TikTok
 * signs it, asynchronously (never holding an API answer), with retries, each notification `copies` times.
 */

/** Sandbox's choice: at most 16 deliveries in flight, and the log keeps the last 20,000. */
const IN_FLIGHT_MAX = 16;
const LOG_MAX = 20_000;
const COPIES_MAX = 10;

/**
 * TikTok's signature of a webhook: lower-case hex HMAC-SHA256 of app_key + raw body, keyed with the app
 * secret, in the `Authorization` header (EcomPHP tiktokshop-php src/Webhook.php `verify`).
 */
export const webhookSignature = (appKey: string, appSecret: string, raw: string) =>
  createHmac('sha256', appSecret)
    .update(appKey + raw)
    .digest('hex');

export interface Delivery {
  tts_notification_id: string;
  shop_id: string;
  order_id: string;
  order_status: string;
  address: string;
  copy: number;
  attempts: number;
  state: 'pending' | 'delivered' | 'gave_up';
  /** The receiver's last HTTP status, or the network error. */
  last_result: string;
}

export interface NotifierOptions {
  /** Waits before each retry (ms, real time); their count is the retries. */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** Copies of each notification for a shop that set none. */
  copies: number;
}

export class Notifier {
  readonly log: Delivery[] = [];
  private readonly queue: { d: Delivery; raw: string; shop: Shop }[] = [];
  private inFlight = 0;
  private nextId = 7327112393057371910n;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();
  private stopped = false;

  constructor(
    private readonly state: SandboxState,
    readonly opts: NotifierOptions,
  ) {}

  /** An order changed: one notification, built now (the order changes on), sent later. */
  orderChanged(order: Order): void {
    const shop = this.state.shops.get(order.shopId);
    const hook = shop?.webhooks.get('ORDER_STATUS_CHANGE');
    if (!shop || !hook || this.stopped) return;
    const id = String(++this.nextId);
    // The webhook page lists CANCEL, not CANCELLED, among order_status values (docs/marketplace-b.md#webhooks).
    const status = order.data.status === 'CANCELLED' ? 'CANCEL' : order.data.status;
    const raw = JSON.stringify({
      type: 1,
      tts_notification_id: id,
      shop_id: shop.id,
      timestamp: this.state.nowS(),
      data: { order_id: order.data.id, order_status: status, is_on_hold_order: false, update_time: order.data.update_time },
    });
    const copies = shop.webhookCopies ?? this.opts.copies;
    for (let copy = 1; copy <= copies; copy++) {
      const d: Delivery = {
        tts_notification_id: id,
        shop_id: shop.id,
        order_id: order.data.id,
        order_status: status,
        address: hook.address,
        copy,
        attempts: 0,
        state: 'pending',
        last_result: '',
      };
      this.log.push(d);
      this.queue.push({ d, raw, shop });
    }
    if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.inFlight < IN_FLIGHT_MAX && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.inFlight++;
      void this.attempt(job).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async attempt(job: { d: Delivery; raw: string; shop: Shop }): Promise<void> {
    const { d, raw, shop } = job;
    d.attempts++;
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), this.opts.timeoutMs);
    try {
      const res = await fetch(d.address, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: webhookSignature(shop.app_key, shop.app_secret, raw) },
        body: raw,
        signal: abort.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      d.last_result = String(res.status);
      if (res.ok) d.state = 'delivered';
    } catch (err) {
      d.last_result = err instanceof Error ? err.name : 'error';
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
    if (d.state === 'delivered' || this.stopped) return;
    const wait = this.opts.retryDelaysMs[d.attempts - 1];
    if (wait === undefined) {
      d.state = 'gave_up';
      return;
    }
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      this.queue.push(job);
      this.pump();
    }, wait);
    this.timers.add(retry);
  }

  /** Counts over the log, for one shop or order when asked (GET /sandbox/webhooks/deliveries). */
  counts(filter: { shop_id?: string; order_id?: string }) {
    const rows = this.log.filter(
      (d) => (!filter.shop_id || d.shop_id === filter.shop_id) && (!filter.order_id || d.order_id === filter.order_id),
    );
    const n = (s: Delivery['state']) => rows.filter((d) => d.state === s).length;
    return {
      notifications: new Set(rows.map((d) => d.tts_notification_id)).size,
      deliveries: rows.length,
      attempts: rows.reduce((a, d) => a + d.attempts, 0),
      delivered: n('delivered'),
      pending: n('pending'),
      gave_up: n('gave_up'),
      recent: rows.slice(-100),
    };
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    for (const a of this.aborts) a.abort();
    this.timers.clear();
    this.queue.length = 0;
  }

  static copiesValue(v: unknown): number | null {
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > COPIES_MAX)
      throw new Refusal(400, 400, `copies must be an integer 1-${COPIES_MAX}, or null`);
    return v;
  }
}
