import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_FLAT_FILE_FIELDS, message, routes } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate } from './support/exportFixtures.js';
import { libreOfficeReadsTxt } from './support/libreOffice.js';

/**
 * Files meant for upload (docs/exports.md): Txt with a large-marketplace template is the flat file as
 * tab-delimited text; seller text reaches the marketplace exactly (formula-looking text named by the
 * pre-flight, not altered); records count written and refused products apart and filter by shop; a product
 * still composing is refused; a banned phrase matches across hyphens and spaces.
 */
let app: TestApp;
let shop: number;
let ukShop: number;
let rivalShop: number;
let flatT: number;
let ukFlatT: number;
let txtT: number;
let formula: { id: number; keyId: string };
let minus: { id: number; keyId: string };
let composing: { id: number; keyId: string };
let failed: { id: number; keyId: string };
let bestSeller: { id: number; keyId: string };

const FORMULA = '=HYPERLINK("http://x","y")';
const AT_SUM = '@SUM(A1)';
const MINUS = '-50% Summer Tee';
const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  const addShop = async (as: string, name: string) => (await app.api(routes.storeAdd, { as, body: { pid: 1, name } })).data.id;
  shop = await addShop('demo', 'US Shop');
  ukShop = await addShop('demo', 'UK Shop');
  rivalShop = await addShop('rival', 'Rival Shop');
  const flat = { kind: 'amazon' as const, feed_product_type: 'shirt', brand_name: 'Acme', bullet_point1: 'Soft cotton', quantity: 20 };
  flatT = await insertTemplate(app, 'demo', { store_id: shop, name: 'Tees', sku_prefix: 'AC-', ...flat });
  ukFlatT = await insertTemplate(app, 'demo', { store_id: ukShop, name: 'UK Tees', ...flat });
  txtT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'simple', name: 'Simple Txt', format: 9 });
  const skus = await insertBlank(app, ['S', 'M'], 35);
  const colours = [
    { color: 'Black', code: '#000000', images: [] },
    { color: 'White', code: '#FFFFFF', images: [] },
  ];
  const make = (keySuffix: string, exportName: string, keyword = '') =>
    insertExportProduct(app, 'demo', { keySuffix, exportName, keyword, colours, sizes: ['S', 'M'], skus, price: 19.5 });
  formula = await make('2401', FORMULA, AT_SUM);
  minus = await make('2402', MINUS, 'soft\ttee\nsummer');
  composing = await make('2403', 'Composing Tee');
  failed = await make('2404', 'Failed Tee');
  bestSeller = await make('2405', 'Best-Seller Tee');
  await app.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', composing.id).execute();
  await app.db.db.updateTable('finished').set({ status: 'failed' }).where('id', '=', failed.id).execute();
});
afterAll(async () => {
  await app.close();
});

/** Starts an export through /finished/exports, lets its job run, and answers its record. */
async function exportAndWait(query: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') {
  const res = await app.api(routes.finishedExports, { as: 'demo', query: query as never });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const list = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 }, headers: { 'accept-language': lang } });
  return list.data.list.find((r) => r.id === res.data.export_id)!;
}

async function download(id: number) {
  const res = await app.call({ method: 'GET', url: `/api/export/download?id=${id}`, as: 'demo' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The Txt's rows as written: BOM first, `\n` line ends, tab-separated. */
function txtRows(buf: Buffer): string[][] {
  const text = buf.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.split('\t'));
}

/** The .xlsx's rows as text, each as wide as the sheet. */
function xlsxRows(buf: Buffer): string[][] {
  const wb = XLSX.read(buf, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
  return rows.map((r) => r.map(String));
}

const preview = async (exportProducts: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => {
  const res = await app.api(routes.finishedFirstPreview, {
    as: 'demo',
    body: { exportProducts: exportProducts as never },
    headers: { 'accept-language': lang },
  });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

describe('Txt (format 9) with a large-marketplace template', () => {
  it('writes the flat file as tab-delimited UTF-8 text: its three header rows, the same columns and values as the .xlsx', async () => {
    const ids = `${formula.id},${minus.id}`;
    const txtRec = await exportAndWait({ ids, store_id: shop, template_id: flatT, format: 9 });
    const xlsxRec = await exportAndWait({ ids, store_id: shop, template_id: flatT, format: 3 });
    expect(txtRec).toMatchObject({ status: 'done', format: 9, row_count: 10, written_count: 2, refused_count: 0 });
    expect(xlsxRec).toMatchObject({ status: 'done', row_count: 10 });
    const res = await download(txtRec.id);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="US_Shop_txt_\d{8}-\d{6}\.txt"/);
    const txt = txtRows(res.rawPayload);
    const xlsx = xlsxRows((await download(xlsxRec.id)).rawPayload);

    expect(txt[0]).toEqual(['TemplateType=fptcustom', 'Version=2021.1', `TemplateSignature=${Buffer.from('SHIRT').toString('base64')}`]);
    expect(txt[2]).toEqual([...AMAZON_FLAT_FILE_FIELDS]);
    expect(txt).toHaveLength(3 + 10);
    // Every data row has every column; the same cells as the .xlsx (tabs and line breaks inside a value: spaces).
    expect(txt.slice(1).every((r) => r.length === AMAZON_FLAT_FILE_FIELDS.length)).toBe(true);
    const width = AMAZON_FLAT_FILE_FIELDS.length;
    const pad = (r: string[]) => [...r, ...Array<string>(width - r.length).fill('')];
    expect(txt.map(pad)).toEqual(xlsx.map((r) => r.map((c) => c.replace(/[\t\r\n]/g, ' '))));
    expect(txt[3]![f('parent_child')]).toBe('parent');
    expect(txt[4]![f('parent_sku')]).toBe('AC-FP2401');
    // Template 0's price: the blank's cost in USD (docs/pricing-templates.md#template-0), written as the .xlsx holds it.
    expect(txt[4]![f('standard_price')]).toMatch(/^\d+\.99$/);
    expect(txt[8]![f('generic_keywords')]).toBe('soft tee summer');
  });

  it('is read by LibreOffice as the same rows', async () => {
    const rec = await exportAndWait({ ids: `${formula.id},${minus.id}`, store_id: shop, template_id: flatT, format: 9 });
    const raw = (await download(rec.id)).rawPayload;
    const written = txtRows(raw);
    const read = await libreOfficeReadsTxt(raw, AMAZON_FLAT_FILE_FIELDS.length);
    const trimmed = (rows: string[][]) => rows.map((r) => r.slice(0, r.findLastIndex((c) => c !== '') + 1));
    expect(trimmed(read.filter((r) => r.some((c) => c !== '')))).toEqual(trimmed(written));
    expect(read[3]![f('item_name')]).toBe(FORMULA);
    expect(read[8]![f('item_name')]).toBe(MINUS);
  });

  it('a simple Txt template still writes the simplified columns', async () => {
    const rec = await exportAndWait({ ids: `${minus.id}`, store_id: shop, template_id: txtT, format: 9 });
    const rows = txtRows((await download(rec.id)).rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['成品编号', '产品', '导出名称']);
    expect(rows[1]![2]).toBe(MINUS);
  });
});

describe('formula-looking text', () => {
  it('reaches the .txt and the .xlsx exactly as the seller wrote it (no quote added)', async () => {
    const ids = `${formula.id},${minus.id}`;
    const txt = txtRows((await download((await exportAndWait({ ids, store_id: shop, template_id: flatT, format: 9 })).id)).rawPayload);
    expect(txt[3]![f('item_name')]).toBe(FORMULA);
    expect(txt[3]![f('generic_keywords')]).toBe(AT_SUM);
    expect(txt[8]![f('item_name')]).toBe(MINUS);
    const xlsx = (await download((await exportAndWait({ ids, store_id: shop, template_id: flatT, format: 3 })).id)).rawPayload;
    const sheet = XLSX.read(xlsx, { type: 'buffer', cellFormula: true }).Sheets['Template']!;
    for (const [row, text] of [
      [3, FORMULA],
      [8, MINUS],
    ] as const) {
      const cell = sheet[XLSX.utils.encode_cell({ r: row, c: f('item_name') })] as XLSX.CellObject;
      expect(cell).toMatchObject({ t: 's', v: text });
      expect(cell.f).toBeUndefined();
    }
  });

  it("is named by the Txt export's pre-flight and record as a warning, never a refusal; the .xlsx has nothing to warn", async () => {
    const txtQuery = { ids: `${formula.id}`, store_id: shop, template_id: flatT, format: 9 };
    const pv = await preview(txtQuery);
    expect(pv.error).toBeNull();
    expect(pv.rows.length).toBe(5);
    expect(pv.warnings).toEqual([
      message('exportFormulaText', 'zh', { field: 'item_name', char: '=' }),
      message('exportFormulaText', 'zh', { field: 'generic_keywords', char: '@' }),
    ]);
    expect((await preview({ ...txtQuery, ids: `${minus.id}` }, 'en')).warnings).toEqual([
      message('exportFormulaText', 'en', { field: 'item_name', char: '-' }),
    ]);
    expect((await preview({ ...txtQuery, format: 3 })).warnings).toEqual([]);

    const rec = await exportAndWait({ ...txtQuery, ids: `${formula.id},${minus.id}` }, 'en');
    expect(rec).toMatchObject({ status: 'done', written_count: 2, refused_count: 0, errors: [] });
    expect(rec.warnings).toEqual([
      {
        finished_id: formula.id,
        key_id: formula.keyId,
        reasons: [
          message('exportFormulaText', 'en', { field: 'item_name', char: '=' }),
          message('exportFormulaText', 'en', { field: 'generic_keywords', char: '@' }),
        ],
      },
      { finished_id: minus.id, key_id: minus.keyId, reasons: [message('exportFormulaText', 'en', { field: 'item_name', char: '-' })] },
    ]);
  });
});

describe('a product still composing, or whose composition failed', () => {
  it('is refused by the pre-flight with 还在合成中 / the failed composition', async () => {
    const q = { store_id: shop, template_id: flatT, format: 3 };
    const pv = await preview({ ...q, ids: `${composing.id}` });
    expect(pv.rows).toEqual([]);
    expect(pv.error).toEqual({ finished_id: composing.id, key_id: composing.keyId, reasons: [message('exportComposing', 'zh')] });
    expect(pv.error!.reasons[0]).toMatch(/^还在合成中/);
    expect((await preview({ ...q, ids: `${failed.id}` }, 'en')).error!.reasons).toEqual([message('exportCompositionFailed', 'en')]);
  });

  it('is left out of the export, named with why; the others are written and counted apart', async () => {
    const rec = await exportAndWait({ ids: `${composing.id},${minus.id},${failed.id}`, store_id: shop, template_id: flatT, format: 3 });
    expect(rec).toMatchObject({ status: 'done', product_count: 3, written_count: 1, refused_count: 2, row_count: 5 });
    expect(rec.errors).toEqual([
      { finished_id: composing.id, key_id: composing.keyId, reasons: [message('exportComposing', 'zh')] },
      { finished_id: failed.id, key_id: failed.keyId, reasons: [message('exportCompositionFailed', 'zh')] },
    ]);
    const rows = xlsxRows((await download(rec.id)).rawPayload);
    expect(rows.slice(3).map((r) => r[f('item_sku')])).toEqual([
      'AC-FP2402',
      ...['000000', 'FFFFFF'].flatMap((c) => [`AC-FP2402-${c}-S`, `AC-FP2402-${c}-M`]),
    ]);
  });

  it('alone, fails the export with every product refused', async () => {
    const rec = await exportAndWait({ ids: `${composing.id}`, store_id: shop, template_id: flatT, format: 9 });
    expect(rec).toMatchObject({ status: 'failed', written_count: 0, refused_count: 1, message: message('exportAllRefused', 'zh') });
  });
});

describe('a banned phrase', () => {
  afterAll(async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
  });

  it('matches its hyphen, underscore and spacing variants, not the words run together', async () => {
    const add = await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'best seller', platform: 1, action: 'block' } });
    expect(add.body.code, add.text).toBe(1);
    await app.db.db.updateTable('finished').set({ keyword: 'bestseller cotton' }).where('id', '=', minus.id).execute();
    try {
      const rec = await exportAndWait({ ids: `${bestSeller.id},${minus.id}`, store_id: shop, template_id: flatT, format: 3 });
      expect(rec).toMatchObject({ status: 'done', written_count: 1, refused_count: 1 });
      expect(rec.errors).toEqual([
        {
          finished_id: bestSeller.id,
          key_id: bestSeller.keyId,
          reasons: [message('exportBannedWord', 'zh', { word: 'best seller', field: 'item_name' })],
        },
      ]);
      const check = await app.api(routes.keywordBanCheck, {
        as: 'demo',
        body: { texts: ['Best_Seller', 'best  seller', 'bestseller'], platform: 1 },
      });
      expect(check.data.list.map((l) => l.index)).toEqual([0, 1]);
    } finally {
      await app.db.db.updateTable('finished').set({ keyword: '' }).where('id', '=', minus.id).execute();
    }
  });
});

describe('the records list by shop', () => {
  it("filters by shop; another family's shop finds nothing", async () => {
    const us = await exportAndWait({ ids: `${minus.id}`, store_id: shop, template_id: flatT, format: 3 });
    const uk = await exportAndWait({ ids: `${minus.id}`, store_id: ukShop, template_id: ukFlatT, format: 3 });
    const page = async (store_id?: number) =>
      (await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100, ...(store_id === undefined ? {} : { store_id }) } })).data;
    const ukPage = await page(ukShop);
    expect(ukPage.list.map((r) => r.id)).toEqual([uk.id]);
    expect(ukPage.count).toBe(1);
    const usPage = await page(shop);
    expect(usPage.list.map((r) => r.id)).toContain(us.id);
    expect(usPage.list.every((r) => r.store_name === 'US Shop')).toBe(true);
    expect(usPage.count).toBe(usPage.list.length);
    expect((await page(0)).count).toBe(usPage.count + 1);
    expect(await page(rivalShop)).toMatchObject({ count: 0, list: [] });
    const bad = await app.api(routes.exportList, { as: 'demo', query: { store_id: -1 } as never });
    expect(bad.status).toBe(400);
  });
});
