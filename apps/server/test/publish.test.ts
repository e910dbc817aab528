import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, type FixtureProduct } from './support/exportFixtures.js';

/**
 * Online publishing to marketplace B (issue 15; docs/publishing.md): the calls' checks, the pre-flight, the
 * job through to the sandbox (a real HTTP server), pacing, tokens and exactly-once.
 */
let app: TestApp;
let sandbox: MarketplaceB;
let shop: number; // demo's TikTok shop, connected to the sandbox
let template: number;
let rivalShop: number;
let rivalTemplate: number;
let idle: number; // demo's TikTok shop, never connected
let idleTemplate: number;
let skus: Map<string, number>;
let seq = 0;

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

async function mockup(name: string, hex: string): Promise<string> {
  const data = await sharp({ create: { width: 200, height: 200, channels: 3, background: hex } })
    .jpeg()
    .toBuffer();
  const key = `mockups/test/${name}.jpg`;
  await app.storage.put(key, data);
  return app.storage.url(key);
}

/** A product with its colours' own mockups (the colour images) and the first colour's as the main images. */
async function product(username: string, title: string, colours: string[], sizes: string[]) {
  const n = ++seq;
  const images = await Promise.all(colours.map((c, i) => mockup(`p${n}-${i}`, `#${((n * 40 + i * 70) % 200).toString(16).padStart(2, '0')}3366`)));
  const f: FixtureProduct = {
    keySuffix: String(5000 + n),
    exportName: title,
    colours: colours.map((color, i) => ({ color, code: '#000000', images: [images[i]!] })),
    sizes,
    skus,
  };
  return insertExportProduct(app, username, f);
}

async function addShop(as: string, name: string, connect: boolean) {
  const store = (await app.api(routes.storeAdd, { as, body: { pid: 15, name } })).data;
  if (connect) {
    const c = sandbox.createShop({ name });
    const res = await app.api(routes.storeConnect, {
      as,
      body: { id: store.id, app_key: c.app_key, app_secret: c.app_secret, access_token: c.access_token, refresh_token: c.refresh_token, expires_at: c.expires_at, shop_cipher: c.shop_cipher, warehouse_id: c.warehouse_id },
    });
    expect(res.body.code, res.text).toBe(1);
  }
  const t = await app.api(routes.tiktokTemplateAdd, {
    as,
    body: { store_id: store.id, name: `${name} tpl`, category_id: 601226, package_weight: 0.3, package_length: 30, package_width: 20, package_height: 3 },
  });
  expect(t.body.code, t.text).toBe(1);
  return { store: store.id, template: t.data.id };
}

const body = (ids: number[], tpl = template, extra: Record<string, unknown> = {}) => ({ design_product_ids: ids, tk_template_id: tpl, ...extra });
const records = async (as = 'demo', query: Record<string, unknown> = {}) => (await app.api(routes.publishList, { as, query: { pageSize: 100, ...query } })).data;

beforeAll(async () => {
  sandbox = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { b: sandbox.url }, publish: { rateA: 50, rateB: 200, shopConcurrency: 4 } });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'demo1234' } });
  skus = await insertBlank(app, ['S', 'M', 'L'], 35);
  ({ store: shop, template } = await addShop('demo', 'TK Main', true));
  ({ store: rivalShop, template: rivalTemplate } = await addShop('rival', 'TK Rival', true));
  ({ store: idle, template: idleTemplate } = await addShop('demo', 'TK Idle', false));
});
afterAll(async () => {
  await app.close();
  await sandbox.close();
});

describe('publish calls: checks', () => {
  it('refuses a body that is not the contract (validation) and no products', async () => {
    const bad = await app.api(routes.tiktokPublish, { as: 'demo', body: { design_product_ids: 'a,b', tk_template_id: template } as never });
    expect(bad.status).toBe(400);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([]) }), 400, 'publishNoProducts');
    const p = await product('demo', 'Groups Tee', ['Red'], ['S']);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], template, { groupIds: '{not json' }) }), 400, 'publishGroupIdsInvalid');
  });

  it("answers not found for another account's template, product, pricing template and record", async () => {
    const mine = await product('demo', 'Mine Tee', ['Red'], ['S']);
    const theirs = await product('rival', 'Rival Tee', ['Red'], ['S']);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([mine.id], rivalTemplate) }), 404, 'publishTemplateNotFound');
    refused(await app.api(routes.tiktokPreflight, { as: 'demo', body: body([mine.id], rivalTemplate) }), 404, 'publishTemplateNotFound');
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([theirs.id]) }), 404, 'publishProductNotFound', { id: theirs.id });
    const pricing = (
      await app.api(routes.priceTemplateAdd, {
        as: 'rival',
        body: { name: 'r', platform_type: 2, currency_code: 'USD', shipping: 45, exchange_rate: 7.2, margin: 0.2, platform_fee: 0.08, discount: 0.3, rounding: 'cent', crossed_out_rounding: '99' },
      })
    ).data.id;
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([mine.id], template, { pricing_template_id: pricing }) }), 404, 'priceTemplateNotFound');
    // The other way round: demo's template asked by rival.
    refused(await app.api(routes.tiktokPublish, { as: 'rival', body: body([theirs.id], template) }), 404, 'publishTemplateNotFound');
    refused(await app.api(routes.publishRetry, { as: 'rival', body: { ids: [999_999] } }), 404, 'publishRecordNotFound');
    expect((await records('demo')).list.filter((r) => r.finished_id === mine.id)).toHaveLength(0);
  });

  it('refuses a shop that is not connected, and one that needs reconnecting, with clear messages', async () => {
    const p = await product('demo', 'Idle Tee', ['Red'], ['S']);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], idleTemplate) }), 400, 'publishStoreNotConnected');
    await app.stores.markNeedsReconnect(shop);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id]) }), 400, 'publishStoreNeedsReconnect');
    await app.db.db.updateTable('store_connection').set({ needs_reconnect: 0 }).where('store_id', '=', shop).execute();
    expect((await records('demo')).list.filter((r) => r.finished_id === p.id)).toHaveLength(0);
    void idle;
    void rivalShop;
  });
});
