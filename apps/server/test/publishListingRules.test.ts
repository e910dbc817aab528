import sharp from 'sharp';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { connectBody } from '../../web/e2e/marketplaceB.js';
import { insertBlank, insertExportProduct, insertTemplate } from './support/exportFixtures.js';

/**
 * What a listing carries to both marketplaces (docs/publishing.md): the stock from the shop or the template,
 * the crossed-out price in each marketplace's field, one seller SKU per variant shared with the files, a
 * combination as one listing, and a connection the marketplace refuses never shown as connected.
 */
let app: TestApp;
let a: MarketplaceA;
let b: MarketplaceB;
let skus: Map<string, number>;
let pricing: number;
let seq = 0;

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

async function mockup(name: string, hex: string): Promise<string> {
  const data = await sharp({ create: { width: 300, height: 300, channels: 3, background: hex } })
    .jpeg()
    .toBuffer();
  const key = `mockups/test/${name}.jpg`;
  await app.storage.put(key, data);
  return app.storage.url(key);
}

/** A product of demo's with its colours' own mockups. */
async function product(title: string, colours: [string, string][], sizes: string[]) {
  const n = ++seq;
  const list = await Promise.all(
    colours.map(async ([color, code], i) => ({ color, code, images: [await mockup(`rules-${n}-${i}`, code)] })),
  );
  return insertExportProduct(app, 'demo', { keySuffix: String(8000 + n), exportName: title, colours: list, sizes, skus });
}

/** A shop of demo's on A or B, connected to a fresh sandbox shop, with one template (`extra` its other fields). */
async function shopOn(platform: 2 | 15, name: string, extra: Record<string, unknown> = {}) {
  const shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: platform, name } })).data;
  let appKey: string;
  let remoteShop = '';
  if (platform === 15) {
    const c = b.createShop({ name });
    [appKey, remoteShop] = [c.app_key, c.shop_id];
    const conn = await app.api(routes.storeConnect, { as: 'demo', body: connectBody(shop.id, c) });
    expect(conn.body.code, conn.text).toBe(1);
  } else {
    const c = a.createShop({ name });
    appKey = c.app_key;
    const { app_secret, access_token, refresh_token, expires_at } = c;
    const conn = await app.api(routes.storeConnect, {
      as: 'demo',
      body: { id: shop.id, app_key: appKey, app_secret, access_token, refresh_token, expires_at },
    });
    expect(conn.body.code, conn.text).toBe(1);
  }
  const package_ = { package_length: 30, package_width: 20, package_height: 3 };
  const t =
    platform === 2
      ? await app.api(routes.aliexpressTemplateAdd, {
          as: 'demo',
          body: {
            store_id: shop.id,
            name: `${name} tpl`,
            category_id: 200000346,
            freight_template_id: 1001,
            promise_template_id: 2001,
            weight: 0.3,
            ...package_,
            ...extra,
          },
        })
      : await app.api(routes.tiktokTemplateAdd, {
          as: 'demo',
          body: { store_id: shop.id, name: `${name} tpl`, category_id: 601226, package_weight: 0.3, ...package_, ...extra },
        });
  expect(t.body.code, t.text).toBe(1);
  return { shopId: shop.id, template: t.data.id, appKey, remoteShop };
}

/** Publishes to A or B and lets the jobs run; answers the call's data. */
async function publish(platform: 2 | 15, ids: number[], template: number, extra: Record<string, unknown> = {}) {
  const res =
    platform === 2
      ? await app.api(routes.aliexpressPublish, {
          as: 'demo',
          body: { design_product_ids: ids, aliexpress_template_id: template, ...extra },
        })
      : await app.api(routes.tiktokPublish, { as: 'demo', body: { design_product_ids: ids, tk_template_id: template, ...extra } });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const list = (await app.api(routes.publishList, { as: 'demo', query: { pageSize: 100, batch_id: res.data.batch_id } })).data.list;
  for (const r of list) expect(r.status, r.message).toBe('published');
  return res.data;
}

interface ASku {
  sku_code: string;
  price: number;
  discount_price: number | null;
  inventory: number;
  attributes: { sku_attribute_value?: string }[];
}
const aProducts = async (appKey: string) =>
  (await (await fetch(`${a.url}/sandbox/products?app_key=${appKey}`)).json()) as { delivery_time: number | null; skus: ASku[] }[];
interface BSku {
  seller_sku: string;
  sales_attributes: { name: string; value_name: string }[];
  price: { amount: string };
  list_price: { amount: string } | null;
  inventory: { quantity: number }[];
  pre_sale: { type: string; handling_duration_days: number } | null;
}
const bProducts = async (shopId: string) =>
  ((await (await fetch(`${b.url}/sandbox/products?shop_id=${shopId}`)).json()) as { products: { skus: BSku[] }[] }).products;

beforeAll(async () => {
  a = await startMarketplaceA({ port: 0 });
  b = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { a: a.url, b: b.url }, publish: { rateA: 50, rateB: 200, shopConcurrency: 4, jobs: 8 } });
  skus = await insertBlank(app, ['S', 'M', 'L', 'XL', '2XL'], 35);
  // docs/pricing-templates.md's worked example: ¥35 → 15.43, crossed out 22.99.
  pricing = (
    await app.api(routes.priceTemplateAdd, {
      as: 'demo',
      body: {
        name: 'Rules',
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
});
afterAll(async () => {
  await app.close();
  await a.close();
  await b.close();
});

describe('stock: the shop setting, a template override', () => {
  it("refuses a setting outside the shop's marketplace, in the seller's words", async () => {
    const { shopId } = await shopOn(15, 'Stock checks');
    refused(
      await app.api(routes.storeStock, { as: 'demo', body: { id: shopId, stock_mode: 'made_to_order', handling_days: 45 } }),
      400,
      'storeStockHandling',
      { min: 1, max: 30 },
    );
    refused(
      await app.api(routes.storeStock, { as: 'demo', body: { id: shopId, stock_mode: 'quantity', stock_quantity: 1_000_000 } }),
      400,
      'storeStockQuantity',
      { min: 0, max: 999_999 },
    );
    const ok = await app.api(routes.storeStock, { as: 'demo', body: { id: shopId, stock_mode: 'quantity', stock_quantity: 12 } });
    expect(ok.data).toMatchObject({ stock_mode: 'quantity', stock_quantity: 12, handling_days: 3 });
  });

  it('B: a quantity per SKU from the shop; made to order sends the largest stock and the handling days', async () => {
    const { shopId, template, remoteShop } = await shopOn(15, 'Stock B');
    await app.api(routes.storeStock, { as: 'demo', body: { id: shopId, stock_mode: 'quantity', stock_quantity: 7 } });
    const p = await product('Stock Tee', [['Red', '#CC0000']], ['S', 'M']);
    await publish(15, [p.id], template);
    await app.api(routes.storeStock, { as: 'demo', body: { id: shopId, stock_mode: 'made_to_order', handling_days: 5 } });
    const q = await product('Made Tee', [['Blue', '#0000CC']], ['S']);
    await publish(15, [q.id], template);
    const [first, second] = await bProducts(remoteShop);
    expect(first!.skus.map((s) => [s.inventory[0]!.quantity, s.pre_sale])).toEqual([
      [7, null],
      [7, null],
    ]);
    expect(second!.skus[0]).toMatchObject({
      inventory: [{ quantity: 999_999 }],
      pre_sale: { type: 'MADE_TO_ORDER', handling_duration_days: 5 },
    });
  });

  it("A: the template's override wins over the shop's setting; made to order is A's delivery_time", async () => {
    const { template, appKey } = await shopOn(2, 'Stock A', { stock_mode: 'made_to_order', handling_days: 10 });
    const p = await product('AE Made Tee', [['Green', '#00CC00']], ['M']);
    await publish(2, [p.id], template);
    const [listing] = await aProducts(appKey);
    expect(listing).toMatchObject({ delivery_time: 10, skus: [{ inventory: 999_999 }] });

    const other = await shopOn(2, 'Stock A2', { stock_mode: 'quantity', stock_quantity: 25 });
    const q = await product('AE Qty Tee', [['Green', '#00CC00']], ['M']);
    await publish(2, [q.id], other.template);
    expect(await aProducts(other.appKey)).toMatchObject([{ delivery_time: null, skus: [{ inventory: 25 }] }]);
  });

  it("a template's handling days outside the marketplace's range are refused when it is saved", async () => {
    const { shopId } = await shopOn(2, 'Stock A3');
    refused(
      await app.api(routes.aliexpressTemplateAdd, {
        as: 'demo',
        body: {
          store_id: shopId,
          name: 'too slow',
          category_id: 200000346,
          freight_template_id: 1,
          promise_template_id: 2,
          weight: 0.3,
          package_length: 30,
          package_width: 20,
          package_height: 3,
          stock_mode: 'made_to_order',
          handling_days: 61,
        },
      }),
      400,
      'storeStockHandling',
      { min: 1, max: 60 },
    );
  });
});

describe('the crossed-out price', () => {
  it("goes to A's price with the listing price as discount_price, and to B's list_price", async () => {
    const ae = await shopOn(2, 'Crossed A');
    const tk = await shopOn(15, 'Crossed B');
    const p = await product('Crossed Tee', [['Red', '#CC0000']], ['S']);
    await publish(2, [p.id], ae.template, { pricing_template_id: pricing });
    await publish(15, [p.id], tk.template, { pricing_template_id: pricing });
    expect((await aProducts(ae.appKey))[0]!.skus[0]).toMatchObject({ price: 22.99, discount_price: 15.43 });
    expect((await bProducts(tk.remoteShop))[0]!.skus[0]).toMatchObject({ price: { amount: '15.43' }, list_price: { amount: '22.99' } });
    // The publish tab's variant table showed both before sending (getVariantPrice).
    const table = await app.api(routes.aliexpressVariantPrice, {
      as: 'demo',
      body: { pricing_template_id: pricing, products: [{ id: p.id }], type: 15, template_id: tk.template },
    });
    expect(table.data.list[0]!.colorSizes[0]).toMatchObject({ price: 15.43, crossed_out: 22.99 });
    // The sandboxes' pages show it crossed out.
    const aPage = (await (await fetch(`${a.url}/sandbox/products?app_key=${ae.appKey}`)).json()) as { url: string }[];
    expect(await (await fetch(aPage[0]!.url)).text()).toContain('<s>22.99</s>');
  });

  it('is left out without a pricing template (pricing template 0 has none)', async () => {
    const tk = await shopOn(15, 'No crossed B');
    const p = await product('Plain Tee', [['Red', '#CC0000']], ['S']);
    await publish(15, [p.id], tk.template);
    expect((await bProducts(tk.remoteShop))[0]!.skus[0]!.list_price).toBeNull();
  });
});

describe('one seller SKU per variant', () => {
  it("the flat file's item_sku of a variant is the listing's seller SKU on A and B (same prefix)", async () => {
    const large = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'Large W2' } })).data.id;
    const amazonT = await insertTemplate(app, 'demo', {
      store_id: large,
      kind: 'amazon',
      name: 'W2 tees',
      sku_prefix: 'W2-',
      feed_product_type: 'shirt',
    });
    const ae = await shopOn(2, 'SKU A', { sku_prefix: 'W2-' });
    const tk = await shopOn(15, 'SKU B', { sku_prefix: 'W2-' });
    const p = await product(
      'SKU Tee',
      [
        ['White', '#F6F6F3'],
        ['Navy', '#1F2A44'],
      ],
      ['S', 'M'],
    );

    const exp = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: { ids: `${p.id}`, store_id: large, template_id: amazonT, domain_id: 1, price_template_id: 0 } as never,
    });
    expect(exp.body.code, exp.text).toBe(1);
    await app.queue.drain();
    const file = await app.call({ method: 'GET', url: `/api/export/download?id=${exp.data.export_id}`, as: 'demo' });
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: '' });
    const fields = rows[2] as string[];
    const col = (f: string) => fields.indexOf(f);
    const children = rows.slice(3).filter((r) => r[col('parent_child')] === 'child');
    const fileSkus = children.map((r) => String(r[col('item_sku')]));
    expect(fileSkus).toEqual([`W2-${p.keyId}-F6F6F3-S`, `W2-${p.keyId}-F6F6F3-M`, `W2-${p.keyId}-1F2A44-S`, `W2-${p.keyId}-1F2A44-M`]);

    await publish(2, [p.id], ae.template);
    await publish(15, [p.id], tk.template);
    expect((await aProducts(ae.appKey))[0]!.skus.map((s) => s.sku_code)).toEqual(fileSkus);
    expect((await bProducts(tk.remoteShop))[0]!.skus.map((s) => s.seller_sku)).toEqual(fileSkus);
    // The publish tab's variant table shows the very SKUs, with the product template chosen there (getVariantPrice).
    for (const [type, template_id] of [
      [2, ae.template],
      [15, tk.template],
    ] as const) {
      const table = await app.api(routes.aliexpressVariantPrice, {
        as: 'demo',
        body: { pricing_template_id: 0, products: [{ id: p.id }], type, template_id },
      });
      expect(table.data.list[0]!.colorSizes.map((c) => c.seller_sku)).toEqual(fileSkus);
    }
    refused(
      await app.api(routes.aliexpressVariantPrice, {
        as: 'demo',
        body: { pricing_template_id: 0, products: [{ id: p.id }], type: 2, template_id: 999_999 },
      }),
      404,
      'publishTemplateNotFound',
    );

    // The bindings the publish recorded name the same variants, by their numbers.
    const bound = await app.api(routes.finishedSkuCompareList, { as: 'demo', query: { finished_id: p.id } });
    expect(
      bound.data.list
        .filter((x) => x.store_id === tk.shopId)
        .map((x) => x.key_id)
        .sort(),
    ).toEqual([`${p.keyId}-0-0`, `${p.keyId}-0-1`, `${p.keyId}-1-0`, `${p.keyId}-1-1`].sort());
  });

  it('unticking a variant does not change the other SKUs', async () => {
    const tk = await shopOn(15, 'SKU stable');
    const p = await product('Stable Tee', [['White', '#F6F6F3']], ['S', 'M']);
    const info = (await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [p.id] } })).data.list[0]!;
    const m = info.colorSizes.find((c) => c.size === 'M')!;
    const groupIds = JSON.stringify([
      { parentId: p.id, customAttributions: [{ childId: m.id, color: 'White', size: 'M', price: 20, as_parent: 1 }] },
    ]);
    await publish(15, [p.id], tk.template, { groupIds });
    expect((await bProducts(tk.remoteShop))[0]!.skus.map((s) => s.seller_sku)).toEqual([`${p.keyId}-F6F6F3-M`]);
  });
});

describe('a combination (多素材组合) is one listing', () => {
  it("publishes one listing whose variants are its childs', each colour told apart by its child", async () => {
    const tk = await shopOn(15, 'Combo B');
    const one = await product('Combo One', [['White', '#F6F6F3']], ['S', 'M']);
    const two = await product(
      'Combo Two',
      [
        ['White', '#F6F6F3'],
        ['Black', '#000000'],
      ],
      ['S'],
    );
    const combo = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${one.id},${two.id}` } });
    expect(combo.body.code, combo.text).toBe(1);
    const done = await publish(15, [combo.data.id], tk.template);
    expect(done.publish_ids).toHaveLength(1);
    const listings = await bProducts(tk.remoteShop);
    expect(listings).toHaveLength(1);
    expect(listings[0]!.skus.map((s) => [s.seller_sku, s.sales_attributes.map((x) => x.value_name).join('/')])).toEqual([
      [`${one.keyId}-F6F6F3-S`, 'White (1)/S'],
      [`${one.keyId}-F6F6F3-M`, 'White (1)/M'],
      [`${two.keyId}-F6F6F3-S`, 'White (2)/S'],
      [`${two.keyId}-000000-S`, 'Black/S'],
    ]);
    // Each child's variants are bound under the child, as the edit drawer reads them.
    const bound = await app.api(routes.finishedSkuCompareList, { as: 'demo', query: { finished_id: two.id } });
    expect(bound.data.list.filter((x) => x.store_id === tk.shopId)).toHaveLength(2);
  });

  it("is refused by the pre-flight over the marketplace's SKU limit, naming the count and the limit", async () => {
    const ae = await shopOn(2, 'Combo A');
    const colours: [string, string][] = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Pink', 'Navy', 'Sand', 'Olive', 'Gold'].map(
      (c, i) => [c, `#${(i * 20 + 16).toString(16).padStart(2, '0')}3366`],
    );
    const one = await product('Big One', colours, ['S', 'M', 'L', 'XL', '2XL']);
    const two = await product('Big Two', colours, ['S', 'M', 'L', 'XL', '2XL']);
    const combo = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${one.id},${two.id}` } });
    const res = await app.api(routes.aliexpressPreflight, {
      as: 'demo',
      body: { design_product_ids: [combo.data.id], aliexpress_template_id: ae.template },
    });
    expect(res.data.ok_ids).toEqual([]);
    expect(res.data.refused[0]!.reasons).toEqual([
      message('publishCombinationTooManySkus', 'zh', { products: 2, count: 110, max: 100, marketplace: '速卖通' }),
    ]);
    const en = await app.api(routes.aliexpressPreflight, {
      as: 'demo',
      body: { design_product_ids: [combo.data.id], aliexpress_template_id: ae.template },
      headers: { 'accept-language': 'en' },
    });
    expect(en.data.refused[0]!.reasons[0]).toBe(
      message('publishCombinationTooManySkus', 'en', { products: 2, count: 110, max: 100, marketplace: 'AliExpress' }),
    );
  });
});

describe('connecting a shop asks the marketplace', () => {
  it('B: refuses a made-up app key, a wrong secret, a wrong token and a cipher of no authorized shop', async () => {
    const shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 15, name: 'Made up B' } })).data;
    const c = b.createShop({ name: 'Real B' });
    const cases: [Partial<typeof c>, MessageKey][] = [
      [{ app_key: 'made-up-key' }, 'storeConnectSecretRefused'],
      [{ app_secret: 'wrong-secret' }, 'storeConnectSecretRefused'],
      [{ access_token: 'TTP_made_up' }, 'storeConnectTokenRefused'],
      [{ shop_cipher: 'ROW_made_up' }, 'storeConnectCipherRefused'],
    ];
    for (const [change, key] of cases) {
      refused(await app.api(routes.storeConnect, { as: 'demo', body: connectBody(shop.id, { ...c, ...change }) }), 400, key);
      const en = await app.api(routes.storeConnect, {
        as: 'demo',
        body: connectBody(shop.id, { ...c, ...change }),
        headers: { 'accept-language': 'en' },
      });
      expect(en.body.msg).toBe(message(key, 'en'));
    }
    const listed = (await app.api(routes.storeList, { as: 'demo', query: { type: 15 } })).data.list[0]!.stores.find(
      (s) => s.id === shop.id,
    );
    expect(listed).toMatchObject({ connected: false });
    expect((await app.api(routes.storeConnect, { as: 'demo', body: connectBody(shop.id, c) })).data).toMatchObject({ connected: true });
  });

  it('A: refuses an unknown app key, a wrong secret and a wrong session', async () => {
    const shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 2, name: 'Made up A' } })).data;
    const c = a.createShop({ name: 'Real A' });
    const body = (change: Record<string, string>) => ({
      id: shop.id,
      app_key: c.app_key,
      app_secret: c.app_secret,
      access_token: c.access_token,
      refresh_token: c.refresh_token,
      expires_at: c.expires_at,
      ...change,
    });
    refused(await app.api(routes.storeConnect, { as: 'demo', body: body({ app_key: '999999' }) }), 400, 'storeConnectAppKeyRefused');
    refused(await app.api(routes.storeConnect, { as: 'demo', body: body({ app_secret: 'wrong' }) }), 400, 'storeConnectSecretRefused');
    refused(await app.api(routes.storeConnect, { as: 'demo', body: body({ access_token: 'made-up' }) }), 400, 'storeConnectTokenRefused');
    expect((await app.api(routes.storeConnect, { as: 'demo', body: body({}) })).data).toMatchObject({ connected: true });
  });
});
