import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { AMAZON_FLAT_FILE_FIELDS, message, routes, type MessageKey } from '@app/contract';
import { connectBody } from '../../web/e2e/marketplaceB.js';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate } from './support/exportFixtures.js';

/**
 * Title templates and keyword sets in what goes out (docs/listing-tools.md): the flat file's item_name and
 * generic_keywords, read back from the .xlsx, and the publish pre-flight's titles and banned-word check.
 */
let app: TestApp;
let sandbox: MarketplaceB;
let shop: number; // demo's large-marketplace shop
let amazonT: number;
let tkShop: number;
let tkTemplate: number;
let p1: { id: number; keyId: string };
let p2: { id: number; keyId: string };
let template: number;
let keywords: number;
let rivalTemplate: number;
const WORDS = ['beach', 'gift', 'retro', 'summer', 'vintage'];

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

beforeAll(async () => {
  sandbox = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { b: sandbox.url } });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'US Shop' } })).data.id;
  amazonT = await insertTemplate(app, 'demo', {
    store_id: shop,
    kind: 'amazon',
    name: 'Tees',
    feed_product_type: 'shirt',
    sku_prefix: 'T-',
  });
  const skus = await insertBlank(app, ['S', 'M'], 35);
  // Big enough for marketplace B's images (at least 100 × 100 px).
  const mockup = async (name: string, hex: string) => {
    const data = await sharp({ create: { width: 200, height: 200, channels: 3, background: hex } })
      .jpeg()
      .toBuffer();
    await app.storage.put(`mockups/test/${name}.jpg`, data);
    return app.storage.url(`mockups/test/${name}.jpg`);
  };
  const images = [await mockup('tl-red', '#cc0000'), await mockup('tl-blue', '#0000cc')];
  const fixture = (suffix: string, exportName: string) => ({
    keySuffix: suffix,
    exportName,
    keyword: 'palm',
    colours: [
      { color: 'Red', code: '#CC0000', images: [images[0]!] },
      { color: 'Blue', code: '#0000CC', images: [images[1]!] },
    ],
    sizes: ['S', 'M'],
    skus,
  });
  p1 = await insertExportProduct(app, 'demo', fixture('8001', 'Palm Sunset Tee'));
  p2 = await insertExportProduct(app, 'demo', fixture('8002', 'Neon Wave Tee'));
  template = (
    await app.api(routes.titleTemplateAdd, { as: 'demo', body: { name: 'Tee', template: '{export_name} {color} {size} {keywords:2}' } })
  ).data.id;
  keywords = (await app.api(routes.keywordSetAdd, { as: 'demo', body: { name: 'Beach', keywords: WORDS } })).data.id;
  rivalTemplate = (await app.api(routes.titleTemplateAdd, { as: 'rival', body: { name: 'Rival', template: '{size}' } })).data.id;

  tkShop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 15, name: 'TK Main' } })).data.id;
  expect(
    (await app.api(routes.storeConnect, { as: 'demo', body: connectBody(tkShop, sandbox.createShop({ name: 'TK Main' })) })).body.code,
  ).toBe(1);
  tkTemplate = (
    await app.api(routes.tiktokTemplateAdd, {
      as: 'demo',
      body: {
        store_id: tkShop,
        name: 'TK',
        category_id: 601226,
        package_weight: 0.3,
        package_length: 30,
        package_width: 20,
        package_height: 3,
      },
    })
  ).data.id;
});
afterAll(async () => {
  await app.close();
  await sandbox.close();
});

/** The two words `{keywords:2}` draws for a product (rotation by its id), and its keywords line's words. */
const two = (id: number) => `${WORDS[id % 5]} ${WORDS[(id + 1) % 5]}`;

async function exportRows(query: Record<string, unknown>) {
  const res = await app.api(routes.finishedAmazonExports, {
    as: 'demo',
    query: { ids: `${p1.id},${p2.id}`, store_id: shop, template_id: amazonT, ...query } as never,
  });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const rec = (await app.api(routes.exportList, { as: 'demo', query: { pageSize: 100 } })).data.list.find(
    (r) => r.id === res.data.export_id,
  )!;
  if (rec.status !== 'done') return { rec, rows: [] as unknown[][] };
  const file = await app.call({ method: 'GET', url: `/api/export/download?id=${rec.id}`, as: 'demo' });
  const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
  return { rec, rows };
}
const col = (f: string) => AMAZON_FLAT_FILE_FIELDS.indexOf(f as never);

describe('the flat file with a title template and a keyword set', () => {
  it('writes the templated titles and the rotated keywords (within 250 bytes)', async () => {
    const { rows } = await exportRows({ title_template_id: template, keyword_set_id: keywords });
    const data = rows.slice(3);
    // Per product: the parent row, then Red S, Red M, Blue S, Blue M.
    const titles = data.map((r) => r[col('item_name')]);
    expect(titles).toEqual([
      `Palm Sunset Tee ${two(p1.id)}`,
      `Palm Sunset Tee Red S ${two(p1.id)}`,
      `Palm Sunset Tee Red M ${two(p1.id)}`,
      `Palm Sunset Tee Blue S ${two(p1.id)}`,
      `Palm Sunset Tee Blue M ${two(p1.id)}`,
      `Neon Wave Tee ${two(p2.id)}`,
      `Neon Wave Tee Red S ${two(p2.id)}`,
      `Neon Wave Tee Red M ${two(p2.id)}`,
      `Neon Wave Tee Blue S ${two(p2.id)}`,
      `Neon Wave Tee Blue M ${two(p2.id)}`,
    ]);
    const line = (id: number) => ['palm', ...Array.from({ length: 5 }, (_, i) => WORDS[(id + i) % 5])].join(' ');
    expect(data.map((r) => r[col('generic_keywords')])).toEqual([...Array(5).fill(line(p1.id)), ...Array(5).fill(line(p2.id))]);
    // The two products do not start the set at the same word (ids next to each other).
    expect(two(p1.id)).not.toBe(two(p2.id));
    for (const r of data) expect(Buffer.byteLength(String(r[col('generic_keywords')]), 'utf8')).toBeLessThanOrEqual(250);
  });

  it("without a template or set the file is today's", async () => {
    const { rows } = await exportRows({});
    expect(rows.slice(3).map((r) => r[col('item_name')])[0]).toBe('Palm Sunset Tee');
    expect(rows[3]![col('generic_keywords')]).toBe('palm');
  });

  it('refuses a product whose title is too long when the template says so, naming the field', async () => {
    const long = (
      await app.api(routes.titleTemplateAdd, {
        as: 'demo',
        body: { name: 'Long', template: `{export_name} ${'soft '.repeat(50)}`, overflow: 'refuse' },
      })
    ).data.id;
    const { rec } = await exportRows({ title_template_id: long });
    expect(rec.status).toBe('failed');
    expect(rec.errors[0]!.reasons[0]).toBe(message('titleTooLong', 'zh', { field: 'item_name', length: 265, max: 200 }));
  });

  it('checks the banned words on the templated title', async () => {
    const banned = (await app.api(routes.titleTemplateAdd, { as: 'demo', body: { name: 'Banned', template: '{export_name} replica' } }))
      .data.id;
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'replica', platform: 0, action: 'block' } });
    const pv = await app.api(routes.finishedFirstPreview, {
      as: 'demo',
      body: { exportProducts: { kind: 'amazon', ids: String(p1.id), store_id: shop, template_id: amazonT, title_template_id: banned } },
    });
    expect(pv.data.error!.reasons).toEqual([message('exportBannedWord', 'zh', { word: 'replica', field: 'item_name' })]);
  });

  it("answers another family's template as not found", async () => {
    refused(
      await app.api(routes.finishedAmazonExports, {
        as: 'demo',
        query: { ids: String(p1.id), store_id: shop, template_id: amazonT, title_template_id: rivalTemplate },
      }),
      404,
      'titleTemplateNotFound',
    );
  });
});

describe('the publish pre-flight with a title template', () => {
  it('shows the templated title per product', async () => {
    const res = await app.api(routes.tiktokPreflight, {
      as: 'demo',
      body: { design_product_ids: [p1.id, p2.id], tk_template_id: tkTemplate, title_template_id: template, keyword_set_id: keywords },
    });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.ok_ids).toEqual([p1.id, p2.id]);
    expect(res.data.titles).toEqual([
      { id: p1.id, title: `Palm Sunset Tee ${two(p1.id)}` },
      { id: p2.id, title: `Neon Wave Tee ${two(p2.id)}` },
    ]);
  });

  it('refuses a banned word the template puts in the title', async () => {
    const shouty = (await app.api(routes.titleTemplateAdd, { as: 'demo', body: { name: 'Shouty', template: '{export_name} bestseller' } }))
      .data.id;
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'bestseller', platform: 15, action: 'block' } });
    const res = await app.api(routes.tiktokPreflight, {
      as: 'demo',
      body: { design_product_ids: [p1.id], tk_template_id: tkTemplate, title_template_id: shouty },
    });
    expect(res.data.ok_ids).toEqual([]);
    // The description carries the title too (docs/market-templates.md#description-template): both are named.
    expect(res.data.refused[0]!.reasons).toContain(message('publishBannedWord', 'zh', { word: 'bestseller', field: '标题' }));
  });

  it('publishes the templated title to the marketplace', async () => {
    const res = await app.api(routes.tiktokPublish, {
      as: 'demo',
      body: { design_product_ids: [p2.id], tk_template_id: tkTemplate, title_template_id: template, keyword_set_id: keywords },
    });
    expect(res.body.code, res.text).toBe(1);
    await app.queue.drain();
    const rec = (await app.api(routes.publishList, { as: 'demo', query: { batch_id: res.data.batch_id } })).data.list[0]!;
    expect(rec, JSON.stringify(res.data)).toMatchObject({ status: 'published', title: `Neon Wave Tee ${two(p2.id)}` });
    const listed = ((await (await fetch(`${sandbox.url}/sandbox/products`)).json()) as { products: { title: string }[] }).products.map(
      (p) => p.title,
    );
    expect(listed).toContain(`Neon Wave Tee ${two(p2.id)}`);
  });

  it("answers another family's template and keyword set as not found", async () => {
    refused(
      await app.api(routes.tiktokPreflight, {
        as: 'demo',
        body: { design_product_ids: [p1.id], tk_template_id: tkTemplate, title_template_id: rivalTemplate },
      }),
      404,
      'titleTemplateNotFound',
    );
  });
});
