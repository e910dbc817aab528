import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA } from '@sandbox/marketplace-a';
import { message, routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';

/** Online publishing to marketplace A (issue 15; docs/publishing.md): through the AliExpress sandbox over HTTP. */
let app: TestApp;
let sandbox: MarketplaceA;
let store: number;
let template: number;

async function mockup(name: string, hex: string): Promise<string> {
  const data = await sharp({ create: { width: 300, height: 300, channels: 3, background: hex } })
    .jpeg()
    .toBuffer();
  const key = `mockups/test/${name}.jpg`;
  await app.storage.put(key, data);
  return app.storage.url(key);
}

beforeAll(async () => {
  sandbox = await startMarketplaceA({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { a: sandbox.url } });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'demo1234' } });
  store = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 2, name: 'AE Main' } })).data.id;
  const c = sandbox.createShop({ name: 'AE Main' });
  const con = await app.api(routes.storeConnect, {
    as: 'demo',
    body: {
      id: store,
      app_key: c.app_key,
      app_secret: c.app_secret,
      access_token: c.access_token,
      refresh_token: c.refresh_token,
      expires_at: c.expires_at,
    },
  });
  expect(con.body.code, con.text).toBe(1);
  const t = await app.api(routes.aliexpressTemplateAdd, {
    as: 'demo',
    body: {
      store_id: store,
      name: 'AE tee',
      category_id: 200000346,
      freight_template_id: 1001,
      promise_template_id: 2001,
      weight: 0.3,
      package_length: 30,
      package_width: 20,
      package_height: 3,
    },
  });
  expect(t.body.code, t.text).toBe(1);
  template = t.data.id;
});
afterAll(async () => {
  await app.close();
  await sandbox.close().catch(() => undefined);
});

describe('publish to marketplace A', () => {
  it('publishes a product through to published; the sandbox holds one listing with the chosen SKUs', async () => {
    const skus = await insertBlank(app, ['S', 'M'], 35);
    const colours = [
      { color: 'Red', code: '#CC0000', images: [await mockup('ae-red', '#cc0000')] },
      { color: 'Blue', code: '#0000CC', images: [await mockup('ae-blue', '#0000cc')] },
    ];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7001', exportName: 'AE Tee', colours, sizes: ['S', 'M'], skus });
    const pub = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(pub.body.code, pub.text).toBe(1);
    expect(pub.data.publish_ids).toHaveLength(1);
    await app.queue.drain();
    const list = (await app.api(routes.publishList, { as: 'demo', query: { platform: 2 } })).data;
    expect(list.tally.published).toBe(1);
    const rec = list.list[0]!;
    expect(rec).toMatchObject({ status: 'published', platform: 2, store_name: 'AE Main', message: '' });
    const held = sandbox.products();
    expect(held).toHaveLength(1);
    expect(held[0]!.productId).toBe(rec.remote_product_id);
    expect((await fetch(rec.remote_url!)).status).toBe(200);
    // Nothing of it for another account.
    const theirs = (await app.api(routes.publishList, { as: 'rival', query: {} })).data;
    expect(theirs.count).toBe(0);
  });

  it('takes a Chinese title (the demo products carry their catalogue names)', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const colours = [{ color: 'Red', code: '#CC0000', images: [await mockup('ae-zh', '#aa2222')] }];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7002', exportName: '纯棉圆领T恤', colours, sizes: ['M'], skus });
    const res = await app.api(routes.aliexpressPreflight, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(res.data).toEqual({ ok_ids: [p.id], refused: [] });
  });

  it("refuses a TikTok template id on the AliExpress call, and the other account's template", async () => {
    const res = await app.api(routes.aliexpressPreflight, {
      as: 'rival',
      body: { design_product_ids: [1], aliexpress_template_id: template },
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(message('publishTemplateNotFound', 'zh'));
  });

  it('an unreachable marketplace is tried again, then the record fails with a message the seller can act on', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const colours = [{ color: 'Red', code: '#CC0000', images: [await mockup('ae-down', '#882222')] }];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7003', exportName: 'Down Tee', colours, sizes: ['M'], skus });
    await sandbox.close();
    const pub = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(pub.data.publish_ids).toHaveLength(1);
    await app.queue.drain();
    const rec = (await app.api(routes.publishList, { as: 'demo', query: { platform: 2, status: 'failed' } })).data.list[0]!;
    expect(rec).toMatchObject({ id: pub.data.publish_ids[0], status: 'failed', message: message('publishFailed', 'zh') });
    const job = await app.db.db
      .selectFrom('job')
      .select(['status', 'attempts'])
      .where('id', '=', pub.data.job_ids[0]!)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
  });
});
