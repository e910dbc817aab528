import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import { startFactory, type Factory } from '@sandbox/factory';
import { FACTORY_WEBHOOK_PATH, POLL_AFTER_MS } from '../src/modules/orders/index.js';
import { storeSolidImage } from './support/composeFixture.js';
import { accountIdOf, creditWallet, openOrderApp, ORDER_ADDRESS, type ImportedTshirt } from './support/orderFixtures.js';
import type { TestApp } from './helper.js';

/**
 * Production through the print factory (docs/orders.md#production), against the factory sandbox at its fast
 * pace over real HTTP: the sandbox fetches the print files from this server by their signed links, checks
 * them (PNG, the declared pixel size) and tells us by signed webhooks. On both databases.
 */
let app: TestApp;
let tshirt: ImportedTshirt;
let factory: Factory;
let factoryKey: string;
let productId: number;
let skuId: number;
let art: string;

const detail = async (id: number, as = 'demo') => (await app.api(routes.orderDetail, { as, query: { id } })).data;
/** Waits (no fixed sleep) until the order's detail satisfies `check`. */
const until = (id: number, check: (d: Awaited<ReturnType<typeof detail>>) => boolean) =>
  vi.waitFor(
    async () => {
      const d = await detail(id);
      if (!check(d)) throw new Error(`order ${id}: status ${d.status}, exception "${d.exception}"`);
      return d;
    },
    { timeout: 20_000, interval: 50 },
  );

/** A paid order of one cart line with the given design. */
async function paidOrder(design: string, num = 2) {
  const add = await app.api(routes.cartAdd, { as: 'demo', body: { product_id: productId, attr_id: skuId, num, extends: design } });
  expect(add.body.code, add.text).toBe(1);
  const line = ((await app.api(routes.cartList, { as: 'demo' })).data.list as { id: number }[])[0]!;
  const made = await app.api(routes.orderCreate, {
    as: 'demo',
    body: { cart_ids: String(line.id), address: ORDER_ADDRESS, shipping_method: 'standard' },
  });
  expect(made.body.code, made.text).toBe(1);
  const paid = await app.api(routes.orderPay, { as: 'demo', body: { id: made.data.id } });
  expect(paid.body.code, paid.text).toBe(1);
  return made.data as { id: number; order_no: string };
}

const factoryCall = (p: string, body: unknown) =>
  fetch(`${factory.url}${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${factoryKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  factory = await startFactory({ speed: 'fast', webhookRetryDelaysMs: [20, 20, 20] });
  factoryKey = factory.createApiKey();
  ({ app, tshirt } = await openOrderApp({ factory: { url: factory.url, apiKey: factoryKey, speed: 'fast' } }));
  productId = tshirt.productId;
  skuId = tshirt.skus[0]!.id;
  art = await storeSolidImage(app.storage, 'catalogue/production-art.png', '#1d4ed8', 200, 200);
  // The factory fetches print files and posts webhooks over HTTP: the server listens, and says where.
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  app.config.publicUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  await app.production.connect();
  // The factory signs its events with the real time, which our side checks within 5 minutes of its clock.
  app.clock.now = Date.now();
  await creditWallet(app, { walletId: await accountIdOf(app, 'demo'), amount: '5000', ref: 'p1' });
}, 120_000);
afterAll(async () => {
  await app.close();
  await factory.close();
  tshirt?.cleanup();
});

describe('an order at the factory', () => {
  it('goes from paid to 生产中, 已发货 with tracking and 已完成, each step in its history, the factory fetching our prints', async () => {
    const o = await paidOrder(frontDesign(art, 'to print', 9));
    const done = await until(o.id, (d) => d.status === 5);
    expect(done.history.map((h: { status: number }) => h.status)).toEqual([1, 2, 3, 4, 5]);
    expect(done.carrier).not.toBe('');
    expect(done.tracking_no).not.toBe('');
    expect(done.production_state).toBe('delivered');
    expect(done.exception).toBe('');
    // What the factory was sent: one print of the front, fetched by it, a PNG of the declared size.
    const line = await app.db.db.selectFrom('order_line').select('print_files').where('order_id', '=', o.id).executeTakeFirstOrThrow();
    const files = JSON.parse(line.print_files) as { placement: string; key: string; width: number; height: number }[];
    expect(files).toHaveLength(1);
    const meta = await sharp(await app.storage.get(files[0]!.key)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', files[0]!.width, files[0]!.height]);
    // Listed under 已完成, with no exception.
    const list = await app.api(routes.orderList, { as: 'demo', query: { status: 5 } });
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(o.id);
  });

  it("refuses a print-file link that is changed or is another order's", async () => {
    const o = await paidOrder(frontDesign(art, 'links', 9));
    await until(o.id, (d) => d.status >= 3);
    const key = (
      JSON.parse(
        (await app.db.db.selectFrom('order_line').select('print_files').where('order_id', '=', o.id).executeTakeFirstOrThrow()).print_files,
      ) as { key: string }[]
    )[0]!.key;
    // No signature: only a session could open it, and the factory has none.
    const bare = await fetch(`${app.config.publicUrl}${routes.productionPrintFile.path}?order=${o.id}&key=${encodeURIComponent(key)}`);
    expect(bare.status).toBe(401);
    const forged = await fetch(
      `${app.config.publicUrl}${routes.productionPrintFile.path}?order=${o.id}&key=${encodeURIComponent(key)}&sig=AAAA`,
    );
    // A signature that is not ours for this address: refused (as a changed download link is).
    expect(forged.status).toBe(403);
    // A signed-in seller of another family gets "not found" for the same order and key.
    const other = await app.api(routes.productionPrintFile, { as: 'demo-b', query: { order: o.id, key } });
    expect(other.status).toBe(404);
  });

  it('holds an order the factory refused in the exceptions list with the reason, and a retry sends it again', async () => {
    const o = await paidOrder(frontDesign(art, 'refused', 9));
    await until(o.id, (d) => d.production_state !== '');
    // The factory fails it (as when it cannot use a file).
    expect((await factoryCall(`/sandbox/orders/@${o.order_no}/status`, { status: 'failed' })).status).toBe(200);
    const held = await until(o.id, (d) => d.exception !== '');
    expect(held.exception).toBe('productionRefused');
    expect(held.status).toBe(2);
    const list = await app.api(routes.orderList, { as: 'demo', query: { exception: 1 } });
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual([o.id]);
    expect(list.data.counts.exception).toBe(1);
    // Retried: a new reference at the factory, and on to 已完成.
    const retried = await app.api(routes.orderRetryProduction, { as: 'demo', body: { id: o.id } });
    expect(retried.body.code, retried.text).toBe(1);
    const done = await until(o.id, (d) => d.status === 5);
    expect(done.exception).toBe('');
    const ref = (await app.db.db.selectFrom('orders').select('factory_ref').where('id', '=', o.id).executeTakeFirstOrThrow()).factory_ref;
    expect(ref).toBe(`${o.order_no}-R2`);
    // Nothing to retry now.
    expect((await app.api(routes.orderRetryProduction, { as: 'demo', body: { id: o.id } })).status).toBe(409);
  });

  it('holds an order whose design gives no print, without sending it to the factory', async () => {
    const o = await paidOrder('{}');
    const held = await until(o.id, (d) => d.exception !== '');
    expect(held.exception).toBe('productionNoPrint');
    const res = await fetch(`${factory.url}/v1/orders/@${o.order_no}`, { headers: { authorization: `Bearer ${factoryKey}` } });
    expect(res.status).toBe(404);
  });

  it('ignores a webhook with a bad signature, and moves on by the poll when webhooks are lost', async () => {
    const o = await paidOrder(frontDesign(art, 'lost hooks', 9));
    await until(o.id, (d) => d.production_state !== '');
    // Every delivery from now on fails: the factory's events for this order do not arrive.
    await factoryCall('/sandbox/webhooks/fail', { count: 1000 });
    const factoryOrder = (await (
      await fetch(`${factory.url}/v1/orders/@${o.order_no}`, { headers: { authorization: `Bearer ${factoryKey}` } })
    ).json()) as { result: unknown };
    await vi.waitFor(
      async () => {
        const r = await fetch(`${factory.url}/v1/orders/@${o.order_no}`, { headers: { authorization: `Bearer ${factoryKey}` } });
        expect(((await r.json()) as { result: { status: string } }).result.status).toBe('fulfilled');
      },
      { timeout: 20_000, interval: 50 },
    );
    const before = await detail(o.id);
    expect(before.status).toBeLessThan(5);
    // A forged event claiming it shipped: refused, nothing changes.
    const body = JSON.stringify({ type: 'package_shipped', created: Math.floor(Date.now() / 1000), data: { order: factoryOrder.result } });
    const forged = await fetch(`${app.config.publicUrl}${FACTORY_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-factory-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-factory-signature': createHmac('sha256', 'not-the-secret').update(body).digest('hex'),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await detail(o.id)).status).toBe(before.status);
    // The poll asks the factory about orders not heard of for a while.
    app.clock.advance(POLL_AFTER_MS + 1000);
    expect(await app.production.poll()).toBeGreaterThanOrEqual(1);
    const after = await detail(o.id);
    expect(after.status).toBe(5);
    expect(after.history.map((h: { status: number }) => h.status)).toEqual([1, 2, 3, 4, 5]);
    await factoryCall('/sandbox/webhooks/fail', { count: 0 });
  });

  it('refuses to cancel an order the factory has begun', async () => {
    const o = await paidOrder(frontDesign(art, 'no cancel', 9));
    await until(o.id, (d) => d.status >= 3);
    const res = await app.api(routes.orderCancel, { as: 'demo', body: { id: o.id } });
    expect(res.status).toBe(409);
    expect((await detail(o.id)).status).toBeGreaterThanOrEqual(3);
  });
});
