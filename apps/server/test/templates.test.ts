import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type BodyOf, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { multipart } from './support/multipart.js';
import { zipBomb } from './support/craftedXlsx.js';

/** Product templates (/template/*; docs/templates.md). */
let app: TestApp;
/** Shops by owner and marketplace: demo-a's Amazon (1), Walmart (3) and AliExpress (2) shops, demo-b's Amazon, rival's Amazon. */
const shop = { aAmazon: 0, aWalmart: 0, aAli: 0, bAmazon: 0, parentAmazon: 0, rivalAmazon: 0 };

const addShop = async (as: string, pid: number, name: string) => {
  const res = await app.api(routes.storeAdd, { as, body: { pid, name } });
  expect(res.body.code, res.text).toBe(1);
  return res.data.id;
};

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  shop.aAmazon = await addShop('demo-a', 1, 'A Amazon US');
  shop.aWalmart = await addShop('demo-a', 3, 'A Walmart');
  shop.aAli = await addShop('demo-a', 2, 'A AliExpress');
  shop.bAmazon = await addShop('demo-b', 1, 'B Amazon');
  shop.parentAmazon = await addShop('demo', 1, 'Parent Amazon');
  shop.rivalAmazon = await addShop('rival', 1, 'Rival Amazon');
});
afterAll(async () => {
  await app.close();
});

/** A refusal: its status and the catalogue message in the caller's language. */
const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};
const count = async () =>
  Number(
    (
      await app.db.db
        .selectFrom('product_template')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type SimpleBody = BodyOf<typeof routes.templateAdd>;
type AmazonBody = BodyOf<typeof routes.templateAmazonAdd>;
type WalmartBody = BodyOf<typeof routes.walmartAdd>;
const simpleBody = (over: Partial<SimpleBody> = {}): SimpleBody => ({
  store_id: shop.aAmazon,
  name: '简易导出',
  format: 6,
  columns: ['finished_id', 'export_name', 'sku', 'price'],
  fixed_values: { export_name: 'Custom Tee' },
  ...over,
});
const amazonBody = (over: Partial<AmazonBody> = {}): AmazonBody => ({
  store_id: shop.aAmazon,
  name: 'US T恤',
  site: 'US',
  category: 'clothing',
  feed_product_type: 'shirt',
  item_type: 'fashion-t-shirts',
  brand_name: 'Sunny',
  manufacturer: 'Sunny Co',
  department_name: 'mens',
  bullet_point1: 'Soft cotton',
  bullet_point2: 'Printed to order',
  bullet_point3: '',
  bullet_point4: '',
  bullet_point5: '',
  generic_keywords: 'tee shirt gift',
  product_description: 'A soft tee.',
  quantity: 100,
  variation_theme: '',
  sku_prefix: 'SUN-',
  ...over,
});
const walmartBody = (over: Partial<WalmartBody> = {}): WalmartBody => ({
  store_id: shop.aWalmart,
  name: 'WM shirts',
  product_type: 'T-Shirts',
  brand_name: 'Sunny',
  manufacturer: 'Sunny Co',
  quantity: 20,
  sku_prefix: 'WM',
  product_description: 'Tee',
  ...over,
});

const ok = <T extends { body: { code: number }; text: string }>(res: T) => {
  expect(res.body.code, res.text).toBe(1);
  return res;
};

async function callerOf(username: string) {
  const id = (await app.call({ method: 'GET', url: '/api/user/info', as: username })).json().data.id;
  const caller = await app.accounts.resolver.resolveAccount(id);
  if (!caller || caller === 'disabled') throw new Error('no caller');
  return caller;
}

describe('simplified / Txt templates (/api/template/getlist | add | update | delete | detail)', () => {
  it('adds, reads back in column order, lists, updates and deletes', async () => {
    const t = ok(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: '  简易导出  ' }) })).data;
    expect(t).toMatchObject({
      name: '简易导出',
      store_id: shop.aAmazon,
      store_name: 'A Amazon US',
      format: 6,
      columns: ['finished_id', 'export_name', 'sku', 'price'],
      fixed_values: { export_name: 'Custom Tee' },
      username: 'demo-a',
      createtime: Math.floor(app.clock.now / 1000),
    });
    expect((await app.api(routes.templateDetail, { as: 'demo-a', query: { id: t.id } })).data).toEqual(t);
    const list = (await app.api(routes.templateList, { as: 'demo-a', query: {} })).data;
    expect(list.list.map((r) => r.id)).toContain(t.id);

    app.clock.advance(5000);
    const upd = ok(
      await app.api(routes.templateUpdate, {
        as: 'demo-a',
        body: { ...simpleBody({ name: 'Txt 导出', format: 9, columns: ['price', 'sku'], fixed_values: { sku: '' } }), id: t.id },
      }),
    ).data;
    expect(upd).toMatchObject({ id: t.id, name: 'Txt 导出', format: 9, columns: ['price', 'sku'], fixed_values: {} });
    expect(upd.updated_at).toBe(Math.floor(app.clock.now / 1000));

    expect(ok(await app.api(routes.templateDelete, { as: 'demo-a', body: { id: t.id } })).data).toEqual({ id: t.id });
    refused(await app.api(routes.templateDetail, { as: 'demo-a', query: { id: t.id } }), 404, 'templateNotFound');
  });

  it('refuses each invalid field with its own message, writing nothing', async () => {
    const before = await count();
    const cases: [Partial<SimpleBody>, number, MessageKey, Record<string, string | number>?][] = [
      [{ name: '  ' }, 400, 'templateNameEmpty'],
      [{ name: '名'.repeat(51) }, 400, 'templateNameTooLong', { max: 50 }],
      [{ store_id: shop.rivalAmazon }, 404, 'storeNotFound'],
      [{ store_id: shop.bAmazon }, 404, 'storeNotFound'],
      [{ format: 3 }, 400, 'templateFormat'],
      [{ columns: [] }, 400, 'templateColumnsEmpty'],
      [{ columns: ['sku', 'colour'] }, 400, 'templateColumnUnknown', { column: 'colour' }],
      [{ columns: ['sku', 'price', 'sku'] }, 400, 'templateColumnDuplicate', { column: 'sku' }],
      [{ columns: ['sku'], fixed_values: { price: '9.99' } }, 400, 'templateFixedValueColumn', { column: 'price' }],
      [{ columns: ['sku'], fixed_values: { sku: 'x'.repeat(501) } }, 400, 'templateFixedValueTooLong', { column: 'sku', max: 500 }],
    ];
    for (const [over, status, key, params] of cases) {
      refused(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'bad', ...over }) }), status, key, params);
    }
    const en = await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ columns: [] }), headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe('Choose at least one column');
    expect(await count()).toBe(before);
  });

  it('any marketplace shop takes a simple template; a name is unique per owner and kind', async () => {
    ok(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'Uniq', store_id: shop.aAli }) }));
    refused(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: ' Uniq ' }) }), 409, 'templateNameTaken', {
      name: 'Uniq',
    });
    // The same name as another kind, or another account's, is another template.
    ok(await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'Uniq' }) }));
    ok(await app.api(routes.templateAdd, { as: 'demo-b', body: simpleBody({ name: 'Uniq', store_id: shop.bAmazon }) }));
  });

  it("another family's id, a sibling's and a missing id answer 404 on every id-taking call", async () => {
    const mine = ok(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'private simple' }) })).data;
    for (const as of ['rival', 'demo-b']) {
      refused(await app.api(routes.templateDetail, { as, query: { id: mine.id } }), 404, 'templateNotFound');
      refused(
        await app.api(routes.templateUpdate, { as, body: { ...simpleBody({ name: 'stolen' }), id: mine.id } }),
        404,
        'templateNotFound',
      );
      refused(await app.api(routes.templateDelete, { as, body: { id: mine.id } }), 404, 'templateNotFound');
    }
    refused(await app.api(routes.templateDelete, { as: 'demo-a', body: { id: 999_999 } }), 404, 'templateNotFound');
    // An Amazon call does not reach a simple template.
    refused(await app.api(routes.templateAmazonDelete, { as: 'demo-a', body: { id: mine.id } }), 404, 'templateNotFound');
    expect((await app.api(routes.templateDetail, { as: 'demo-a', query: { id: mine.id } })).data.name).toBe('private simple');
  });

  it("a parent lists and edits a sub-account's template (it stays the sub-account's); pages cap at 100", async () => {
    const t = ok(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'for parent' }) })).data;
    const parent = (await app.api(routes.templateList, { as: 'demo', query: { name: 'FOR par' } })).data;
    expect(parent.list.map((r) => [r.name, r.username])).toEqual([['for parent', 'demo-a']]);
    const byParent = ok(
      await app.api(routes.templateUpdate, { as: 'demo', body: { ...simpleBody({ name: 'parent edit' }), id: t.id } }),
    ).data;
    expect(byParent).toMatchObject({ name: 'parent edit', username: 'demo-a' });
    expect((await app.api(routes.templateList, { as: 'demo-b', query: {} })).data.list.map((r) => r.username)).not.toContain('demo-a');
    expect((await app.api(routes.templateList, { as: 'demo', query: { store_id: shop.aAli } })).data.list.map((r) => r.name)).toEqual([
      'Uniq',
    ]);
    expect((await app.api(routes.templateList, { as: 'demo', query: { pageSize: 101 } })).status).toBe(400);
    const p = (await app.api(routes.templateList, { as: 'demo', query: { pageSize: 1, pageNumber: 2 } })).data;
    expect(p.list).toHaveLength(1);
    expect(p.count).toBeGreaterThan(1);
  });
});

describe('Amazon templates (/api/template/getAmazonlist | addAmazonTemplate | updateAmazon | deleteAmazon | amazonDetail)', () => {
  it('adds, reads back, updates and deletes', async () => {
    const t = ok(await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'Amazon full' }) })).data;
    expect(t).toMatchObject({
      ...amazonBody({ name: 'Amazon full' }),
      store_name: 'A Amazon US',
      custom: false,
      custom_columns: 0,
      header_rows: null,
    });
    const { header_rows: _rows, ...listed } = t;
    expect((await app.api(routes.templateAmazonList, { as: 'demo-a', query: { name: 'amazon full' } })).data).toEqual({
      count: 1,
      list: [listed],
    });
    expect((await app.api(routes.templateAmazonDetail, { as: 'demo-a', query: { id: t.id } })).data).toEqual(t);
    const upd = ok(
      await app.api(routes.templateAmazonUpdate, {
        as: 'demo-a',
        body: {
          ...amazonBody({
            name: 'Amazon mugs',
            category: 'home',
            feed_product_type: 'drinking_cup',
            item_type: 'coffee-mugs',
            variation_theme: 'Color',
          }),
          id: t.id,
        },
      }),
    ).data;
    expect(upd).toMatchObject({ id: t.id, name: 'Amazon mugs', feed_product_type: 'drinking_cup', variation_theme: 'Color' });
    ok(await app.api(routes.templateAmazonDelete, { as: 'demo-a', body: { id: t.id } }));
    refused(await app.api(routes.templateAmazonDetail, { as: 'demo-a', query: { id: t.id } }), 404, 'templateNotFound');
  });

  it('refuses each invalid field with its own message, writing nothing', async () => {
    const before = await count();
    const cases: [Partial<AmazonBody>, number, MessageKey, Record<string, string | number>?][] = [
      [{ name: '' }, 400, 'templateNameEmpty'],
      [{ name: 'x'.repeat(51) }, 400, 'templateNameTooLong', { max: 50 }],
      [{ store_id: shop.rivalAmazon }, 404, 'storeNotFound'],
      [{ store_id: shop.aWalmart }, 400, 'templateStoreNotAmazon'],
      [{ store_id: shop.aAli }, 400, 'templateStoreNotAmazon'],
      [{ site: 'XX' }, 400, 'templateSiteUnknown'],
      [{ category: 'toys' }, 400, 'templateCategoryUnknown'],
      [{ feed_product_type: 'pillow' }, 400, 'templateFeedTypeUnknown'],
      [{ item_type: 'coffee-mugs' }, 400, 'templateItemTypeUnknown'],
      [{ brand_name: 'b'.repeat(101) }, 400, 'templateTextTooLong', { field: 'brand_name', max: 100 }],
      [{ manufacturer: 'm'.repeat(101) }, 400, 'templateTextTooLong', { field: 'manufacturer', max: 100 }],
      [{ department_name: 'd'.repeat(101) }, 400, 'templateTextTooLong', { field: 'department_name', max: 100 }],
      [{ bullet_point3: '点'.repeat(501) }, 400, 'templateBulletTooLong', { n: 3, max: 500 }],
      // 84 CJK characters are 252 UTF-8 bytes: Amazon's limit is bytes.
      [{ generic_keywords: '词'.repeat(84) }, 400, 'templateKeywordsTooLong', { max: 250, bytes: 252 }],
      [{ product_description: 'd'.repeat(2001) }, 400, 'templateDescriptionTooLong', { max: 2000 }],
      [{ quantity: -1 }, 400, 'templateQuantity'],
      [{ quantity: 1_000_000 }, 400, 'templateQuantity'],
      [{ quantity: 1.5 }, 400, 'templateQuantity'],
      [{ variation_theme: 'ColorSize' }, 400, 'templateVariationTheme'],
      [{ sku_prefix: 'SUN_' }, 400, 'templateSkuPrefix', { max: 20 }],
      [{ sku_prefix: 'A'.repeat(21) }, 400, 'templateSkuPrefix', { max: 20 }],
    ];
    for (const [over, status, key, params] of cases) {
      refused(await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'bad', ...over }) }), status, key, params);
    }
    // At the limits: 250 bytes of keywords, 500-character bullets, 999999.
    ok(
      await app.api(routes.templateAmazonAdd, {
        as: 'demo-a',
        body: amazonBody({
          name: 'limits',
          generic_keywords: 'k'.repeat(250),
          bullet_point5: 'b'.repeat(500),
          quantity: 999_999,
          sku_prefix: 'A-'.repeat(10),
        }),
      }),
    );
    expect(await count()).toBe(before + 1);
  });

  it("another family's id, a sibling's and a missing id answer 404 on every id-taking call", async () => {
    const mine = ok(await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'private amazon' }) })).data;
    for (const as of ['rival', 'demo-b']) {
      refused(await app.api(routes.templateAmazonDetail, { as, query: { id: mine.id } }), 404, 'templateNotFound');
      refused(
        await app.api(routes.templateAmazonUpdate, {
          as,
          body: { ...amazonBody({ name: 'stolen', store_id: shop.bAmazon }), id: mine.id },
        }),
        404,
        'templateNotFound',
      );
      refused(await app.api(routes.templateAmazonDelete, { as, body: { id: mine.id } }), 404, 'templateNotFound');
    }
    refused(await app.api(routes.templateAmazonUpdate, { as: 'demo-a', body: { ...amazonBody(), id: 999_999 } }), 404, 'templateNotFound');
    // A parent edits its sub-account's template, onto its own Amazon shop.
    const byParent = ok(
      await app.api(routes.templateAmazonUpdate, {
        as: 'demo',
        body: { ...amazonBody({ name: 'private amazon', store_id: shop.parentAmazon }), id: mine.id },
      }),
    ).data;
    expect(byParent).toMatchObject({ username: 'demo-a', store_name: 'Parent Amazon' });
  });
});

describe('option lists (getSiteList, getCategoryList, getFeedProductTypeList, getItemTypeList)', () => {
  it('cascade site → category → feed product type → item type, labels in the caller language', async () => {
    const sites = (await app.api(routes.templateSiteList, { as: 'demo-a' })).data.list;
    expect(sites.map((s) => s.value)).toEqual(['US', 'CA', 'MX', 'UK', 'DE', 'FR', 'IT', 'ES', 'JP', 'AU']);
    expect(sites[0]).toEqual({ value: 'US', label: '美国' });
    const cats = (await app.api(routes.templateCategoryList, { as: 'demo-a', query: { site: 'DE' }, headers: { 'accept-language': 'en' } }))
      .data.list;
    expect(cats).toEqual([
      { value: 'clothing', label: 'Clothing' },
      { value: 'home', label: 'Home' },
      { value: 'accessories', label: 'Accessories' },
    ]);
    expect(
      (await app.api(routes.templateFeedTypeList, { as: 'demo-a', query: { category: 'accessories' } })).data.list.map((f) => f.value),
    ).toEqual(['handbag', 'cellularphonecase']);
    expect((await app.api(routes.templateItemTypeList, { as: 'demo-a', query: { feed_product_type: 'sweatshirt' } })).data.list).toEqual([
      { value: 'fashion-hoodies', label: '连帽卫衣' },
      { value: 'fashion-sweatshirts', label: '圆领卫衣' },
    ]);
    refused(await app.api(routes.templateCategoryList, { as: 'demo-a', query: { site: 'XX' } }), 400, 'templateSiteUnknown');
    refused(await app.api(routes.templateFeedTypeList, { as: 'demo-a', query: { category: 'toys' } }), 400, 'templateCategoryUnknown');
    refused(
      await app.api(routes.templateItemTypeList, { as: 'demo-a', query: { feed_product_type: 'toy' } }),
      400,
      'templateFeedTypeUnknown',
    );
    expect((await app.api(routes.templateSiteList, {})).status).toBe(401);
  });
});

describe('Walmart-style templates (/api/walmart/getlist | add | update | del | detail)', () => {
  it('adds, lists by shop, updates and deletes', async () => {
    const t = ok(await app.api(routes.walmartAdd, { as: 'demo-a', body: walmartBody() })).data;
    expect(t).toMatchObject({ ...walmartBody(), store_name: 'A Walmart', username: 'demo-a' });
    expect((await app.api(routes.walmartList, { as: 'demo-a', query: { store_id: shop.aWalmart } })).data).toEqual({ count: 1, list: [t] });
    expect((await app.api(routes.walmartDetail, { as: 'demo-a', query: { id: t.id } })).data).toEqual(t);
    const upd = ok(
      await app.api(routes.walmartUpdate, { as: 'demo-a', body: { ...walmartBody({ product_type: 'Hoodies', quantity: 0 }), id: t.id } }),
    ).data;
    expect(upd).toMatchObject({ product_type: 'Hoodies', quantity: 0 });
    ok(await app.api(routes.walmartDel, { as: 'demo-a', body: { id: t.id } }));
    expect((await app.api(routes.walmartList, { as: 'demo-a', query: { store_id: shop.aWalmart } })).data.count).toBe(0);
  });

  it('refuses each invalid field, a shop not on Walmart, and other accounts’ ids', async () => {
    const cases: [Partial<WalmartBody>, number, MessageKey, Record<string, string | number>?][] = [
      [{ name: '' }, 400, 'templateNameEmpty'],
      [{ name: 'n'.repeat(51) }, 400, 'templateNameTooLong', { max: 50 }],
      [{ store_id: shop.aAmazon }, 400, 'templateStoreNotWalmart'],
      [{ store_id: shop.rivalAmazon }, 404, 'storeNotFound'],
      [{ product_type: '  ' }, 400, 'templateProductTypeEmpty'],
      [{ product_type: 'p'.repeat(101) }, 400, 'templateTextTooLong', { field: 'product_type', max: 100 }],
      [{ brand_name: 'b'.repeat(101) }, 400, 'templateTextTooLong', { field: 'brand_name', max: 100 }],
      [{ manufacturer: 'm'.repeat(101) }, 400, 'templateTextTooLong', { field: 'manufacturer', max: 100 }],
      [{ quantity: 1_000_000 }, 400, 'templateQuantity'],
      [{ sku_prefix: 'a b' }, 400, 'templateSkuPrefix', { max: 20 }],
      [{ product_description: 'd'.repeat(2001) }, 400, 'templateDescriptionTooLong', { max: 2000 }],
    ];
    for (const [over, status, key, params] of cases) {
      refused(await app.api(routes.walmartAdd, { as: 'demo-a', body: walmartBody({ name: 'bad', ...over }) }), status, key, params);
    }
    const mine = ok(await app.api(routes.walmartAdd, { as: 'demo-a', body: walmartBody({ name: 'wm private' }) })).data;
    refused(await app.api(routes.walmartAdd, { as: 'demo-a', body: walmartBody({ name: 'wm private' }) }), 409, 'templateNameTaken', {
      name: 'wm private',
    });
    for (const as of ['rival', 'demo-b']) {
      refused(await app.api(routes.walmartDetail, { as, query: { id: mine.id } }), 404, 'templateNotFound');
      refused(await app.api(routes.walmartUpdate, { as, body: { ...walmartBody(), id: mine.id } }), 404, 'templateNotFound');
      refused(await app.api(routes.walmartDel, { as, body: { id: mine.id } }), 404, 'templateNotFound');
    }
    expect((await app.api(routes.walmartList, { as: 'demo', query: {} })).data.list.map((r) => r.name)).toContain('wm private');
    expect((await app.api(routes.walmartList, { as: 'rival', query: {} })).data.count).toBe(0);
  });
});

// ---- diyImport

/** A workbook that looks like a marketplace's category template: instructions and definitions sheets, then "Template". */
const SIGNATURE_ROW = ['TemplateType=fptcustom', 'Version=2023.1209', 'TemplateSignature=U0hJUlQ=', '', 'Images', '', 'Variation'];
const LABEL_ROW = [
  'Product Type',
  'Seller SKU',
  'Brand Name',
  '商品名称',
  'Standard Price',
  'Quantity',
  // A label as a marketplace writes it, with its spaces: it comes back exactly.
  ' Main Image URL  ',
  'Parentage',
  'Parent SKU',
  'Variation Theme',
];
const FIELD_ROW = [
  'feed_product_type',
  'item_sku',
  'brand_name',
  'item_name',
  'standard_price',
  'quantity',
  'main_image_url',
  'parent_child',
  'parent_sku',
  'variation_theme',
];
function marketplaceTemplate(
  bookType: 'xlsx' | 'xlsm',
  templateRows: unknown[][] = [SIGNATURE_ROW, LABEL_ROW, FIELD_ROW, ['shirt', 'EXAMPLE-1']],
) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Instructions'], ['Fill in the Template tab']]), 'Instructions');
  // A definitions sheet mentions item_sku too, earlier in the book: the "Template" sheet is preferred.
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([['Group'], [], ['Field Name', 'Local Label'], ['x'], ['Offer', 'item_sku', 'Seller SKU']]),
    'Data Definitions',
  );
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(templateRows), 'Template');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}
function plainBook(rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function diy(as: string, data: Buffer, filename: string, fields: Record<string, string | number>) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'file', filename, data },
  ]);
  const res = await app.call({ method: 'POST', url: routes.templateDiyImport.path, payload: form.payload, headers: form.headers, as });
  const body = res.json();
  return { status: res.statusCode, body, data: body.data, text: res.body };
}

describe('diyImport (POST /api/template/diyImport)', () => {
  it('creates a template from an .xlsx: its three header rows come back exactly', async () => {
    const res = await diy('demo-a', marketplaceTemplate('xlsx'), 'Clothing.xlsx', { store_id: shop.aAmazon, name: '自定义 服装' });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data).toMatchObject({ name: '自定义 服装', custom: true, custom_columns: FIELD_ROW.length, site: '', quantity: 0 });
    // Trailing empty cells are dropped; inner ones kept as ''.
    expect(res.data.header_rows).toEqual([SIGNATURE_ROW, LABEL_ROW, FIELD_ROW]);
    expect((await app.api(routes.templateAmazonDetail, { as: 'demo-a', query: { id: res.data.id } })).data.header_rows).toEqual([
      SIGNATURE_ROW,
      LABEL_ROW,
      FIELD_ROW,
    ]);
    // The export's read, and the cascader's custom flag.
    const exp = await app.templates.forExport(await callerOf('demo-a'), 'amazon', res.data.id, shop.aAmazon);
    expect(exp.header_rows).toEqual([SIGNATURE_ROW, LABEL_ROW, FIELD_ROW]);
    const casc = (await app.api(routes.amazonTemplatesByStore, { as: 'demo-a', query: { store_id: shop.aAmazon } })).data.list;
    expect(casc.find((c) => c.id === res.data.id)).toEqual({ id: res.data.id, name: '自定义 服装', custom: true });
  });

  it('reads an .xlsm (macro-enabled content type) and replaces an existing template’s header rows by id', async () => {
    const t = ok(await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'to customise' }) })).data;
    const rows = [
      ['TemplateType=fptcustom', 'Version=1'],
      ['', 'SKU'],
      ['', 'item_sku', 'item_name'],
    ];
    const res = await diy('demo-a', marketplaceTemplate('xlsm', [['top note'], ...rows]), 'Home.XLSM', { id: t.id });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data).toMatchObject({ id: t.id, name: 'to customise', site: 'US', custom: true, custom_columns: 3 });
    expect(res.data.header_rows).toEqual(rows);
  });

  it('refuses what is not a marketplace template, each with its message', async () => {
    const before = await count();
    const fields = { store_id: shop.aAmazon, name: 'diy bad' };
    const refusedDiy = (res: Awaited<ReturnType<typeof diy>>, status: number, key: MessageKey, params = {}) =>
      refused(res, status, key, params);
    refusedDiy(await diy('demo-a', Buffer.from('a,b,c\n'), 'template.csv', fields), 400, 'templateDiyFormat');
    refusedDiy(await diy('demo-a', Buffer.from('not a zip at all'), 'template.xlsx', fields), 400, 'templateDiyFormat');
    refusedDiy(
      await diy(
        'demo-a',
        plainBook([
          ['a', 'b'],
          ['sku', 'name'],
        ]),
        'plain.xlsx',
        fields,
      ),
      400,
      'templateDiyNoItemSku',
    );
    // item_sku below row 10 is not searched.
    const deep = plainBook([...Array.from({ length: 10 }, (_, i) => [`r${i}`]), ['item_sku']]);
    refusedDiy(await diy('demo-a', deep, 'deep.xlsx', fields), 400, 'templateDiyNoItemSku');
    refusedDiy(await diy('demo-a', plainBook([['Labels'], ['item_sku']]), 'short.xlsx', fields), 400, 'templateDiyNoHeader');
    const wide = plainBook([['sig'], ['labels'], ['item_sku', ...Array.from({ length: 400 }, (_, i) => `f${i}`)]]);
    refusedDiy(await diy('demo-a', wide, 'wide.xlsx', fields), 400, 'templateDiyTooManyColumns', { max: 400 });
    const long = plainBook([['sig', 'x'.repeat(501)], ['labels'], ['item_sku']]);
    refusedDiy(await diy('demo-a', long, 'long.xlsx', fields), 400, 'templateDiyCellTooLong', { row: 1, col: 2, max: 500 });
    refusedDiy(await diy('demo-a', Buffer.alloc(10 * 1024 * 1024 + 1, 0x50), 'big.xlsx', fields), 413, 'templateDiyTooLarge');
    // A zip bomb is stopped while inflating by the shared guard, whatever sizes it declares.
    for (const declared of ['lie', 'truth'] as const) {
      const bomb = zipBomb(marketplaceTemplate('xlsx'), { mib: 64, declared });
      refusedDiy(await diy('demo-a', bomb, 'bomb.xlsm', fields), 413, 'templateDiyTooBig');
    }
    // The fields are checked before the file is read.
    const good = marketplaceTemplate('xlsx');
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { store_id: shop.aAmazon }), 400, 'templateDiyNameOrId');
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { store_id: shop.aWalmart, name: 'x' }), 400, 'templateStoreNotAmazon');
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { store_id: shop.rivalAmazon, name: 'x' }), 404, 'storeNotFound');
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { store_id: shop.aAmazon, name: '' }), 400, 'templateDiyNameOrId');
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { store_id: shop.aAmazon, name: '自定义 服装' }), 409, 'templateNameTaken', {
      name: '自定义 服装',
    });
    const rivals = ok(await app.api(routes.templateAmazonAdd, { as: 'rival', body: amazonBody({ store_id: shop.rivalAmazon }) })).data;
    refusedDiy(await diy('demo-a', good, 'ok.xlsx', { id: rivals.id }), 404, 'templateNotFound');
    expect(await count()).toBe(before + 1); // rival's own template only
  });
});

describe('the export dialog’s cascaders and the export’s read', () => {
  it('getTemplatesByStoreid / getAmazonTemplatesByStoreid list one shop’s templates; another family’s shop is not found', async () => {
    const s = ok(
      await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'casc simple', store_id: shop.aWalmart, format: 9 }) }),
    ).data;
    expect((await app.api(routes.templatesByStore, { as: 'demo-a', query: { store_id: shop.aWalmart } })).data.list).toEqual([
      { id: s.id, name: 'casc simple', format: 9 },
    ]);
    const a = ok(
      await app.api(routes.templateAmazonAdd, { as: 'demo-b', body: amazonBody({ name: 'casc amazon', store_id: shop.bAmazon }) }),
    ).data;
    // The parent sees its sub-account's shop's templates.
    expect((await app.api(routes.amazonTemplatesByStore, { as: 'demo', query: { store_id: shop.bAmazon } })).data.list).toEqual([
      { id: a.id, name: 'casc amazon', custom: false },
    ]);
    refused(await app.api(routes.amazonTemplatesByStore, { as: 'rival', query: { store_id: shop.bAmazon } }), 404, 'storeNotFound');
    refused(await app.api(routes.templatesByStore, { as: 'demo-a', query: { store_id: shop.bAmazon } }), 404, 'storeNotFound');
    refused(await app.api(routes.templatesByStore, { as: 'demo-a', query: { store_id: 999_999 } }), 404, 'storeNotFound');
  });

  it('forExport answers the parsed row of that kind and shop, else 404', async () => {
    const t = ok(await app.api(routes.templateAdd, { as: 'demo-a', body: simpleBody({ name: 'for export' }) })).data;
    const caller = await callerOf('demo-a');
    expect(await app.templates.forExport(caller, 'simple', t.id, shop.aAmazon)).toMatchObject({
      kind: 'simple',
      format: 6,
      columns: ['finished_id', 'export_name', 'sku', 'price'],
      fixed_values: { export_name: 'Custom Tee' },
      header_rows: null,
    });
    await expect(app.templates.forExport(caller, 'simple', t.id, shop.aWalmart)).rejects.toMatchObject({
      status: 404,
      key: 'templateNotFound',
    });
    await expect(app.templates.forExport(caller, 'amazon', t.id, shop.aAmazon)).rejects.toMatchObject({ status: 404 });
    await expect(app.templates.forExport(await callerOf('rival'), 'simple', t.id, shop.aAmazon)).rejects.toMatchObject({ status: 404 });
  });

  it('deleting a shop deletes its templates', async () => {
    const shopId = await addShop('demo-a', 1, 'Short-lived');
    const a = ok(
      await app.api(routes.templateAmazonAdd, { as: 'demo-a', body: amazonBody({ name: 'gone with shop', store_id: shopId }) }),
    ).data;
    const s = ok(
      await app.api(routes.templateAdd, { as: 'demo', body: simpleBody({ name: 'parent on sub shop', store_id: shopId }) }),
    ).data;
    ok(await app.api(routes.storeDel, { as: 'demo-a', body: { id: shopId } }));
    refused(await app.api(routes.templateAmazonDetail, { as: 'demo-a', query: { id: a.id } }), 404, 'templateNotFound');
    refused(await app.api(routes.templateDetail, { as: 'demo', query: { id: s.id } }), 404, 'templateNotFound');
    const left = await app.db.db.selectFrom('product_template').select('id').where('store_id', '=', shopId).execute();
    expect(left).toEqual([]);
  });
});
