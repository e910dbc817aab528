import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { startMarketplaceB, type MarketplaceB, type ShopCredentials } from '@sandbox/marketplace-b';
import { connectBody } from '../../web/e2e/marketplaceB.js';
import { TIKTOK_WEBHOOK_PATH } from '../src/modules/marketOrders/index.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';
import sharp from 'sharp';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';
import { accountIdOf, creditWallet } from './support/orderFixtures.js';

/**
 * Marketplace buyers' orders (docs/market-orders.md) from sandbox B over real HTTP: its signed webhooks reach this
 * server, the import reads the orders and makes ours through the SKU bindings a real publish recorded. On both databases.
 */
let app: TestApp;
let sandbox: MarketplaceB;
let blank: Map<string, number>;
let seq = 0;

interface Shop {
  id: number;
  remote: ShopCredentials;
  /** The sandbox's product of our published finished product, and its SKUs by seller SKU. */
  productId: string;
  keyId: string;
}

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

/** A 200 px mockup (TikTok takes images of 100 px and more); its URL as finished rows keep it. */
async function mockup(name: string): Promise<string> {
  const key = `mockups/test/${name}.jpg`;
  await app.storage.put(
    key,
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );
  return app.storage.url(key);
}

/** demo's TikTok shop connected to a fresh sandbox shop, with one finished product of two sizes published to it. */
async function publishedShop(as: string, name: string): Promise<Shop> {
  const row = (await app.api(routes.storeAdd, { as, body: { pid: 15, name } })).data;
  const remote = sandbox.createShop({ name });
  const c = await app.api(routes.storeConnect, { as, body: connectBody(row.id, remote) });
  expect(c.body.code, c.text).toBe(1);
  const t = await app.api(routes.tiktokTemplateAdd, {
    as,
    body: {
      store_id: row.id,
      name: `${name} tpl`,
      category_id: 601226,
      package_weight: 0.3,
      package_length: 30,
      package_width: 20,
      package_height: 3,
    },
  });
  expect(t.body.code, t.text).toBe(1);
  const n = ++seq;
  const p = await insertExportProduct(app, as, {
    keySuffix: String(7000 + n),
    exportName: `Market Tee ${n}`,
    colours: [{ color: 'White', code: '#FFFFFF', images: [await mockup(`mo-${n}`)] }],
    sizes: ['S', 'M'],
    skus: blank,
  });
  const pub = await app.api(routes.tiktokPublish, { as, body: { design_product_ids: [p.id], tk_template_id: t.data.id } });
  expect(pub.body.code, pub.text).toBe(1);
  const record = await vi.waitFor(
    async () => {
      const r = (await app.api(routes.publishList, { as, query: { pageSize: 100 } })).data.list.find(
        (x: { finished_id: number; store_id: number }) => x.finished_id === p.id && x.store_id === row.id,
      );
      if (r?.status !== 'published') throw new Error(`publish ${r?.status} ${r?.message}`);
      return r as { remote_product_id: string };
    },
    { timeout: 20_000, interval: 50 },
  );
  return { id: row.id, remote, productId: record.remote_product_id, keyId: p.keyId };
}

async function buy(shop: Shop, o: { count?: number; status?: string } = {}): Promise<string[]> {
  const res = await fetch(`${sandbox.url}/sandbox/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      shop_id: shop.remote.shop_id,
      count: o.count ?? 1,
      product_id: shop.productId,
      quantity: 2,
      region_code: 'US',
      ...(o.status ? { status: o.status } : {}),
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { order_ids: string[] }).order_ids;
}

const marketOrder = (storeId: number, remoteId: string) =>
  app.db.db
    .selectFrom('market_order')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('remote_order_id', '=', remoteId)
    .executeTakeFirst();

/** Waits (no fixed sleep) until the marketplace order has been read and settled as `check` says. */
const settled = (storeId: number, remoteId: string, check: (r: NonNullable<Awaited<ReturnType<typeof marketOrder>>>) => boolean) =>
  vi.waitFor(
    async () => {
      const r = await marketOrder(storeId, remoteId);
      if (!r || !check(r))
        throw new Error(
          `market order ${remoteId}: ${JSON.stringify(r && { state: r.state, order_id: r.order_id, exception: r.exception })}`,
        );
      return r;
    },
    { timeout: 20_000, interval: 50 },
  );

let main: Shop;

beforeAll(async () => {
  sandbox = await startMarketplaceB({ port: 0, webhookRetryDelaysMs: [30, 60, 120] });
  app = await buildTestApp({ marketplaceUrls: { b: sandbox.url }, publish: { rateA: 50, rateB: 200, shopConcurrency: 4, jobs: 8 } });
  // The marketplace posts its webhooks over HTTP: the server listens, and says where.
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  app.config.publicUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  blank = await insertBlank(app, ['S', 'M'], 30);
  main = await publishedShop('demo', 'TK Orders');
  // The first import registers the shop's webhook address with the marketplace.
  await app.api(routes.marketOrderSync, { as: 'demo', body: { store_id: main.id } });
  await vi.waitFor(
    async () => {
      if (!(await app.api(routes.marketShopSettings, { as: 'demo', query: { store_id: main.id } })).data.webhook)
        throw new Error('no webhook yet');
    },
    { timeout: 20_000, interval: 50 },
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe("a buyer's order on marketplace B", () => {
  it('arrives by webhook as one order of ours (each webhook delivered three times), with the shop, the lines and the address', async () => {
    await fetch(`${sandbox.url}/sandbox/shops/${main.remote.shop_id}/webhook-copies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ copies: 3 }),
    });
    const [remoteId] = await buy(main);
    const row = await settled(main.id, remoteId!, (r) => r.order_id > 0);
    const list = await app.api(routes.orderList, { as: 'demo', query: { orders_type: 2, store_id: main.id } });
    const mine = list.data.list.filter((o: { market: { remote_order_id: string } | null }) => o.market?.remote_order_id === remoteId);
    expect(mine).toHaveLength(1);
    const res = await app.api(routes.orderDetail, { as: 'demo', query: { id: row.order_id } });
    expect(res.body.code, res.text).toBe(1);
    const d = res.data;
    expect(d.orders_type).toBe(2);
    expect(d.store_id).toBe(main.id);
    expect(d.status).toBe(1);
    expect(d.lines.map((l: { num: number; key_id: string }) => l.num)).toEqual([2]);
    expect(d.lines[0]!.key_id.startsWith(main.keyId)).toBe(true);
    expect(d.address.country).toBe('US');
    // The state's name from the marketplace is the code the factory takes.
    expect(d.address.province).toMatch(/^[A-Z]{2}$/);
    expect(d.market).toMatchObject({ remote_order_id: remoteId, remote_status: 'AWAITING_SHIPMENT', platform: 15 });
    // Every copy was taken, none made a second order.
    await vi.waitFor(async () => {
      const c = (await (await fetch(`${sandbox.url}/sandbox/webhooks/deliveries?order_id=${remoteId}`)).json()) as {
        delivered: number;
        pending: number;
      };
      if (c.pending > 0 || c.delivered < 3) throw new Error(JSON.stringify(c));
    });
    const count = await app.db.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', main.id)
      .executeTakeFirstOrThrow();
    const rows = await app.db.db.selectFrom('market_order').select('order_id').where('store_id', '=', main.id).execute();
    expect(Number(count.n)).toBe(rows.filter((r) => r.order_id > 0).length);
  });

  it("shows the order's profit: what the buyer paid at the operator's rate, less our total and the shop's fee", async () => {
    const saved = await app.api(routes.marketShopSettingsSave, {
      as: 'demo',
      body: { store_id: main.id, order_mode: 'review', fee_percent: '8' },
    });
    expect(saved.data.fee_percent).toBe('8');
    const [remoteId] = await buy(main);
    const row = await settled(main.id, remoteId!, (r) => r.order_id > 0);
    const d = (await app.api(routes.orderDetail, { as: 'demo', query: { id: row.order_id } })).data;
    const profit = d.profit!;
    const rate = Number(profit.rate);
    expect(rate).toBeGreaterThan(1);
    const paid = Number(row.buyer_paid) * rate;
    expect(Number(profit.buyer_paid_cny)).toBeCloseTo(paid, 2);
    expect(Number(profit.fee_cny)).toBeCloseTo(paid * 0.08, 2);
    expect(profit.cost_cny).toBe(d.total);
    expect(Number(profit.profit_cny)).toBeCloseTo(paid - paid * 0.08 - Number(d.total), 1);
  });

  it('refuses a fee outside 0–50 % and changes nothing', async () => {
    refused(
      await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'auto', fee_percent: '60' } }),
      400,
      'marketFeeRateInvalid',
    );
    refused(
      await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'auto', fee_percent: '-1' } }),
      400,
      'marketFeeRateInvalid',
    );
    expect((await app.api(routes.marketShopSettings, { as: 'demo', query: { store_id: main.id } })).data).toMatchObject({
      order_mode: 'review',
      fee_percent: '8',
    });
  });

  it('pays by itself in auto mode when the wallet covers it, and waits with a note when it does not', async () => {
    await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'auto', fee_percent: '8' } });
    const [poor] = await buy(main);
    const unpaid = await settled(main.id, poor!, (r) => r.order_id > 0 && r.exception === 'marketAwaitingFunds');
    expect((await app.api(routes.orderDetail, { as: 'demo', query: { id: unpaid.order_id } })).data.status).toBe(1);
    await creditWallet(app, { walletId: await accountIdOf(app, 'demo'), amount: '5000', ref: 'market-orders' });
    const [rich] = await buy(main);
    const paid = await settled(main.id, rich!, (r) => r.order_id > 0);
    expect(paid.exception).toBe('');
    expect((await app.api(routes.orderDetail, { as: 'demo', query: { id: paid.order_id } })).data.status).toBe(2);
    await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'review', fee_percent: '8' } });
  });

  it("a buyer's cancel before production cancels ours and refunds it", async () => {
    await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'auto', fee_percent: '8' } });
    const [remoteId] = await buy(main);
    const row = await settled(main.id, remoteId!, (r) => r.order_id > 0);
    const before = (await app.api(routes.walletInfo, { as: 'demo' })).data.balance;
    const res = await fetch(`${sandbox.url}/sandbox/orders/${remoteId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await settled(main.id, remoteId!, (r) => r.state === 'cancelled');
    const d = await vi.waitFor(async () => {
      const x = (await app.api(routes.orderDetail, { as: 'demo', query: { id: row.order_id } })).data;
      if (x.status !== 0) throw new Error(`status ${x.status}`);
      return x;
    });
    const after = (await app.api(routes.walletInfo, { as: 'demo' })).data.balance;
    expect(Number(after) - Number(before)).toBeCloseTo(Number(d.total), 2);
    await app.api(routes.marketShopSettingsSave, { as: 'demo', body: { store_id: main.id, order_mode: 'review', fee_percent: '8' } });
  });

  it('puts an order whose SKU has no binding in the exceptions list; binding it and retrying makes the order', async () => {
    const bindings = await app.db.db.selectFrom('sku_binding').selectAll().where('store_id', '=', main.id).execute();
    await app.db.db.deleteFrom('sku_binding').where('store_id', '=', main.id).execute();
    const [remoteId] = await buy(main);
    const row = await settled(main.id, remoteId!, (r) => r.exception === 'marketSkuUnbound');
    const ex = (await app.api(routes.marketOrderExceptions, { as: 'demo', query: { store_id: main.id } })).data;
    expect(ex.list.map((e: { remote_order_id: string }) => e.remote_order_id)).toContain(remoteId);
    // Another family neither sees it nor retries it.
    expect((await app.api(routes.marketOrderExceptions, { as: 'rival', query: {} })).data.count).toBe(0);
    refused(await app.api(routes.marketOrderRetry, { as: 'rival', body: { id: row.id } }), 404, 'marketOrderNotFound');
    for (const b of bindings) {
      const r = await app.api(routes.finishedBindSkuCompare, {
        as: 'demo',
        body: { key_id: b.key_id, store_id: main.id, remote_sku_id: b.remote_sku_id },
      });
      expect(r.body.code, r.text).toBe(1);
    }
    const retried = await app.api(routes.marketOrderRetry, { as: 'demo', body: { id: row.id } });
    expect(retried.body.code, retried.text).toBe(1);
    expect(retried.data.order_id).toBeGreaterThan(0);
    expect(retried.data.exception).toBe('');
    refused(await app.api(routes.marketOrderRetry, { as: 'demo', body: { id: row.id } }), 409, 'marketOrderNothingToRetry');
  });

  it('sends the tracking back when our order ships; the sandbox order shows it', async () => {
    const [remoteId] = await buy(main);
    const row = await settled(main.id, remoteId!, (r) => r.order_id > 0);
    await app.db.db
      .updateTable('orders')
      .set({ status: 4, carrier: 'UPS', tracking_no: '1Z999AA10123456784' })
      .where('id', '=', row.order_id)
      .execute();
    const order = await app.db.db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirstOrThrow();
    await app.marketOrderSync.shipped(order);
    await settled(main.id, remoteId!, (r) => r.ship_state === 'sent');
    const remote = (await (await fetch(`${sandbox.url}/sandbox/orders/${remoteId}`)).json()) as {
      tracking_number?: string;
      shipping_provider?: string;
    };
    expect(remote.tracking_number).toBe('1Z999AA10123456784');
    expect(remote.shipping_provider).toBe('UPS');
  });
});

describe("marketplace B's webhook", () => {
  it('refuses a body the shop did not sign, and takes a replay once', async () => {
    const body = JSON.stringify({
      type: 1,
      tts_notification_id: '900000000000000001',
      shop_id: main.remote.shop_id,
      timestamp: 1770714000,
      data: { order_id: '576486316948499999', order_status: 'AWAITING_SHIPMENT', update_time: 1770714000 },
    });
    const url = `${app.config.publicUrl}${TIKTOK_WEBHOOK_PATH}?shop=${main.id}`;
    const post = (sig: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: sig }, body });
    expect((await post('0'.repeat(64))).status).toBe(401);
    const wrongSecret = createHmac('sha256', 'not-the-secret')
      .update(main.remote.app_key + body)
      .digest('hex');
    expect((await post(wrongSecret)).status).toBe(401);
    const good = createHmac('sha256', main.remote.app_secret)
      .update(main.remote.app_key + body)
      .digest('hex');
    expect((await post(good)).status).toBe(200);
    expect((await post(good)).status).toBe(200);
    const seen = await app.db.db
      .selectFrom('market_webhook_seen')
      .selectAll()
      .where('notification_id', '=', '900000000000000001')
      .execute();
    expect(seen).toHaveLength(1);
    // Signed for another shop of ours: refused (the secret is the shop's).
    expect(
      (
        await fetch(`${app.config.publicUrl}${TIKTOK_WEBHOOK_PATH}?shop=999999`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: good },
          body,
        })
      ).status,
    ).toBe(401);
  });
});

describe('shop settings', () => {
  it("answers another family's shop as not found", async () => {
    refused(await app.api(routes.marketShopSettings, { as: 'rival', query: { store_id: main.id } }), 404, 'marketShopNotFound');
    refused(
      await app.api(routes.marketShopSettingsSave, { as: 'rival', body: { store_id: main.id, order_mode: 'auto', fee_percent: '1' } }),
      404,
      'marketShopNotFound',
    );
    refused(await app.api(routes.marketOrderSync, { as: 'rival', body: { store_id: main.id } }), 404, 'marketShopNotFound');
  });
});
