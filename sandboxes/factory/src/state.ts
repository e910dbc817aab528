import { createHmac, randomBytes } from 'node:crypto';
import { checkFiles, type FileLimits } from './files.js';
import type { Order, OrderRequest, OrderStatus } from './order.js';

export type WebhookType = 'order_updated' | 'order_failed' | 'package_shipped' | 'order_canceled';
export const WEBHOOK_TYPES: WebhookType[] = ['order_updated', 'order_failed', 'package_shipped', 'order_canceled'];

/** Milliseconds each status lasts before the next: pending (after the file checks) → inprocess → shipped → fulfilled. */
export interface Pace {
  pending: number;
  inprocess: number;
  shipped: number;
}
export const SPEEDS: Record<'default' | 'fast', { pace: Pace; retries: number[] }> = {
  // About a minute from an order to its delivery, as docs/fulfilment.md#sandbox says.
  default: { pace: { pending: 10_000, inprocess: 30_000, shipped: 20_000 }, retries: [2_000, 10_000, 30_000] },
  fast: { pace: { pending: 80, inprocess: 80, shipped: 80 }, retries: [50, 100, 200] },
};

interface Webhook {
  url: string;
  types: WebhookType[];
  secret: string;
}
interface Account {
  orders: Map<number, Order>;
  byExternalId: Map<string, Order>;
  webhook?: Webhook;
  /** Delivery attempts still to fail on purpose (a control call). */
  failNext: number;
}

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = { pending: 'inprocess', inprocess: 'shipped', shipped: 'fulfilled' };
const EVENT: Record<OrderStatus, WebhookType> = {
  pending: 'order_updated',
  inprocess: 'order_updated',
  shipped: 'package_shipped',
  fulfilled: 'order_updated',
  failed: 'order_failed',
  canceled: 'order_canceled',
};

/** The factory's memory: API keys, their orders and webhooks, and the timers moving the orders on. */
export class FactoryState {
  private readonly accounts = new Map<string, Account>();
  private readonly timers = new Map<Order, NodeJS.Timeout>();
  private readonly pending = new Set<NodeJS.Timeout>();
  private nextId = 100_001;
  closed = false;

  constructor(
    private readonly pace: Pace,
    private readonly retries: number[],
    private readonly files: FileLimits,
  ) {}

  createApiKey(key = `sk_${randomBytes(18).toString('hex')}`): string {
    this.accounts.set(key, { orders: new Map(), byExternalId: new Map(), failNext: 0 });
    return key;
  }

  account(key: string): Account | undefined {
    return this.accounts.get(key);
  }

  /** A new order, pending while its files are checked; then on its way or failed. */
  create(acc: Account, req: OrderRequest): Order {
    const now = Math.floor(Date.now() / 1000);
    const order: Order = { id: this.nextId++, ...req, status: 'pending', created: now, updated: now, shipments: [] };
    acc.orders.set(order.id, order);
    acc.byExternalId.set(order.external_id, order);
    void checkFiles(order.items, this.files).then((failure) => {
      if (this.closed || order.status !== 'pending') return;
      if (failure) {
        order.failure = failure;
        this.move(acc, order, 'failed');
      } else this.schedule(acc, order);
    });
    return order;
  }

  find(acc: Account, ref: string): Order | undefined {
    if (ref.startsWith('@')) return acc.byExternalId.get(ref.slice(1));
    return /^\d+$/.test(ref) ? acc.orders.get(Number(ref)) : undefined;
  }

  /** Sets the status now, tells the webhook, and plans the next step. */
  move(acc: Account, order: Order, status: OrderStatus) {
    clearTimeout(this.timers.get(order));
    this.timers.delete(order);
    order.status = status;
    order.updated = Math.floor(Date.now() / 1000);
    if ((status === 'shipped' || status === 'fulfilled') && order.shipments.length === 0) order.shipments.push(shipmentFor(order));
    this.notify(acc, EVENT[status], order);
    this.schedule(acc, order);
  }

  private schedule(acc: Account, order: Order) {
    const next = NEXT[order.status];
    if (!next || this.closed) return;
    const wait = this.pace[order.status as keyof Pace];
    this.timers.set(
      order,
      setTimeout(() => this.move(acc, order, next), wait),
    );
  }

  setWebhook(acc: Account, url: string, types: WebhookType[]): Webhook {
    acc.webhook = { url, types, secret: randomBytes(24).toString('hex') };
    return acc.webhook;
  }

  private notify(acc: Account, type: WebhookType, order: Order) {
    const hook = acc.webhook;
    if (!hook || !hook.types.includes(type)) return;
    const body = JSON.stringify({ type, created: Math.floor(Date.now() / 1000), data: { order } });
    void this.deliver(acc, hook, body, 0);
  }

  /** One attempt; a non-2xx answer (or none) is tried again after each of the retry delays in turn. */
  private async deliver(acc: Account, hook: Webhook, body: string, attempt: number) {
    if (this.closed) return;
    let ok = false;
    if (acc.failNext > 0) acc.failNext--;
    else {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', hook.secret).update(`${timestamp}.${body}`).digest('hex');
      ok = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-factory-timestamp': timestamp, 'x-factory-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (r) => r.ok,
        () => false,
      );
    }
    const delay = this.retries[attempt];
    if (ok || delay === undefined || this.closed) return;
    const t = setTimeout(() => {
      this.pending.delete(t);
      void this.deliver(acc, hook, body, attempt + 1);
    }, delay);
    this.pending.add(t);
  }

  close() {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    for (const t of this.pending) clearTimeout(t);
  }
}

function shipmentFor(order: Order) {
  const tracking = `1Z${String(order.id).padStart(10, '0')}`;
  return {
    carrier: 'UPS',
    service: order.shipping === 'EXPRESS' ? 'UPS Express' : 'UPS Standard',
    tracking_number: tracking,
    tracking_url: `https://www.ups.com/track?tracknum=${tracking}`,
    ship_date: new Date().toISOString().slice(0, 10),
  };
}
