import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_FLAT_FILE_FIELDS, message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, ownerIdOf, storeMockup } from './support/exportFixtures.js';

/** Offline export (docs/exports.md, docs/export-dialog.md, docs/limits.md#export). */
let app: TestApp;
let shop: number; // demo's Amazon shop
let walmartShop: number;
let otherShop: number; // demo's second Amazon shop
let rivalShop: number;
let amazonT: number;
let simpleT: number;
let walmartT: number;
let rivalT: number;
let pricing: number;
let rivalPricing: number;
let p1: { id: number; keyId: string };
let p2: { id: number; keyId: string };
let single: { id: number; keyId: string };
let rivalProduct: { id: number; keyId: string };
let images: string[];

const FORMULA = '=HYPERLINK("http://x","y")';
const AT_SUM = '@SUM(A1)';

beforeAll(async () => {
  app = await buildTestApp({
    imageDomains: [
      { id: 1, title: 'localhost', baseUrl: 'http://localhost:8080' },
      { id: 2, title: 'CDN', baseUrl: 'https://img.example.com' },
    ],
  });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  const addShop = async (as: string, pid: number, name: string) => (await app.api(routes.storeAdd, { as, body: { pid, name } })).data.id;
  shop = await addShop('demo', 1, 'US Shop');
  otherShop = await addShop('demo', 1, 'UK Shop');
  walmartShop = await addShop('demo', 3, 'Walmart Shop');
  rivalShop = await addShop('rival', 1, 'Rival Shop');
  amazonT = await insertTemplate(app, 'demo', {
    store_id: shop,
    kind: 'amazon',
    name: 'Tees',
    feed_product_type: 'shirt',
    brand_name: 'Acme',
    item_type: 'novelty-t-shirts',
    bullet_point1: 'Soft cotton',
    quantity: 50,
    sku_prefix: 'AC-',
  });
  simpleT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'simple', name: 'Simple' });
  walmartT = await insertTemplate(app, 'demo', {
    store_id: walmartShop,
    kind: 'walmart',
    name: 'WM',
    product_type: 'T-Shirts',
    quantity: 7,
  });
  rivalT = await insertTemplate(app, 'rival', { store_id: rivalShop, kind: 'amazon', name: 'Rival' });
  const worked = {
    platform_type: 1,
    currency_code: 'USD',
    shipping: 45,
    exchange_rate: 7.2,
    margin: 0.2,
    platform_fee: 0.08,
    discount: 0.3,
    rounding: 'cent',
    crossed_out_rounding: '99',
  };
  pricing = (await app.api(routes.priceTemplateAdd, { as: 'demo', body: { name: 'worked', ...worked } })).data.id;
  rivalPricing = (await app.api(routes.priceTemplateAdd, { as: 'rival', body: { name: 'rival', ...worked } })).data.id;
  const skus = await insertBlank(app, ['S', 'M', 'L'], 35);
  images = [
    await storeMockup(app, 'red-front', '#cc0000'),
    await storeMockup(app, 'red-back', '#aa0000'),
    await storeMockup(app, 'blue-front', '#0000cc'),
  ];
  p1 = await insertExportProduct(app, 'demo', {
    keySuffix: '1001',
    exportName: FORMULA,
    keyword: AT_SUM,
    colours: [
      { color: 'Red', code: '#CC0000', images: [images[0]!, images[1]!] },
      { color: 'Blue', code: '#0000CC', images: [images[2]!] },
    ],
    sizes: ['S', 'M', 'L'],
    skus,
  });
  p2 = await insertExportProduct(app, 'demo', {
    keySuffix: '1002',
    exportName: 'Plain tee',
    colours: [{ color: 'Red', code: '#CC0000', images: [images[0]!] }],
    sizes: ['S', 'M'],
    skus,
  });
  single = await insertExportProduct(app, 'demo-a', {
    keySuffix: '1003',
    exportName: 'Sub tee',
    colours: [
      { color: 'Red', code: '#CC0000', images: [images[0]!] },
      { color: 'Blue', code: '#0000CC', images: [images[2]!] },
    ],
    sizes: ['M'],
    skus,
  });
  rivalProduct = await insertExportProduct(app, 'rival', {
    keySuffix: '9001',
    exportName: 'Rival tee',
    colours: [{ color: 'Red', code: 'R', images: [] }],
    sizes: ['M'],
    skus,
  });
});
afterAll(async () => {
  await app.close();
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

type Query = Parameters<typeof app.api<typeof routes.finishedExports>>[1] extends infer O
  ? O extends { query?: infer Q }
    ? Q
    : never
  : never;

/** Starts an export, lets its job run, and answers its record. */
async function exportAndWait(
  route: typeof routes.finishedExports | typeof routes.finishedAmazonExports | typeof routes.finishedWalmartExports,
  query: object,
  as = 'demo',
) {
  const res = await app.api(route as typeof routes.finishedExports, { as, query: query as Query });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const list = await app.api(routes.exportList, { as, query: { pageSize: 100 } });
  const rec = list.data.list.find((r) => r.id === res.data.export_id)!;
  expect(rec.job_id).toBe(res.data.job_id);
  return rec;
}

async function downloadRaw(id: number, as = 'demo') {
  const res = await app.call({ method: 'GET', url: `/api/export/download?id=${id}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const sheetRows = (buf: Buffer): unknown[][] => {
  const wb = XLSX.read(buf, { type: 'buffer' });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
};
const cellsOf = (buf: Buffer) => {
  const wb = XLSX.read(buf, { type: 'buffer', cellFormula: true });
  return wb.Sheets[wb.SheetNames[0]!]!;
};

describe('image domains', () => {
  it('lists id and title, id 1 first (never the base URLs)', async () => {
    const res = await app.api(routes.imageDomains, { as: 'demo' });
    expect(res.data).toEqual({
      list: [
        { id: 1, title: 'localhost' },
        { id: 2, title: 'CDN' },
      ],
    });
    expect(res.text).not.toContain('img.example.com');
  });
});

describe('the large-marketplace flat file (format 3 and amazonExports)', () => {
  let rows: unknown[][];
  let rec: Awaited<ReturnType<typeof exportAndWait>>;
  beforeAll(async () => {
    rec = await exportAndWait(routes.finishedAmazonExports, {
      ids: `${p1.id},${p2.id}`,
      store_id: shop,
      template_id: amazonT,
      domain_id: 2,
      price_template_id: pricing,
    });
    rows = sheetRows((await downloadRaw(rec.id)).rawPayload);
  });

  it('finishes with counts, progress and a download link', () => {
    expect(rec).toMatchObject({
      status: 'done',
      progress: 100,
      store_name: 'US Shop',
      template_name: 'Tees',
      format: 3,
      kind: 'amazon',
      product_count: 2,
      row_count: 1 + 6 + 1 + 2,
      errors: [],
      download_url: `/api/export/download?id=${rec.id}`,
    });
    expect(rec.size).toBeGreaterThan(1000);
  });

  it('writes the three header rows, then a parent and its children per product', () => {
    expect(rows[0]!.slice(0, 3)).toEqual([
      'TemplateType=fptcustom',
      'Version=2021.1',
      `TemplateSignature=${Buffer.from('SHIRT').toString('base64')}`,
    ]);
    expect(rows[1]![1]).toBe('Item Sku');
    expect(rows[2]).toEqual([...AMAZON_FLAT_FILE_FIELDS]);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    const data = rows.slice(3);
    expect(data.map((r) => r[f('parent_child')])).toEqual([
      'parent',
      'child',
      'child',
      'child',
      'child',
      'child',
      'child',
      'parent',
      'child',
      'child',
    ]);
    const parent = data[0]!;
    expect(parent[f('item_sku')]).toBe('AC-FP1001');
    expect(parent[f('standard_price')]).toBe('');
    expect(parent[f('quantity')]).toBe('');
    expect(parent[f('variation_theme')]).toBe('SizeColor');
    expect(parent[f('bullet_point1')]).toBe('Soft cotton');
    const child = data[1]!;
    expect(child[f('item_sku')]).toBe('AC-FP1001-CC0000-S');
    expect(child[f('parent_sku')]).toBe(parent[f('item_sku')]);
    expect(child[f('relationship_type')]).toBe('Variation');
    expect(child[f('color_name')]).toBe('Red');
    expect(child[f('size_name')]).toBe('S');
    expect(child[f('quantity')]).toBe(50);
    // The worked example of docs/pricing-templates.md#rounding: cost 35, shipping 45, 7.2, 8 % fee, 20 % margin, 30 % off, .99.
    expect(child[f('standard_price')]).toBe(15.43);
    expect(child[f('list_price')]).toBe(22.99);
    // One colour, two sizes: the theme is Size.
    expect(data[7]![f('variation_theme')]).toBe('Size');
  });

  it("writes that colour's mockups on the chosen domain, publicly fetchable under unguessable names", async () => {
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    const red = rows[4]!;
    const blue = rows[7]!;
    const main = String(red[f('main_image_url')]);
    expect(main).toMatch(/^https:\/\/img\.example\.com\/pub\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(String(red[f('other_image_url1')])).toMatch(/^https:\/\/img\.example\.com\/pub\//);
    expect(red[f('other_image_url2')]).toBe('');
    expect(blue[f('main_image_url')]).not.toBe(main);
    for (const url of [main, String(red[f('other_image_url1')]), String(blue[f('main_image_url')])]) {
      const res = await app.call({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toContain('public');
      expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
    // Guessing answers 404; the private original stays private.
    const guess = await app.call({ method: 'GET', url: '/pub/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg' });
    expect(guess.statusCode).toBe(404);
    expect((await app.call({ method: 'GET', url: images[0]! })).statusCode).toBe(404);
  });

  it('keeps seller text that looks like a formula as text', () => {
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    expect(rows[3]![f('item_name')]).toBe(FORMULA);
    expect(rows[3]![f('generic_keywords')]).toBe(AT_SUM);
  });

  it('gives the same SKUs and image URLs when exported again (format 3 through /finished/exports)', async () => {
    const again = await exportAndWait(routes.finishedExports, {
      ids: `${p1.id},${p2.id}`,
      store_id: shop,
      template_id: amazonT,
      format: 3,
      domain_id: 2,
      price_template_id: pricing,
    });
    const second = sheetRows((await downloadRaw(again.id)).rawPayload);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    expect(second.map((r) => r[f('item_sku')])).toEqual(rows.map((r) => r[f('item_sku')]));
    expect(second.map((r) => r[f('main_image_url')])).toEqual(rows.map((r) => r[f('main_image_url')]));
  });

  it('prices with the built-in template 0 (docs/pricing-templates.md#template-0), and writes image URLs on this server by default', async () => {
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p2.id}`, store_id: shop, template_id: amazonT });
    const data = sheetRows((await downloadRaw(r.id)).rawPayload).slice(3);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    // The ¥35 blank in USD at the seeded 7.18, 30 % margin, the marketplace's 15 % fee, up to .99:
    // 35 / 7.18 / 0.55 = 8.86 → 8.99 — not the stored 99, nor 35.
    expect(data[1]![f('standard_price')]).toBe(8.99);
    expect(data[1]![f('list_price')]).toBe('');
    expect(String(data[1]![f('main_image_url')])).toMatch(/^http:\/\/localhost:8080\/pub\//);
  });

  it("template 0 lists in the currency of the template's site: GBP on a UK template, JPY (no decimals) on a JP one", async () => {
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    const at = async (site: string) => {
      const t = await insertTemplate(app, 'demo', {
        store_id: shop,
        kind: 'amazon',
        name: `Tees ${site}`,
        site,
        feed_product_type: 'shirt',
      });
      const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p2.id}`, store_id: shop, template_id: t });
      const preview = await app.api(routes.finishedFirstPreview, {
        as: 'demo',
        body: { exportProducts: { kind: 'amazon', ids: `${p2.id}`, store_id: shop, template_id: t } },
      });
      return { cell: sheetRows((await downloadRaw(r.id)).rawPayload).slice(3)[1]![f('standard_price')], currency: preview.data.currency };
    };
    // 35 / 9.78 / 0.55 = 6.51 → 6.99 GBP; 35 / 0.0496 / 0.55 = 1283 → 1299 JPY.
    expect(await at('UK')).toEqual({ cell: 6.99, currency: 'GBP' });
    expect(await at('JP')).toEqual({ cell: 1299, currency: 'JPY' });
  });

  it("writes the price rules' adjustment per variant (docs/listing-tools.md#price-rules)", async () => {
    const rule = await app.api(routes.priceRuleAdd, {
      as: 'demo',
      body: { name: 'M +2', action: 'add', unit: 'amount', value: 2, sizes: ['m'] },
    });
    const withRule = await app.api(routes.priceTemplateAdd, {
      as: 'demo',
      body: {
        name: 'worked + M',
        platform_type: 1,
        shipping: 45,
        exchange_rate: 7.2,
        margin: 0.2,
        platform_fee: 0.08,
        rule_ids: [rule.data.id],
      },
    });
    expect(withRule.body.code, withRule.text).toBe(1);
    const r = await exportAndWait(routes.finishedAmazonExports, {
      ids: `${p2.id}`,
      store_id: shop,
      template_id: amazonT,
      price_template_id: withRule.data.id,
    });
    const data = sheetRows((await downloadRaw(r.id)).rawPayload).slice(3);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    // S keeps the worked example's 15.43; M gets 15.4321… + 2 = 17.43.
    expect(data.slice(1).map((row) => [row[f('size_name')], row[f('standard_price')]])).toEqual([
      ['S', 15.43],
      ['M', 17.43],
    ]);
  });

  it('refuses a product a price rule brings down to 0, naming the variant, and writes no price of 0', async () => {
    const rule = await app.api(routes.priceRuleAdd, {
      as: 'demo',
      body: { name: 'M free', action: 'subtract', unit: 'amount', value: 1000, sizes: ['M'] },
    });
    expect(rule.body.code, rule.text).toBe(1);
    const free = await app.api(routes.priceTemplateAdd, {
      as: 'demo',
      body: {
        name: 'M at 0',
        platform_type: 1,
        shipping: 0,
        exchange_rate: 7.2,
        margin: 0.2,
        platform_fee: 0.08,
        rounding: 'cent',
        rule_ids: [rule.data.id],
      },
    });
    expect(free.body.code, free.text).toBe(1);
    const r = await exportAndWait(routes.finishedAmazonExports, {
      ids: `${p2.id}`,
      store_id: shop,
      template_id: amazonT,
      price_template_id: free.data.id,
    });
    expect(r.status).toBe('failed');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ finished_id: p2.id, key_id: 'FP1002' });
    expect(r.errors[0]!.reasons).toEqual([expect.stringMatching(/^变体 .+ \/ M 的售价为 0：/)]);
  });

  it("writes a diyImport template's three rows and exactly its columns (fixed values in the ones it does not compute)", async () => {
    const header = [
      ['TemplateType=fptcustom', 'Version=2023.0101', 'TemplateSignature=U0hJUlQ=', 'Offer'],
      ['Seller SKU', 'Parent SKU', 'Mystery', 'Price'],
      ['item_sku', 'parent_sku', 'mystery_field', 'standard_price'],
    ];
    const diy = await insertTemplate(app, 'demo', {
      store_id: shop,
      kind: 'amazon',
      name: 'diy',
      header_rows: JSON.stringify(header),
      fixed_values: JSON.stringify({ mystery_field: 'fixed!' }),
    });
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p2.id}`, store_id: shop, template_id: diy });
    const out = sheetRows((await downloadRaw(r.id)).rawPayload);
    expect(out.slice(0, 3)).toEqual(header);
    expect(out.slice(3)).toEqual([
      ['FP1002', '', 'fixed!', ''],
      // Template 0: the ¥35 blank at 7.18 CNY per USD, 30 % margin, 15 % fee, up to .99.
      ['FP1002-CC0000-S', 'FP1002', 'fixed!', 8.99],
      ['FP1002-CC0000-M', 'FP1002', 'fixed!', 8.99],
    ]);
  });
});

describe('simplified Excel (6) and Txt (9)', () => {
  it('format 6: one row per variant with zh headers, formula-looking text as text cells', async () => {
    const r = await exportAndWait(routes.finishedExports, {
      ids: `${p1.id}`,
      store_id: shop,
      template_id: simpleT,
      format: 6,
      price_template_id: pricing,
    });
    expect(r).toMatchObject({ status: 'done', format: 6, row_count: 6 });
    const raw = (await downloadRaw(r.id)).rawPayload;
    const out = sheetRows(raw);
    expect(out[0]).toEqual(['成品编号', '产品', '导出名称', '颜色', '尺码', 'SKU', '价格', '划线价', '关键词', '主图', '附图']);
    expect(out[1]!.slice(0, 9)).toEqual(['FP1001', 'T-shirt', FORMULA, 'Red', 'S', 'FP1001-CC0000-S', 15.43, 22.99, AT_SUM]);
    const sheet = cellsOf(raw);
    expect(sheet['C2']).toMatchObject({ t: 's', v: FORMULA });
    expect(sheet['C2'].f).toBeUndefined();
    expect(sheet['I2']).toMatchObject({ t: 's', v: AT_SUM });
    expect(sheet['I2'].f).toBeUndefined();
  });

  it('format 9: tab-delimited UTF-8 with a BOM, formula-looking text as written, tabs and line breaks as spaces', async () => {
    await app.db.db.updateTable('finished').set({ keyword: 'a\tb\nc' }).where('id', '=', p2.id).execute();
    try {
      const r = await exportAndWait(routes.finishedExports, { ids: `${p1.id},${p2.id}`, store_id: shop, template_id: simpleT, format: 9 });
      const res = await downloadRaw(r.id);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="US_Shop_txt_\d{8}-\d{6}\.txt"; filename\*=UTF-8''/);
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).replace(/\n$/, '').split('\n');
      expect(lines).toHaveLength(1 + 6 + 2);
      const first = lines[1]!.split('\t');
      expect(first[2]).toBe(FORMULA);
      expect(first[8]).toBe(AT_SUM);
      expect(lines[7]!.split('\t')[8]).toBe('a b c');
      expect(lines.every((l) => l.split('\t').length === 11)).toBe(true);
    } finally {
      await app.db.db.updateTable('finished').set({ keyword: '' }).where('id', '=', p2.id).execute();
    }
  });
});

describe('Walmart bulk items', () => {
  it('one item per variant, one primary per product, variant group and attribute names', async () => {
    const r = await exportAndWait(routes.finishedWalmartExports, {
      ids: `${p1.id},${single.id}`,
      store_id: walmartShop,
      template_id: walmartT,
    });
    expect(r).toMatchObject({ status: 'done', kind: 'walmart', row_count: 8 });
    const out = sheetRows((await downloadRaw(r.id)).rawPayload);
    const head = out[0] as string[];
    const col = (n: string) => head.indexOf(n);
    const data = out.slice(1);
    const groups = new Map<string, unknown[][]>();
    for (const row of data)
      groups.set(String(row[col('variantGroupId')]), [...(groups.get(String(row[col('variantGroupId')])) ?? []), row]);
    expect([...groups.keys()]).toEqual(['FP1001', 'FP1003']);
    for (const rows of groups.values()) expect(rows.filter((x) => x[col('isPrimaryVariant')] === 'Yes')).toHaveLength(1);
    expect(groups.get('FP1001')![0]![col('variantAttributeNames')]).toBe('color,size');
    expect(groups.get('FP1003')![0]![col('variantAttributeNames')]).toBe('color');
    expect(data[0]![col('productType')]).toBe('T-Shirts');
    expect(data[0]![col('quantity')]).toBe(7);
  });
});

describe('combinations', () => {
  it('exports a child named both alone and inside its combination once, inside its combination', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const colours = [{ color: 'Red', code: '#CC0000', images: [] }];
    const combo = await insertExportProduct(app, 'demo', { keySuffix: '2000', exportName: 'Combo', colours, sizes: ['M'], skus });
    const c1 = await insertExportProduct(app, 'demo', { keySuffix: '2001', exportName: 'Child one', colours, sizes: ['M'], skus });
    const c2 = await insertExportProduct(app, 'demo', { keySuffix: '2002', exportName: 'Child two', colours, sizes: ['M'], skus });
    const db = app.db.db;
    await db.updateTable('finished').set({ child_count: 2 }).where('id', '=', combo.id).execute();
    await db.updateTable('finished').set({ combined_into: combo.id, combo_sort: 0 }).where('id', '=', c1.id).execute();
    await db.updateTable('finished').set({ combined_into: combo.id, combo_sort: 1 }).where('id', '=', c2.id).execute();
    const r = await exportAndWait(routes.finishedExports, { ids: `${c2.id},${combo.id}`, store_id: shop, template_id: simpleT, format: 6 });
    // One family: the combination (docs/exports.md#combinations), its childs' variants in its order.
    expect(r).toMatchObject({ status: 'done', product_count: 1, written_count: 1, row_count: 2 });
    const out = sheetRows((await downloadRaw(r.id)).rawPayload);
    const text = out.slice(1).map((row) => row.join('|'));
    expect(text.filter((t) => t.includes('FP2002'))).toHaveLength(1);
    expect(text.findIndex((t) => t.includes('FP2001'))).toBeLessThan(text.findIndex((t) => t.includes('FP2002')));
  });
});

describe('SKUs', () => {
  it('stay unique within a product when two colours share a hex (row-id fallback, the same on every export)', async () => {
    const skus = await insertBlank(app, ['M', 'L'], 35);
    const twin = await insertExportProduct(app, 'demo', {
      keySuffix: '3001',
      exportName: 'Twin reds',
      colours: [
        { color: 'Red', code: '#CC0000', images: [] },
        { color: 'Cherry', code: '#cc0000', images: [] },
        { color: 'Blue', code: '#0000CC', images: [] },
      ],
      sizes: ['M', 'L'],
      skus,
    });
    const colourIds = (
      await app.db.db.selectFrom('finished_child').select('id').where('finished_id', '=', twin.id).orderBy('sort').execute()
    ).map((c) => Number(c.id));
    const skusOf = async () => {
      const pv = await app.api(routes.finishedFirstPreview, {
        as: 'demo',
        body: { exportProducts: { ids: `${twin.id}`, store_id: shop, template_id: amazonT } },
      });
      expect(pv.body.code, pv.text).toBe(1);
      return pv.data.rows.slice(1).map((r) => r[1]);
    };
    const first = await skusOf();
    expect(first).toEqual([
      `AC-FP3001-C${colourIds[0]}-M`,
      `AC-FP3001-C${colourIds[0]}-L`,
      `AC-FP3001-C${colourIds[1]}-M`,
      `AC-FP3001-C${colourIds[1]}-L`,
      'AC-FP3001-0000CC-M',
      'AC-FP3001-0000CC-L',
    ]);
    expect(await skusOf()).toEqual(first);
  });
});

describe('variation_theme', () => {
  it("uses the template's theme only when the product varies by the axes it names", async () => {
    const fixedTheme = await insertTemplate(app, 'demo', { store_id: shop, kind: 'amazon', name: 'Themed', variation_theme: 'ColorSize' });
    const themeOfProduct = async (id: number) => {
      const pv = await app.api(routes.finishedFirstPreview, {
        as: 'demo',
        body: { exportProducts: { ids: `${id}`, store_id: shop, template_id: fixedTheme } },
      });
      expect(pv.body.code, pv.text).toBe(1);
      const col = pv.data.fields.indexOf('variation_theme');
      return [...new Set(pv.data.rows.map((r) => r[col]))];
    };
    expect(await themeOfProduct(p1.id)).toEqual(['ColorSize']); // 2 colours × 3 sizes
    expect(await themeOfProduct(p2.id)).toEqual(['Size']); // 1 colour × 2 sizes
    expect(await themeOfProduct(single.id)).toEqual(['Color']); // 2 colours × 1 size
  });
});

describe("the template's generic_keywords", () => {
  let kwT: number;
  beforeAll(async () => {
    kwT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'amazon', name: 'Keywords', generic_keywords: 'cotton gift' });
  });
  afterAll(async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
  });
  const preview = (id: number) =>
    app.api(routes.finishedFirstPreview, { as: 'demo', body: { exportProducts: { ids: `${id}`, store_id: shop, template_id: kwT } } });

  it("fills generic_keywords when the product has none of its own; the product's own come first", async () => {
    const col = AMAZON_FLAT_FILE_FIELDS.indexOf('generic_keywords');
    const none = await preview(p2.id);
    expect(none.body.code, none.text).toBe(1);
    expect(none.data.rows.map((r) => r[col])).toEqual(['cotton gift', 'cotton gift', 'cotton gift']);
    const own = await preview(p1.id);
    expect(own.data.rows[0]![col]).toBe(AT_SUM);
  });

  it('is screened for banned words like the other texts', async () => {
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'gift', platform: 1, action: 'block' } });
    const pv = await preview(p2.id);
    expect(pv.data.rows).toEqual([]);
    expect(pv.data.error!.reasons).toEqual([message('exportBannedWord', 'zh', { word: 'gift', field: 'generic_keywords' })]);
  });
});

describe('fixed values of text fields', () => {
  afterAll(async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
  });

  it('are screened for banned words: a block word refuses the product naming word and field, a strip word is cut', async () => {
    const fixedT = await insertTemplate(app, 'demo', {
      store_id: shop,
      kind: 'amazon',
      name: 'Fixed keyword',
      fixed_values: JSON.stringify({ generic_keywords: 'bestseller tee', product_description: 'cheap soft tee' }),
    });
    const preview = () =>
      app.api(routes.finishedFirstPreview, {
        as: 'demo',
        body: { exportProducts: { ids: `${p2.id}`, store_id: shop, template_id: fixedT } },
      });
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'cheap', platform: 1, action: 'strip' } });
    const stripped = await preview();
    expect(stripped.body.code, stripped.text).toBe(1);
    expect(stripped.data.rows[0]![AMAZON_FLAT_FILE_FIELDS.indexOf('product_description')]).toBe('soft tee');
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'bestseller', platform: 1, action: 'block' } });
    const pv = await preview();
    expect(pv.data.rows).toEqual([]);
    expect(pv.data.error!.reasons).toEqual([message('exportBannedWord', 'zh', { word: 'bestseller', field: 'generic_keywords' })]);
  });
});

describe('the Walmart feed limit', () => {
  it('refuses a Walmart export of more than 10,000 items (variants), naming the count', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const big = await insertExportProduct(app, 'demo', {
      keySuffix: '4001',
      exportName: 'Many sizes',
      colours: [{ color: 'Red', code: '#CC0000', images: [] }],
      sizes: ['M'],
      skus,
    });
    const db = app.db.db;
    const child = await db.selectFrom('finished_child').select('id').where('finished_id', '=', big.id).executeTakeFirstOrThrow();
    const row = (n: number) => ({
      finished_id: big.id,
      child_id: Number(child.id),
      key_id: `FP4001-x-${n}`,
      sku_id: skus.get('M')!,
      size: `S${n}`,
      export_name: '',
      keyword: '',
      price: 9,
      as_parent: 0,
      sort: n + 1,
    });
    // 10,000 more: with p2's 2 the call holds 10,001 + 2 items; alone, exactly 10,001.
    for (let at = 0; at < 10_000; at += 500)
      await db
        .insertInto('finished_attr')
        .values(Array.from({ length: 500 }, (_, i) => row(at + i)))
        .execute();
    const call = (ids: string) =>
      app.api(routes.finishedWalmartExports, { as: 'demo', query: { ids, store_id: walmartShop, template_id: walmartT } });
    refused(await call(`${big.id}`), 400, 'exportWalmartTooManyItems', { max: 10_000, count: 10_001 });
    const en = await app.api(routes.finishedWalmartExports, {
      as: 'demo',
      query: { ids: `${big.id},${p2.id}`, store_id: walmartShop, template_id: walmartT },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('A Walmart file holds at most 10000 items (one per variant); this has 10003: export in parts');
    // One item under the limit passes.
    await db.deleteFrom('finished_attr').where('finished_id', '=', big.id).where('key_id', '=', 'FP4001-x-9999').execute();
    await db.deleteFrom('finished_attr').where('finished_id', '=', big.id).where('key_id', '=', 'FP4001-0-0').execute();
    const ok = await call(`${big.id}`);
    expect(ok.body.code, ok.text).toBe(1);
    await app.queue.drain();
    await db.deleteFrom('finished_attr').where('finished_id', '=', big.id).execute();
  });
});

describe("another owner's image", () => {
  it('is never written nor published, even when a product row names it', async () => {
    const rivalId = await ownerIdOf(app, 'rival');
    const secret = `materials/${rivalId}/secret.jpg`;
    await app.storage.put(secret, await app.storage.get(images[0]!.replace(/^\/files\//, '')));
    const theft = await insertExportProduct(app, 'demo', {
      keySuffix: '5001',
      exportName: 'Borrowed art',
      colours: [{ color: 'Red', code: '#CC0000', images: [app.storage.url(secret), images[1]!] }],
      sizes: ['M'],
      skus: await insertBlank(app, ['M'], 35),
    });
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${theft.id}`, store_id: shop, template_id: amazonT });
    expect(r.status, JSON.stringify(r)).toBe('done');
    const data = sheetRows((await downloadRaw(r.id)).rawPayload).slice(3);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    // The readable image moves up to main; nothing follows it.
    const mine = await app.db.db
      .selectFrom('public_image')
      .select('name')
      .where('blob', '=', images[1]!.replace(/^\/files\//, ''))
      .execute();
    expect(mine.length).toBeGreaterThan(0);
    expect(String(data[1]![f('main_image_url')])).toContain(mine[0]!.name);
    expect(data[1]![f('other_image_url1')]).toBe('');
    expect(await app.db.db.selectFrom('public_image').select('name').where('blob', '=', secret).execute()).toEqual([]);
  });
});

describe('banned words', () => {
  afterAll(async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
  });

  it('refuses a product holding a block word, naming word and field, and exports the others', async () => {
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'plain', platform: 1, action: 'block' } });
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p1.id},${p2.id}`, store_id: shop, template_id: amazonT });
    expect(r.status).toBe('done');
    expect(r.row_count).toBe(7);
    expect(r.errors).toEqual([
      { finished_id: p2.id, key_id: 'FP1002', reasons: [message('exportBannedWord', 'zh', { word: 'plain', field: 'item_name' })] },
    ]);
    // The preview says the same before confirming.
    const pv = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: { exportProducts: { kind: 'amazon', ids: `${p2.id}`, store_id: shop, template_id: amazonT } },
      headers: { 'accept-language': 'en' },
    });
    expect(pv.data.rows).toEqual([]);
    expect(pv.data.error).toEqual({ finished_id: p2.id, key_id: 'FP1002', reasons: ['item_name holds the banned word "plain"'] });
  });

  it('fails an export whose every product is refused, with the reasons', async () => {
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p2.id}`, store_id: shop, template_id: amazonT });
    expect(r).toMatchObject({ status: 'failed', message: message('exportAllRefused', 'zh'), download_url: '' });
    expect(r.errors).toHaveLength(1);
  });

  it('strips a strip word (whole word, spaces collapsed)', async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'Plain', platform: 0, action: 'strip' } });
    const pv = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: { exportProducts: { kind: 'amazon', ids: `${p2.id}`, store_id: shop, template_id: amazonT } },
    });
    expect(pv.data.error).toBeNull();
    expect(pv.data.rows[0]![pv.data.fields.indexOf('item_name')]).toBe('tee');
  });
});

describe('the first-row preview', () => {
  it("answers the header and the first product's rows", async () => {
    const pv = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: {
        exportProducts: { ids: `${p2.id},${p1.id}`, store_id: shop, template_id: amazonT, price_template_id: pricing, domain_id: 2 },
      },
    });
    expect(pv.body.code, pv.text).toBe(1);
    expect(pv.data.header_rows).toHaveLength(3);
    expect(pv.data.fields).toEqual([...AMAZON_FLAT_FILE_FIELDS]);
    expect(pv.data.rows.map((r) => r[1])).toEqual(['AC-FP1002', 'AC-FP1002-CC0000-S', 'AC-FP1002-CC0000-M']);
    expect(pv.data.rows[1]![AMAZON_FLAT_FILE_FIELDS.indexOf('standard_price')]).toBe('15.43');
    expect(pv.data.currency).toBe('USD');
  });
});

describe('validation', () => {
  const base = () => ({ ids: `${p1.id}`, store_id: shop, template_id: amazonT });
  const call = (query: object, as = 'demo') => app.api(routes.finishedExports, { as, query: query as Query });

  it('names each problem', async () => {
    refused(await call({ ...base(), format: 5 }), 400, 'exportFormat');
    const many = Array.from({ length: 10_001 }, (_, i) => i + 1).join(',');
    refused(await call({ ...base(), ids: many }), 400, 'exportTooManyProducts', { max: 10_000, count: 10_001 });
    refused(await call({ ...base(), ids: '999999' }), 404, 'exportProductNotFound', { id: 999999 });
    refused(await call({ ...base(), store_id: 999999 }), 404, 'exportStoreNotFound');
    refused(await call({ ...base(), template_id: 999999 }), 404, 'exportTemplateNotFound');
    refused(await call({ ...base(), template_id: simpleT }), 400, 'exportTemplateWrongKind', { kind: 'amazon' });
    refused(await call({ ...base(), format: 6, template_id: amazonT }), 400, 'exportTemplateWrongKind', { kind: 'simple' });
    refused(await call({ ...base(), store_id: otherShop }), 400, 'exportTemplateWrongStore');
    refused(await call({ ...base(), price_template_id: 999999 }), 404, 'priceTemplateNotFound');
    refused(await call({ ...base(), domain_id: 7 }), 400, 'exportDomainUnknown', { id: 7 });
    refused(await call({ ...base(), watermark_id: 999999 }), 404, 'exportWatermarkNotFound');
    const wm = await app.db.db
      .insertInto('watermark')
      .values({ owner_id: await ownerIdOf(app, 'demo'), name: 'wm', type: 'text', position: 9, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The caller's own watermark is accepted (exportFiles.test.ts checks the watermarked images).
    expect((await call({ ...base(), watermark_id: Number(wm.id) })).body.code).toBe(1);
    refused(
      await app.api(routes.finishedWalmartExports, { as: 'demo', query: { ...base(), store_id: walmartShop } }),
      400,
      'exportTemplateWrongKind',
      { kind: 'walmart' },
    );
    const bad = await call({ ...base(), ids: '1,x' });
    expect(bad.status).toBe(400);
    // The field is named once (it was "ids: ids: comma-joined numbers"), in the seller's language.
    expect(bad.body.msg).toBe('参数错误: ids 须为逗号分隔的数字');
    const noIds = await call({ store_id: shop, template_id: amazonT });
    expect(noIds.status).toBe(400);
    expect(noIds.body.msg).toContain('ids');
    const page = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 101 } });
    expect(page.status).toBe(400);
    expect(page.body.msg).toContain('pageSize');
    const del = await app.api(routes.exportDel, { as: 'demo', body: { ids: 'x' } });
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('ids 须为逗号分隔的数字');
    const preview = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: { exportProducts: { ...base(), kind: 'ebay' as never } },
    });
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toContain('kind');
  });

  it('refuses an export started by a page of another site (the calls are GETs that start a job) and records nothing', async () => {
    const count = async () =>
      Number(
        (
          await app.db.db
            .selectFrom('export_record')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const route of [routes.finishedExports, routes.finishedAmazonExports, routes.finishedWalmartExports]) {
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
      ] as Record<string, string>[]) {
        const res = await app.api(route, { as: 'demo', query: base() as Query, headers });
        expect(res.status, res.text).toBe(403);
        expect(res.body.msg).toBe(message('crossSiteRefused'));
      }
    }
    expect(await count()).toBe(before);
    // The seller's own page (same-origin) still exports.
    expect(
      (await app.api(routes.finishedExports, { as: 'demo', query: base() as Query, headers: { 'sec-fetch-site': 'same-origin' } })).body
        .code,
    ).toBe(1);
  });

  it("answers another account's product, shop, template, pricing template and watermark as not found", async () => {
    refused(await call({ ...base(), ids: `${p1.id},${rivalProduct.id}` }), 404, 'exportProductNotFound', { id: rivalProduct.id });
    refused(await call({ ...base(), store_id: rivalShop }), 404, 'exportStoreNotFound');
    refused(await call({ ...base(), template_id: rivalT }), 404, 'exportTemplateNotFound');
    refused(await call({ ...base(), price_template_id: rivalPricing }), 404, 'priceTemplateNotFound');
    const wm = await app.db.db
      .insertInto('watermark')
      .values({ owner_id: await ownerIdOf(app, 'rival'), name: 'rwm', type: 'text', position: 1, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    refused(await call({ ...base(), watermark_id: Number(wm.id) }), 404, 'exportWatermarkNotFound');
    refused(
      await app.api(routes.finishedAmazonExports, { as: 'demo', query: { ...base(), ids: `${rivalProduct.id}` } }),
      404,
      'exportProductNotFound',
      { id: rivalProduct.id },
    );
    refused(
      await app.api(routes.finishedWalmartExports, { as: 'demo', query: { ids: `${p1.id}`, store_id: rivalShop, template_id: walmartT } }),
      404,
      'exportStoreNotFound',
    );
    // The rival cannot use demo's template with its own shop either.
    refused(await call({ ids: `${rivalProduct.id}`, store_id: rivalShop, template_id: amazonT }, 'rival'), 404, 'exportTemplateNotFound');
    refused(
      await app.api(routes.finishedFirstPreview, { as: 'rival', body: { exportProducts: { ...base() } } }),
      404,
      'exportProductNotFound',
      { id: p1.id },
    );
  });
});

describe('records: list, download, delete, scope', () => {
  it("a parent sees its sub-account's records; the sub-account only its own", async () => {
    const sub = await exportAndWait(
      routes.finishedWalmartExports,
      { ids: `${single.id}`, store_id: walmartShop, template_id: walmartT },
      'demo',
    );
    expect(sub.status).toBe('done');
    // demo-a exports its own product through a shop and template of its own.
    const subShop = (await app.api(routes.storeAdd, { as: 'demo-a', body: { pid: 1, name: 'Sub Shop' } })).data.id;
    const subT = await insertTemplate(app, 'demo-a', { store_id: subShop, kind: 'simple', name: 'sub simple' });
    const own = await exportAndWait(
      routes.finishedExports,
      { ids: `${single.id}`, store_id: subShop, template_id: subT, format: 9 },
      'demo-a',
    );
    expect(own).toMatchObject({ status: 'done', username: 'demo-a' });
    const parent = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 } });
    expect(parent.data.list.some((r) => r.id === own.id)).toBe(true);
    const mine = await app.api(routes.exportList, { as: 'demo-a', query: {} });
    expect(mine.data.list.map((r) => r.id)).toEqual([own.id]);
    expect((await app.api(routes.exportList, { as: 'rival', query: {} })).data.count).toBe(0);
    // The parent downloads the sub-account's file.
    await downloadRaw(own.id, 'demo');
  });

  it('downloads with the shop, format and time in the name; another family gets 404', async () => {
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p1.id}`, store_id: shop, template_id: amazonT });
    const res = await downloadRaw(r.id);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="US_Shop_flatfile_20261101-090000.xlsx"; filename*=UTF-8''US_Shop_flatfile_20261101-090000.xlsx`,
    );
    expect(Number(res.headers['content-length'])).toBe(r.size);
    const rival = await app.call({ method: 'GET', url: `/api/export/download?id=${r.id}`, as: 'rival' });
    expect(rival.statusCode).toBe(404);
    expect(rival.json().msg).toBe(message('exportRecordNotFound', 'zh'));
    refused(await app.api(routes.exportDel, { as: 'rival', body: { ids: `${r.id}` } }), 404, 'exportRecordNotFound');
  });

  it('deletes records and their files, all or nothing', async () => {
    const r = await exportAndWait(routes.finishedExports, { ids: `${p2.id}`, store_id: shop, template_id: simpleT, format: 9 });
    const owner = await ownerIdOf(app, 'demo');
    const file = path.join(app.config.dataDir, 'files', 'exports', String(owner), `${r.id}.txt`);
    expect(fs.existsSync(file)).toBe(true);
    refused(await app.api(routes.exportDel, { as: 'demo', body: { ids: `${r.id},999999` } }), 404, 'exportRecordNotFound');
    expect(fs.existsSync(file)).toBe(true);
    const del = await app.api(routes.exportDel, { as: 'demo', body: { ids: `${r.id}` } });
    expect(del.data).toEqual({ deleted: 1 });
    expect(fs.existsSync(file)).toBe(false);
    refused(await app.api(routes.exportDownload, { as: 'demo', query: { id: r.id } }), 404, 'exportRecordNotFound');
  });

  it('refuses to download an export that is not done', async () => {
    const r = await exportAndWait(routes.finishedAmazonExports, { ids: `${p2.id}`, store_id: shop, template_id: amazonT });
    await app.db.db.updateTable('export_record').set({ status: 'running' }).where('id', '=', r.id).execute();
    refused(await app.api(routes.exportDownload, { as: 'demo', query: { id: r.id } }), 409, 'exportNotReady');
  });
});
