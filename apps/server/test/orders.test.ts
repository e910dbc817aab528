import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import { storeSolidImage } from './support/composeFixture.js';
import {
  creditWallet,
  closeOrderApp,
  insertCartLine,
  openOrderApp,
  ORDER_ADDRESS,
  orderAccounts,
  type ImportedTshirt,
  type TshirtSku,
} from './support/orderFixtures.js';
import { TEST_DB, type TestApp } from './helper.js';

/** Checkout, payment from the wallet, cancel and refund (docs/orders.md), on both databases. */
let app: TestApp;
let tshirt: ImportedTshirt;
let productId: number;
let skus: TshirtSku[];
let ids: Record<string, number>;
const address = { ...ORDER_ADDRESS, country: 'us' };

const cartLine = (username: string, sku: number, num = 1) => insertCartLine(app, { ownerId: ids[username]!, productId, skuId: sku, num });
const credit = (walletOwner: number, amount: string, ref: string) => creditWallet(app, { walletId: walletOwner, amount, ref });

const balance = async (as: string) => (await app.api(routes.walletInfo, { as })).data.balance;

async function order(as: string, cartIds: number[], method = 'economy') {
  const res = await app.api(routes.orderCreate, { as, body: { cart_ids: cartIds.join(','), address, shipping_method: method } });
  expect(res.body.code, res.text).toBe(1);
  return res.data as { id: number; order_no: string };
}

beforeAll(async () => {
  ({ app, tshirt } = await openOrderApp());
  ({ productId, skus } = tshirt);
  ids = await orderAccounts(app);
}, 120_000);
afterAll(() => closeOrderApp(app, tshirt));

describe('checkout (POST /api/order/create)', () => {
  it('lists the shipping methods for a country and weight, cheapest first, and refuses a country not shipped to', async () => {
    const m = await app.api(routes.shippingMethods, { as: 'demo', query: { country: 'us', weight: 1200 } });
    expect(m.body.code, m.text).toBe(1);
    // 1,200 g: the first 500 g and two more steps of 500 g.
    expect(m.data.list[0]).toEqual({ id: 'economy', name: '经济小包', price: '52.00', days: '12-20' });
    expect(m.data.list.map((x: { id: string }) => x.id)).toEqual(['economy', 'standard', 'express']);
    const none = await app.api(routes.shippingMethods, { as: 'demo', query: { country: 'KP', weight: 100 } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('KP');
    expect((await app.api(routes.shippingMethods, { as: 'demo', query: { country: 'USA', weight: 100 } })).status).toBe(400);
  });

  it("makes an order of the chosen lines at today's prices, takes them out of the cart and remembers the address", async () => {
    const a = await cartLine('demo-a', skus[0]!.id, 2);
    const b = await cartLine('demo-a', skus[1]!.id, 1);
    const kept = await cartLine('demo-a', skus[2]!.id, 1);
    const made = await order('demo-a', [a, b]);
    expect(made.order_no).toMatch(/^\d{16}$/);
    // The answer carries the amounts as priced: what paying the order takes.
    expect(made).toMatchObject({ items_amount: new Decimal(skus[0]!.price).times(2).plus(skus[1]!.price).toFixed(2) });
    const d = (await app.api(routes.orderDetail, { as: 'demo-a', query: { id: made.id } })).data;
    const items = new Decimal(skus[0]!.price).times(2).plus(skus[1]!.price);
    expect(d).toMatchObject({ status: 1, orders_type: 1, items_amount: items.toFixed(2), recipient: 'Jane Doe', country: 'US', units: 3 });
    expect(new Decimal(d.total).minus(d.items_amount).toFixed(2)).toBe(d.shipping_amount);
    expect(d.lines.map((l: { sku_id: number; num: number }) => [l.sku_id, l.num])).toEqual([
      [skus[0]!.id, 2],
      [skus[1]!.id, 1],
    ]);
    expect(d.history.map((h: { status: number }) => h.status)).toEqual([1]);
    const cart = (await app.api(routes.cartList, { as: 'demo-a' })).data.list.map((l: { id: number }) => l.id);
    expect(cart).toContain(kept);
    expect(cart).not.toContain(a);
    // A later price change never reaches the order.
    await app.db.db.updateTable('product_sku').set({ price: 999 }).where('id', '=', skus[0]!.id).execute();
    expect((await app.api(routes.orderDetail, { as: 'demo-a', query: { id: made.id } })).data.items_amount).toBe(items.toFixed(2));
    await app.db.db.updateTable('product_sku').set({ price: skus[0]!.price }).where('id', '=', skus[0]!.id).execute();
    const saved = (await app.api(routes.addressList, { as: 'demo-a' })).data.list;
    expect(saved[0]).toMatchObject({ recipient: 'Jane Doe', country: 'US', city: 'San Francisco' });
  });

  it("lists the checkout's chosen lines with each unit's weight, and only the caller's", async () => {
    const a = await cartLine('demo-a', skus[0]!.id, 2);
    const b = await cartLine('demo-a', skus[1]!.id, 1);
    await cartLine('demo-a', skus[2]!.id, 1);
    const theirs = await cartLine('demo-b', skus[0]!.id, 1);
    const chosen = (await app.api(routes.cartList, { as: 'demo-a', query: { ids: `${a},${b},${theirs}`, pageSize: 20 } })).data.list;
    expect(chosen.map((l: { id: number }) => l.id).sort()).toEqual([a, b].sort());
    // The demo T-shirt's packed weight, from its catalogue manifest.
    expect(chosen.every((l: { weight_g: number }) => l.weight_g === 220)).toBe(true);
    await app.db.db.deleteFrom('cart_item').where('id', 'in', [a, b, theirs]).execute();
  });

  it('refuses what it cannot order and then changes nothing', async () => {
    const mine = await cartLine('demo-b', skus[0]!.id);
    const theirs = await cartLine('demo-a', skus[0]!.id);
    const body = (cart_ids: string, extra: object = {}) => ({ cart_ids, address, shipping_method: 'economy', ...extra });
    // Another account's line: not found, and the caller's own line stays in the cart.
    expect((await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${mine},${theirs}`) })).status).toBe(404);
    expect((await app.api(routes.orderCreate, { as: 'rival.shop', body: body(`${theirs}`) })).status).toBe(404);
    expect((await app.api(routes.cartList, { as: 'demo-b' })).data.list.map((l: { id: number }) => l.id)).toContain(mine);
    // A method the country has no rate for; a country not shipped to; a bad phone.
    const cn = await app.api(routes.orderCreate, {
      as: 'demo-b',
      body: body(`${mine}`, { address: { ...address, country: 'CN' }, shipping_method: 'standard' }),
    });
    expect(cn.status).toBe(400);
    expect(
      (await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${mine}`, { address: { ...address, country: 'KP' } }) })).status,
    ).toBe(400);
    expect(
      (await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${mine}`, { address: { ...address, phone: 'call me' } }) })).status,
    ).toBe(400);
    const brackets = { address: { ...address, phone: '(((-)))' } };
    expect((await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${mine}`, brackets) })).status).toBe(400);
    // The US, Canada and Australia need the state's code; every address a postcode.
    const noState = await app.api(routes.orderCreate, {
      as: 'demo-b',
      body: body(`${mine}`, { address: { ...address, province: 'California' } }),
    });
    expect(noState.status).toBe(400);
    expect(noState.body.msg).toContain('province');
    const { postcode: _p, ...noPostcode } = address;
    expect((await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${mine}`, { address: noPostcode }) })).status).toBe(400);
    // A line whose SKU is gone from the catalogue.
    const gone = await cartLine('demo-b', 999_999);
    const unavailable = await app.api(routes.orderCreate, { as: 'demo-b', body: body(`${gone}`) });
    expect(unavailable.status).toBe(400);
    expect((await app.api(routes.orderList, { as: 'demo-b' })).data.count).toBe(0);
    expect((await app.api(routes.cartList, { as: 'demo-b' })).data.list.map((l: { id: number }) => l.id)).toContain(mine);
  });
});

describe('payment and cancel', () => {
  it('pays from the family wallet, once; a shortfall says how much is missing and changes nothing', async () => {
    const o = await order('demo-a', [await cartLine('demo-a', skus[0]!.id, 1)]);
    const total = (await app.api(routes.orderDetail, { as: 'demo-a', query: { id: o.id } })).data.total as string;
    const short = await app.api(routes.orderPay, { as: 'demo-a', body: { id: o.id } });
    expect(short.status).toBe(402);
    expect(short.body.msg).toContain(total);
    await credit(ids.demo!, '100.00', 'r1');
    const paid = await app.api(routes.orderPay, { as: 'demo-a', body: { id: o.id } });
    expect(paid.body.code, paid.text).toBe(1);
    expect(paid.data).toEqual({ id: o.id, status: 2, balance: new Decimal(100).minus(total).toFixed(2) });
    // The sub-account spends its parent's wallet: both see the same balance.
    expect(await balance('demo')).toBe(paid.data.balance);
    expect(await balance('demo-a')).toBe(paid.data.balance);
    expect((await app.api(routes.orderPay, { as: 'demo-a', body: { id: o.id } })).status).toBe(409);
    expect((await app.api(routes.orderPay, { as: 'demo-b', body: { id: o.id } })).status).toBe(404);
    expect(await balance('demo')).toBe(paid.data.balance);
    const info = (await app.api(routes.walletInfo, { as: 'demo' })).data;
    expect(info.bills[0]).toMatchObject({ type: 2, amount: `-${total}`, order_no: o.order_no, username: 'demo-a' });
    // demo-b sees the balance, not demo-a's movements.
    expect((await app.api(routes.walletInfo, { as: 'demo-b' })).data.bills).toEqual([]);
  });

  it('cancels a pending order; refunds a paid one at once; refuses after production starts', async () => {
    const pending = await order('demo-b', [await cartLine('demo-b', skus[0]!.id)]);
    const c1 = await app.api(routes.orderCancel, { as: 'demo-b', body: { id: pending.id } });
    expect(c1.data).toEqual({ id: pending.id, status: 0, refunded: '0.00' });
    await credit(ids.demo!, '200.00', 'r2');
    const paid = await order('demo-b', [await cartLine('demo-b', skus[1]!.id, 2)]);
    const before = await balance('demo');
    await app.api(routes.orderPay, { as: 'demo-b', body: { id: paid.id } });
    const total = (await app.api(routes.orderDetail, { as: 'demo', query: { id: paid.id } })).data.total as string;
    const c2 = await app.api(routes.orderCancel, { as: 'demo', body: { id: paid.id } });
    expect(c2.data).toEqual({ id: paid.id, status: 0, refunded: total });
    expect(await balance('demo')).toBe(before);
    const d = (await app.api(routes.orderDetail, { as: 'demo-b', query: { id: paid.id } })).data;
    expect(d.history.map((h: { status: number }) => h.status)).toEqual([1, 2, 0]);
    const again = await app.api(routes.orderCancel, { as: 'demo', body: { id: paid.id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`订单${paid.order_no}已取消`);
    const inProduction = await order('demo-b', [await cartLine('demo-b', skus[0]!.id)]);
    await app.api(routes.orderPay, { as: 'demo-b', body: { id: inProduction.id } });
    await app.db.db.updateTable('orders').set({ status: 3 }).where('id', '=', inProduction.id).execute();
    const late = await app.api(routes.orderCancel, { as: 'demo-b', body: { id: inProduction.id } });
    expect(late.status).toBe(409);
    expect(late.body.msg).toContain(inProduction.order_no);
  });

  it(`a payment and a cancel of one order at once: cancelled in the end, and the money back if it was paid (${TEST_DB})`, async () => {
    await credit(ids.demo!, '5000.00', 'r-race');
    for (let i = 0; i < 5; i++) {
      const o = await order('demo-a', [await cartLine('demo-a', skus[0]!.id)]);
      const before = await balance('demo');
      const [p, c] = await Promise.all([
        app.api(routes.orderPay, { as: 'demo-a', body: { id: o.id } }),
        app.api(routes.orderCancel, { as: 'demo', body: { id: o.id } }),
      ]);
      // Pending or paid, the order may be cancelled: the cancel always succeeds, and the balance is as before.
      expect(c.body.code, c.text).toBe(1);
      expect(await balance('demo')).toBe(before);
      const d = (await app.api(routes.orderDetail, { as: 'demo', query: { id: o.id } })).data;
      expect(d.status).toBe(0);
      if (p.body.code === 1) expect(c.data.refunded).toBe(d.total);
      else expect(p.status).toBe(409);
    }
  });

  it(`many payments of one wallet at once never take it below zero (${TEST_DB})`, async () => {
    const rival = ids['rival.shop']!;
    const orders: number[] = [];
    for (let i = 0; i < 20; i++) orders.push((await order('rival.shop', [await cartLine('rival.shop', skus[0]!.id)], 'economy')).id);
    const total = new Decimal((await app.api(routes.orderDetail, { as: 'rival.shop', query: { id: orders[0]! } })).data.total);
    // Enough for exactly half of them.
    await credit(rival, total.times(10).toFixed(2), 'r3');
    const results = await Promise.all(orders.map((id) => app.api(routes.orderPay, { as: 'rival.shop', body: { id } })));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(10);
    expect(await balance('rival.shop')).toBe('0.00');
    const bills = await app.db.db.selectFrom('bill').select(['amount']).where('wallet_id', '=', rival).execute();
    expect(bills.reduce((s, b) => s.plus(b.amount), new Decimal(0)).toFixed(2)).toBe('0.00');
  });

  it("counts a finished product's paid units as its order count, and takes them back when the order is cancelled", async () => {
    const art = await storeSolidImage(app.storage, 'catalogue/orders-blue.png', '#1d4ed8', 200, 200);
    const made = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: frontDesign(art, 'ordered', 9) },
    });
    expect(made.body.code, made.text).toBe(1);
    await app.queue.drain();
    const finished = made.data as { id: number; key_id: string };
    const orderCount = async () =>
      ((await app.api(routes.finishedList, { as: 'demo-a', query: { key_id: finished.key_id } })).data.list[0] as { order_num: number })
        .order_num;
    const variants = (await app.api(routes.addToCartsPage, { as: 'demo-a', query: { id: String(finished.id) } })).data.list as {
      id: number;
      key_id: string;
    }[];
    expect((await app.api(routes.addToCarts, { as: 'demo-a', body: { id: variants[0]!.id, num: 3 } })).body.code).toBe(1);
    const line = (await app.api(routes.cartList, { as: 'demo-a' })).data.list[0] as { id: number };
    const o = await order('demo-a', [line.id]);
    const d = (await app.api(routes.orderDetail, { as: 'demo-a', query: { id: o.id } })).data;
    expect(d.lines[0]).toMatchObject({ finished_id: finished.id, key_id: variants[0]!.key_id, num: 3 });
    expect(await orderCount()).toBe(0);
    await credit(ids.demo!, '1000.00', 'r4');
    expect((await app.api(routes.orderPay, { as: 'demo-a', body: { id: o.id } })).body.code).toBe(1);
    expect(await orderCount()).toBe(3);
    // The list's filter: ordered (订单数 > 0) or not yet (未出单).
    const keysOf = async (ordered: 0 | 1) =>
      ((await app.api(routes.finishedList, { as: 'demo-a', query: { ordered, pageSize: 100 } })).data.list as { key_id: string }[]).map(
        (r) => r.key_id,
      );
    expect(await keysOf(1)).toEqual([finished.key_id]);
    expect(await keysOf(0)).not.toContain(finished.key_id);
    await app.api(routes.orderCancel, { as: 'demo-a', body: { id: o.id } });
    expect(await orderCount()).toBe(0);
    expect(await keysOf(1)).toEqual([]);
    expect(await keysOf(0)).toContain(finished.key_id);
  });

  it("lists orders with counts per status, by keyword and account; a parent sees its sub-accounts', a sub-account its own", async () => {
    const all = (await app.api(routes.orderList, { as: 'demo' })).data;
    const a = (await app.api(routes.orderList, { as: 'demo-a' })).data;
    const b = (await app.api(routes.orderList, { as: 'demo-b' })).data;
    expect(all.count).toBe(a.count + b.count);
    expect(new Set(a.list.map((o: { username: string }) => o.username))).toEqual(new Set(['demo-a']));
    const cancelled = (await app.api(routes.orderList, { as: 'demo', query: { status: 0 } })).data;
    // Three cancelled in the tests above, five in the races.
    expect(all.counts['0']).toBe(8);
    expect(cancelled.count).toBe(8);
    expect(cancelled.list.every((o: { status: number }) => o.status === 0)).toBe(true);
    expect(cancelled.counts).toEqual(all.counts);
    const no = a.list[0]!.order_no as string;
    expect(
      (await app.api(routes.orderList, { as: 'demo', query: { keyword: no } })).data.list.map((o: { order_no: string }) => o.order_no),
    ).toEqual([no]);
    expect((await app.api(routes.orderList, { as: 'demo', query: { keyword: 'jane' } })).data.count).toBe(all.count);
    expect((await app.api(routes.orderList, { as: 'demo', query: { userids: String(ids['demo-b']) } })).data.count).toBe(b.count);
    expect((await app.api(routes.orderList, { as: 'rival.shop', query: { userids: String(ids['demo-b']) } })).data.count).toBe(0);
    expect((await app.api(routes.orderDetail, { as: 'rival.shop', query: { id: a.list[0]!.id } })).status).toBe(404);
  });
});
