import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA, type ShopCredentials } from '../src/index.js';
import { fromPacific, toPacific } from '../src/pacificTime.js';
import { gateway, postTee, uploadImage } from './support.js';

// Orders, buyers and shipping over real HTTP (docs/marketplace-a.md#orders). The clock is the test's: it moves only
// when a test moves it. 17:00 UTC on 15 June is 10:00 in Pacific daylight time.
let t = Date.UTC(2026, 5, 15, 17, 0, 0);
let sandbox: MarketplaceA;

const LIST = 'aliexpress.trade.seller.orderlist.get';
const INFO = 'aliexpress.solution.order.info.get';
const SHIP = 'aliexpress.logistics.sellershipmentfortop';
const SERVICES = 'aliexpress.logistics.redefining.listlogisticsservice';
// AliExpress's own messages (docs/marketplace-a.md#shipment-codes), written here rather than imported.
const NOT_YOURS = '您填写的交易订单号有误或不属于当前账号';
const ALREADY_SHIPPED = '该交易订单已填写发货通知,无需重复操作。';
const NOT_SHIPPABLE = '该交易订单缺少履约信息,请联系客服处理。';
const BAD_TRACKING = '该货运跟踪号未通过物流风控审核,请更换货运跟踪号后重试。';

interface Seller {
  creds: ShopCredentials;
  productId: string;
}

const call = (s: Seller, method: string, api: Record<string, string>, o = {}) => gateway(sandbox.url, s.creds, method, api, t, o);
const err = (body: any) => body.error_response as { code: string; sub_code?: string; msg: string };

async function post(path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const ordersOf = async (s: Seller) => (await (await fetch(`${sandbox.url}/sandbox/orders?app_key=${s.creds.app_key}`)).json()) as any[];
const place = async (s: Seller, body: Record<string, unknown> = {}) => {
  const r = await post('/sandbox/orders', { app_key: s.creds.app_key, product_id: s.productId, ...body });
  expect(r.status).toBe(200);
  return r.body.order_ids as string[];
};
const list = async (s: Seller, q: Record<string, unknown>) => {
  const body = await call(s, LIST, { param_aeop_order_query: JSON.stringify({ page_size: 50, current_page: 1, ...q }) });
  return body.aliexpress_trade_seller_orderlist_get_response?.result ?? body;
};
const info = async (s: Seller, orderId: string, flag?: number) => {
  const body = await call(s, INFO, {
    param1: JSON.stringify({ order_id: Number(orderId), ...(flag === undefined ? {} : { ext_info_bit_flag: flag }) }),
  });
  return body.aliexpress_solution_order_info_get_response?.result ?? body;
};
const ship = async (s: Seller, orderId: string, over: Record<string, string> = {}) => {
  const api = { service_name: 'UPS', logistics_no: '1Z999AA10123456784', send_type: 'all', out_ref: orderId, ...over };
  const body = await call(s, SHIP, api);
  return body.aliexpress_logistics_sellershipmentfortop_response ?? body;
};

/** A test shop with one product of two SKUs: TEE-M (19.99, discount 15.99) and TEE-L (21.00). */
async function seller(name: string, inventory = 999_999): Promise<Seller> {
  const creds = sandbox.createShop({ name });
  const image = await uploadImage(sandbox.url, creds, t, 800);
  return { creds, productId: await postTee(sandbox.url, creds, t, image, `${name} cotton tee`, { inventory, deliveryTime: 5 }) };
}

const decode = (v: string) => v.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));
const formFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input name="([a-z_0-9]+)" value="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));

beforeAll(async () => {
  sandbox = await startMarketplaceA({ now: () => t, ratePerSecond: 1000 });
});
afterAll(() => sandbox.close());

describe('Pacific dates', () => {
  it('writes and reads yyyy-MM-dd HH:mm:ss in US Pacific time, summer and winter', () => {
    expect(toPacific(Date.UTC(2026, 5, 15, 17, 0, 0))).toBe('2026-06-15 10:00:00');
    expect(toPacific(Date.UTC(2026, 0, 15, 20, 0, 5))).toBe('2026-01-15 12:00:05');
    // Summer time starts at 2:00 on 8 March 2026 (10:00 UTC).
    expect(toPacific(Date.UTC(2026, 2, 8, 9, 30, 0))).toBe('2026-03-08 01:30:00');
    expect(toPacific(Date.UTC(2026, 2, 8, 10, 30, 0))).toBe('2026-03-08 03:30:00');
    expect(fromPacific('2026-06-15 10:00:00')).toBe(Date.UTC(2026, 5, 15, 17, 0, 0));
    expect(fromPacific('2026-01-15 12:00:05')).toBe(Date.UTC(2026, 0, 15, 20, 0, 5));
    expect(fromPacific('2026-02-30 10:00:00')).toBeUndefined();
    expect(fromPacific('2026-06-15T10:00:00')).toBeUndefined();
  });
});

describe('buying', () => {
  let a: Seller;
  beforeAll(async () => {
    a = await seller('buy-shop');
  });

  it('buys from the product page form, at the discount price, with the buyer the page filled in', async () => {
    const html = await (await fetch(`${sandbox.url}/sandbox/products/${a.productId}`)).text();
    expect(html).toContain(`action="/sandbox/products/${a.productId}/buy"`);
    expect(html).toContain('<option value="TEE-M">');
    const fields = formFields(html);
    expect(fields.first_name).toMatch(/\S/);
    expect(fields.country).toMatch(/^[A-Z]{2}$/);
    const res = await fetch(`${sandbox.url}/sandbox/products/${a.productId}/buy`, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, sku_code: 'TEE-M', quantity: '2' }),
    });
    expect(res.status).toBe(200);
    const orderId = /id="order-id">(\d{16})</.exec(await res.text())?.[1];
    expect(orderId).toBeDefined();
    const [placed] = await ordersOf(a);
    expect(placed).toMatchObject({
      order_id: orderId,
      order_status: 'WAIT_SELLER_SEND_GOODS',
      logistics_status: 'WAIT_SELLER_SEND_GOODS',
      buyer: { name: `${fields.first_name} ${fields.last_name}`, country: fields.country },
      lines: [{ product_id: a.productId, sku_code: 'TEE-M', quantity: 2, unit_price: '15.99' }],
    });
    const detail = (await info(a, orderId!)).data;
    expect(detail.receipt_address).toMatchObject({
      contact_person: `${fields.first_name} ${fields.last_name}`,
      city: fields.city,
      zip: fields.zip,
    });
    // The next page fills in the next buyer of the list.
    const next = formFields(await (await fetch(`${sandbox.url}/sandbox/products/${a.productId}`)).text());
    expect(next.first_name).not.toBe(fields.first_name);
  });

  it('refuses a form without a city or with an unknown SKU, and places nothing', async () => {
    const fields = formFields(await (await fetch(`${sandbox.url}/sandbox/products/${a.productId}`)).text());
    const before = (await ordersOf(a)).length;
    const buy = (over: Record<string, string>) =>
      fetch(`${sandbox.url}/sandbox/products/${a.productId}/buy`, {
        method: 'POST',
        body: new URLSearchParams({ ...fields, sku_code: 'TEE-M', ...over }),
      });
    const noCity = await buy({ city: '' });
    expect(noCity.status).toBe(400);
    expect(await noCity.text()).toContain('missing city');
    expect((await buy({ sku_code: 'NOPE' })).status).toBe(400);
    expect((await ordersOf(a)).length).toBe(before);
  });

  it('places 1,000 orders in one control call, with 16-digit ids, the SKU price and buyers of several countries', async () => {
    const bench = await seller('bench-shop');
    const ids = await place(bench, { count: 1000, sku_code: 'TEE-L' });
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => /^\d{16}$/.test(id))).toBe(true);
    const orders = await ordersOf(bench);
    expect(orders).toHaveLength(1000);
    expect(orders.every((o) => o.lines[0].unit_price === '21.00' && o.order_status === 'WAIT_SELLER_SEND_GOODS')).toBe(true);
    expect(new Set(orders.map((o) => o.buyer.country)).size).toBeGreaterThan(3);
    const br = await place(bench, { count: 3, country: 'BR' });
    expect((await ordersOf(bench)).filter((o) => br.includes(o.order_id)).every((o) => o.buyer.country === 'BR')).toBe(true);
  });

  it('refuses a control call with an unknown app, a bad count, country or status, another shop’s product, an unknown SKU, too few left', async () => {
    const other = await seller('other-buy-shop');
    const small = await seller('small-shop', 5);
    const base = { app_key: a.creds.app_key, product_id: a.productId };
    expect((await post('/sandbox/orders', { ...base, app_key: 'nope' })).status).toBe(404);
    expect((await post('/sandbox/orders', { ...base, count: 0 })).status).toBe(400);
    expect((await post('/sandbox/orders', { ...base, count: 10_001 })).status).toBe(400);
    expect((await post('/sandbox/orders', { ...base, country: 'XX' })).status).toBe(400);
    expect((await post('/sandbox/orders', { ...base, order_status: 'FINISH' })).status).toBe(400);
    expect((await post('/sandbox/orders', { ...base, product_id: other.productId })).status).toBe(400);
    expect((await post('/sandbox/orders', { ...base, sku_code: 'NOPE' })).status).toBe(400);
    const tooMany = await post('/sandbox/orders', {
      app_key: small.creds.app_key,
      product_id: small.productId,
      sku_code: 'TEE-M',
      count: 3,
      quantity: 2,
    });
    expect(tooMany).toMatchObject({ status: 409, body: { error: expect.stringContaining('5 left') } });
    expect(await ordersOf(small)).toHaveLength(0);
  });
});

describe('order list', () => {
  let l: Seller;
  let first: string[];
  let later: string[];
  let unpaid: string;
  let t0: number;
  beforeAll(async () => {
    t0 = t;
    l = await seller('list-shop');
    first = await place(l, { count: 7 });
    [unpaid] = (await place(l, { order_status: 'PLACE_ORDER_SUCCESS' })) as [string];
    t += 3_600_000;
    later = await place(l, { count: 2 });
  });

  it('pages the shop’s orders with total_count and total_page, in AliExpress’s fields and Pacific dates', async () => {
    const p1 = await list(l, { page_size: 4, current_page: 1 });
    expect(p1).toMatchObject({ success: true, total_count: 10, total_page: 3, current_page: 1, page_size: 4 });
    const pages = [p1, await list(l, { page_size: 4, current_page: 2 }), await list(l, { page_size: 4, current_page: 3 })];
    const ids = pages.flatMap((p) => p.target_list.aeop_order_item_dto.map((o: any) => String(o.order_id)));
    expect(ids).toHaveLength(10);
    expect(new Set(ids)).toEqual(new Set([...first, unpaid, ...later]));
    const item = p1.target_list.aeop_order_item_dto[0];
    expect(item).toMatchObject({
      order_status: 'WAIT_SELLER_SEND_GOODS',
      gmt_create: toPacific(t),
      fund_status: 'PAY_SUCCESS',
      logistics_status: 'WAIT_SELLER_SEND_GOODS',
      pay_amount: { currency_code: 'USD' },
    });
    expect(item.product_list.aeop_order_product_dto[0]).toMatchObject({ product_id: Number(l.productId), product_count: 1 });
    expect((await list(l, {})).total_count).toBe(10);
  });

  it('refuses a page over 50, a missing page, an unknown status, a bad date, a modified date without a creation range', async () => {
    const refusal = async (q: Record<string, unknown>) => err(await call(l, LIST, { param_aeop_order_query: JSON.stringify(q) }));
    expect(await refusal({ page_size: 51, current_page: 1 })).toMatchObject({ code: '41', sub_code: 'isv.page-size' });
    expect(await refusal({ current_page: 1 })).toMatchObject({
      code: '40',
      msg: 'Missing required arguments: param_aeop_order_query.page_size',
    });
    expect(await refusal({ page_size: 10, current_page: 0 })).toMatchObject({ code: '41' });
    expect(await refusal({ page_size: 10, current_page: 1, order_status_list: ['SHIPPED'] })).toMatchObject({
      sub_code: 'isv.order-status',
    });
    expect(await refusal({ page_size: 10, current_page: 1, order_status_list: Array(21).fill('FINISH') })).toMatchObject({
      sub_code: 'isv.order-status',
    });
    expect(await refusal({ page_size: 10, current_page: 1, create_date_start: '2026/06/15' })).toMatchObject({
      sub_code: 'isv.date-format',
    });
    expect(await refusal({ page_size: 10, current_page: 1, modified_date_start: toPacific(t0) })).toMatchObject({ code: '40' });
    const far = { page_size: 10, current_page: 1, modified_date_start: toPacific(t0), create_date_start: toPacific(t - 181 * 86_400_000) };
    expect(await refusal(far)).toMatchObject({ sub_code: 'isv.date-range' });
    expect(err(await call(l, LIST, {}))).toMatchObject({ code: '40', msg: 'Missing required arguments: param_aeop_order_query' });
  });

  it('filters by status: unpaid apart, a list or one status', async () => {
    const unpaidOnly = await list(l, { order_status_list: ['PLACE_ORDER_SUCCESS'] });
    expect(unpaidOnly.total_count).toBe(1);
    expect(unpaidOnly.target_list.aeop_order_item_dto[0]).toMatchObject({
      order_id: Number(unpaid),
      fund_status: 'NOT_PAY',
      logistics_status: 'NO_LOGISTICS',
    });
    expect((await list(l, { order_status: 'PLACE_ORDER_SUCCESS' })).total_count).toBe(1);
    expect((await list(l, { order_status_list: ['WAIT_SELLER_SEND_GOODS'] })).total_count).toBe(9);
    expect((await list(l, { order_status_list: ['FINISH'] })).total_count).toBe(0);
  });

  it('filters by creation date, both ends included, to the second', async () => {
    const recent = await list(l, { create_date_start: toPacific(t) });
    expect(recent.target_list.aeop_order_item_dto.map((o: any) => String(o.order_id)).sort()).toEqual([...later].sort());
    expect((await list(l, { create_date_end: toPacific(t - 1000) })).total_count).toBe(8);
    expect((await list(l, { create_date_start: toPacific(t0), create_date_end: toPacific(t0) })).total_count).toBe(8);
  });

  it('a poll by modified date finds a buyer’s cancel and its request, and nothing unchanged', async () => {
    const lastPoll = t;
    t += 600_000;
    expect((await post(`/sandbox/orders/${first[0]}/cancel`)).body).toMatchObject({
      order_status: 'FINISH',
      end_reason: 'buyer_cancel_order',
    });
    expect((await post(`/sandbox/orders/${first[1]}/cancel`, { request_only: true })).body).toMatchObject({ order_status: 'IN_CANCEL' });
    const since = { create_date_start: toPacific(t - 30 * 86_400_000), modified_date_start: toPacific(lastPoll + 1000) };
    // Without a status the list leaves FINISH out, as AliExpress's does: the finished ones are asked apart.
    const open = await list(l, since);
    expect(open.target_list.aeop_order_item_dto.map((o: any) => [String(o.order_id), o.order_status])).toEqual([[first[1], 'IN_CANCEL']]);
    const ended = await list(l, { ...since, order_status_list: ['FINISH', 'IN_CANCEL'] });
    expect(ended.total_count).toBe(2);
    const cancelled = ended.target_list.aeop_order_item_dto.find((o: any) => String(o.order_id) === first[0]);
    expect(cancelled).toMatchObject({ order_status: 'FINISH', end_reason: 'buyer_cancel_order', gmt_update: toPacific(t) });
    expect((await list(l, { ...since, modified_date_start: toPacific(t + 1000) })).total_count).toBe(0);
  });

  it('shows another shop none of these orders', async () => {
    const other = await seller('list-other');
    expect(
      (await list(other, { order_status_list: ['WAIT_SELLER_SEND_GOODS', 'FINISH', 'IN_CANCEL', 'PLACE_ORDER_SUCCESS'] })).total_count,
    ).toBe(0);
  });
});

describe('order detail', () => {
  let d: Seller;
  let id: string;
  beforeAll(async () => {
    d = await seller('detail-shop');
    [id] = (await place(d, { sku_code: 'TEE-M', quantity: 3, country: 'ES' })) as [string];
  });

  it('answers the order with its buyer, address, child orders and amounts', async () => {
    const r = await info(d, id);
    expect(r.error_code).toBeUndefined();
    const data = r.data;
    expect(data).toMatchObject({
      id: Number(id),
      order_status: 'WAIT_SELLER_SEND_GOODS',
      gmt_create: toPacific(t),
      logistics_status: 'WAIT_SELLER_SEND_GOODS',
      fund_status: 'PAY_SUCCESS',
      buyer_info: { country: 'ES' },
    });
    expect(Object.keys(data.receipt_address).sort()).toEqual(
      ['address', 'address2', 'city', 'contact_person', 'country', 'mobile_no', 'phone_country', 'province', 'zip'].sort(),
    );
    expect(data.receipt_address.country).toBe('ES');
    const child = data.child_order_list.global_aeop_tp_child_order_dto[0];
    expect(child).toMatchObject({
      product_id: Number(d.productId),
      sku_code: 'TEE-M',
      product_count: 3,
      product_price: { amount: '15.99', currency_code: 'USD' },
    });
    const logistics = Number(data.logistics_amount.amount);
    expect(Number(data.order_amount.amount)).toBeCloseTo(3 * 15.99 + logistics, 2);
  });

  it('answers only the information ext_info_bit_flag asks: 4 logistics, 8 buyer', async () => {
    const logisticsOnly = (await info(d, id, 4)).data;
    expect(logisticsOnly.logistic_info_list).toBeDefined();
    expect(logisticsOnly.buyer_info).toBeUndefined();
    const buyerOnly = (await info(d, id, 8)).data;
    expect(buyerOnly.buyer_info).toBeDefined();
    expect(buyerOnly.logistic_info_list).toBeUndefined();
  });

  it('refuses another app’s order and an unknown one as AliExpress does, and a missing or broken param1', async () => {
    const other = await seller('detail-other');
    expect(await info(other, id)).toMatchObject({ error_code: '-999', error_message: NOT_YOURS });
    expect((await info(other, id)).data).toBeUndefined();
    expect(await info(d, '1000000000000001')).toMatchObject({ error_code: '-999' });
    expect(err(await call(d, INFO, {}))).toMatchObject({ code: '40', msg: 'Missing required arguments: param1' });
    expect(err(await call(d, INFO, { param1: '{}' }))).toMatchObject({ code: '40', msg: 'Missing required arguments: param1.order_id' });
    expect(err(await call(d, INFO, { param1: JSON.stringify({ order_id: Number(id), ext_info_bit_flag: 'x' }) }))).toMatchObject({
      code: '41',
    });
  });
});

describe('shipping', () => {
  let s: Seller;
  beforeAll(async () => {
    s = await seller('ship-shop');
  });

  it('lists the carriers’ services with their keys, names and tracking rules', async () => {
    const r = (await call(s, SERVICES, {})).aliexpress_logistics_redefining_listlogisticsservice_response;
    expect(r.result_success).toBe(true);
    const services = r.result_list.aeop_logistics_service_result;
    const keys = services.map((x: any) => x.service_name);
    for (const k of ['CAINIAO_STANDARD', 'CAINIAO_PREMIUM', 'UPS', 'DHL', 'FEDEX', 'EMS', 'USPS', 'YANWEN_JYT']) expect(keys).toContain(k);
    expect(services.find((x: any) => x.service_name === 'CAINIAO_STANDARD')).toMatchObject({
      display_name: 'AliExpress Standard Shipping',
    });
    expect(services.every((x: any) => typeof x.tracking_no_regex === 'string' && x.display_name)).toBe(true);
  });

  it('ships all: WAIT_BUYER_ACCEPT_GOODS, and the detail, the list and the poll show the logistics', async () => {
    const [id] = (await place(s)) as [string];
    const before = t;
    t += 60_000;
    expect(await ship(s, id, { tracking_website: 'https://www.ups.com/track' })).toMatchObject({ result_success: true });
    const data = (await info(s, id)).data;
    expect(data).toMatchObject({
      order_status: 'WAIT_BUYER_ACCEPT_GOODS',
      logistics_status: 'SELLER_SEND_GOODS',
      gmt_modified: toPacific(t),
    });
    expect(data.logistic_info_list.global_aeop_tp_logistic_info_dto).toEqual([
      expect.objectContaining({
        logistics_no: '1Z999AA10123456784',
        logistics_type_code: 'UPS',
        logistics_service_name: 'UPS Express Saver',
        gmt_send: toPacific(t),
      }),
    ]);
    const polled = await list(s, { create_date_start: toPacific(before - 86_400_000), modified_date_start: toPacific(before + 1000) });
    expect(polled.target_list.aeop_order_item_dto).toEqual([
      expect.objectContaining({ order_id: Number(id), order_status: 'WAIT_BUYER_ACCEPT_GOODS', gmt_send_goods_time: toPacific(t) }),
    ]);
    const [dev] = (await ordersOf(s)).filter((o) => o.order_id === id);
    expect(dev.logistics).toEqual([
      expect.objectContaining({ service_name: 'UPS', send_type: 'all', tracking_website: 'https://www.ups.com/track' }),
    ]);
  });

  it('ships in parts: SELLER_PART_SEND_GOODS, then all', async () => {
    const [id] = (await place(s)) as [string];
    expect(await ship(s, id, { service_name: 'CAINIAO_STANDARD', logistics_no: 'LP00123456789012', send_type: 'part' })).toMatchObject({
      result_success: true,
    });
    expect((await info(s, id)).data).toMatchObject({ order_status: 'SELLER_PART_SEND_GOODS', logistics_status: 'SELLER_SEND_PART_GOODS' });
    expect(await ship(s, id, { service_name: 'YANWEN_JYT', logistics_no: 'RI123456789CN' })).toMatchObject({ result_success: true });
    const data = (await info(s, id)).data;
    expect(data.order_status).toBe('WAIT_BUYER_ACCEPT_GOODS');
    expect(data.logistic_info_list.global_aeop_tp_logistic_info_dto.map((x: any) => x.logistics_type_code)).toEqual([
      'CAINIAO_STANDARD',
      'YANWEN_JYT',
    ]);
  });

  it('refuses an unknown service, an order already shipped, cancelled, in cancel or unpaid, a malformed tracking number, another app’s order', async () => {
    const [open, shipped, cancelled, inCancel, unpaid] = [
      ...(await place(s, { count: 4 })),
      ...(await place(s, { order_status: 'PLACE_ORDER_SUCCESS' })),
    ] as [string, string, string, string, string];
    const refused = (r: any, desc: string | RegExp) => {
      expect(r).toMatchObject({ result_success: false, result_error_code: '-999' });
      expect(r.result_error_desc).toMatch(desc);
    };
    refused(await ship(s, open, { service_name: 'NOPE' }), /not one of aliexpress\.logistics\.redefining\.listlogisticsservice: NOPE$/);
    refused(await ship(s, open, { logistics_no: '12345' }), BAD_TRACKING);
    refused(await ship(s, open, { service_name: 'DHL', logistics_no: '1Z999AA10123456784' }), BAD_TRACKING);
    expect((await info(s, open)).data.order_status).toBe('WAIT_SELLER_SEND_GOODS');

    expect(await ship(s, shipped)).toMatchObject({ result_success: true });
    refused(await ship(s, shipped, { logistics_no: '1Z999AA10123456785' }), ALREADY_SHIPPED);
    await post(`/sandbox/orders/${cancelled}/cancel`);
    refused(await ship(s, cancelled), NOT_SHIPPABLE);
    await post(`/sandbox/orders/${inCancel}/cancel`, { request_only: true });
    refused(await ship(s, inCancel), /asked to cancel/);
    refused(await ship(s, unpaid), NOT_SHIPPABLE);

    const other = await seller('ship-other');
    refused(await ship(other, open), NOT_YOURS);
    expect((await info(s, open)).data.order_status).toBe('WAIT_SELLER_SEND_GOODS');
  });

  it('refuses a missing out_ref or service_name (40) and a send_type other than all or part (41)', async () => {
    const [id] = (await place(s)) as [string];
    expect(err(await call(s, SHIP, { service_name: 'UPS', logistics_no: '1Z999AA10123456784', send_type: 'all' }))).toMatchObject({
      code: '40',
      msg: 'Missing required arguments: out_ref',
    });
    expect(err(await call(s, SHIP, { logistics_no: '1Z999AA10123456784', send_type: 'all', out_ref: id }))).toMatchObject({ code: '40' });
    expect(err(await ship(s, id, { send_type: 'some' }))).toMatchObject({ code: '41' });
  });
});

describe('buyer cancel', () => {
  it('cancels before shipment and gives the quantity back; refuses once shipped, twice, or an unknown order', async () => {
    const c = await seller('cancel-shop');
    const inventory = async () =>
      ((await (await fetch(`${sandbox.url}/sandbox/products?app_key=${c.creds.app_key}`)).json()) as any[])[0].skus[0].inventory;
    const start = await inventory();
    const [a, b] = (await place(c, { count: 2, sku_code: 'TEE-M', quantity: 4 })) as [string, string];
    expect(await inventory()).toBe(start - 8);
    expect(await post(`/sandbox/orders/${a}/cancel`)).toMatchObject({ status: 200, body: { order_status: 'FINISH' } });
    expect(await inventory()).toBe(start - 4);
    expect((await post(`/sandbox/orders/${a}/cancel`)).status).toBe(409);
    expect(await ship(c, b)).toMatchObject({ result_success: true });
    const late = await post(`/sandbox/orders/${b}/cancel`);
    expect(late).toMatchObject({ status: 409, body: { error: expect.stringContaining('shipped') } });
    expect((await info(c, b)).data.order_status).toBe('WAIT_BUYER_ACCEPT_GOODS');
    expect((await post('/sandbox/orders/1000000000000001/cancel')).status).toBe(404);
  });
});

describe('the gateway', () => {
  it('checks the order calls as every call: signature and flow control', async () => {
    const g = await seller('gate-shop');
    const q = { param_aeop_order_query: JSON.stringify({ page_size: 10, current_page: 1 }) };
    expect(err(await call(g, LIST, q, { tamper: (x: string) => x.toLowerCase() })).code).toBe('IncompleteSignature');
    sandbox.setRate(2, 1);
    try {
      t += 5_000;
      await call(g, LIST, q);
      await call(g, SERVICES, {});
      expect(err(await call(g, SHIP, { service_name: 'UPS', logistics_no: 'x', send_type: 'all', out_ref: '1' })).code).toBe(
        'ApiCallLimits',
      );
    } finally {
      sandbox.setRate(1000, 1);
    }
  });

  it('links the orders from the index page', async () => {
    const index = await (await fetch(`${sandbox.url}/`)).text();
    expect(index).toContain('href="/sandbox/orders"');
    expect(index).toMatch(/href="\/sandbox\/orders\?app_key=\d+">\d+<\/a>/);
  });
});
