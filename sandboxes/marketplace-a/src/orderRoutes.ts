import type { FastifyInstance, FastifyReply } from 'fastify';
import { BUYER_FIELDS, orderPlacedPage } from './buyForm.js';
import { BUYER_COUNTRIES, loginIdFor, type Buyer } from './buyers.js';
import { LIMITS } from './limits.js';
import type { OrderStatus, StoredOrder } from './orderModel.js';
import { cancelOrder, logisticsStatus, money, orderCents, OrderError, PLACED_STATUSES, placeOrders } from './orders.js';
import { toPacific } from './pacificTime.js';
import { esc, page } from './pages.js';
import type { SandboxState, StoredProduct } from './state.js';

/**
 * The buyers' side (unsigned; docs/marketplace-a.md#buyers): orders placed in bulk for tests and benches, one
 * placed from a product page's form, a buyer's cancel, and the orders as JSON. A is polled, so none of them
 * notifies the seller: the seller sees them in `aliexpress.trade.seller.orderlist.get`.
 */

type Body = Record<string, unknown>;
const wholeIn = (v: unknown, fallback: number, max: number) => {
  const n = v === undefined || v === '' ? fallback : Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

function orderJson(o: StoredOrder, appKey: string) {
  return {
    order_id: o.orderId,
    app_key: appKey,
    order_status: o.status,
    end_reason: o.endReason,
    logistics_status: logisticsStatus(o),
    gmt_create: toPacific(o.createdAt),
    gmt_update: toPacific(o.updatedAt),
    created_at: Math.floor(o.createdAt / 1000),
    updated_at: Math.floor(o.updatedAt / 1000),
    buyer: { login_id: o.buyer.login_id, name: o.buyer.address.contact_person, country: o.buyer.country },
    lines: o.lines.map((l) => ({ product_id: l.productId, sku_code: l.skuCode, quantity: l.quantity, unit_price: money(l.unitCents) })),
    order_amount: money(orderCents(o)),
    logistics: o.shipments.map((s) => ({
      service_name: s.serviceName,
      logistics_no: s.logisticsNo,
      send_type: s.sendType,
      tracking_website: s.trackingWebsite,
      gmt_send: toPacific(s.at),
    })),
  };
}

export function registerOrderRoutes(app: FastifyInstance, state: SandboxState, now: () => number): void {
  const refuse = (reply: FastifyReply, e: unknown) => {
    if (e instanceof OrderError) return reply.code(e.status).send({ error: e.message });
    throw e;
  };

  app.post<{ Body: Body | undefined }>('/sandbox/orders', async (req, reply) => {
    const b = req.body ?? {};
    const shop = typeof b.app_key === 'string' ? state.shopByAppKey(b.app_key) : undefined;
    if (!shop) return reply.code(404).send({ error: 'no such app_key' });
    const count = wholeIn(b.count, 1, LIMITS.ordersPerCallMax);
    const quantity = wholeIn(b.quantity, 1, LIMITS.orderQuantityMax);
    if (count === undefined || quantity === undefined)
      return reply.code(400).send({ error: `count must be 1–${LIMITS.ordersPerCallMax} and quantity 1–${LIMITS.orderQuantityMax}` });
    const country = b.country === undefined ? undefined : String(b.country);
    if (country !== undefined && !BUYER_COUNTRIES.includes(country))
      return reply.code(400).send({ error: `country must be one of ${BUYER_COUNTRIES.join(', ')}` });
    const status = (b.order_status ?? 'WAIT_SELLER_SEND_GOODS') as OrderStatus;
    if (!PLACED_STATUSES.includes(status))
      return reply.code(400).send({ error: `order_status must be one of ${PLACED_STATUSES.join(', ')}` });
    // No product named: the shop's latest.
    const product =
      b.product_id !== undefined
        ? state.products.get(String(b.product_id))
        : [...state.products.values()].reverse().find((p) => p.shopId === shop.id);
    if (!product) return reply.code(404).send({ error: 'no such product (post one with aliexpress.solution.product.post)' });
    try {
      const orders = placeOrders(state, shop, now(), {
        product,
        quantity,
        count,
        status,
        ...(typeof b.sku_code === 'string' ? { skuCode: b.sku_code } : {}),
        ...(country !== undefined ? { country } : {}),
      });
      return { count: orders.length, order_ids: orders.map((o) => o.orderId) };
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // The product page's form (buyForm.ts): a urlencoded post, answered with a page.
  app.post<{ Params: { id: string }; Body: Body | undefined }>('/sandbox/products/:id/buy', async (req, reply) => {
    const html = (code: number, title: string, body: string) => reply.code(code).type('text/html; charset=utf-8').send(page(title, body));
    const p: StoredProduct | undefined = state.products.get(req.params.id);
    const shop = p ? state.shops.get(p.shopId) : undefined;
    if (!p || !shop) return html(404, 'No such product', '<p>No such product</p>');
    const b = req.body ?? {};
    const field = (f: string) => (typeof b[f] === 'string' ? (b[f] as string).trim() : '');
    const lacking = BUYER_FIELDS.filter((f) => f !== 'address2' && field(f) === '');
    const quantity = wholeIn(b.quantity, 1, LIMITS.orderQuantityMax);
    const country = field('country').toUpperCase();
    if (lacking.length || quantity === undefined || !/^[A-Z]{2}$/.test(country))
      return html(
        400,
        'Not placed',
        `<p>Not placed: ${esc(lacking.length ? `missing ${lacking.join(', ')}` : 'quantity or country is wrong')}</p>`,
      );
    const buyer: Buyer = {
      login_id: loginIdFor(state.orders.size, country),
      first_name: field('first_name'),
      last_name: field('last_name'),
      country,
      address: {
        contact_person: `${field('first_name')} ${field('last_name')}`,
        country,
        province: field('province'),
        city: field('city'),
        address: field('address'),
        address2: field('address2'),
        zip: field('zip'),
        phone_country: field('phone_country'),
        mobile_no: field('mobile_no'),
      },
    };
    try {
      const [o] = placeOrders(state, shop, now(), {
        product: p,
        skuCode: field('sku_code'),
        quantity,
        count: 1,
        status: 'WAIT_SELLER_SEND_GOODS',
        buyer,
      });
      return reply.type('text/html; charset=utf-8').send(orderPlacedPage(o!));
    } catch (e) {
      if (e instanceof OrderError) return html(e.status, 'Not placed', `<p>Not placed: ${esc(e.message)}</p>`);
      throw e;
    }
  });

  app.post<{ Params: { order_id: string }; Body: Body | undefined }>('/sandbox/orders/:order_id/cancel', async (req, reply) => {
    const o = state.orders.get(req.params.order_id);
    if (!o) return reply.code(404).send({ error: 'no such order' });
    try {
      cancelOrder(state, o, now(), req.body?.request_only === true);
      return { order_id: o.orderId, order_status: o.status, end_reason: o.endReason };
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get<{ Querystring: { app_key?: string } }>('/sandbox/orders', async (req) => {
    const only = req.query.app_key;
    const keys = new Map([...state.shops.values()].map((s) => [s.id, s.appKey]));
    return [...state.orders.values()]
      .filter((o) => !only || keys.get(o.shopId) === only)
      .map((o) => orderJson(o, keys.get(o.shopId) ?? ''));
  });
}
