import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUYERS, REGION_CODES } from './buyers.js';
import { Refusal } from './create.js';
import { jsonBody } from './http.js';
import type { Order } from './orderModel.js';
import { advance, cancelByBuyer, orderView, placeOrder, QUANTITY_MAX, type Purchase } from './orders.js';
import type { Product, SandboxState } from './state.js';
import { Notifier } from './webhooks.js';

/**
 * The buyers' developer endpoints (not signed; docs/marketplace-b.md#buyers): the product page's buy form,
 * the control call placing many orders at once, the buyer's cancel, the carrier's next step, the orders
 * listed, and the webhook knobs and counts.
 */

/** Sandbox's choice: at most 10,000 orders in one control call. */
const COUNT_MAX = 10_000;

const bad = (message: string) => new Refusal(400, 400, message);
const intIn = (v: unknown, name: string, min: number, max: number, fallback: number): number => {
  const n = v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw bad(`${name} must be an integer ${min}-${max}`);
  return n;
};
/** A JSON body, or the page form's fields (application/x-www-form-urlencoded, parsed in server.ts). */
const fields = (req: FastifyRequest): Record<string, unknown> => {
  if (!Buffer.isBuffer(req.body)) return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
  const { body } = jsonBody(req);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};
const optStr = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw bad(`${name} must be a string`);
  return v;
};

export function registerBuyerRoutes(app: FastifyInstance, state: SandboxState, notifier: Notifier): void {
  const orderOr404 = (id: string) => {
    const o = state.orders.get(id);
    if (!o) throw new Refusal(404, 404, `No order ${id}`);
    return o;
  };
  const forSale = (p: Product) => {
    if (p.status !== 'ACTIVATE') throw bad(`Product ${p.id} is a ${p.status}: not for sale`);
    return p;
  };
  /** The SKUs a control call buys, in turn: a product's, a seller SKU's, else every SKU of the shop's live products. */
  const skusToBuy = (shopId: string, productId?: string, sellerSku?: string) => {
    let products: Product[];
    if (productId) {
      const p = state.products.get(productId);
      if (!p || p.shopId !== shopId) throw new Refusal(404, 404, `No product ${productId} in shop ${shopId}`);
      products = [forSale(p)];
    } else products = state.productsOf(shopId).filter((p) => p.status === 'ACTIVATE');
    const all = products.flatMap((product) => product.skus.map((s, skuIndex) => ({ product, skuIndex, seller_sku: s.seller_sku })));
    const chosen = sellerSku ? all.filter((s) => s.seller_sku === sellerSku).slice(0, 1) : all;
    if (chosen.length === 0)
      throw bad(sellerSku ? `No live product of the shop has the seller SKU ${sellerSku}` : 'The shop has no live product to buy');
    return chosen;
  };

  app.post('/sandbox/orders', async (req) => {
    const b = fields(req);
    const shopId = optStr(b.shop_id, 'shop_id');
    if (!shopId || !state.shops.has(shopId)) throw new Refusal(404, 404, `No shop ${shopId ?? ''}`);
    const count = intIn(b.count, 'count', 1, COUNT_MAX, 1);
    const quantity = intIn(b.quantity, 'quantity', 1, QUANTITY_MAX, 1);
    const region = optStr(b.region_code, 'region_code');
    if (region && !REGION_CODES.includes(region)) throw bad(`region_code must be one of ${REGION_CODES.join(', ')}`);
    const status = b.status ?? 'AWAITING_SHIPMENT';
    if (status !== 'AWAITING_SHIPMENT' && status !== 'UNPAID') throw bad('status must be AWAITING_SHIPMENT (paid) or UNPAID');
    const skus = skusToBuy(shopId, optStr(b.product_id, 'product_id'), optStr(b.seller_sku, 'seller_sku'));
    const buyerMessage = optStr(b.buyer_message, 'buyer_message');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const s = skus[i % skus.length]!;
      ids.push(placeOrder(state, { product: s.product, skuIndex: s.skuIndex, quantity, region, status, buyerMessage }).data.id);
    }
    return { count: ids.length, order_ids: ids };
  });

  // The product page's form: one paid order, then back to the page showing its id (303, so a reload does not buy again).
  app.post('/sandbox/products/:id/buy', async (req, reply: FastifyReply) => {
    const p = state.products.get((req.params as { id: string }).id);
    if (!p) throw new Refusal(404, 404, 'No such product');
    forSale(p);
    const b = fields(req);
    const skuIndex = p.skuIds.indexOf(String(b.sku_id ?? p.skuIds[0]));
    if (skuIndex < 0) throw bad(`sku_id is not a SKU of product ${p.id}`);
    const purchase: Purchase = {
      product: p,
      skuIndex,
      quantity: intIn(b.quantity, 'quantity', 1, QUANTITY_MAX, 1),
      buyer: intIn(b.buyer, 'buyer', 0, BUYERS.length - 1, state.ordersPlaced % BUYERS.length),
      buyerMessage: optStr(b.buyer_message, 'buyer_message'),
      status: 'AWAITING_SHIPMENT',
    };
    const order = placeOrder(state, purchase);
    if (Buffer.isBuffer(req.body)) return { order_id: order.data.id };
    return reply.code(303).header('location', `/sandbox/products/${p.id}?ordered=${order.data.id}`).send();
  });

  app.get('/sandbox/orders', async (req) => {
    const q = req.query as { shop_id?: string };
    const list = q.shop_id ? state.ordersOf(q.shop_id) : [...state.orders.values()];
    return { count: list.length, orders: list.map(summary) };
  });
  app.get('/sandbox/orders/:id', async (req) => {
    const o = orderOr404((req.params as { id: string }).id);
    return { shop_id: o.shopId, ...orderView(o) };
  });
  app.post('/sandbox/orders/:id/cancel', async (req) => {
    const o = orderOr404((req.params as { id: string }).id);
    cancelByBuyer(state, o, optStr(fields(req).cancel_reason, 'cancel_reason') ?? 'No longer needed');
    return summary(o);
  });
  app.post('/sandbox/orders/:id/advance', async (req) => {
    const o = orderOr404((req.params as { id: string }).id);
    advance(state, o);
    return summary(o);
  });

  // ── Webhook knobs and counts ──────────────────────────────────────────────────────────────────────
  app.post('/sandbox/shops/:id/webhook-copies', async (req) => {
    const shop = state.shops.get((req.params as { id: string }).id);
    if (!shop) throw new Refusal(404, 404, 'No such shop');
    shop.webhookCopies = Notifier.copiesValue(fields(req).copies);
    return { copies: shop.webhookCopies ?? notifier.opts.copies };
  });
  app.post('/sandbox/webhook-copies', async (req) => {
    notifier.opts.copies = Notifier.copiesValue(fields(req).copies) ?? 1;
    return { copies: notifier.opts.copies };
  });
  app.get('/sandbox/webhooks/deliveries', async (req) => notifier.counts(req.query as { shop_id?: string; order_id?: string }));
}

/** An order in a line: what tests and the index page look at. */
export function summary(o: Order) {
  const d = o.data;
  return {
    order_id: d.id,
    shop_id: o.shopId,
    status: d.status,
    create_time: d.create_time,
    update_time: d.update_time,
    product_id: d.line_items[0]?.product_id ?? '',
    seller_sku: d.line_items[0]?.seller_sku ?? '',
    units: d.line_items.length,
    total_amount: d.payment.total_amount!,
    currency: d.payment.currency!,
    buyer: d.recipient_address.name,
    region_code: d.recipient_address.region_code,
    tracking_number: d.tracking_number,
    shipping_provider: d.shipping_provider,
    shipping_provider_id: d.shipping_provider_id,
    cancellation_initiator: d.cancellation_initiator,
  };
}
