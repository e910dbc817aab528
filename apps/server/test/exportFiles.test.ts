import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_FLAT_FILE_FIELDS, routes } from '@app/contract';
import { createExportRepo, createExportService, exportProducts } from '../src/modules/exports/index.js';
import { createShopRepo } from '../src/modules/shops/index.js';
import { createCatalogueRepo } from '../src/modules/catalogue/index.js';
import { createFinishedRepo } from '../src/modules/finished/index.js';
import type { JobContext } from '../src/jobs/queue.js';
import { buildTestApp, type TestApp } from './helper.js';
import { libreOfficeCsv } from './support/libreOffice.js';
import { insertBlank, insertExportProduct, insertTemplate, ownerIdOf, storeMockup } from './support/exportFixtures.js';

/**
 * The export's files opened by a real spreadsheet application (LibreOffice headless converts the .xlsx to
 * CSV), and an export job stopped mid-way and run again (docs/exports.md#the-job).
 */
const FORMULA = '=HYPERLINK("http://x","y")';
const AT_SUM = '@SUM(A1)';

let app: TestApp;
let shop: number;
let amazonT: number;
let simpleT: number;
let pricing: number;
let ids: number[];

beforeAll(async () => {
  // Jobs are run by hand here: the kill test runs one, stops it, and runs it again.
  app = await buildTestApp({
    runJobs: false,
    imageDomains: [
      { id: 1, title: 'localhost', baseUrl: 'http://localhost:8080' },
      { id: 2, title: 'CDN', baseUrl: 'https://cdn.example.net' },
    ],
  });
  shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '美国店' } })).data.id;
  amazonT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'amazon', name: 'Tees', feed_product_type: 'shirt', quantity: 5 });
  simpleT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'simple', name: 'Simple' });
  pricing = (
    await app.api(routes.priceTemplateAdd, {
      as: 'demo',
      body: {
        name: 'worked',
        platform_type: 1,
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
  const skus = await insertBlank(app, ['S', 'M'], 35);
  const img = await storeMockup(app, 'lo-front');
  ids = [];
  for (const [n, name] of [FORMULA, 'Second tee', 'Third tee'].entries()) {
    const p = await insertExportProduct(app, 'demo', {
      keySuffix: `77${n}`,
      exportName: name,
      keyword: n === 0 ? AT_SUM : '',
      colours: [{ color: 'Black', code: 'BK', images: [img] }],
      sizes: ['S', 'M'],
      skus,
    });
    ids.push(p.id);
  }
});
afterAll(async () => {
  await app.close();
});

/** Runs the queued job of an export with the app's own export service (or another). */
async function runJob(exportId: number, service = app.exports) {
  const rec = await app.db.db
    .selectFrom('export_record')
    .select(['job_id', 'owner_id'])
    .where('id', '=', exportId)
    .executeTakeFirstOrThrow();
  const ctx: JobContext = {
    id: rec.job_id,
    kind: 'export',
    ownerId: Number(rec.owner_id),
    taskId: null,
    payload: { export_id: exportId },
    attempt: 1,
    maxAttempts: 2,
    progress: async () => undefined,
  };
  return service.jobKind.run(ctx);
}

async function startExport(
  query: Record<string, unknown>,
  route: typeof routes.finishedExports | typeof routes.finishedAmazonExports = routes.finishedExports,
) {
  const res = await app.api(route as typeof routes.finishedExports, { as: 'demo', query: query as never });
  expect(res.body.code, res.text).toBe(1);
  return res.data.export_id;
}

const download = async (id: number) => {
  const res = await app.call({ method: 'GET', url: `/api/export/download?id=${id}`, as: 'demo' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('the flat file in LibreOffice', () => {
  it('keeps the three header rows, parent/child rows, prices, image URLs and formula-looking text as text', async () => {
    const id = await startExport({ ids: ids.join(','), store_id: shop, template_id: amazonT, domain_id: 2, price_template_id: pricing });
    await runJob(id);
    const xlsx = (await download(id)).rawPayload;
    const csv = await libreOfficeCsv(xlsx);
    const f = (name: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(name as never);
    expect(csv[0]!.slice(0, 3)).toEqual([
      'TemplateType=fptcustom',
      'Version=2021.1',
      `TemplateSignature=${Buffer.from('SHIRT').toString('base64')}`,
    ]);
    expect(csv[2]).toEqual([...AMAZON_FLAT_FILE_FIELDS]);
    const data = csv.slice(3).filter((r) => r.some((c) => c !== ''));
    expect(data.map((r) => r[f('parent_child')])).toEqual([
      'parent',
      'child',
      'child',
      'parent',
      'child',
      'child',
      'parent',
      'child',
      'child',
    ]);
    expect(data[1]![f('parent_sku')]).toBe(data[0]![f('item_sku')]);
    expect(data[1]![f('standard_price')]).toBe('15.43');
    expect(data[1]![f('list_price')]).toBe('22.99');
    // Seller text stays literal: LibreOffice did not evaluate it.
    expect(data[0]![f('item_name')]).toBe(FORMULA);
    expect(data[0]![f('generic_keywords')]).toBe(AT_SUM);
    // The image URL on the chosen domain answers with an image.
    const url = new URL(data[1]![f('main_image_url')]!);
    expect(url.origin).toBe('https://cdn.example.net');
    const img = await app.call({ method: 'GET', url: url.pathname });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // SheetJS reads the same.
    const wb = XLSX.read(xlsx, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: '' });
    expect(rows[3]![f('item_name')]).toBe(FORMULA);
  });

  it('the simplified Excel shows formula-looking text literally too', async () => {
    const id = await startExport({ ids: `${ids[0]}`, store_id: shop, template_id: simpleT, format: 6 });
    await runJob(id);
    const csv = await libreOfficeCsv((await download(id)).rawPayload);
    expect(csv[1]![2]).toBe(FORMULA);
    expect(csv[1]![8]).toBe(AT_SUM);
  });
});

describe('the Walmart file in LibreOffice', () => {
  it('keeps formula-looking export names and keywords as text (=HYPERLINK, @SUM)', async () => {
    const wShop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 3, name: 'Walmart 店' } })).data.id;
    const wT = await insertTemplate(app, 'demo', { store_id: wShop, kind: 'walmart', name: 'WM', product_type: 'T-Shirts', quantity: 3 });
    const at = await insertExportProduct(app, 'demo', {
      keySuffix: '779',
      exportName: AT_SUM,
      colours: [{ color: 'Black', code: 'BK', images: [] }],
      sizes: ['M'],
      skus: await insertBlank(app, ['M'], 35),
    });
    const res = await app.api(routes.finishedWalmartExports, {
      as: 'demo',
      query: { ids: `${ids[0]},${at.id}`, store_id: wShop, template_id: wT },
    });
    expect(res.body.code, res.text).toBe(1);
    await runJob(res.data.export_id);
    const xlsx = (await download(res.data.export_id)).rawPayload;
    // The cells are strings, never formulas.
    const sheet = XLSX.read(xlsx, { type: 'buffer', cellFormula: true }).Sheets['Items']!;
    const head = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]!;
    const cell = (row: number, name: string) => sheet[XLSX.utils.encode_cell({ r: row, c: head.indexOf(name) })] as XLSX.CellObject;
    for (const [row, name, text] of [
      [1, 'productName', FORMULA],
      [1, 'keywords', AT_SUM],
      [3, 'productName', AT_SUM],
    ] as const) {
      expect(cell(row, name)).toMatchObject({ t: 's', v: text });
      expect(cell(row, name).f).toBeUndefined();
    }
    // LibreOffice reads them literally (it evaluates nothing).
    const csv = (await libreOfficeCsv(xlsx)).filter((r) => r.some((c) => c !== ''));
    const col = (name: string) => csv[0]!.indexOf(name);
    expect(csv[1]![col('productName')]).toBe(FORMULA);
    expect(csv[1]![col('keywords')]).toBe(AT_SUM);
    expect(csv[3]![col('productName')]).toBe(AT_SUM);
  });
});

describe('an export job stopped mid-way', () => {
  it('run again leaves one complete file and one record', async () => {
    const id = await startExport({ ids: ids.join(','), store_id: shop, template_id: amazonT }, routes.finishedAmazonExports);
    const owner = await ownerIdOf(app, 'demo');
    const tmp = path.join(app.config.dataDir, 'tmp', 'exports', `${id}.part`);
    // The first run dies after its first page (one product a page): a partial file is left behind.
    const dying = createExportService({
      repo: createExportRepo(app.db.db, app.db.dialect),
      products: exportProducts(createFinishedRepo(app.db.db, app.db.dialect, []), createCatalogueRepo(app.db.db)),
      storage: app.storage,
      queue: app.queue,
      dataDir: app.config.dataDir,
      now: app.config.now,
      priceTemplates: app.priceTemplates,
      bannedWords: app.bannedWords,
      templates: app.templates,
      imageDomains: app.config.imageDomains,
      publicNameKey: '00'.repeat(32),
      watermarks: (scope, blob, id, version) => app.watermarks.watermarkedBlob(scope, blob, id, version),
      watermarkVersion: (scope, id) => app.watermarks.versionOf(scope, id),
      shops: createShopRepo(app.db.db),
      parsing: app.parsing,
      pageSize: 1,
      afterPage: async (_exportId, page) => {
        if (page === 0) throw new Error('killed');
      },
    });
    try {
      await expect(runJob(id, dying)).rejects.toThrow('killed');
    } finally {
      await dying.close();
    }
    // What a killed process leaves on disk: half a file under the temporary name (the writer may not have
    // flushed yet when it died; then we put the half there ourselves).
    if (!fs.existsSync(tmp)) fs.writeFileSync(tmp, 'PK half a zip');
    const during = await app.db.db.selectFrom('export_record').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(during.status).toBe('running');
    expect(during.file_key).toBeNull();

    // The retry (the queue runs a job again after a crash) starts over on the same temporary name.
    await runJob(id);
    await runJob(id); // and a duplicate delivery changes nothing
    expect(fs.existsSync(tmp)).toBe(false);
    expect(fs.readdirSync(path.join(app.config.dataDir, 'tmp', 'exports'))).toEqual([]);
    expect(fs.readdirSync(path.join(app.config.dataDir, 'files', 'exports', String(owner))).filter((n) => n.startsWith(`${id}.`))).toEqual([
      `${id}.xlsx`,
    ]);
    const records = await app.db.db.selectFrom('export_record').selectAll().where('id', '=', id).execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'done', progress: 100 });
    const wb = XLSX.read((await download(id)).rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: '' });
    expect(rows).toHaveLength(3 + 3 * 3);
  });
});

describe('watermarks (the watermark module, as services.ts wires it)', () => {
  it('main_watermark=1 watermarks only the main image; 0 every image; copies reused; originals untouched', async () => {
    const added = await app.api(routes.watermarkAdd, {
      as: 'demo',
      body: {
        name: `export mark ${randomBytes(3).toString('hex')}`,
        type: 'text',
        text: 'SHOP',
        font_family: 'Roboto',
        color: '#FFFFFF',
        font_size: 400,
        position: 5,
        margin: 0,
        scale: 1,
        opacity: 1,
        rotation: 0,
      },
    });
    expect(added.body.code).toBe(1);
    const wm = Number(added.data.id);
    const front = await storeMockup(app, 'wm-front', '#111111');
    const back = await storeMockup(app, 'wm-back', '#222222');
    const originals = await Promise.all([front, back].map((url) => app.storage.get(url.replace(/^\/files\//, ''))));
    const product = await insertExportProduct(app, 'demo', {
      keySuffix: '880',
      exportName: 'Watermarked tee',
      colours: [{ color: 'Black', code: 'BK', images: [front, back] }],
      sizes: ['M'],
      skus: await insertBlank(app, ['M'], 35),
    });
    const urlsOf = async (query: Record<string, number>) => {
      const res = await app.api(routes.finishedAmazonExports, {
        as: 'demo',
        query: { ids: `${product.id}`, store_id: shop, template_id: amazonT, ...query },
      });
      const { export_id } = res.data;
      await runJob(export_id);
      const wb = XLSX.read((await download(export_id)).rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: '' });
      const child = rows[4]!;
      return [child[AMAZON_FLAT_FILE_FIELDS.indexOf('main_image_url')], child[AMAZON_FLAT_FILE_FIELDS.indexOf('other_image_url1')]].map(
        String,
      );
    };
    const brightness = async (url: string) =>
      (await sharp((await app.call({ method: 'GET', url: new URL(url).pathname })).rawPayload).stats()).channels[0]!.mean;

    const plain = await urlsOf({});
    const mainOnly = await urlsOf({ watermark_id: wm, main_watermark: 1 });
    const composedAfterFirst = app.watermarks.composedCount();
    const every = await urlsOf({ watermark_id: wm, main_watermark: 0 });
    expect(mainOnly[0]).not.toBe(plain[0]);
    expect(mainOnly[1]).toBe(plain[1]);
    expect(every[0]).toBe(mainOnly[0]);
    expect(every[1]).not.toBe(plain[1]);
    // The main image's copy was composed by the first export and reused by the second: one new copy (the back).
    expect(app.watermarks.composedCount() - composedAfterFirst).toBe(1);
    // White text over the dark mockup: the public copy is brighter than the original, which still serves as it was.
    expect(await brightness(every[0]!)).toBeGreaterThan((await brightness(plain[0]!)) + 10);
    expect(await brightness(every[1]!)).toBeGreaterThan((await brightness(plain[1]!)) + 10);
    const after = await Promise.all([front, back].map((url) => app.storage.get(url.replace(/^\/files\//, ''))));
    expect(after.map((b, i) => b.equals(originals[i]!))).toEqual([true, true]);
  });
  it('fails with a clear message when the watermark is edited between the call and the job, publishing no mismatched copy', async () => {
    const added = await app.api(routes.watermarkAdd, {
      as: 'demo',
      body: {
        name: `race ${randomBytes(3).toString('hex')}`,
        type: 'text',
        text: 'RACE',
        font_family: 'Roboto',
        color: '#FFFFFF',
        position: 5,
      },
    });
    expect(added.body.code, added.text).toBe(1);
    const wm = Number(added.data.id);
    const front = await storeMockup(app, 'race-front', '#333333');
    const product = await insertExportProduct(app, 'demo', {
      keySuffix: '881',
      exportName: 'Race tee',
      colours: [{ color: 'Black', code: 'BK', images: [front] }],
      sizes: ['M'],
      skus: await insertBlank(app, ['M'], 35),
    });
    const id = await startExport(
      { ids: `${product.id}`, store_id: shop, template_id: amazonT, watermark_id: wm },
      routes.finishedAmazonExports,
    );
    // Edited after the call fixed the version the public names are made from.
    expect((await app.api(routes.watermarkUpdate, { as: 'demo', body: { id: wm, position: 1 } })).body.code).toBe(1);
    await runJob(id);
    const list = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 } });
    expect(list.data.list.find((r) => r.id === id)).toMatchObject({
      status: 'failed',
      message: '水印在导出过程中被修改，请重新导出',
      download_url: '',
    });
    const listEn = await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 }, headers: { 'accept-language': 'en' } });
    expect(listEn.data.list.find((r) => r.id === id)!.message).toBe('The watermark changed during the export: export again');
    // The new version's copy is never published (under the old name or any).
    const newCopy = await app.watermarks.watermarkedBlob(await ownerIdOf(app, 'demo'), front.replace(/^\/files\//, ''), wm);
    expect(await app.db.db.selectFrom('public_image').select('name').where('blob', '=', newCopy).execute()).toEqual([]);
  });
});
