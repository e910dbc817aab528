import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { serializeDesign } from '@app/design';
import { oneAreaDesign } from '@app/design/fixtures';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertTemplate } from './support/exportFixtures.js';
import { importTestTshirt } from './support/rows.js';
import { m0025_listing_names } from '../src/db/migrations/0025_listing_names.js';

/**
 * Listing names (docs/finished.md#listing-names, docs/catalogue-format.md#colours-and-sizes-in-english): a product
 * made on the demo T-shirt (Chinese colour names) goes out with English colour names, colour families and the blank's
 * English name; the seller renames them per product; the export's pre-flight refuses what is not English, naming it.
 */
let app: TestApp;
let shop: number;
let walmartShop: number;
let amazonT: number;
let walmartT: number;
let simpleT: number;
let product: { id: number; key_id: string };
let sub: { id: number; key_id: string };

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

let blank: { productId: number; attrId: number };
async function make(as: string) {
  const res = await app.api(routes.synthesisCreate, {
    as,
    body: { product_id: blank.productId, attr_id: blank.attrId, extends: serializeDesign(oneAreaDesign([])) },
  });
  expect(res.body.code, res.text).toBe(1);
  return { id: res.data.id, key_id: res.data.key_id };
}

const preview = async (id: number, template: number, store = shop, format = 3) => {
  const kind = store === walmartShop ? ('walmart' as const) : ('exports' as const);
  const res = await app.api(routes.finishedFirstPreview, {
    as: 'demo',
    body: { exportProducts: { kind, ids: `${id}`, store_id: store, template_id: template, ...(kind === 'exports' ? { format } : {}) } },
  });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const column = (data: { fields: string[]; rows: (string | number)[][] }, field: string) =>
  data.rows.map((r) => r[data.fields.indexOf(field)]).filter((v) => v !== '');

beforeAll(async () => {
  app = await buildTestApp({ composeThreads: 1 });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  blank = await importTestTshirt(app, 200);
  const addShop = async (pid: number, name: string) => (await app.api(routes.storeAdd, { as: 'demo', body: { pid, name } })).data.id;
  shop = await addShop(1, 'US Shop');
  walmartShop = await addShop(3, 'Walmart Shop');
  amazonT = await insertTemplate(app, 'demo', {
    store_id: shop,
    kind: 'amazon',
    name: 'Tees',
    feed_product_type: 'shirt',
    brand_name: 'Acme',
  });
  simpleT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'simple', name: 'Simple' });
  walmartT = await insertTemplate(app, 'demo', { store_id: walmartShop, kind: 'walmart', name: 'WM', product_type: 'T-Shirts' });
  product = await make('demo');
  sub = await make('demo-a');
  await app.queue.drain();
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('what goes out by default', () => {
  it("the flat file writes each colour's English name and family, English sizes and the blank's English name as the title", async () => {
    const res = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: { ids: `${product.id}`, store_id: shop, template_id: amazonT },
    });
    expect(res.body.code, res.text).toBe(1);
    await app.queue.drain();
    const rec = (await app.api(routes.exportList, { as: 'demo', query: {} })).data.list.find((r) => r.id === res.data.export_id)!;
    expect(rec.status, JSON.stringify(rec.errors)).toBe('done');
    const file = await app.call({ method: 'GET', url: `/api/export/download?id=${rec.id}`, as: 'demo' });
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    const table = XLSX.utils.sheet_to_json<(string | number)[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
    const fields = table[2]!.map(String);
    const data = { fields, rows: table.slice(3) };
    const colours = [...new Set(column(data, 'color_name'))];
    expect(colours).toEqual(['White', 'Black', 'Heather Grey', 'Navy', 'Red', 'Royal Blue', 'Forest Green', 'Mustard']);
    expect([...new Set(column(data, 'color_map'))]).toEqual(['White', 'Black', 'Grey', 'Blue', 'Red', 'Green', 'Yellow']);
    expect([...new Set(column(data, 'size_name'))]).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(new Set(column(data, 'item_name'))).toEqual(new Set(['Classic Cotton Crew Neck T-Shirt']));
    // No Chinese in any cell a marketplace reads.
    expect(data.rows.flat().filter((c) => typeof c === 'string' && /\p{Script=Han}/u.test(c))).toEqual([]);
  });

  it('the Walmart and simplified files write the English names too', async () => {
    const walmart = await preview(product.id, walmartT, walmartShop);
    expect(walmart.error, JSON.stringify(walmart)).toBeFalsy();
    expect(column(walmart, 'color')[0]).toBe('White');
    expect(column(walmart, 'productName')[0]).toBe('Classic Cotton Crew Neck T-Shirt');
    const simple = await preview(product.id, simpleT, shop, 6);
    expect(column(simple, 'color')[0]).toBe('White');
    expect(column(simple, 'size')[0]).toBe('S');
  });
});

describe('renaming per product (getListingNames / setListingNames)', () => {
  it("answers the product's colours with codes, English names and families, and its sizes", async () => {
    const res = await app.api(routes.finishedListingNames, { as: 'demo', query: { id: product.id } });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.colors[0]).toEqual({ color: '白色', color_code: '#f6f6f3', en: 'White', family: 'White' });
    expect(res.data.colors[3]).toEqual({ color: '藏青', color_code: '#1e2a45', en: 'Navy', family: 'Blue' });
    expect(res.data.sizes).toEqual(['S', 'M', 'L', 'XL', 'XXL'].map((s) => ({ size: s, en: s })));
  });

  it('renames a colour and a size; the flat file and the variant info send the new names', async () => {
    const res = await app.api(routes.finishedSetListingNames, {
      as: 'demo',
      body: { id: product.id, colors: [{ color: '藏青', en: ' Midnight Navy ', family: 'Blue' }], sizes: [{ size: 'XXL', en: '2XL' }] },
    });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.colors[3]).toEqual({ color: '藏青', color_code: '#1e2a45', en: 'Midnight Navy', family: 'Blue' });
    expect(res.data.sizes[4]).toEqual({ size: 'XXL', en: '2XL' });
    const file = await preview(product.id, amazonT);
    expect(column(file, 'color_name')).toContain('Midnight Navy');
    expect(column(file, 'size_name')).toContain('2XL');
    expect(column(file, 'size_name')).not.toContain('XXL');
    const info = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [product.id] } });
    const navy = info.data.list[0]!.colorSizes.find((c) => c.color === '藏青' && c.size === 'XXL')!;
    expect(navy).toMatchObject({ color_en: 'Midnight Navy', color_family: 'Blue', size_en: '2XL' });
  });

  it('a parent renames its sub-account’s product; another family’s product answers not found', async () => {
    const ok = await app.api(routes.finishedSetListingNames, {
      as: 'demo',
      body: { id: sub.id, colors: [{ color: '白色', en: 'Ivory', family: 'White' }] },
    });
    expect(ok.body.code, ok.text).toBe(1);
    refused(await app.api(routes.finishedListingNames, { as: 'rival', query: { id: product.id } }), 404, 'listingNamesNotFound', {
      id: product.id,
    });
    refused(
      await app.api(routes.finishedSetListingNames, {
        as: 'rival',
        body: { id: product.id, colors: [{ color: '白色', en: 'Hacked', family: 'Red' }] },
      }),
      404,
      'listingNamesNotFound',
      { id: product.id },
    );
    refused(await app.api(routes.finishedListingNames, { as: 'demo-a', query: { id: product.id } }), 404, 'listingNamesNotFound', {
      id: product.id,
    });
    refused(await app.api(routes.finishedListingNames, { as: 'demo', query: { id: 99_999_999 } }), 404, 'listingNamesNotFound', {
      id: 99_999_999,
    });
    // Nothing changed by the refused call.
    const names = await app.api(routes.finishedListingNames, { as: 'demo', query: { id: product.id } });
    expect(names.data.colors[0]!.en).toBe('White');
  });

  it('refuses, naming it, a colour or size the product lacks, a Chinese name, a family not in the list, a long or empty name', async () => {
    const set = (body: Record<string, unknown>) =>
      app.api(routes.finishedSetListingNames, { as: 'demo', body: { id: product.id, ...body } as never });
    refused(await set({ colors: [{ color: '紫色', en: 'Purple', family: 'Purple' }] }), 400, 'listingNamesUnknownColor', {
      key_id: product.key_id,
      color: '紫色',
    });
    refused(await set({ sizes: [{ size: '4XL', en: '4XL' }] }), 400, 'listingNamesUnknownSize', { key_id: product.key_id, size: '4XL' });
    refused(await set({ colors: [{ color: '白色', en: '白 White', family: 'White' }] }), 400, 'listingNameNotEnglish', {
      name: '白色',
      text: '白 White',
    });
    refused(
      await set({
        colors: [
          { color: '白色', en: 'White', family: 'White' },
          { color: '白色', en: 'Snow', family: 'White' },
        ],
      }),
      400,
      'listingNameTwice',
      { name: '白色' },
    );
    for (const bad of [{ family: 'Navy' }, { en: 'x'.repeat(51) }, { en: '   ' }]) {
      const res = await set({ colors: [{ color: '白色', en: 'White', family: 'White', ...bad }] });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.msg).toContain('colors');
    }
    const names = await app.api(routes.finishedListingNames, { as: 'demo', query: { id: product.id } });
    expect(names.data.colors[0]).toMatchObject({ en: 'White', family: 'White' });
  });
});

describe("the export's pre-flight of every text that goes out", () => {
  it('refuses a colour without an English name (a product made before colours had one), naming the colour', async () => {
    const legacy = await make('demo');
    await app.queue.drain();
    await app.db.db
      .updateTable('finished_child')
      .set({ color: '雾霾蓝', color_en: '' })
      .where('finished_id', '=', legacy.id)
      .where('color', '=', '宝蓝')
      .execute();
    const file = await preview(legacy.id, amazonT);
    expect(file.rows).toEqual([]);
    expect(file.error?.reasons).toContain(message('listingColourNotEnglish', 'zh', { color: '雾霾蓝', text: '雾霾蓝' }));
    // Named, it goes.
    const fix = await app.api(routes.finishedSetListingNames, {
      as: 'demo',
      body: { id: legacy.id, colors: [{ color: '雾霾蓝', en: 'Haze Blue', family: 'Blue' }] },
    });
    expect(fix.body.code, fix.text).toBe(1);
    expect(column(await preview(legacy.id, amazonT), 'color_name')).toContain('Haze Blue');
  });

  it("refuses a Chinese bullet point and a title over the marketplace's limit, naming each field", async () => {
    const zhT = await insertTemplate(app, 'demo', {
      store_id: shop,
      kind: 'amazon',
      name: 'Chinese bullets',
      feed_product_type: 'shirt',
      bullet_point2: '纯棉舒适',
    });
    const file = await preview(product.id, zhT);
    expect(file.rows).toEqual([]);
    expect(file.error?.reasons).toContain(message('listingTextCjk', 'zh', { field: 'bullet_point2', text: '纯棉舒适' }));
    await app.db.db
      .updateTable('finished')
      .set({ export_name: 'Long '.repeat(50).trim() })
      .where('id', '=', sub.id)
      .execute();
    const subFile = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: { exportProducts: { ids: `${sub.id}`, store_id: shop, template_id: amazonT } },
    });
    expect(subFile.data.error?.reasons).toContain(message('listingTextTooLong', 'zh', { field: 'item_name', length: 249, max: 200 }));
  });

  it('an export writes the products that pass and names each refused one with its reasons', async () => {
    const zhT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'amazon', name: 'Chinese brand', brand_name: '品牌' });
    const res = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: { ids: `${product.id}`, store_id: shop, template_id: zhT },
    });
    expect(res.body.code, res.text).toBe(1);
    await app.queue.drain();
    const rec = (await app.api(routes.exportList, { as: 'demo', query: {} })).data.list.find((r) => r.id === res.data.export_id)!;
    expect(rec.status).toBe('failed');
    expect(rec.errors[0]).toMatchObject({ finished_id: product.id });
    expect(rec.errors[0]!.reasons).toContain(message('listingTextCjk', 'zh', { field: 'brand_name', text: '品牌' }));
  });
});

describe('migration 0024 on a database made before listing names', () => {
  it("fills the copies as an old catalogue imports: built-in English names, families from name or hue; a name it cannot give stays ''", async () => {
    const db = app.db.db;
    const old = await make('demo');
    await db.updateTable('finished_child').set({ color: '雾霾蓝' }).where('finished_id', '=', old.id).where('color', '=', '宝蓝').execute();
    await db.updateTable('finished_attr').set({ size: '加长' }).where('finished_id', '=', old.id).where('size', '=', 'XXL').execute();
    const migration = m0025_listing_names(app.db.dialect);
    await migration.down!(db as never);
    await migration.up(db as never);
    const colours = await db
      .selectFrom('finished_child')
      .select(['color', 'color_en', 'color_family'])
      .where('finished_id', '=', old.id)
      .orderBy('sort')
      .execute();
    expect(colours.map((c) => [c.color, c.color_en, c.color_family])).toEqual([
      ['白色', 'White', 'White'],
      ['黑色', 'Black', 'Black'],
      ['麻灰', 'Heather Grey', 'Grey'],
      ['藏青', 'Navy', 'Blue'],
      ['红色', 'Red', 'Red'],
      ['雾霾蓝', '', 'Blue'],
      ['墨绿', 'Forest Green', 'Green'],
      ['姜黄', 'Mustard', 'Yellow'],
    ]);
    const sizes = await db.selectFrom('finished_attr').select(['size', 'size_en']).distinct().where('finished_id', '=', old.id).execute();
    expect(new Map(sizes.map((s) => [s.size, s.size_en]))).toEqual(
      new Map([
        ['S', 'S'],
        ['M', 'M'],
        ['L', 'L'],
        ['XL', 'XL'],
        ['加长', ''],
      ]),
    );
    const tshirt = await db.selectFrom('product').select('name_en').where('code', '=', 'tshirt').executeTakeFirstOrThrow();
    expect(tshirt.name_en).toBe('Classic Cotton Crew Neck T-Shirt');
    const sku = await db
      .selectFrom('product_sku')
      .select(['color_en', 'color_family', 'size_en'])
      .where('color', '=', '墨绿')
      .where('size', '=', 'S')
      .executeTakeFirstOrThrow();
    expect(sku).toEqual({ color_en: 'Forest Green', color_family: 'Green', size_en: 'S' });
  });
});
