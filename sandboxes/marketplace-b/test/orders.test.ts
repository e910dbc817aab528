import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_OPTION, SHIPPING_PROVIDERS, startMarketplaceB, type MarketplaceB, type ShopCredentials } from '../src/index.js';
import { clientFor, newShop, png, productBody } from './client.js';

// Buyers, orders, seller shipping and webhooks over real HTTP. Time is the sandbox's `now`, moved by the
// tests; webhook retries wait real (short) time, so the tests poll for deliveries, never sleep a fixed time.
let clock = Date.UTC(2026, 1, 10, 9, 0, 0);
const nowS = () => Math.floor(clock / 1000);
let sb: MarketplaceB;
beforeAll(async () => {
  sb = await startMarketplaceB({ now: () => clock, webhookRetryDelaysMs: [30, 60, 120] });
});
afterAll(() => sb.close());

type Client = ReturnType<typeof clientFor>;
const USPS = SHIPPING_PROVIDERS[0].id;

async function dev(path: string, body?: unknown) {
  const res = await fetch(`${sb.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function shopWithProduct(extra: Record<string, unknown> = {}) {
  const shop = await newShop(sb.url);
  const c = clientFor(sb.url, shop, { now: () => clock });
  const up = await c.upload(await png(800, 800));
  const made = await c.json('/product/202309/products', { ...productBody(up.body.data.uri, shop), ...extra });
  expect(made.body.code).toBe(0);
  return { shop, c, product: made.body.data as { product_id: string; skus: { id: string; seller_sku: string }[] } };
}
async function place(shop: ShopCredentials, body: Record<string, unknown> = {}): Promise<string[]> {
  const res = await dev('/sandbox/orders', { shop_id: shop.shop_id, ...body });
  expect(res.status).toBe(200);
  return res.body.order_ids;
}
const detail = (c: Client, ids: string[]) => c.call('GET', '/order/202309/orders', undefined, { query: { ids: ids.join(',') } });
const one = async (c: Client, id: string) => (await detail(c, [id])).body.data.orders[0];
const search = (c: Client, body: unknown, query: Record<string, string> = {}) =>
  c.json('/order/202309/orders/search', body, { query: { page_size: '10', ...query } });
const ship = (c: Client, orderId: string, body: Record<string, unknown> = {}) =>
  c.json(`/fulfillment/202309/orders/${orderId}/packages`, {
    tracking_number: '9400111899223100012345',
    shipping_provider_id: USPS,
    ...body,
  });
const ids = (orders: { id: string }[]) => orders.map((o) => o.id);

/** Polls until `done` holds (a ceiling, not a wait: it returns as soon as it holds). */
async function until<T>(probe: () => T | Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A local webhook receiver; `answer` gives each request's HTTP status (the n-th request, from 1). */
async function receiver(answer: (n: number) => number | Promise<number> = () => 200) {
  const got: { headers: IncomingHttpHeaders; raw: string; body: any }[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      got.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      void Promise.resolve(answer(++n)).then((status) => res.writeHead(status).end('ok'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiktok/webhook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}
const register = (c: Client, address: string) => c.call('PUT', '/event/202309/webhooks', { address, event_type: 'ORDER_STATUS_CHANGE' });
const deliveries = async (q: Record<string, string>) => (await dev(`/sandbox/webhooks/deliveries?${new URLSearchParams(q)}`)).body;

describe('buying', () => {
  it('buys from the product page form: one paid order, a line item per unit at the SKU’s price, the id shown after', async () => {
    const { c, product } = await shopWithProduct();
    const sku = product.skus[1]!; // TS-Red-M
    const page = await (await fetch(`${sb.url}/sandbox/products/${product.product_id}`)).text();
    expect(page).toContain(`action="/sandbox/products/${product.product_id}/buy"`);
    expect(page).toContain(`<option value="${sku.id}">`);
    const res = await fetch(`${sb.url}/sandbox/products/${product.product_id}/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sku_id: sku.id, quantity: '2', buyer: '1', buyer_message: 'Gift wrap please' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const orderId = /ordered=(\d+)$/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    expect(orderId).toMatch(/^\d{18,}$/);
    expect(await (await fetch(`${sb.url}${res.headers.get('location')}`)).text()).toContain(`Order <strong>${orderId}</strong> placed`);

    const order = await one(c, orderId);
    expect(order).toMatchObject({
      id: orderId,
      status: 'AWAITING_SHIPMENT',
      create_time: nowS(),
      paid_time: nowS(),
      buyer_message: 'Gift wrap please',
      delivery_option_id: DELIVERY_OPTION.id,
      shipping_type: 'SELLER',
      packages: [],
      tracking_number: '',
      payment: {
        currency: 'USD',
        sub_total: '39.98',
        shipping_fee: '4.99',
        seller_discount: '0.00',
        platform_discount: '0.00',
        total_amount: '44.97',
      },
      recipient_address: { name: 'Oliver Smith', region_code: 'GB', postal_code: 'M20 2DL', post_town: 'MANCHESTER' },
    });
    expect(order.recipient_address.full_address).toContain('14 Kingsley Road');
    expect(order.recipient_address.district_info).toHaveLength(4);
    expect(order.buyer_email).toMatch(/@/);
    expect(order.line_items).toHaveLength(2);
    expect(new Set(ids(order.line_items)).size).toBe(2);
    for (const li of order.line_items)
      expect(li).toMatchObject({
        sku_id: sku.id,
        seller_sku: 'TS-Red-M',
        product_id: product.product_id,
        product_name: 'Sandbox cotton T-shirt',
        sku_name: 'Red, M',
        sale_price: '19.99',
        original_price: '19.99',
        currency: 'USD',
        display_status: 'AWAITING_SHIPMENT',
      });
    const index = await (await fetch(`${sb.url}/`)).text();
    expect(index).toContain(`href="/sandbox/orders/${orderId}"`);
    expect(index).toContain('href="/sandbox/orders"');
  });

  it('places 1,000 orders in one control call; UNPAID hides the address; SKUs and buyers take turns', async () => {
    const { shop, c } = await shopWithProduct();
    const many = await place(shop, { count: 1000, seller_sku: 'TS-Blue-S' });
    expect(new Set(many).size).toBe(1000);
    expect(many.every((id) => /^\d{18,}$/.test(id))).toBe(true);
    expect(sb.orderCount(shop.shop_id)).toBe(1000);

    const [unpaid] = await place(shop, { status: 'UNPAID' });
    const u = await one(c, unpaid!);
    expect(u.status).toBe('UNPAID');
    expect(u.recipient_address).toBeUndefined();
    expect(u.paid_time).toBeUndefined();

    const turns = await place(shop, { count: 4, region_code: 'DE' });
    const listed = (await dev(`/sandbox/orders?shop_id=${shop.shop_id}`)).body.orders.filter((o: { order_id: string }) =>
      turns.includes(o.order_id),
    );
    expect(listed.map((o: { seller_sku: string }) => o.seller_sku)).toEqual(['TS-Red-S', 'TS-Red-M', 'TS-Blue-S', 'TS-Blue-M']);
    expect(new Set(listed.map((o: { region_code: string }) => o.region_code))).toEqual(new Set(['DE']));
    expect(new Set(listed.map((o: { buyer: string }) => o.buyer))).toEqual(new Set(['Lukas Müller', 'Anna Schmidt']));
  });

  it('refuses a control call it cannot place, and places nothing', async () => {
    const { shop } = await shopWithProduct();
    const other = await shopWithProduct();
    const draft = await shopWithProduct({ save_mode: 'AS_DRAFT' });
    const empty = await newShop(sb.url);
    const cases: [Record<string, unknown>, number][] = [
      [{ shop_id: '1' }, 404],
      [{ shop_id: shop.shop_id, count: 0 }, 400],
      [{ shop_id: shop.shop_id, count: 10_001 }, 400],
      [{ shop_id: shop.shop_id, quantity: 100 }, 400],
      [{ shop_id: shop.shop_id, region_code: 'JP' }, 400],
      [{ shop_id: shop.shop_id, seller_sku: 'NOPE' }, 400],
      [{ shop_id: shop.shop_id, status: 'IN_TRANSIT' }, 400],
      [{ shop_id: shop.shop_id, product_id: other.product.product_id }, 404],
      [{ shop_id: draft.shop.shop_id, product_id: draft.product.product_id }, 400],
      [{ shop_id: draft.shop.shop_id }, 400],
      [{ shop_id: empty.shop_id }, 400],
    ];
    for (const [body, status] of cases) expect([body, (await dev('/sandbox/orders', body)).status]).toEqual([body, status]);
    expect(sb.orderCount(shop.shop_id) + sb.orderCount(draft.shop.shop_id) + sb.orderCount(empty.shop_id)).toBe(0);
    const page = await (await fetch(`${sb.url}/sandbox/products/${draft.product.product_id}`)).text();
    expect(page).not.toContain('<form class="buy"');
  });
});

describe('Get Order List', () => {
  it('pages with opaque, stable tokens: every order once, orders placed between pages never shift one', async () => {
    const { shop, c } = await shopWithProduct();
    const first = await place(shop, { count: 5 });
    clock += 60_000;
    await place(shop, { count: 10 });
    clock += 60_000;
    await place(shop, { count: 10 });
    const p1 = await search(c, {});
    expect(p1.body.code).toBe(0);
    expect(p1.body.data).toMatchObject({ total_count: 25 });
    expect(p1.body.data.orders).toHaveLength(10);
    expect(p1.body.data.orders[0].create_time).toBe(nowS());
    const token1 = p1.body.data.next_page_token as string;
    expect(token1).not.toBe('');
    clock += 1000;
    const newer = await place(shop, { count: 3 });
    const p2 = await search(c, {}, { page_token: token1 });
    const again = await search(c, {}, { page_token: token1 });
    expect(ids(again.body.data.orders)).toEqual(ids(p2.body.data.orders));
    const p3 = await search(c, {}, { page_token: p2.body.data.next_page_token });
    expect(p3.body.data.orders).toHaveLength(5);
    expect(p3.body.data.next_page_token).toBe('');
    expect(p3.body.data.total_count).toBe(28);
    const seen = [...p1.body.data.orders, ...p2.body.data.orders, ...p3.body.data.orders].map((o: { id: string }) => o.id);
    expect(new Set(seen).size).toBe(25);
    expect(seen.some((id) => newer.includes(id))).toBe(false);
    expect(seen.slice(-5).sort()).toEqual([...first].sort());
  });

  it('filters by status, create and update time; sorts ascending; answers only the shop’s orders', async () => {
    const { shop, c } = await shopWithProduct();
    const t0 = nowS();
    const paid = await place(shop, { count: 3 });
    await place(shop, { count: 2, status: 'UNPAID' });
    clock += 100_000;
    const t1 = nowS();
    await place(shop, { count: 4 });
    clock += 1000;
    expect((await dev(`/sandbox/orders/${paid[0]}/cancel`, {})).status).toBe(200);
    const total = async (body: unknown, query: Record<string, string> = {}) => (await search(c, body, query)).body.data.total_count;
    expect(await total({ order_status: 'UNPAID' })).toBe(2);
    expect(await total({ order_status: 'AWAITING_SHIPMENT' })).toBe(6);
    expect(await total({ order_status: 'CANCELLED' })).toBe(1);
    expect(await total({ create_time_ge: t1 })).toBe(4);
    expect(await total({ create_time_ge: t0, create_time_lt: t1 })).toBe(5);
    expect(await total({ update_time_ge: t1 })).toBe(5);
    expect(await total({ update_time_lt: t1, order_status: 'AWAITING_SHIPMENT' })).toBe(2);
    const asc = (await search(c, {}, { sort_order: 'ASC', sort_field: 'create_time', page_size: '100' })).body.data.orders;
    expect(asc[0].id).toBe(paid[0]);
    expect(asc.map((o: { create_time: number }) => o.create_time)).toEqual(
      [...asc.map((o: { create_time: number }) => o.create_time)].sort(),
    );
    const byUpdate = (await search(c, {}, { sort_field: 'update_time', page_size: '1' })).body.data.orders;
    expect(byUpdate[0].id).toBe(paid[0]);
    const stranger = await shopWithProduct();
    expect((await search(stranger.c, {})).body.data.total_count).toBe(0);
  });

  it('refuses a bad query with 21001001 (HTTP 200), and counts toward the rate limit', async () => {
    const { shop, c } = await shopWithProduct();
    await place(shop, { count: 12, status: 'UNPAID' });
    const unpaidToken = (await search(c, { order_status: 'UNPAID' })).body.data.next_page_token;
    const bad: [unknown, Record<string, string>][] = [
      [{}, { page_size: '' }],
      [{}, { page_size: '0' }],
      [{}, { page_size: '101' }],
      [{}, { sort_field: 'price' }],
      [{}, { sort_order: 'UP' }],
      [{ order_status: 'SHIPPED' }, {}],
      [{ create_time_ge: '1' }, {}],
      [{}, { page_token: 'garbage' }],
      [{}, { page_token: unpaidToken }],
    ];
    for (const [body, query] of bad) {
      const res = await search(c, body, query);
      expect([res.status, res.body.code, res.body.data]).toEqual([200, 21001001, null]);
    }
    await dev(`/sandbox/shops/${shop.shop_id}/limits`, { rate_limit_per_second: 2 });
    expect((await search(c, {})).status).toBe(200);
    expect((await search(c, {})).status).toBe(200);
    const limited = await search(c, {});
    expect([limited.status, limited.body.code]).toEqual([429, 36009002]);
  });
});

describe('Get Order Detail', () => {
  it('answers the shop’s orders asked; unknown and other shops’ ids are left out; at most 50 ids', async () => {
    const a = await shopWithProduct();
    const b = await shopWithProduct();
    const [a1, a2] = await place(a.shop, { count: 2 });
    const [b1] = await place(b.shop);
    const res = await detail(a.c, [a1!, '576000000000000000', b1!, a2!, a1!]);
    expect(res.body.code).toBe(0);
    expect(ids(res.body.data.orders)).toEqual([a1, a2]);
    const fifty = Array.from({ length: 50 }, (_, i) => String(576000000000000000n + BigInt(i)));
    expect((await detail(a.c, fifty)).body.code).toBe(0);
    for (const asked of [[...fifty, '1'], []]) {
      const refused = await detail(a.c, asked);
      expect([refused.status, refused.body.code]).toEqual([200, 21001001]);
    }
  });
});

describe('shipping', () => {
  it('lists the providers of the order’s delivery option; an unknown option is refused', async () => {
    const { shop, c } = await shopWithProduct();
    const [id] = await place(shop);
    const option = (await one(c, id!)).delivery_option_id;
    const res = await c.call('GET', `/logistics/202309/delivery_options/${option}/shipping_providers`);
    expect(res.body.code).toBe(0);
    const names = res.body.data.shipping_providers.map((p: { name: string }) => p.name);
    for (const name of ['USPS', 'UPS', 'FedEx', 'DHL eCommerce', 'Yun Express', '4PX', 'Cainiao']) expect(names).toContain(name);
    expect(res.body.data.shipping_providers).toContainEqual({ id: USPS, name: 'USPS' });
    const unknown = await c.call('GET', '/logistics/202309/delivery_options/1/shipping_providers');
    expect([unknown.status, unknown.body.code]).toEqual([200, 21031001]);
  });

  it('marks a package shipped: AWAITING_COLLECTION, tracking and provider on the order, its lines and the list', async () => {
    const { shop, c } = await shopWithProduct();
    const [id] = await place(shop, { quantity: 2 });
    const before = await one(c, id!);
    clock += 30_000;
    const res = await ship(c, id!);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      order_id: id,
      order_line_item_ids: ids(before.line_items),
      package_id: expect.stringMatching(/^\d+$/),
    });
    const after = await one(c, id!);
    expect(after).toMatchObject({
      status: 'AWAITING_COLLECTION',
      update_time: nowS(),
      rts_time: nowS(),
      tracking_number: '9400111899223100012345',
      shipping_provider: 'USPS',
      shipping_provider_id: USPS,
      packages: [{ id: res.body.data.package_id }],
    });
    for (const li of after.line_items)
      expect(li).toMatchObject({
        display_status: 'AWAITING_COLLECTION',
        package_id: res.body.data.package_id,
        package_status: 'PROCESSING',
        tracking_number: '9400111899223100012345',
        shipping_provider_id: USPS,
        shipping_provider_name: 'USPS',
      });
    const listed = (await dev(`/sandbox/orders?shop_id=${shop.shop_id}`)).body.orders[0];
    expect(listed).toMatchObject({
      order_id: id,
      status: 'AWAITING_COLLECTION',
      tracking_number: '9400111899223100012345',
      shipping_provider: 'USPS',
    });
    expect((await search(c, { order_status: 'AWAITING_COLLECTION' })).body.data.total_count).toBe(1);
  });

  type Ctx = { shop: ShopCredentials; c: Client; other: ShopCredentials };
  const refusals: [string, (x: Ctx) => Promise<string>, Record<string, unknown>, number, RegExp][] = [
    [
      'an unknown shipping provider id',
      async (x) => (await place(x.shop))[0]!,
      { shipping_provider_id: '123' },
      21011010,
      /shipping_provider_id/,
    ],
    [
      'no shipping provider id',
      async (x) => (await place(x.shop))[0]!,
      { shipping_provider_id: undefined },
      21011010,
      /shipping_provider_id/,
    ],
    ['an empty tracking number', async (x) => (await place(x.shop))[0]!, { tracking_number: '' }, 21011011, /tracking_number/],
    [
      'a tracking number with spaces and signs',
      async (x) => (await place(x.shop))[0]!,
      { tracking_number: 'AB 123-45!' },
      21011011,
      /tracking_number/,
    ],
    [
      'a tracking number of 5 characters',
      async (x) => (await place(x.shop))[0]!,
      { tracking_number: 'AB123' },
      21011011,
      /tracking_number/,
    ],
    [
      'an order already shipped',
      async (x) => {
        const [id] = await place(x.shop);
        expect((await ship(x.c, id!)).body.code).toBe(0);
        return id!;
      },
      { tracking_number: '1Z999AA10123456784' },
      21011007,
      /already shipped/,
    ],
    [
      'an order the buyer cancelled',
      async (x) => {
        const [id] = await place(x.shop);
        expect((await dev(`/sandbox/orders/${id}/cancel`, {})).status).toBe(200);
        return id!;
      },
      {},
      21011006,
      /cancelled \(by BUYER\)/,
    ],
    ['an unpaid order', async (x) => (await place(x.shop, { status: 'UNPAID' }))[0]!, {}, 21011006, /UNPAID cannot be shipped/],
    ['an unknown order', async () => '576000000000000001', {}, 21011001, /does not exist/],
    ['another shop’s order', async (x) => (await place(x.other))[0]!, {}, 21011001, /does not exist/],
    [
      'line items that are not the whole order',
      async (x) => (await place(x.shop, { quantity: 2 }))[0]!,
      { order_line_item_ids: ['1729384756000000001'] },
      21011012,
      /order_line_item_ids/,
    ],
  ];
  it.each(refusals)('refuses %s (HTTP 200 and its code) and changes nothing', async (_what, setup, body, code, message) => {
    const { shop, c } = await shopWithProduct();
    const other = (await shopWithProduct()).shop;
    const id = await setup({ shop, c, other });
    const held = async () => {
      const r = await dev(`/sandbox/orders/${id}`);
      return r.status === 200 ? r.body : r.status;
    };
    const before = await held();
    const res = await ship(c, id, body);
    expect([res.status, res.body.code, res.body.data]).toEqual([200, code, null]);
    expect(res.body.message).toMatch(message);
    expect(await held()).toEqual(before);
  });
});

describe('the buyer and the carrier', () => {
  it('the buyer cancels until the order ships, never after', async () => {
    const { shop, c } = await shopWithProduct();
    const [open, shipped] = await place(shop, { count: 2 });
    clock += 5000;
    const res = await dev(`/sandbox/orders/${open}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', cancellation_initiator: 'BUYER' });
    const order = await one(c, open!);
    expect(order).toMatchObject({ status: 'CANCELLED', cancel_reason: 'No longer needed', cancel_time: nowS(), update_time: nowS() });
    expect(order.line_items[0]).toMatchObject({ display_status: 'CANCELLED', cancel_user: 'BUYER' });
    expect((await dev(`/sandbox/orders/${open}/cancel`, {})).status).toBe(409);
    expect((await ship(c, shipped!)).body.code).toBe(0);
    expect((await dev(`/sandbox/orders/${shipped}/cancel`, {})).status).toBe(409);
    expect((await one(c, shipped!)).status).toBe('AWAITING_COLLECTION');
    expect((await dev('/sandbox/orders/1/cancel', {})).status).toBe(404);
  });

  it('moves an order on as the buyer pays and the carrier collects and delivers', async () => {
    const { shop, c } = await shopWithProduct();
    const [id] = await place(shop, { status: 'UNPAID' });
    const step = async () => (await dev(`/sandbox/orders/${id}/advance`, {})).body.status;
    expect(await step()).toBe('AWAITING_SHIPMENT');
    expect((await one(c, id!)).paid_time).toBe(nowS());
    expect((await dev(`/sandbox/orders/${id}/advance`, {})).status).toBe(409);
    expect((await ship(c, id!)).body.code).toBe(0);
    expect(await step()).toBe('IN_TRANSIT');
    expect((await one(c, id!)).line_items[0].package_status).toBe('FULFILLING');
    expect(await step()).toBe('DELIVERED');
    expect(await step()).toBe('COMPLETED');
    expect((await dev(`/sandbox/orders/${id}/advance`, {})).status).toBe(409);
  });
});

describe('webhooks', () => {
  it('registers an address per topic through the signed Event API; refuses a bad topic or address', async () => {
    const { c } = await shopWithProduct();
    expect((await register(c, 'https://seller.example.com/tts')).body.code).toBe(0);
    const got = await c.call('GET', '/event/202309/webhooks');
    expect(got.body.data).toEqual({
      total_count: 1,
      webhooks: [
        { event_type: 'ORDER_STATUS_CHANGE', address: 'https://seller.example.com/tts', create_time: nowS(), update_time: nowS() },
      ],
    });
    const refusal = async (body: unknown) => (await c.call('PUT', '/event/202309/webhooks', body)).body.code;
    expect(await refusal({ address: 'https://x.example/y', event_type: 'ORDER_PAID' })).toBe(46001001);
    expect(await refusal({ address: 'ftp://x.example/y', event_type: 'ORDER_STATUS_CHANGE' })).toBe(46001002);
    expect(await refusal({ address: `https://x.example/${'y'.repeat(240)}`, event_type: 'ORDER_STATUS_CHANGE' })).toBe(46001002);
    for (let i = 0; i < 2; i++)
      expect((await c.call('DELETE', '/event/202309/webhooks', { event_type: 'ORDER_STATUS_CHANGE' })).body.code).toBe(0);
    expect((await c.call('GET', '/event/202309/webhooks')).body.data.total_count).toBe(0);
  });

  it('delivers every status change, signed HMAC-SHA256(app_secret, app_key + body) in Authorization', async () => {
    const hook = await receiver();
    try {
      const { shop, c } = await shopWithProduct();
      await register(c, hook.url);
      const [id, other] = await place(shop, { count: 2 });
      await until(
        () => hook.got.length,
        (n) => n >= 2,
        'two placements',
      );
      expect((await ship(c, id!)).body.code).toBe(0);
      await dev(`/sandbox/orders/${other}/cancel`, {});
      await until(
        () => hook.got.length,
        (n) => n >= 4,
        'shipped and cancelled',
      );
      for (const h of hook.got) {
        expect(h.headers.authorization).toBe(
          createHmac('sha256', shop.app_secret)
            .update(shop.app_key + h.raw)
            .digest('hex'),
        );
        expect(h.headers['content-type']).toBe('application/json');
        expect(h.body).toMatchObject({
          type: 1,
          shop_id: shop.shop_id,
          timestamp: nowS(),
          tts_notification_id: expect.stringMatching(/^\d+$/),
        });
        expect(h.body.data).toEqual({
          order_id: expect.any(String),
          order_status: expect.any(String),
          is_on_hold_order: false,
          update_time: nowS(),
        });
      }
      const seen = hook.got.map((h) => `${h.body.data.order_id} ${h.body.data.order_status}`).sort();
      expect(seen).toEqual(
        [`${id} AWAITING_COLLECTION`, `${id} AWAITING_SHIPMENT`, `${other} AWAITING_SHIPMENT`, `${other} CANCEL`].sort(),
      );
      expect(new Set(hook.got.map((h) => h.body.tts_notification_id)).size).toBe(4);
      expect(await deliveries({ shop_id: shop.shop_id })).toMatchObject({ notifications: 4, deliveries: 4, delivered: 4, attempts: 4 });
    } finally {
      await hook.close();
    }
  });

  it('never holds the API’s answer: the call answers while the receiver is still busy', async () => {
    let release: (status: number) => void = () => {};
    const hook = await receiver(() => new Promise<number>((r) => (release = r)));
    try {
      const { shop, c } = await shopWithProduct();
      await register(c, hook.url);
      const [id] = await place(shop);
      await until(
        () => hook.got.length,
        (n) => n === 1,
        'the receiver to hold a request',
      );
      expect(await deliveries({ order_id: id! })).toMatchObject({ pending: 1, delivered: 0 });
      release(200);
      await until(
        () => deliveries({ order_id: id! }),
        (d) => d.delivered === 1,
        'the delivery',
      );
    } finally {
      await hook.close();
    }
  });

  it('delivers each notification N times when asked (one tts_notification_id), so a receiver proves idempotency', async () => {
    const hook = await receiver();
    try {
      const { shop, c } = await shopWithProduct();
      await register(c, hook.url);
      expect((await dev(`/sandbox/shops/${shop.shop_id}/webhook-copies`, { copies: 3 })).body).toEqual({ copies: 3 });
      const [id] = await place(shop);
      await until(
        () => deliveries({ order_id: id! }),
        (d) => d.delivered === 3,
        'three copies',
      );
      expect(hook.got).toHaveLength(3);
      expect(new Set(hook.got.map((h) => h.raw)).size).toBe(1);
      expect(await deliveries({ order_id: id! })).toMatchObject({ notifications: 1, deliveries: 3, delivered: 3 });
      for (const copies of [0, 11, 'x']) expect((await dev(`/sandbox/shops/${shop.shop_id}/webhook-copies`, { copies })).status).toBe(400);
      expect((await dev(`/sandbox/shops/${shop.shop_id}/webhook-copies`, { copies: null })).body).toEqual({ copies: 1 });
    } finally {
      await hook.close();
    }
  });

  it('retries a failing receiver with back-off, and gives up after the last retry', async () => {
    const flaky = await receiver((n) => (n <= 2 ? 500 : 200));
    const down = await receiver(() => 503);
    try {
      const a = await shopWithProduct();
      await register(a.c, flaky.url);
      const [ok] = await place(a.shop);
      const done = await until(
        () => deliveries({ order_id: ok! }),
        (d) => d.delivered === 1,
        'the third attempt',
      );
      expect(done).toMatchObject({ attempts: 3, gave_up: 0 });
      expect(flaky.got).toHaveLength(3);
      expect(new Set(flaky.got.map((h) => h.raw)).size).toBe(1);

      const b = await shopWithProduct();
      await register(b.c, down.url);
      const [lost] = await place(b.shop);
      const gaveUp = await until(
        () => deliveries({ order_id: lost! }),
        (d) => d.gave_up === 1,
        'the last retry',
      );
      // One attempt and a retry after each of the three back-off waits.
      expect(gaveUp).toMatchObject({ attempts: 4, delivered: 0, pending: 0 });
      expect(down.got).toHaveLength(4);
      expect(gaveUp.recent[0]).toMatchObject({ state: 'gave_up', last_result: '503' });
    } finally {
      await flaky.close();
      await down.close();
    }
  });

  it('sends nothing while no address is registered, nor after it is deleted', async () => {
    const first = await receiver();
    const second = await receiver();
    try {
      const { shop, c } = await shopWithProduct();
      const [before] = await place(shop);
      expect(await deliveries({ order_id: before! })).toMatchObject({ notifications: 0, deliveries: 0 });
      await register(c, first.url);
      const [during] = await place(shop);
      await until(
        () => first.got.length,
        (n) => n >= 1,
        'the registered delivery',
      );
      await c.call('DELETE', '/event/202309/webhooks', { event_type: 'ORDER_STATUS_CHANGE' });
      const [after] = await place(shop);
      expect(await deliveries({ order_id: after! })).toMatchObject({ notifications: 0, deliveries: 0 });
      await register(c, second.url);
      const [again] = await place(shop);
      await until(
        () => second.got.length,
        (n) => n >= 1,
        'the new address',
      );
      expect(first.got.map((h) => h.body.data.order_id)).toEqual([during]);
      expect(second.got.map((h) => h.body.data.order_id)).toEqual([again]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
