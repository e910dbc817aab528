import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { routes } from '@app/contract';
import { connectBody } from '../../web/e2e/marketplaceB.js';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';

/**
 * Barcodes on publish (docs/listing-tools.md#barcodes): each SKU takes its variant's code in the shop,
 * TikTok Shop's identifier_code {code, type} and AliExpress's ean_code, which the sandboxes check as the
 * marketplaces do (type, length, check digit, one code per SKU).
 */
let app: TestApp;
let a: MarketplaceA;
let b: MarketplaceB;
let skus: Map<string, number>;
let seq = 0;

async function product(title: string, colours: string[], sizes: string[]) {
  const n = ++seq;
  const images: string[] = [];
  for (const [i] of colours.entries()) {
    const data = await sharp({
      create: { width: 200, height: 200, channels: 3, background: `#${(n * 30 + i * 60).toString(16).padStart(2, '0')}6633` },
    })
      .jpeg()
      .toBuffer();
    await app.storage.put(`mockups/test/bc${n}-${i}.jpg`, data);
    images.push(app.storage.url(`mockups/test/bc${n}-${i}.jpg`));
  }
  return insertExportProduct(app, 'demo', {
    keySuffix: String(6100 + n),
    exportName: title,
    colours: colours.map((color, i) => ({ color, code: '#000000', images: [images[i]!] })),
    sizes,
    skus,
  });
}

async function makerWith(name: string, count: number) {
  const res = await app.api(routes.barcodeCreate, {
    as: 'demo',
    body: { name, prefix: '0614141', code_type: 'UPC', start: 1000 * ++seq, count },
  });
  expect(res.body.code, res.text).toBe(1);
  return res.data.maker_id;
}

beforeAll(async () => {
  a = await startMarketplaceA({ port: 0 });
  b = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { a: a.url, b: b.url } });
  skus = await insertBlank(app, ['S', 'M'], 35);
});
afterAll(async () => {
  await app.close();
  await a.close().catch(() => undefined);
  await b.close();
});

async function tiktokShop(name: string, maker: number) {
  const shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 15, name } })).data.id;
  expect((await app.api(routes.storeConnect, { as: 'demo', body: connectBody(shop, b.createShop({ name })) })).body.code).toBe(1);
  await app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop, maker_id: maker } });
  const t = await app.api(routes.tiktokTemplateAdd, {
    as: 'demo',
    body: {
      store_id: shop,
      name: `${name} tpl`,
      category_id: 601226,
      package_weight: 0.3,
      package_length: 30,
      package_width: 20,
      package_height: 3,
    },
  });
  expect(t.body.code, t.text).toBe(1);
  return { shop, template: t.data.id };
}

const usedCodes = async (maker: number) =>
  (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: maker, status: 'used', pageSize: 100 } })).data.list;

describe('TikTok Shop', () => {
  it('sends each SKU its code as identifier_code, accepted by the sandbox; the codes are used with the variant and shop', async () => {
    const maker = await makerWith('TK 前缀', 10);
    const { template } = await tiktokShop('TK 条码店', maker);
    const p = await product('Barcode Tee', ['Red', 'Blue'], ['S', 'M']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: { design_product_ids: [p.id], tk_template_id: template } });
    expect(pub.body.code, pub.text).toBe(1);
    await app.queue.drain();
    const rec = (await app.api(routes.publishList, { as: 'demo', query: { platform: 15 } })).data.list.find((r) => r.finished_id === p.id)!;
    expect(rec.status, rec.message).toBe('published');
    const held = (await (await fetch(`${b.url}/sandbox/products`)).json()) as {
      products: { product_id: string; identifier_codes: ({ code: string; type: string } | null)[] }[];
    };
    const listing = held.products.find((x) => x.product_id === rec.remote_product_id)!;
    const used = await usedCodes(maker);
    expect(used).toHaveLength(4);
    expect(listing.identifier_codes.map((c) => c?.type)).toEqual(['UPC', 'UPC', 'UPC', 'UPC']);
    expect(listing.identifier_codes.map((c) => c!.code).sort()).toEqual(used.map((c) => c.code).sort());
    expect(used.every((c) => c.store_name === 'TK 条码店')).toBe(true);
  });

  it('refuses the publish when the maker is short, naming it and how many codes are missing, and makes no record', async () => {
    const maker = await makerWith('TK 小前缀', 3);
    const { template } = await tiktokShop('TK 缺码店', maker);
    const p = await product('Short Tee', ['Red', 'Blue'], ['S', 'M']);
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: { design_product_ids: [p.id], tk_template_id: template } });
    expect(pub.status).toBe(409);
    expect(pub.body.msg).toBe('条码来源“TK 小前缀”的可用条码不足：还缺 1 个，请导入或生成后再试');
    expect((await app.api(routes.publishList, { as: 'demo', query: {} })).data.list.some((r) => r.finished_id === p.id)).toBe(false);
    expect(await usedCodes(maker)).toHaveLength(0);
  });
});

describe('AliExpress', () => {
  it('sends each SKU its code as ean_code (a UPC-A in its EAN-13 form), accepted by the sandbox', async () => {
    const maker = await makerWith('AE 前缀', 10);
    const shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 2, name: 'AE 条码店' } })).data.id;
    const c = a.createShop({ name: 'AE 条码店' });
    const con = await app.api(routes.storeConnect, {
      as: 'demo',
      body: {
        id: shop,
        app_key: c.app_key,
        app_secret: c.app_secret,
        access_token: c.access_token,
        refresh_token: c.refresh_token,
        expires_at: c.expires_at,
      },
    });
    expect(con.body.code, con.text).toBe(1);
    await app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop, maker_id: maker } });
    const t = await app.api(routes.aliexpressTemplateAdd, {
      as: 'demo',
      body: {
        store_id: shop,
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
    const p = await product('AE Barcode Tee', ['Red'], ['S', 'M']);
    const pub = await app.api(routes.aliexpressPublish, {
      as: 'demo',
      body: { design_product_ids: [p.id], aliexpress_template_id: t.data.id },
    });
    expect(pub.body.code, pub.text).toBe(1);
    await app.queue.drain();
    const rec = (await app.api(routes.publishList, { as: 'demo', query: { platform: 2 } })).data.list.find((r) => r.finished_id === p.id)!;
    expect(rec.status, rec.message).toBe('published');
    const listing = a.products().find((x) => x.productId === rec.remote_product_id)!;
    const used = (await usedCodes(maker)).map((u) => `0${u.code}`).sort();
    expect(listing.skus.map((s) => s.ean_code).sort()).toEqual(used);
  });
});
