import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import type { JobContext } from '../src/jobs/queue.js';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, storeMockup } from './support/exportFixtures.js';
import { libreOfficeCsv } from './support/libreOffice.js';

/**
 * Barcodes in the export files (docs/listing-tools.md#barcodes): each variant takes a free code of the shop's
 * maker, written as external_product_id with its type on the flat file's child rows and as Walmart's product
 * id; the same variant exported again to the same shop keeps its code; a maker short of codes stops the export.
 */
let app: TestApp;
let shop: number;
let walmartShop: number;
let amazonT: number;
let walmartT: number;
let maker: number;
const products: number[] = [];
let skus: Map<string, number>;
let img: string;

/**
 * GS1's check digit worked out here, not with the library the server uses: from the right, digits weighted
 * 3, 1, 3, …; the check digit brings the sum to a multiple of ten.
 */
function checkDigitHolds(code: string): boolean {
  if (!/^\d{12,14}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

beforeAll(async () => {
  app = await buildTestApp({ runJobs: false });
  shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '条码美国店' } })).data.id;
  walmartShop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 3, name: '条码沃尔玛' } })).data.id;
  amazonT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'amazon', name: 'Tees', feed_product_type: 'shirt', quantity: 5 });
  walmartT = await insertTemplate(app, 'demo', { store_id: walmartShop, kind: 'walmart', name: 'W', product_type: 'T-Shirts' });
  maker = (await app.api(routes.barcodeCreate, { as: 'demo', body: { name: '导出前缀', prefix: '0614141', code_type: 'UPC', count: 12 } }))
    .data.maker_id;
  for (const id of [shop, walmartShop]) await app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id, maker_id: maker } });
  skus = await insertBlank(app, ['S', 'M'], 35);
  img = await storeMockup(app, 'bc-front');
  for (const n of [0, 1])
    products.push(
      (
        await insertExportProduct(app, 'demo', {
          keySuffix: `88${n}`,
          exportName: `Barcode tee ${n}`,
          colours: [
            { color: 'Black', code: 'BK', images: [img] },
            { color: 'White', code: 'WH', images: [img] },
          ],
          sizes: ['S', 'M'],
          skus,
        })
      ).id,
    );
});
afterAll(async () => {
  await app.close();
});

async function runJob(exportId: number) {
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
  return app.exports.jobKind.run(ctx);
}

async function exportFile(
  route: typeof routes.finishedAmazonExports | typeof routes.finishedWalmartExports,
  query: Record<string, unknown>,
) {
  const res = await app.api(route as typeof routes.finishedAmazonExports, { as: 'demo', query: query as never });
  expect(res.body.code, res.text).toBe(1);
  await runJob(res.data.export_id);
  const file = await app.call({ method: 'GET', url: `/api/export/download?id=${res.data.export_id}`, as: 'demo' });
  expect(file.statusCode, file.body).toBe(200);
  return file.rawPayload;
}

/** The data rows of a flat file by field (its field row is the third). */
function flatRows(table: string[][]) {
  const fields = table[2]!;
  return table.slice(3).map((r) => Object.fromEntries(fields.map((f, i) => [f, r[i] ?? ''])));
}
const sheetTable = (xlsx: Buffer) =>
  XLSX.utils.sheet_to_json<string[]>(XLSX.read(xlsx, { type: 'buffer' }).Sheets.Template!, { header: 1, raw: false, defval: '' });

const makerCounts = async () => (await app.api(routes.barcodeMakerList, { as: 'demo' })).data.list.find((m) => m.id === maker)!;
const flatQuery = () => ({ ids: products.join(','), store_id: shop, template_id: amazonT, domain_id: 1 });

describe('the flat file carries a code per variant', () => {
  let firstCodes: Record<string, string>;

  it('writes a free code of the shop’s maker as external_product_id with its type on every child row, the parent row empty', async () => {
    const rows = flatRows(sheetTable(await exportFile(routes.finishedAmazonExports, flatQuery())));
    const children = rows.filter((r) => r.parent_child === 'child');
    const parents = rows.filter((r) => r.parent_child === 'parent');
    expect(children).toHaveLength(8);
    expect(parents.map((r) => [r.external_product_id, r.external_product_id_type])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(children.every((r) => r.external_product_id_type === 'UPC' && checkDigitHolds(r.external_product_id!))).toBe(true);
    expect(new Set(children.map((r) => r.external_product_id)).size).toBe(8);
    firstCodes = Object.fromEntries(children.map((r) => [r.item_sku!, r.external_product_id!]));
    expect(await makerCounts()).toMatchObject({ used: 8, free: 4 });
    // Each used code names its shop and variant.
    const used = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: maker, status: 'used' } })).data.list;
    expect(used.every((c) => c.store_name === '条码美国店' && /^FP88\d-\d-\d$/.test(c.key_id))).toBe(true);
  });

  it('gives the same variant the same code when exported again to the same shop', async () => {
    const rows = flatRows(sheetTable(await exportFile(routes.finishedAmazonExports, flatQuery())));
    const again = Object.fromEntries(rows.filter((r) => r.parent_child === 'child').map((r) => [r.item_sku!, r.external_product_id!]));
    expect(again).toEqual(firstCodes);
    expect(await makerCounts()).toMatchObject({ used: 8, free: 4 });
    // The preview shows the codes the variants hold.
    const preview = (
      await app.api(routes.finishedFirstPreview, { as: 'demo', body: { exportProducts: { kind: 'amazon', ...flatQuery() } as never } })
    ).data;
    const at = preview.fields.indexOf('external_product_id');
    expect(preview.rows.slice(1).map((r) => r[at])).toEqual(Object.values(firstCodes).slice(0, 4));
  });

  it('takes no code for a product the export refuses as still composing', async () => {
    const composing = await insertExportProduct(app, 'demo', {
      keySuffix: '887',
      exportName: 'Barcode tee composing',
      colours: [{ color: 'Black', code: 'BK', images: [img] }],
      sizes: ['S', 'M'],
      skus,
    });
    await app.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', composing.id).execute();
    const rows = flatRows(
      sheetTable(await exportFile(routes.finishedAmazonExports, { ...flatQuery(), ids: [...products, composing.id].join(',') })),
    );
    expect(rows.filter((r) => r.parent_child === 'child')).toHaveLength(8);
    expect(await makerCounts()).toMatchObject({ used: 8, free: 4 });
  });

  it('is read by LibreOffice with every code intact and its check digit right', async () => {
    const csv = await libreOfficeCsv(await exportFile(routes.finishedAmazonExports, flatQuery()));
    const children = flatRows(csv).filter((r) => r.parent_child === 'child');
    expect(children).toHaveLength(8);
    for (const r of children) {
      // Text cells: the UPC-A's leading zero stays (a number cell would lose it).
      expect(r.external_product_id).toMatch(/^0614141\d{5}$/);
      expect(checkDigitHolds(r.external_product_id!), r.external_product_id).toBe(true);
      expect(r.external_product_id_type).toBe('UPC');
    }
  });

  it('writes Walmart’s productId and productIdType, one code per variant in that shop', async () => {
    const xlsx = await exportFile(routes.finishedWalmartExports, {
      ids: `${products[0]}`,
      store_id: walmartShop,
      template_id: walmartT,
      domain_id: 1,
    });
    const table = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(xlsx, { type: 'buffer' }).Sheets.Items!, {
      raw: false,
      defval: '',
    });
    expect(table).toHaveLength(4);
    expect(table.every((r) => r.productIdType === 'UPC' && checkDigitHolds(r.productId!))).toBe(true);
    // Another shop: its own codes, none of the flat file's.
    expect(table.some((r) => Object.values(firstCodes).includes(r.productId!))).toBe(false);
    expect(await makerCounts()).toMatchObject({ used: 12, free: 0 });
  });
});

describe('a maker short of codes', () => {
  it('refuses the export naming the maker and how many codes are missing, and exports once codes are added', async () => {
    const extra = await insertExportProduct(app, 'demo', {
      keySuffix: '889',
      exportName: 'One more tee',
      colours: [{ color: 'Black', code: 'BK', images: [img] }],
      sizes: ['S', 'M'],
      skus,
    });
    const query = { ...flatQuery(), ids: [...products, extra.id].join(',') };
    const res = await app.api(routes.finishedAmazonExports, { as: 'demo', query: query as never });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('条码来源“导出前缀”的可用条码不足：还缺 2 个，请导入或生成后再试');
    await app.api(routes.barcodeMakerStatus, { as: 'demo', body: { ids: `${maker}`, status: 0 } });
    const disabled = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: query as never,
      headers: { 'accept-language': 'en' },
    });
    expect(disabled.body.msg).toBe(
      'The barcode maker “导出前缀” is disabled and 2 codes are needed: enable it, or choose another in the shop settings',
    );
    await app.api(routes.barcodeMakerStatus, { as: 'demo', body: { ids: `${maker}`, status: 1 } });
    await app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: maker, count: 2 } });
    const rows = flatRows(sheetTable(await exportFile(routes.finishedAmazonExports, query)));
    expect(rows.filter((r) => r.parent_child === 'child' && checkDigitHolds(r.external_product_id!))).toHaveLength(10);
  });

  it('fails an export whose codes another export took meanwhile, with the same message', async () => {
    const late = await insertExportProduct(app, 'demo', {
      keySuffix: '890',
      exportName: 'Late tee',
      colours: [{ color: 'Black', code: 'BK', images: [img] }],
      sizes: ['S'],
      skus,
    });
    await app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: maker, count: 1 } });
    const res = await app.api(routes.finishedAmazonExports, { as: 'demo', query: { ...flatQuery(), ids: `${late.id}` } as never });
    expect(res.body.code, res.text).toBe(1);
    // Taken by hand before the job runs.
    const free = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: maker, status: 'free' } })).data.list;
    await app.api(routes.barcodeStatus, { as: 'demo', body: { ids: free.map((c) => c.id).join(','), status: 'used' } });
    await runJob(res.data.export_id);
    const rec = (await app.api(routes.exportList, { as: 'demo' })).data.list.find((r) => r.id === res.data.export_id)!;
    expect(rec.status).toBe('failed');
    expect(rec.message).toBe('条码来源“导出前缀”的可用条码不足：还缺 1 个，请导入或生成后再试');
  });

  it('writes no code when the shop has no maker', async () => {
    const plain = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '无条码店' } })).data.id;
    const t = await insertTemplate(app, 'demo', { store_id: plain, kind: 'amazon', name: 'Plain', feed_product_type: 'shirt' });
    const rows = flatRows(
      sheetTable(await exportFile(routes.finishedAmazonExports, { ids: `${products[0]}`, store_id: plain, template_id: t, domain_id: 1 })),
    );
    expect(rows.filter((r) => r.parent_child === 'child').map((r) => r.external_product_id)).toEqual(['', '', '', '']);
  });
});

describe('a product the rows refuse', () => {
  afterAll(async () => {
    await app.db.db.deleteFrom('keyword_ban').execute();
  });

  it('takes no code: a product refused for a banned word leaves its codes free, the product exported takes its own', async () => {
    const ownShop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '拒绝测试店' } })).data.id;
    const t = await insertTemplate(app, 'demo', { store_id: ownShop, kind: 'amazon', name: 'Refusals', feed_product_type: 'shirt' });
    const own = (
      await app.api(routes.barcodeCreate, { as: 'demo', body: { name: '拒绝前缀', prefix: '0614142', code_type: 'UPC', count: 4 } })
    ).data.maker_id;
    await app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: ownShop, maker_id: own } });
    const make = async (suffix: string, name: string) =>
      (
        await insertExportProduct(app, 'demo', {
          keySuffix: suffix,
          exportName: name,
          colours: [{ color: 'Black', code: 'BK', images: [img] }],
          sizes: ['S', 'M'],
          skus,
        })
      ).id;
    const refused = await make('885', 'Forbidden tee');
    const exported = await make('886', 'Allowed tee');
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'forbidden', platform: 1, action: 'block' } });

    const res = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: { ids: `${refused},${exported}`, store_id: ownShop, template_id: t, domain_id: 1 } as never,
    });
    expect(res.body.code, res.text).toBe(1);
    await runJob(res.data.export_id);
    const rec = (await app.api(routes.exportList, { as: 'demo' })).data.list.find((r) => r.id === res.data.export_id)!;
    expect(rec.status).toBe('done');
    expect(rec.written_count).toBe(1);
    expect(rec.refused_count).toBe(1);
    const file = await app.call({ method: 'GET', url: `/api/export/download?id=${res.data.export_id}`, as: 'demo' });
    const children = flatRows(sheetTable(file.rawPayload)).filter((r) => r.parent_child === 'child');
    expect(children.map((r) => r.item_name)).toEqual(['Allowed tee', 'Allowed tee']);
    expect(children.every((r) => r.external_product_id_type === 'UPC' && checkDigitHolds(r.external_product_id!))).toBe(true);

    // Only the exported product's two variants took codes; the refused one's hold none.
    const counts = (await app.api(routes.barcodeMakerList, { as: 'demo' })).data.list.find((m) => m.id === own)!;
    expect(counts).toMatchObject({ used: 2, free: 2 });
    const used = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: own, status: 'used' } })).data.list;
    expect(used).toHaveLength(2);
    expect(used.every((c) => c.key_id.startsWith('FP886-'))).toBe(true);
    expect(used.map((c) => c.code).sort()).toEqual(children.map((r) => r.external_product_id).sort());
  });
});
