import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { connectBody } from '../../web/e2e/marketplaceB.js';
import { insertBlank, insertExportProduct, type FixtureProduct } from './support/exportFixtures.js';

/**
 * Online publishing to marketplace B (docs/publishing.md): the calls' checks, the pre-flight, the
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
  const images = await Promise.all(
    colours.map((c, i) => mockup(`p${n}-${i}`, `#${((n * 40 + i * 70) % 200).toString(16).padStart(2, '0')}3366`)),
  );
  const f: FixtureProduct = {
    keySuffix: String(5000 + n),
    exportName: title,
    colours: colours.map((color, i) => ({ color, code: '#000000', images: [images[i]!] })),
    sizes,
    skus,
  };
  return insertExportProduct(app, username, f);
}

/** A TikTok shop of `as` with its template; connected to a fresh sandbox shop (`remoteShop`) when `connect`. */
async function addShop(as: string, name: string, connect: boolean) {
  const row = (await app.api(routes.storeAdd, { as, body: { pid: 15, name } })).data;
  let remoteShop: string | undefined;
  if (connect) {
    const c = sandbox.createShop({ name });
    const res = await app.api(routes.storeConnect, { as, body: connectBody(row.id, c) });
    expect(res.body.code, res.text).toBe(1);
    remoteShop = c.shop_id;
  }
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
  return { shopId: row.id, template: t.data.id, remoteShop };
}

const body = (ids: number[], tpl = template, extra: Record<string, unknown> = {}) => ({
  design_product_ids: ids,
  tk_template_id: tpl,
  ...extra,
});
const records = async (as = 'demo', query: Record<string, unknown> = {}) =>
  (await app.api(routes.publishList, { as, query: { pageSize: 100, ...query } })).data;

beforeAll(async () => {
  sandbox = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { b: sandbox.url }, publish: { rateA: 50, rateB: 200, shopConcurrency: 4, jobs: 8 } });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  skus = await insertBlank(app, ['S', 'M', 'L'], 35);
  ({ shopId: shop, template } = await addShop('demo', 'TK Main', true));
  ({ shopId: rivalShop, template: rivalTemplate } = await addShop('rival', 'TK Rival', true));
  ({ shopId: idle, template: idleTemplate } = await addShop('demo', 'TK Idle', false));
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
    refused(
      await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], template, { groupIds: '{not json' }) }),
      400,
      'publishGroupIdsInvalid',
    );
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
        body: {
          name: 'r',
          platform_type: 2,
          currency_code: 'USD',
          shipping: 45,
          exchange_rate: 7.2,
          margin: 0.2,
          platform_fee: 0.08,
          discount: 0.3,
          rounding: 'cent',
          crossed_out_rounding: '99',
        },
      })
    ).data.id;
    refused(
      await app.api(routes.tiktokPublish, { as: 'demo', body: body([mine.id], template, { pricing_template_id: pricing }) }),
      404,
      'priceTemplateNotFound',
    );
    // The other way round: demo's template asked by rival.
    refused(await app.api(routes.tiktokPublish, { as: 'rival', body: body([theirs.id], template) }), 404, 'publishTemplateNotFound');
    refused(await app.api(routes.publishRetry, { as: 'rival', body: { ids: [999_999] } }), 404, 'publishRecordNotFound');
    expect((await records('demo')).list.filter((r) => r.finished_id === mine.id)).toHaveLength(0);
  });

  it('refuses a shop that is not connected, and one that needs reconnecting, with clear messages', async () => {
    const p = await product('demo', 'Idle Tee', ['Red'], ['S']);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], idleTemplate) }), 400, 'publishStoreNotConnected');
    await app.shops.markNeedsReconnect(shop);
    refused(await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id]) }), 400, 'publishStoreNeedsReconnect');
    await app.db.db.updateTable('store_connection').set({ needs_reconnect: 0 }).where('store_id', '=', shop).execute();
    expect((await records('demo')).list.filter((r) => r.finished_id === p.id)).toHaveLength(0);
    void idle;
    void rivalShop;
  });
});

const sandboxProducts = async (shopId?: string) =>
  (await (await fetch(`${sandbox.url}/sandbox/products${shopId ? `?shop_id=${shopId}` : ''}`)).json()) as {
    count: number;
    products: { product_id: string; title: string; seller_skus: string[] }[];
  };
const dev = (path: string, b: unknown = {}) =>
  fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
/** A connected shop of its own (fresh sandbox shop), with its template: tests that change a shop's state use one. */
async function ownShop(name: string) {
  const { shopId, template, remoteShop } = await addShop('demo', name, true);
  return { shopId, template, remoteShop: remoteShop! };
}

describe('pre-flight', () => {
  it("refuses, per product and in the caller's words, a Chinese title, more than 100 SKUs and a banned word; the rest would go", async () => {
    const ok = await product('demo', 'Plain Tee', ['Red', 'Blue'], ['S', 'M']);
    const chinese = await product('demo', '夏季 T恤 Summer', ['Red'], ['S']);
    const banned = await product('demo', 'Forbiddenword Tee', ['Red'], ['S']);
    const sizes = Array.from({ length: 10 }, (_, i) => `X${i}`);
    const many = await insertExportProduct(app, 'demo', {
      keySuffix: '5900',
      exportName: 'Huge Tee',
      colours: await Promise.all(
        Array.from({ length: 11 }, async (_, i) => ({ color: `C${i}`, code: '#000000', images: [await mockup(`huge-${i}`, '#446688')] })),
      ),
      sizes,
      skus: await insertBlank(app, sizes, 35),
    });
    expect(
      (await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'forbiddenword', platform: 15, action: 'block' } })).body.code,
    ).toBe(1);
    const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([ok.id, chinese.id, banned.id, many.id]) });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.ok_ids).toEqual([ok.id]);
    const reasons = Object.fromEntries(res.data.refused.map((r) => [r.id, r.reasons]));
    expect(reasons[chinese.id]).toContain(message('tiktokTitleChinese', 'zh'));
    expect(reasons[many.id]).toContain(message('tiktokTooManySkus', 'zh', { count: 110, max: 100 }));
    expect(reasons[banned.id]).toContain(message('publishBannedWord', 'zh', { word: 'forbiddenword', field: '标题' }));
    // In English for an English caller.
    const en = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([chinese.id]), headers: { 'accept-language': 'en' } });
    expect(en.data.refused[0]!.reasons).toContain(message('tiktokTitleChinese', 'en'));
    // Publishing sends the rest and reports the refused; nothing was sent for them.
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([ok.id, chinese.id]) });
    expect(pub.data.publish_ids).toHaveLength(1);
    expect(pub.data.refused.map((r) => r.id)).toEqual([chinese.id]);
    await app.queue.drain();
    expect((await records('demo')).list.filter((r) => r.finished_id === chinese.id)).toHaveLength(0);
    await app.db.db.deleteFrom('keyword_ban').execute();
  });
});

describe('pre-flight: composition and banned phrases', () => {
  it('refuses a pricing template in a currency the shop does not list in, naming it', async () => {
    const p = await product('demo', 'Pound Tee', ['Red'], ['S']);
    const gbp = await app.api(routes.priceTemplateAdd, {
      as: 'demo',
      body: { name: 'TikTok GBP', platform_type: 15, currency_code: 'GBP', exchange_rate: 9.1, margin: 0.2, platform_fee: 0.08 },
    });
    expect(gbp.body.code, gbp.text).toBe(1);
    const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([p.id], template, { pricing_template_id: gbp.data.id }) });
    expect(res.data.ok_ids).toEqual([]);
    expect(res.data.refused[0]!.reasons).toContain(message('publishCurrencyNotListed', 'zh', { currency: 'GBP' }));
  });

  it('refuses a product still composing or whose composition failed, as the export does', async () => {
    const pending = await product('demo', 'Composing Tee', ['Red'], ['S']);
    const broken = await product('demo', 'Broken Tee', ['Red'], ['S']);
    await app.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', pending.id).execute();
    await app.db.db.updateTable('finished').set({ status: 'failed' }).where('id', '=', broken.id).execute();
    const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([pending.id, broken.id]) });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.ok_ids).toEqual([]);
    const reasons = Object.fromEntries(res.data.refused.map((r) => [r.id, r.reasons]));
    expect(reasons[pending.id]).toEqual([message('publishComposing', 'zh')]);
    expect(reasons[pending.id]![0]).toMatch(/^还在合成中/);
    expect(reasons[broken.id]).toEqual([message('publishCompositionFailed', 'zh')]);
  });

  it('matches a banned phrase across hyphens and spaces in the title', async () => {
    const hyphened = await product('demo', 'Best-Seller Graphic Tee', ['Red'], ['S']);
    const runTogether = await product('demo', 'Bestseller Graphic Tee', ['Red'], ['S']);
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'best seller', platform: 15, action: 'block' } });
    try {
      const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([hyphened.id, runTogether.id]) });
      expect(res.data.ok_ids).toEqual([runTogether.id]);
      expect(res.data.refused[0]!.reasons).toContain(message('publishBannedWord', 'zh', { word: 'best seller', field: '标题' }));
    } finally {
      await app.db.db.deleteFrom('keyword_ban').execute();
    }
  });
});

describe('listing texts in English', () => {
  it("refuses a colour without an English name and a Chinese description, naming each; sends the colours' English names", async () => {
    const { template: tpl, remoteShop } = await ownShop('TK English');
    const unnamed = await product('demo', 'Haze Tee', ['雾霾蓝'], ['S']);
    const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([unnamed.id], tpl) });
    expect(res.data.refused[0]!.reasons).toEqual([message('listingColourNotEnglish', 'zh', { color: '雾霾蓝', text: '雾霾蓝' })]);
    const en = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([unnamed.id], tpl), headers: { 'accept-language': 'en' } });
    expect(en.data.refused[0]!.reasons).toEqual([message('listingColourNotEnglish', 'en', { color: '雾霾蓝', text: '雾霾蓝' })]);

    await app.db.db.updateTable('tiktok_template').set({ description_template: '<p>{title} 纯棉</p>' }).where('id', '=', tpl).execute();
    const named = await product('demo', 'Navy Tee', ['白色', '藏青'], ['S', 'M']);
    const zhDescription = await app.api(routes.tiktokPreflight, { as: 'demo', body: body([named.id], tpl) });
    expect(zhDescription.data.refused[0]!.reasons).toEqual([message('listingTextCjk', 'zh', { field: '描述', text: '纯棉' })]);
    await app.db.db.updateTable('tiktok_template').set({ description_template: '<p>{title}</p>' }).where('id', '=', tpl).execute();

    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([named.id], tpl) });
    expect(pub.data.refused).toEqual([]);
    await app.queue.drain();
    const rec = (await records('demo')).list.find((r) => r.id === pub.data.publish_ids[0])!;
    expect(rec.status, rec.message).toBe('published');
    expect((await sandboxProducts(remoteShop)).count).toBe(1);
    const page = await (await fetch(rec.remote_url!)).text();
    for (const attributes of ['Color: White, Size: S', 'Color: White, Size: M', 'Color: Navy, Size: S', 'Color: Navy, Size: M'])
      expect(page).toContain(attributes);
    expect(page).not.toContain('白色');
    expect(page).not.toContain('藏青');
  });
});

describe('publish through to the marketplace', () => {
  it('with pricing template 0 lists the blank’s CNY cost converted to USD (docs/pricing-templates.md#template-0), not the cost itself', async () => {
    const { template: tpl, remoteShop } = await ownShop('TK Default Price');
    const p = await product('demo', 'Default Price Tee', ['Red'], ['S']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    expect(pub.body.code, pub.text).toBe(1);
    await app.queue.drain();
    const rec = (await records('demo', { batch_id: pub.data.batch_id })).list[0]!;
    expect(rec.status).toBe('published');
    expect((await sandboxProducts(remoteShop)).count).toBe(1);
    // The ¥35 blank on TikTok Shop: 35 / 7.18 / (1 − 0.30 − 0.08) = 7.86 → 7.99 USD.
    const page = await (await fetch(rec.remote_url!)).text();
    expect(page).toContain('7.99 USD');
    expect(page).not.toContain('35.00 USD');
  });

  it('publishes a product: uploading → creating → published, with the remote id and url; the sandbox holds the listing', async () => {
    const { shopId, template: tpl, remoteShop } = await ownShop('TK Flow');
    const p = await product('demo', 'Flow Tee', ['Red', 'Blue'], ['S', 'M', 'L']);
    // The variant table: Blue-L unticked, Red-S at 19.99.
    const info = (await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [p.id], type: 15 } })).data.list[0]!;
    const kept = info.colorSizes.filter((c) => !(c.color === 'Blue' && c.size === 'L'));
    const groupIds = JSON.stringify([
      {
        parentId: p.id,
        customAttributions: kept.map((c) => ({
          childId: c.id,
          color: c.color,
          size: c.size,
          price: c.color === 'Red' && c.size === 'S' ? 19.99 : c.price,
          as_parent: c.as_parent,
        })),
      },
    ]);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl, { groupIds }) });
    expect(pub.body.code, pub.text).toBe(1);
    expect(pub.data).toMatchObject({ refused: [], publish_ids: [expect.any(Number)], job_ids: [expect.any(String)] });
    await app.queue.drain();
    const list = await records('demo', { batch_id: pub.data.batch_id });
    expect(list.tally).toEqual({ queued: 0, uploading: 0, creating: 0, published: 1, failed: 0 });
    const rec = list.list[0]!;
    expect(rec).toMatchObject({
      finished_id: p.id,
      key_id: p.keyId,
      store_id: shopId,
      store_name: 'TK Flow',
      platform: 15,
      status: 'published',
      attempts: 1,
    });
    expect(rec.remote_product_id).toMatch(/^\d+$/);
    const held = await sandboxProducts(remoteShop);
    expect(held.count).toBe(1);
    expect(held.products[0]).toMatchObject({ product_id: rec.remote_product_id, title: 'Flow Tee' });
    expect(held.products[0]!.seller_skus).toHaveLength(5);
    // The listing's page on the sandbox shows what it received.
    const page = await fetch(rec.remote_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('19.99');
    // SKU bindings and the list's shop column.
    const bound = (await app.api(routes.finishedSkuCompareList, { as: 'demo', query: { finished_id: p.id } })).data.list;
    expect(bound).toHaveLength(5);
    expect(bound.every((b) => b.remote_product_id === rec.remote_product_id && b.store_id === shopId)).toBe(true);
    // Publishing it again to the shop is refused (no second listing; the sandbox has no update).
    const again = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    expect(again.data.publish_ids).toEqual([]);
    expect(again.data.refused[0]!.reasons).toEqual([message('publishAlreadyPublished', 'zh', { remote: rec.remote_product_id! })]);
  });

  it('uploads an image once per shop: a second product with the same mockups reuses the uri', async () => {
    const { template: tpl, shopId } = await ownShop('TK Reuse');
    const p1 = await product('demo', 'Reuse One', ['Red'], ['S']);
    // A second product with the very same image URLs.
    const img = JSON.parse(
      (await app.db.db.selectFrom('finished_child').select('img_urls').where('finished_id', '=', p1.id).executeTakeFirstOrThrow()).img_urls,
    ) as string[];
    const p2 = await insertExportProduct(app, 'demo', {
      keySuffix: '5950',
      exportName: 'Reuse Two',
      colours: [{ color: 'Red', code: '#000', images: img }],
      sizes: ['S'],
      skus,
    });
    await app.api(routes.tiktokPublish, { as: 'demo', body: body([p1.id], tpl) });
    await app.queue.drain();
    const before = await app.db.db.selectFrom('remote_image').selectAll().where('store_id', '=', shopId).execute();
    expect(before).toHaveLength(1);
    await app.api(routes.tiktokPublish, { as: 'demo', body: body([p2.id], tpl) });
    await app.queue.drain();
    const after = await app.db.db.selectFrom('remote_image').selectAll().where('store_id', '=', shopId).execute();
    expect(after).toEqual(before);
    expect((await records('demo', { store_id: shopId })).tally.published).toBe(2);
  });

  it('refreshes an expired token, stores the new one sealed, and goes on', async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Token');
    const sealedBefore = (
      await app.db.db.selectFrom('store_connection').select('access_token').where('store_id', '=', shopId).executeTakeFirstOrThrow()
    ).access_token;
    const tokenBefore = (await app.shops.connectionFor(shopId))!.access_token;
    await dev(`/sandbox/shops/${remoteShop}/expire-token`);
    const p = await product('demo', 'Token Tee', ['Red'], ['S']);
    await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    expect((await records('demo', { store_id: shopId })).list[0]).toMatchObject({ status: 'published' });
    const row = await app.db.db
      .selectFrom('store_connection')
      .select(['access_token', 'needs_reconnect'])
      .where('store_id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(row.access_token).not.toBe(sealedBefore);
    expect(row.access_token).not.toContain((await app.shops.connectionFor(shopId))!.access_token);
    expect((await app.shops.connectionFor(shopId))!.access_token).not.toBe(tokenBefore);
    expect(Number(row.needs_reconnect)).toBe(0);
  });

  it('a refresh that fails marks the shop needs_reconnect and fails the publish with that message; the shop page says so', async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Revoked');
    await dev(`/sandbox/shops/${remoteShop}/expire-token`);
    await dev(`/sandbox/shops/${remoteShop}/revoke-refresh-token`);
    const p = await product('demo', 'Revoked Tee', ['Red'], ['S']);
    await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    const rec = (await records('demo', { store_id: shopId })).list[0]!;
    expect(rec).toMatchObject({ status: 'failed', message: message('publishStoreNeedsReconnect', 'zh') });
    const shops = (await app.api(routes.storeList, { as: 'demo' })).data.list.flatMap((m) => m.stores);
    expect(shops.find((s) => s.id === shopId)).toMatchObject({ needs_reconnect: true });
    expect((await sandboxProducts(remoteShop)).count).toBe(0);
  });

  it("a rate-limit answer waits and goes on: no product fails because of the shop's limit", async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Limited');
    // The sandbox allows 3 calls a second to this shop; we pace at 200/s, so it answers 429 and we wait.
    await dev(`/sandbox/shops/${remoteShop}/limits`, { rate_limit_per_second: 3 });
    const ps = [];
    for (let i = 0; i < 4; i++) ps.push(await product('demo', `Limited Tee ${i}`, ['Red', 'Blue'], ['S']));
    const pub = await app.api(routes.tiktokPublish, {
      as: 'demo',
      body: body(
        ps.map((p) => p.id),
        tpl,
      ),
    });
    expect(pub.data.publish_ids).toHaveLength(4);
    await app.queue.drain();
    expect((await records('demo', { store_id: shopId })).tally).toMatchObject({ published: 4, failed: 0 });
    expect((await sandboxProducts(remoteShop)).count).toBe(4);
  });

  it('refuses a product whose SKUs are bound by hand to a listing of the shop', async () => {
    const { template: tpl, shopId } = await ownShop('TK Bound');
    const p = await product('demo', 'Bound Tee', ['Red'], ['S']);
    const bind = await app.api(routes.finishedBindSkuCompare, {
      as: 'demo',
      body: { key_id: `${p.keyId}-0-0`, store_id: shopId, remote_sku_id: '1729000000000000001' },
    });
    expect(bind.body.code, bind.text).toBe(1);
    const res = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    expect(res.data.publish_ids).toEqual([]);
    expect(res.data.refused[0]!.reasons).toEqual([message('publishAlreadyBound', 'zh')]);
  });

  it('a second publish of products still at work is refused (double-click), not a second record', async () => {
    const { template: tpl, shopId } = await ownShop('TK Double');
    const p = await product('demo', 'Double Tee', ['Red'], ['S']);
    const [a, b] = await Promise.all([
      app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) }),
      app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) }),
    ]);
    const ids = [...a.data.publish_ids, ...b.data.publish_ids];
    expect(ids).toHaveLength(1);
    const refusedOne = [...a.data.refused, ...b.data.refused];
    expect(refusedOne).toHaveLength(1);
    expect(refusedOne[0]!.reasons[0]).toBe(message('publishAlreadyRunning', 'zh', { id: ids[0]! }));
    await app.queue.drain();
    expect((await records('demo', { store_id: shopId })).count).toBe(1);
  });
});

describe('exactly once', () => {
  it('a job delivered twice at once creates one listing', async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Twice');
    const p = await product('demo', 'Twice Tee', ['Red', 'Blue'], ['S', 'M']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    // Deliver the same job twice more, at once, after putting the record back to queued.
    const id = pub.data.publish_ids[0]!;
    await app.db.db
      .updateTable('publish_record')
      .set({ status: 'queued', running_key: `${p.id}:${shopId}` })
      .where('id', '=', id)
      .execute();
    const job = {
      id: 'again',
      kind: 'publish',
      ownerId: 1,
      taskId: null,
      payload: { publish_id: id },
      attempt: 1,
      maxAttempts: 1,
      progress: async () => undefined,
    };
    await Promise.all([app.publish.run({ ...job, id: 'twin-1' }), app.publish.run({ ...job, id: 'twin-2' })]);
    expect((await sandboxProducts(remoteShop)).count).toBe(1);
    expect((await records('demo', { store_id: shopId })).list[0]).toMatchObject({ status: 'published' });
  });

  it('a run that stopped between the record (creating) and the answer asks the marketplace and does not create again', async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Crash');
    const p = await product('demo', 'Crash Tee', ['Red'], ['S', 'M']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    const id = pub.data.publish_ids[0]!;
    const remote = (await records('demo', { store_id: shopId })).list[0]!.remote_product_id;
    // As a crash leaves it: the create went out (the sandbox holds the listing), the answer was never stored.
    await app.db.db
      .updateTable('publish_record')
      .set({
        status: 'creating',
        create_started: 1,
        remote_product_id: null,
        remote_url: null,
        running_key: `${p.id}:${shopId}`,
        idempotency_key: 'a-new-key-so-only-the-search-can-find-it',
      })
      .where('id', '=', id)
      .execute();
    const recovered = await app.publish.jobKind.recover!();
    expect(recovered).toBe(1);
    await app.queue.drain();
    expect((await sandboxProducts(remoteShop)).count).toBe(1);
    expect((await records('demo', { store_id: shopId })).list[0]).toMatchObject({ status: 'published', remote_product_id: remote });
  });

  it('a failed record is retried: queued again with a new job, then published', async () => {
    const { template: tpl, shopId, remoteShop } = await ownShop('TK Retry');
    await dev(`/sandbox/shops/${remoteShop}/limits`, { daily_quota: 0 });
    const p = await product('demo', 'Retry Tee', ['Red'], ['S']);
    await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    const failed = (await records('demo', { store_id: shopId })).list[0]!;
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(message('tiktokDailyQuota', 'zh'));
    await dev(`/sandbox/shops/${remoteShop}/limits`, { daily_quota: 100 });
    refused(await app.api(routes.publishRetry, { as: 'rival', body: { ids: [failed.id] } }), 404, 'publishRecordNotFound');
    const retry = await app.api(routes.publishRetry, { as: 'demo', body: { ids: [failed.id] } });
    expect(retry.data).toMatchObject({ retried: [failed.id], job_ids: [expect.any(String)] });
    await app.queue.drain();
    expect((await records('demo', { store_id: shopId })).list[0]).toMatchObject({ id: failed.id, status: 'published', attempts: 2 });
    expect((await sandboxProducts(remoteShop)).count).toBe(1);
  });
});

describe('the records list', () => {
  it("leaves out a deleted shop's records, from the page, the count and the tally alike", async () => {
    const { template: tpl, shopId } = await ownShop('TK Gone');
    const p = await product('demo', 'Gone Tee', ['Red'], ['S']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: body([p.id], tpl) });
    await app.queue.drain();
    const before = await records('demo');
    expect(before.list.map((r) => r.id)).toContain(pub.data.publish_ids[0]);
    expect((await records('demo', { batch_id: pub.data.batch_id })).count).toBe(1);
    expect((await app.api(routes.storeDel, { as: 'demo', body: { id: shopId } })).body.code).toBe(1);
    const after = await records('demo');
    expect(after.list.map((r) => r.id)).not.toContain(pub.data.publish_ids[0]);
    expect(after.count).toBe(before.count - 1);
    expect(after.tally.published).toBe(before.tally.published - 1);
    expect(await records('demo', { batch_id: pub.data.batch_id })).toMatchObject({ list: [], count: 0, tally: { published: 0 } });
  });
});
