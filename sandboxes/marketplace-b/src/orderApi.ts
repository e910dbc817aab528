import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import { jsonBody, needObject, ok } from './http.js';
import { ORDER_STATUSES, type OrderData } from './orderModel.js';
import { orderView } from './orders.js';
import type { SandboxState, Shop } from './state.js';

/** The signed Order API 202309: Get Order List (search) and Get Order Detail (docs/marketplace-b.md#orders). */

/** Get Order Detail takes at most 50 ids (`ids` "Max count: 50"). */
const IDS_MAX = 50;
const TIME_FILTERS = ['create_time_ge', 'create_time_lt', 'update_time_ge', 'update_time_lt'] as const;

const refuse = (message: string) => new Refusal(200, CODES.orderParam, message);
/** Order ids are numeric strings: shorter is smaller, then as text. */
const idCmp = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

interface Filters {
  order_status?: string;
  buyer_user_id?: string;
  create_time_ge?: number;
  create_time_lt?: number;
  update_time_ge?: number;
  update_time_lt?: number;
}

function filters(body: unknown): Filters {
  const b = (body ?? {}) as Record<string, unknown>;
  const f: Filters = {};
  if (b.order_status !== undefined) {
    if (typeof b.order_status !== 'string' || !(ORDER_STATUSES as readonly string[]).includes(b.order_status))
      throw refuse(`order_status must be one of ${ORDER_STATUSES.join(', ')}`);
    f.order_status = b.order_status;
  }
  if (b.buyer_user_id !== undefined) {
    if (typeof b.buyer_user_id !== 'string') throw refuse('buyer_user_id must be a string');
    f.buyer_user_id = b.buyer_user_id;
  }
  for (const k of TIME_FILTERS) {
    const v = b[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw refuse(`${k} must be a unix timestamp (seconds)`);
    f[k] = v;
  }
  return f;
}

const matches = (d: OrderData, f: Filters) =>
  (f.order_status === undefined || d.status === f.order_status) &&
  (f.buyer_user_id === undefined || d.user_id === f.buyer_user_id) &&
  (f.create_time_ge === undefined || d.create_time >= f.create_time_ge) &&
  (f.create_time_lt === undefined || d.create_time < f.create_time_lt) &&
  (f.update_time_ge === undefined || d.update_time >= f.update_time_ge) &&
  (f.update_time_lt === undefined || d.update_time < f.update_time_lt);

/**
 * The page token: where the last page ended (its sort key and order id) and a fingerprint of the query. A
 * page starts after that key, so orders placed between pages never shift the next one; a token shown to
 * another query (other filters or sort) is refused.
 */
const fingerprint = (q: unknown) => createHash('sha1').update(JSON.stringify(q)).digest('hex').slice(0, 12);
const writeToken = (key: number, id: string, fp: string) => Buffer.from(`${key}.${id}.${fp}`).toString('base64url');
function readToken(token: string, fp: string): { key: number; id: string } {
  const m = /^(\d+)\.(\d+)\.([0-9a-f]{12})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!m || m[3] !== fp) throw refuse('page_token is invalid, or was given by another query');
  return { key: Number(m[1]), id: m[2]! };
}

export function registerOrderApi(
  app: FastifyInstance,
  state: SandboxState,
  authenticate: (req: FastifyRequest, raw: Buffer | null) => Shop,
): void {
  // ── Get Order List ────────────────────────────────────────────────────────────────────────────────
  app.post('/order/202309/orders/search', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const q = req.query as Record<string, string | undefined>;
    const pageSize = Number(q.page_size);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw refuse('page_size is required, 1-100');
    const field = q.sort_field ?? 'create_time';
    if (field !== 'create_time' && field !== 'update_time') throw refuse('sort_field must be create_time or update_time');
    const sortOrder = q.sort_order ?? 'DESC';
    if (sortOrder !== 'ASC' && sortOrder !== 'DESC') throw refuse('sort_order must be ASC or DESC');
    const f = filters(body);
    const fp = fingerprint([field, sortOrder, f]);
    const after = q.page_token ? readToken(q.page_token, fp) : null;
    const dir = sortOrder === 'ASC' ? 1 : -1;
    const cmp = (aKey: number, aId: string, bKey: number, bId: string) => dir * (aKey - bKey || idCmp(aId, bId));
    const found = state
      .ordersOf(shop.id)
      .filter((o) => matches(o.data, f))
      .sort((a, b) => cmp(a.data[field], a.data.id, b.data[field], b.data.id));
    let start = after ? found.findIndex((o) => cmp(o.data[field], o.data.id, after.key, after.id) > 0) : 0;
    if (start < 0) start = found.length;
    const page = found.slice(start, start + pageSize);
    const last = page.at(-1);
    return ok({
      total_count: found.length,
      next_page_token: last && start + pageSize < found.length ? writeToken(last.data[field], last.data.id, fp) : '',
      orders: page.map(orderView),
    });
  });

  // ── Get Order Detail: ids=a,b (also repeated ids=); unknown or another shop's ids are left out ────────
  app.get('/order/202309/orders', async (req) => {
    const shop = authenticate(req, null);
    const params = new URLSearchParams(req.url.split('?')[1] ?? '');
    const ids = [
      ...new Set(
        [...params]
          .filter(([k]) => k === 'ids' || /^ids\[\d*\]$/.test(k))
          .flatMap(([, v]) => v.replace(/[[\]"\s]/g, '').split(','))
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw refuse('ids is required');
    if (ids.length > IDS_MAX) throw refuse(`ids takes at most ${IDS_MAX} order ids`);
    const orders = ids.map((id) => state.orders.get(id)).filter((o) => o !== undefined && o.shopId === shop.id);
    return ok({ orders: orders.map((o) => orderView(o!)) });
  });
}
