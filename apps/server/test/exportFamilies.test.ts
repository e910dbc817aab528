import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_FLAT_FILE_FIELDS, message, routes } from '@app/contract';
import { productOf } from '../src/modules/publish/product.js';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, storeMockup } from './support/exportFixtures.js';
import { libreOfficeCsv } from './support/libreOffice.js';

/**
 * What a listing file says about a family (docs/exports.md): a combination is one family with its childs' variants
 * and the publish's SKUs and colour names, a made-to-order shop's handling days go in the file or the seller is
 * told where to set them, and a strip word is cut out of colour and size names as out of titles.
 */
let app: TestApp;
let skus: Map<string, number>;
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp({ imageDomains: [{ id: 1, title: 'localhost', baseUrl: 'http://localhost:8080' }] });
  skus = await insertBlank(app, ['S', 'M'], 35);
});
afterAll(async () => {
  await app.close();
});

/** A product of demo's, each colour with its own mockup (a combination is made of composed products). */
async function product(title: string, colours: [string, string][], sizes: string[]) {
  const n = ++seq;
  const list = await Promise.all(
    colours.map(async ([color, code], i) => ({ color, code, images: [await storeMockup(app, `fam-${n}-${i}`, code)] })),
  );
  return insertExportProduct(app, 'demo', { keySuffix: String(6100 + n), exportName: title, colours: list, sizes, skus });
}

async function shopWith(pid: number, name: string, kind: 'amazon' | 'walmart', template: Record<string, unknown> = {}) {
  const id = (await app.api(routes.storeAdd, { as: 'demo', body: { pid, name } })).data.id as number;
  const t = await insertTemplate(app, 'demo', { store_id: id, kind, name: `${name} tpl`, product_type: 'T-Shirts', ...template });
  return { id, t };
}

async function exportAndWait(route: typeof routes.finishedAmazonExports | typeof routes.finishedWalmartExports, query: object) {
  const res = await app.api(route as typeof routes.finishedAmazonExports, { as: 'demo', query: query as never });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const list = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 } });
  return list.data.list.find((r) => r.id === res.data.export_id)!;
}

async function download(id: number): Promise<Buffer> {
  const res = await app.call({ method: 'GET', url: `/api/export/download?id=${id}`, as: 'demo' });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

const sheetRows = (buf: Buffer): unknown[][] => {
  const wb = XLSX.read(buf, { type: 'buffer' });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
};

/** What a publish of this combination would send with `prefix` (the same variant info and rule, publish/product.ts). */
async function publishedSkus(comboId: number, prefix: string) {
  const info = (await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [comboId] } })).data.list[0]!;
  return productOf(info, '', null, prefix, { quantity: 1, handlingDays: null }).skus.map((s) => [s.sellerSku, s.color, s.size]);
}

describe('a combination (多素材组合) is one family in the file', () => {
  let one: { id: number; keyId: string };
  let two: { id: number; keyId: string };
  let combo: { id: number; keyId: string };
  beforeAll(async () => {
    one = await product('Combo One', [['White', '#F6F6F3']], ['S', 'M']);
    two = await product(
      'Combo Two',
      [
        ['White', '#F6F6F3'],
        ['Black', '#000000'],
      ],
      ['S'],
    );
    const res = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${one.id},${two.id}` } });
    expect(res.body.code, res.text).toBe(1);
    const row = await app.db.db.selectFrom('finished').select(['id', 'key_id']).where('id', '=', res.data.id).executeTakeFirstOrThrow();
    combo = { id: Number(row.id), keyId: row.key_id };
  });

  it("flat file: one parent row, the childs' variants under it with the publish's SKUs and colour names (read by LibreOffice)", async () => {
    const { id: shop, t } = await shopWith(1, 'Combo flat', 'amazon', { quantity: 5, sku_prefix: 'CF-', feed_product_type: 'shirt' });
    // The child named alone too is written once, inside its combination.
    const rec = await exportAndWait(routes.finishedAmazonExports, { ids: `${two.id},${combo.id}`, store_id: shop, template_id: t });
    expect(rec).toMatchObject({ status: 'done', product_count: 1, written_count: 1, refused_count: 0, row_count: 1 + 4 });
    const csv = (await libreOfficeCsv(await download(rec.id))).slice(3).filter((r) => r.some((c) => c !== ''));
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    expect(csv.filter((r) => r[f('parent_child')] === 'parent').map((r) => r[f('item_sku')])).toEqual([`CF-${combo.keyId}`]);
    expect(csv[0]![f('parent_child')]).toBe('parent');
    const children = csv.slice(1);
    expect(children.every((r) => r[f('parent_child')] === 'child' && r[f('parent_sku')] === `CF-${combo.keyId}`)).toBe(true);
    const published = await publishedSkus(combo.id, 'CF-');
    expect(children.map((r) => [r[f('item_sku')], r[f('color_name')], r[f('size_name')]])).toEqual(published);
    expect(published).toEqual([
      [`CF-${one.keyId}-F6F6F3-S`, 'White (1)', 'S'],
      [`CF-${one.keyId}-F6F6F3-M`, 'White (1)', 'M'],
      [`CF-${two.keyId}-F6F6F3-S`, 'White (2)', 'S'],
      [`CF-${two.keyId}-000000-S`, 'Black', 'S'],
    ]);
    expect(new Set(children.map((r) => r[f('variation_theme')]))).toEqual(new Set(['SizeColor']));
  });

  it("the preview's first product is the family the file writes first: a child named first shows as its combination", async () => {
    const { id: shop, t } = await shopWith(1, 'Combo preview', 'amazon', { quantity: 5, sku_prefix: 'CP-', feed_product_type: 'shirt' });
    const body = { exportProducts: { kind: 'amazon' as const, ids: `${two.id},${combo.id}`, store_id: shop, template_id: t } };
    const pv = await app.api(routes.finishedFirstPreview, { as: 'demo', body });
    expect(pv.body.code, pv.text).toBe(1);
    const f = (name: string) => pv.data.fields.indexOf(name);
    expect(pv.data.rows.map((r) => r[f('item_sku')])).toEqual([
      `CP-${combo.keyId}`,
      `CP-${one.keyId}-F6F6F3-S`,
      `CP-${one.keyId}-F6F6F3-M`,
      `CP-${two.keyId}-F6F6F3-S`,
      `CP-${two.keyId}-000000-S`,
    ]);
  });

  it('Walmart: one variant group, one primary variant, the same SKUs and colour names', async () => {
    const { id: shop, t } = await shopWith(3, 'Combo WM', 'walmart', { quantity: 5 });
    const rec = await exportAndWait(routes.finishedWalmartExports, { ids: `${combo.id}`, store_id: shop, template_id: t });
    expect(rec).toMatchObject({ status: 'done', product_count: 1, written_count: 1, row_count: 4 });
    const [head, ...items] = sheetRows(await download(rec.id));
    const col = (name: string) => head!.indexOf(name);
    expect(new Set(items.map((r) => r[col('variantGroupId')]))).toEqual(new Set([combo.keyId]));
    expect(items.filter((r) => r[col('isPrimaryVariant')] === 'Yes')).toHaveLength(1);
    expect(items.map((r) => [r[col('sku')], r[col('color')], r[col('size')]])).toEqual(await publishedSkus(combo.id, ''));
  });
});

describe("a made-to-order shop's handling days", () => {
  let p: { id: number; keyId: string };
  const madeToOrder = async (shop: number) => {
    const res = await app.api(routes.storeStock, { as: 'demo', body: { id: shop, stock_mode: 'made_to_order', handling_days: 12 } });
    expect(res.body.code, res.text).toBe(1);
  };
  beforeAll(async () => {
    p = await product('Made to order', [['Red', '#CC0000']], ['S', 'M']);
  });

  it('Walmart: written in fulfillmentLagTime beside the 999,999 quantity, with no warning', async () => {
    const { id: shop, t } = await shopWith(3, 'MTO WM', 'walmart');
    await madeToOrder(shop);
    const rec = await exportAndWait(routes.finishedWalmartExports, { ids: `${p.id}`, store_id: shop, template_id: t });
    expect(rec).toMatchObject({ status: 'done', warnings: [] });
    const [head, ...items] = sheetRows(await download(rec.id));
    const col = (name: string) => head!.indexOf(name);
    expect(col('fulfillmentLagTime')).toBeGreaterThan(-1);
    expect(items.map((r) => [r[col('quantity')], r[col('fulfillmentLagTime')]])).toEqual([
      [999_999, 12],
      [999_999, 12],
    ]);
  });

  it('flat file without fulfillment_latency: the export and its preview tell the seller where to set the days', async () => {
    const fields = AMAZON_FLAT_FILE_FIELDS.filter((x) => x !== 'fulfillment_latency');
    const header = [['TemplateType=fptcustom', 'Version=2021.1'], fields.map((x) => x.toUpperCase()), fields];
    const { id: shop, t } = await shopWith(1, 'MTO flat', 'amazon', { feed_product_type: 'shirt', header_rows: JSON.stringify(header) });
    await madeToOrder(shop);
    const warning = (lang: 'zh' | 'en') => message('exportHandlingNotInFile', lang, { days: 12, column: 'fulfillment_latency' });
    const rec = await exportAndWait(routes.finishedAmazonExports, { ids: `${p.id}`, store_id: shop, template_id: t });
    expect(rec.status).toBe('done');
    expect(rec.warnings).toEqual([{ finished_id: 0, key_id: '', reasons: [warning('zh')] }]);
    const rows = sheetRows(await download(rec.id)).slice(3);
    expect(rows.slice(1).map((r) => r[fields.indexOf('quantity')])).toEqual([999_999, 999_999]);
    const body = { exportProducts: { kind: 'amazon' as const, ids: `${p.id}`, store_id: shop, template_id: t } };
    const pv = await app.api(routes.finishedFirstPreview, { as: 'demo', body, headers: { 'accept-language': 'en' } });
    expect(pv.data.warnings).toEqual([warning('en')]);
    expect(warning('en')).toContain('Handling Time');

    // A template with the column writes the days there and says nothing.
    const { id: full, t: fullT } = await shopWith(1, 'MTO flat full', 'amazon', { feed_product_type: 'shirt' });
    await madeToOrder(full);
    const ok = await exportAndWait(routes.finishedAmazonExports, { ids: `${p.id}`, store_id: full, template_id: fullT });
    expect(ok.warnings).toEqual([]);
    const written = sheetRows(await download(ok.id)).slice(3);
    expect(written.slice(1).map((r) => r[AMAZON_FLAT_FILE_FIELDS.indexOf('fulfillment_latency')])).toEqual([12, 12]);
  });
});

describe('a strip banned word in a colour or size name', () => {
  it('is cut there as in titles; a name it would empty refuses the product naming the field', async () => {
    const { id: shop, t } = await shopWith(1, 'Strip names', 'amazon', { quantity: 5, feed_product_type: 'shirt' });
    const add = await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'glitter\nsparkle', platform: 1, action: 'strip' } });
    expect(add.body.code, add.text).toBe(1);
    const cut = await product('Glitter Tee', [['Glitter Red', '#CC0000']], ['S']);
    await app.db.db.updateTable('finished_attr').set({ size_en: 'S Sparkle' }).where('finished_id', '=', cut.id).execute();
    const emptied = await product('Tee', [['Sparkle', '#0000CC']], ['S']);
    const rec = await exportAndWait(routes.finishedAmazonExports, { ids: `${cut.id},${emptied.id}`, store_id: shop, template_id: t });
    expect(rec).toMatchObject({ status: 'done', written_count: 1, refused_count: 1 });
    expect(rec.errors).toEqual([
      {
        finished_id: emptied.id,
        key_id: emptied.keyId,
        reasons: [message('listingNameEmptiedByBannedWord', 'zh', { field: 'color_name', text: 'Sparkle', word: 'sparkle' })],
      },
    ]);
    const rows = sheetRows(await download(rec.id)).slice(3);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    expect(rows.map((r) => [r[f('item_name')], r[f('color_name')], r[f('size_name')]])).toEqual([
      ['Tee', '', ''],
      ['Tee', 'Red', 'S'],
    ]);
  });

  it('refuses a product whose two colours the cut makes alike, naming both', async () => {
    const { id: shop, t } = await shopWith(1, 'Strip alike', 'amazon', { quantity: 5, feed_product_type: 'shirt' });
    const add = await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'shimmer', platform: 1, action: 'strip' } });
    expect(add.body.code, add.text).toBe(1);
    const alike = await product(
      'Tee alike',
      [
        ['Blue', '#0000CC'],
        ['Blue Shimmer', '#0000DD'],
      ],
      ['S'],
    );
    const rec = await exportAndWait(routes.finishedAmazonExports, { ids: `${alike.id}`, store_id: shop, template_id: t });
    expect(rec).toMatchObject({ written_count: 0, refused_count: 1 });
    expect(rec.errors).toEqual([
      {
        finished_id: alike.id,
        key_id: alike.keyId,
        reasons: [
          message('listingNamesAlikeAfterBannedWord', 'zh', {
            field: 'color_name',
            text: 'Blue Shimmer',
            other: 'Blue',
            word: 'shimmer',
            name: 'Blue',
          }),
        ],
      },
    ]);
  });
});
