import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA } from '@sandbox/marketplace-a';
import { message, routes } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';

/** Online publishing to marketplace A (docs/publishing.md): through the AliExpress sandbox over HTTP. */
let app: TestApp;
let sandbox: MarketplaceA;
let shopId: number;
let template: number;
// The marketplace's edge: every call goes through to the sandbox, except that `banInfoReads` next
// product.info.get calls answer A's ApiCallLimits (what a busy app meets right after a product post).
let proxy: http.Server;
let banInfoReads = 0;
let posts = 0;

function startProxy(target: string): Promise<string> {
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('latin1');
      if (text.includes('aliexpress.solution.product.post')) posts++;
      if (banInfoReads > 0 && text.includes('aliexpress.solution.product.info.get')) {
        banInfoReads--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error_response: { type: 'ISP', code: 'ApiCallLimits', msg: 'The request has exceeded the limit. This ban will last 1 seconds' },
          }),
        );
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      delete headers['content-length'];
      fetch(`${target}${req.url}`, {
        method: req.method,
        headers: headers as Record<string, string>,
        body: req.method === 'GET' ? undefined : body,
      })
        .then(async (r) => {
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

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
  app = await buildTestApp({ marketplaceUrls: { a: await startProxy(sandbox.url) } });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  shopId = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 2, name: 'AE Main' } })).data.id;
  const c = sandbox.createShop({ name: 'AE Main' });
  const con = await app.api(routes.storeConnect, {
    as: 'demo',
    body: {
      id: shopId,
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
      store_id: shopId,
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
  await new Promise((r) => proxy.close(r));
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

  it('a product posted whose SKU-id read stays banned is found again, published with every SKU id and binding, and posted once', async () => {
    const skus = await insertBlank(app, ['S', 'M'], 35);
    const colours = [{ color: 'Red', code: '#CC0000', images: [await mockup('ae-ban', '#cc1111')] }];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7004', exportName: 'Ban Tee', colours, sizes: ['S', 'M'], skus });
    const before = sandbox.products().length;
    posts = 0;
    // Every read the adapter tries after the post is banned (AE_SKU_READ_TRIES); the next run's reads go through.
    banInfoReads = 3;
    const pub = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(pub.data.publish_ids).toHaveLength(1);
    await app.queue.drain();
    expect(banInfoReads).toBe(0);
    const rec = (await app.api(routes.publishList, { as: 'demo', query: { platform: 2 } })).data.list.find(
      (r) => r.id === pub.data.publish_ids[0],
    )!;
    expect(rec).toMatchObject({ status: 'published', attempts: 2 });
    expect(posts).toBe(1);
    expect(sandbox.products()).toHaveLength(before + 1);
    const bound = (await app.api(routes.finishedSkuCompareList, { as: 'demo', query: { finished_id: p.id } })).data.list;
    expect(bound).toHaveLength(2);
    expect(bound.every((b) => b.remote_product_id === rec.remote_product_id && b.store_id === shopId)).toBe(true);
    // A later publish of the same product to the shop is refused: no second listing.
    const again = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(again.data.publish_ids).toEqual([]);
    expect(sandbox.products()).toHaveLength(before + 1);
  });

  it('refuses a Chinese title and a colour without an English name, naming each (an English listing)', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const colours = [
      { color: 'Red', code: '#CC0000', images: [await mockup('ae-zh', '#aa2222')] },
      { color: '雾霾蓝', code: '#8899aa', images: [await mockup('ae-zh-2', '#8899aa')] },
    ];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7002', exportName: '纯棉圆领T恤', colours, sizes: ['M'], skus });
    const res = await app.api(routes.aliexpressPreflight, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(res.data.ok_ids).toEqual([]);
    expect(res.data.refused[0]!.reasons).toEqual([
      message('listingTextCjk', 'zh', { field: '标题', text: '纯棉圆领T恤' }),
      // The default description carries the title.
      message('listingTextCjk', 'zh', { field: '描述', text: '纯棉圆领T恤' }),
      message('listingColourNotEnglish', 'zh', { color: '雾霾蓝', text: '雾霾蓝' }),
    ]);
  });

  it("sends the colours' and sizes' English names as the SKU attributes", async () => {
    const skus = await insertBlank(app, ['均码'], 35);
    const colours = [
      { color: '白色', code: '#f6f6f3', images: [await mockup('ae-white', '#f6f6f3')] },
      { color: '藏青', code: '#1e2a45', images: [await mockup('ae-navy', '#1e2a45')] },
    ];
    const p = await insertExportProduct(app, 'demo', { keySuffix: '7005', exportName: 'Navy Tee', colours, sizes: ['均码'], skus });
    const before = sandbox.products().length;
    const pub = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: template },
    });
    expect(pub.data.refused).toEqual([]);
    await app.queue.drain();
    const held = sandbox.products().slice(before);
    expect(held).toHaveLength(1);
    const values = held[0]!.skus.map((s) => s.attributes.map((a) => [a.sku_attribute_name_id, a.sku_attribute_value]));
    expect(values).toEqual([
      [
        [14, 'White'],
        [5, 'One Size'],
      ],
      [
        [14, 'Navy'],
        [5, 'One Size'],
      ],
    ]);
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
