import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TAG_OPTIONS, productTagCodec } from '@app/contract';
import { routes, type QueryOf } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { CatalogueImportError, importCatalogue, type ImportSummary } from '../src/modules/catalogue/import.js';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { seedDemoCatalogue } from '../src/demo/catalogue/seed.js';
import { createCatalogueService } from '../src/modules/catalogue/service.js';
import { createCatalogueRepo } from '../src/modules/catalogue/repo.js';

// Small views keep the suite fast; the generator draws the same blanks at any size.
const SIZE = 240;
let t: TestApp;
let folder: string;
let first: ImportSummary;
const tmpDirs: string[] = [];

const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-test-'));
  tmpDirs.push(d);
  return d;
};
const copyFolder = () => {
  const d = tmp();
  fs.cpSync(folder, d, { recursive: true });
  return d;
};
const readManifest = (dir: string, code: string) => JSON.parse(fs.readFileSync(path.join(dir, 'products', code, 'product.json'), 'utf8'));
const writeManifest = (dir: string, code: string, m: unknown) =>
  fs.writeFileSync(path.join(dir, 'products', code, 'product.json'), JSON.stringify(m));
const deps = () => ({ db: t.db.db, storage: t.storage, now: () => t.clock.now });
type ProductListQuery = QueryOf<typeof routes.productList>;
const list = async (query: ProductListQuery = {}) => (await t.api(routes.productList, { as: 'demo', query })).data;
const idOf = (code: string) => first.products.find((p) => p.code === code)!.id;
const snapshot = async () => ({
  products: await t.db.db.selectFrom('product').selectAll().orderBy('id').execute(),
  skus: await t.db.db.selectFrom('product_sku').selectAll().orderBy('id').execute(),
  categories: await t.db.db.selectFrom('category').selectAll().orderBy('id').execute(),
});

beforeAll(async () => {
  folder = tmp();
  await generateDemoCatalogue(folder, { size: SIZE });
  t = await buildTestApp();
  first = await importCatalogue(folder, deps());
});
afterAll(async () => {
  await t.close();
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('catalogue import', () => {
  it('loads the demo folder: categories, products in catalogue order, a SKU per colour × size', async () => {
    expect(first.categories).toEqual({ created: 11, updated: 0 });
    expect(first.products.map((p) => p.code)).toEqual(['tshirt', 'hoodie', 'jersey', 'mug', 'pillow', 'poster', 'tote', 'phone-case']);
    expect(first.products.every((p) => p.created)).toBe(true);
    const tshirt = first.products.find((p) => p.code === 'tshirt')!;
    expect(tshirt.skus).toEqual({ kept: 0, added: 8 * 5, removed: 0 });
    // A product without sizes has the one size 均码.
    const tote = readManifest(folder, 'tote');
    expect(tote.sizes).toEqual([]);
    const skus = await t.db.db.selectFrom('product_sku').select('size').where('product_id', '=', idOf('tote')).execute();
    expect(new Set(skus.map((s) => s.size))).toEqual(new Set(['均码']));
    expect(skus).toHaveLength(tote.colors.length);
  });

  it('re-imports in place: product ids, and the ids of SKUs still offered, stay', async () => {
    const before = await t.db.db.selectFrom('product_sku').selectAll().where('product_id', '=', idOf('tshirt')).execute();
    const dir = copyFolder();
    const m = readManifest(dir, 'tshirt');
    const dropped = m.colors.pop().name as string;
    for (const v of m.views) delete v.bases[dropped];
    m.sizes.push('3XL');
    m.sizePrices['3XL'] = 49;
    m.price = 42;
    m.name = '经典纯棉圆领T恤（新版）';
    writeManifest(dir, 'tshirt', m);

    const again = await importCatalogue(dir, deps());
    expect(again.categories).toEqual({ created: 0, updated: 11 });
    expect(again.products.map((p) => [p.code, p.id, p.created])).toEqual(first.products.map((p) => [p.code, p.id, false]));
    expect(again.products.find((p) => p.code === 'tshirt')!.skus).toEqual({ kept: 7 * 5, added: 7, removed: 5 });
    const after = await t.db.db.selectFrom('product_sku').selectAll().where('product_id', '=', idOf('tshirt')).execute();
    for (const s of before.filter((b) => b.color !== dropped)) {
      expect(after.find((a) => a.id === s.id)).toMatchObject({ color: s.color, size: s.size, price: s.size === 'XXL' ? 45 : 42 });
    }
    expect(after.some((a) => a.color === dropped)).toBe(false);
    expect(after.filter((a) => a.size === '3XL').every((a) => a.price === 49)).toBe(true);
    const detail = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('tshirt') } })).data;
    expect(detail.name).toBe('经典纯棉圆领T恤（新版）');
    expect(detail.min_price).toBe(42);

    // Back to the original folder: the dropped colour returns with new SKUs, the others keep theirs.
    await importCatalogue(folder, deps());
    const restored = await t.db.db.selectFrom('product_sku').selectAll().where('product_id', '=', idOf('tshirt')).execute();
    expect(restored).toHaveLength(40);
    for (const s of before.filter((b) => b.color !== dropped)) expect(restored.some((r) => r.id === s.id)).toBe(true);
  });

  it('refuses a folder with mistakes, naming each file and field, and changes nothing', async () => {
    const before = await snapshot();
    const dir = copyFolder();
    const tee = readManifest(dir, 'tshirt');
    delete tee.views[0].bases['黑色'];
    tee.areas[0].print.width = 1000;
    tee.name = '改了也不该生效';
    writeManifest(dir, 'tshirt', tee);
    const mug = readManifest(dir, 'mug');
    mug.colors[0].code = 'white';
    writeManifest(dir, 'mug', mug);
    fs.rmSync(path.join(dir, 'products', 'hoodie', readManifest(dir, 'hoodie').views[1].shading));
    fs.writeFileSync(path.join(dir, 'products', 'pillow', readManifest(dir, 'pillow').views[0].mask), 'not a png');
    const poster = readManifest(dir, 'poster');
    poster.category = 'nowhere';
    poster.views[0].placements[0].area = 'side';
    writeManifest(dir, 'poster', poster);
    fs.writeFileSync(
      path.join(dir, 'products', 'tote', readManifest(dir, 'tote').areas[0].cutpiece),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );

    const err = await importCatalogue(dir, deps()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueImportError);
    const msg = (err as Error).message;
    expect(msg).toMatch(/nothing was changed/);
    expect(msg).toContain('products/tshirt/product.json: views[0].bases: no base image for the colour "黑色"');
    expect(msg).toMatch(/products\/tshirt\/product\.json: areas\[0\]\.print: 1000×3200 px does not have the outline's aspect ratio/);
    expect(msg).toContain('products/mug/product.json: colors[0].code: a colour code is #rrggbb');
    expect(msg).toMatch(/products\/hoodie\/product\.json: views\[1\]\.shading: file "back-shading\.png" not found/);
    expect(msg).toMatch(/products\/pillow\/product\.json: views\[0\]\.mask: "front-mask\.png" is not a readable image/);
    expect(msg).toContain('products/poster/product.json: category: "nowhere" is not a category code of catalogue.json');
    expect(msg).toContain('products/poster/product.json: views[0].placements[0].area: "side" is not an area id');
    expect(msg).toMatch(
      /products\/tote\/product\.json: areas\[0\]\.cutpiece: "cutpiece-front\.svg" needs exactly one <image href="\{\{design\}\}"> placeholder/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("stores each colour's English name and family, each size's English name and the blank's English name", async () => {
    const skus = await t.db.db
      .selectFrom('product_sku')
      .select(['color', 'color_en', 'color_family', 'size', 'size_en'])
      .where('product_id', '=', idOf('tote'))
      .orderBy('sort')
      .execute();
    expect(skus[0]).toEqual({ color: '米白', color_en: 'Natural', color_family: 'Beige', size: '均码', size_en: 'One Size' });
    const mug = await t.db.db.selectFrom('product').select('name_en').where('id', '=', idOf('mug')).executeTakeFirstOrThrow();
    expect(mug.name_en).toBe('Ceramic Coffee Mug');
  });

  it("stores each blank's packed weight; one without weighs 300 g; a weight not in whole grams is refused, naming it", async () => {
    const weight = async (code: string) =>
      (await t.db.db.selectFrom('product').select('weight_g').where('id', '=', idOf(code)).executeTakeFirstOrThrow()).weight_g;
    expect(await weight('hoodie')).toBe(650);
    expect(await weight('phone-case')).toBe(60);
    const dir = copyFolder();
    const tote = readManifest(dir, 'tote');
    delete tote.weight;
    writeManifest(dir, 'tote', tote);
    await importCatalogue(dir, deps());
    expect(await weight('tote')).toBe(300);
    tote.weight = 0.5;
    writeManifest(dir, 'tote', tote);
    expect(String(await importCatalogue(dir, deps()).catch((e: Error) => e.message))).toContain('products/tote/product.json: weight:');
    expect(await weight('tote')).toBe(300);
    tote.weight = 150;
    writeManifest(dir, 'tote', tote);
    await importCatalogue(dir, deps());
    expect(await weight('tote')).toBe(150);
  });

  it('an old catalogue without English names imports with derived ones; what it cannot name is refused, naming it', async () => {
    const dir = copyFolder();
    const mug = readManifest(dir, 'mug');
    for (const c of mug.colors) {
      delete c.en;
      delete c.family;
    }
    delete mug.nameEn;
    writeManifest(dir, 'mug', mug);
    await importCatalogue(dir, deps());
    const skus = await t.db.db
      .selectFrom('product_sku')
      .select(['color', 'color_en', 'color_family', 'size_en'])
      .where('product_id', '=', idOf('mug'))
      .orderBy('sort')
      .execute();
    expect(skus.map((s) => [s.color, s.color_en, s.color_family, s.size_en])).toEqual(
      mug.colors.flatMap((c: { name: string }) =>
        ['11oz', '15oz'].map((size) => [
          c.name,
          { 白色: 'White', 黑色: 'Black', 藏青: 'Navy', 红色: 'Red', 樱花粉: 'Sakura Pink' }[c.name],
          { 白色: 'White', 黑色: 'Black', 藏青: 'Blue', 红色: 'Red', 樱花粉: 'Pink' }[c.name],
          size,
        ]),
      ),
    );

    const before = await snapshot();
    mug.colors.push({ name: '雾霾蓝', code: '#8899aa' });
    mug.colors[0].family = 'Navy';
    mug.colors[1].en = '黑';
    mug.sizes.push('加长');
    mug.sizeNames = { '20oz': 'Twenty' };
    for (const v of mug.views) v.bases['雾霾蓝'] = v.bases['白色'];
    writeManifest(dir, 'mug', mug);
    const msg = String(await importCatalogue(dir, deps()).catch((e: Error) => e.message));
    expect(msg).toContain('products/mug/product.json: colors[0].family: a colour family is one of Black, White, Grey');
    expect(msg).toContain('products/mug/product.json: colors[1].en: an English name');
    delete mug.colors[0].family;
    delete mug.colors[1].en;
    writeManifest(dir, 'mug', mug);
    const named = String(await importCatalogue(dir, deps()).catch((e: Error) => e.message));
    expect(named).toContain('products/mug/product.json: colors[5].en: the colour "雾霾蓝" has no English name');
    expect(named).toContain('products/mug/product.json: sizes: the size "加长" has no English name');
    expect(named).toContain('products/mug/product.json: sizeNames.20oz: not one of sizes');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed JSON and a missing catalogue.json', async () => {
    const dir = copyFolder();
    fs.writeFileSync(path.join(dir, 'products', 'mug', 'product.json'), '{ "code": "mug", ');
    fs.rmSync(path.join(dir, 'catalogue.json'));
    const msg = String(await importCatalogue(dir, deps()).catch((e: Error) => e.message));
    expect(msg).toContain('catalogue.json: file not found');
    expect(msg).toMatch(/products\/mug\/product\.json: not valid JSON/);
  });

  it('refuses a category tree deeper than the contract describes', async () => {
    const dir = copyFolder();
    const deep = {
      code: 'l1',
      name: '一',
      children: [
        {
          code: 'l2',
          name: '二',
          children: [{ code: 'l3', name: '三', children: [{ code: 'l4', name: '四', children: [{ code: 'l5', name: '五' }] }] }],
        },
      ],
    };
    const cat = JSON.parse(fs.readFileSync(path.join(dir, 'catalogue.json'), 'utf8'));
    cat.categories.push(deep);
    fs.writeFileSync(path.join(dir, 'catalogue.json'), JSON.stringify(cat));
    const msg = String(await importCatalogue(dir, deps()).catch((e: Error) => e.message));
    expect(msg).toContain('catalogue.json: categories: "l5" is 5 levels deep, at most 4 are allowed');
  });

  it('stores files content-addressed and serves them at their URLs', async () => {
    const detail = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('mug') } })).data;
    const layer = detail.design_list[0]!.templatelayer[0]!;
    for (const [url, type] of [
      [detail.thumb, 'image/jpeg'],
      [layer.base, 'image/jpeg'],
      [layer.shading, 'image/png'],
      [layer.highlight, 'image/png'],
      [layer.mask, 'image/png'],
      [detail.psds[0]!.thumb, 'image/jpeg'],
      [detail.all_cutpiece_list[0]!.url, 'image/svg+xml'],
    ] as const) {
      expect(url).toMatch(/^\/files\/catalogue\/[0-9a-f]{64}\.(jpg|png|svg)$/);
      const res = await t.call({ method: 'GET', url: url! });
      expect(res.statusCode, url!).toBe(200);
      expect(res.headers['content-type'], url!).toContain(type);
      if (type === 'image/svg+xml') expect(res.body).toContain('href="{{design}}"');
      else expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(url!.split('/').pop()!.split('.')[0]);
    }
  });
});

describe('categories and product search', () => {
  it('answers the category tree (name, id, childlist)', async () => {
    const res = await t.api(routes.categoryList, { as: 'demo' });
    expect(res.status).toBe(200);
    const tree = res.data.list;
    expect(tree.map((c: any) => c.name)).toEqual(['服装', '家居', '配件']);
    expect(tree[0]!.childlist.map((c: any) => c.name)).toEqual(['T恤', '卫衣', '运动服']);
    expect(tree[0]!.childlist[0]).toEqual({ id: expect.any(Number), name: 'T恤', childlist: [] });
  });

  it('lists every product with its thumb, category, tag, level, price, colours and sizes', async () => {
    const { product_list, total } = await list();
    expect(total).toBe(8);
    expect(product_list).toHaveLength(8);
    const tee = product_list[0];
    expect(tee).toEqual({
      id: idOf('tshirt'),
      name: '经典纯棉圆领T恤',
      thumb: expect.stringMatching(/^\/files\/catalogue\/[0-9a-f]{64}\.jpg$/),
      cid: expect.any(Number),
      cate_name: 'T恤',
      tag: 2,
      level: 0,
      min_price: 39,
      colors: expect.arrayContaining([{ name: '白色', code: '#f6f6f3' }]),
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
      // Not in the demo account's library (docs/mobile.md#the-personal-product-library).
      favorite: 0,
    });
    expect(tee!.colors).toHaveLength(8);
  });

  it('searches by name (contains, case-insensitive, % and _ taken literally)', async () => {
    expect((await list({ name: 't恤' })).product_list.map((p) => p.name)).toEqual(['经典纯棉圆领T恤']);
    expect((await list({ name: '手机' })).product_list.map((p) => p.id)).toEqual([idOf('phone-case')]);
    expect((await list({ name: '%' })).total).toBe(0);
    expect((await list({ name: '_' })).total).toBe(0);
    expect((await list({ name: '' })).total).toBe(8);
  });

  it('filters by category including its subcategories', async () => {
    const tree = (await t.api(routes.categoryList, { as: 'demo' })).data.list;
    const apparel = tree[0]!;
    expect((await list({ cid: apparel.id })).product_list.map((p) => p.id)).toEqual([idOf('tshirt'), idOf('hoodie'), idOf('jersey')]);
    expect((await list({ cid: apparel.childlist[2]!.id })).product_list.map((p) => p.id)).toEqual([idOf('jersey')]);
    expect((await list({ cid: '' })).total).toBe(8);
    expect((await list({ cid: 0 })).total).toBe(8);
    expect((await list({ cid: 99999 })).total).toBe(0);
  });

  it('filters by tag with the search numbering (0 new, 1 promo, 2 hot, 3 premium; "" all)', async () => {
    const codes = async (query: ProductListQuery) =>
      (await list(query)).product_list.map((p) => first.products.find((x) => x.id === p.id)!.code);
    expect(await codes({ tag: 0 })).toEqual(['hoodie', 'jersey']);
    expect(await codes({ tag: 1 })).toEqual(['mug', 'pillow']);
    expect(await codes({ tag: 2 })).toEqual(['tshirt', 'phone-case']);
    expect(await codes({ tag: 3 })).toEqual(['poster']);
    expect(await codes({ tag: '' })).toHaveLength(8);
    expect((await t.api(routes.productList, { as: 'demo', query: { tag: 4 } })).status).toBe(400);
  });

  it('filters by level and combines filters', async () => {
    const codes = async (query: ProductListQuery) =>
      (await list(query)).product_list.map((p) => first.products.find((x) => x.id === p.id)!.code);
    expect(await codes({ level: 1 })).toEqual(['jersey', 'pillow']);
    expect(await codes({ level: 3 })).toEqual(['poster']);
    expect(await codes({ level: 0, tag: 2 })).toEqual(['tshirt', 'phone-case']);
    expect(await codes({ level: '' })).toHaveLength(8);
  });

  it('pages from 1 with a default size of 20 and at most 200', async () => {
    const page3 = await list({ pageSize: 3, pageNumber: 3 });
    expect(page3.total).toBe(8);
    expect(page3.product_list.map((p) => p.id)).toEqual([idOf('tote'), idOf('phone-case')]);
    expect((await list({ pageNumber: 2 })).product_list).toEqual([]);
    expect((await t.api(routes.productList, { as: 'demo', query: { pageSize: 201 } })).status).toBe(400);
    expect((await t.api(routes.productList, { as: 'demo', query: { pageNumber: 0 } })).status).toBe(400);
  });

  it('is readable logged out, and with a session that has ended (docs/mobile.md)', async () => {
    const res = await t.api(routes.productList);
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual(await list());
    const tree = await t.api(routes.categoryList);
    expect(tree.status).toBe(200);
    expect(tree.data.list.map((c) => c.name)).toEqual(['服装', '家居', '配件']);
    const ended = await t.api(routes.productList, { headers: { cookie: 'token=no-such-session' } });
    expect(ended.status).toBe(200);
    expect(ended.data.total).toBe(8);
  });
});

describe('the navigation lists', () => {
  const nav = (query: QueryOf<typeof routes.productNavList>, as?: string) => t.api(routes.productNavList, { query, ...(as ? { as } : {}) });
  const codesOf = (items: { id: number }[]) => items.map((p) => first.products.find((x) => x.id === p.id)!.code);

  it('lists tag 1 as the new products and tag 3 as the hot ones (the navigation numbering), newest first', async () => {
    const newOnes = await nav({ tag: 1 });
    expect(newOnes.status, newOnes.text).toBe(200);
    // Imported at the same moment: the later id is the newer.
    expect(codesOf(newOnes.data.list)).toEqual(['jersey', 'hoodie']);
    expect(newOnes.data.total).toBe(2);
    expect(newOnes.data.list.every((p) => p.tag === productTagCodec.toSearch('new'))).toBe(true);
    const hot = await nav({ tag: 3 }, 'demo');
    expect(codesOf(hot.data.list)).toEqual(['phone-case', 'tshirt']);
    expect(hot.data.list.every((p) => p.tag === productTagCodec.toSearch('hot'))).toBe(true);
    // Search's premium (3) is not the navigation's 3.
    expect(codesOf(hot.data.list)).not.toContain('poster');

    const hoodie = idOf('hoodie');
    const { created_at } = await t.db.db.selectFrom('product').select('created_at').where('id', '=', hoodie).executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('product')
      .set({ created_at: created_at + 1000 })
      .where('id', '=', hoodie)
      .execute();
    try {
      expect(codesOf((await nav({ tag: 1 })).data.list)).toEqual(['hoodie', 'jersey']);
    } finally {
      await t.db.db.updateTable('product').set({ created_at }).where('id', '=', hoodie).execute();
    }
  });

  it("answers product search's items, paged by limit (at most 10)", async () => {
    const { product_list } = await list();
    const hot = (await nav({ tag: 3 })).data.list;
    expect(hot.length).toBeGreaterThan(0);
    // The search's item but for its library flag (the navigation's list has no caller).
    for (const item of hot) expect({ ...item, favorite: 0 }).toEqual(product_list.find((p) => p.id === item.id));
    const page2 = await nav({ tag: 3, limit: 1, page: 2 });
    expect(page2.data).toEqual({ list: [hot[1]], total: 2 });
    expect((await nav({ tag: 3, page: 3, limit: 1 })).data.list).toEqual([]);
  });

  it('refuses another tag, a limit over 10 and no tag', async () => {
    expect((await nav({ tag: 2 as never })).status).toBe(400);
    expect((await nav({ tag: 0 as never })).status).toBe(400);
    expect((await nav({ tag: 1, limit: 11 })).status).toBe(400);
    expect((await nav({ tag: 1, limit: 0 })).status).toBe(400);
    expect((await t.api(routes.productNavList, { query: {} as never })).status).toBe(400);
  });
});

describe('product detail for the editor', () => {
  it('answers design areas with their mockup layers, SKUs with templates, views and cutpieces', async () => {
    const res = await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('tshirt') } });
    expect(res.status).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      id: idOf('tshirt'),
      code: 'tshirt',
      cate_name: 'T恤',
      authorization: 1,
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    });
    expect(d.design_list.map((a: any) => a.id)).toEqual(['front', 'back']);
    const front = d.design_list[0]!;
    expect(front).toMatchObject({ diy_layername: '正面', show_diy_layername: 1, print_width: 2400, print_height: 3200 });
    expect(front.area_path).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){3}Z$/);
    expect(front.bbox.width / front.bbox.height).toBeCloseTo(2400 / 3200, 2);
    expect(front.cutpiece).toMatch(/^\/files\/catalogue\/[0-9a-f]{64}\.svg$/);
    expect(front.templatelayer).toHaveLength(8);
    const layer = front.templatelayer.find((l: any) => l.color === '黑色')!;
    expect(layer).toMatchObject({ color_code: '#1d1d20', view: 'front', view_name: '正面', width: SIZE, height: SIZE });
    expect(layer.placement.width / layer.placement.height).toBeCloseTo(0.75, 2);
    expect(d.attr_list).toHaveLength(40);
    const attr = d.attr_list.find((a: any) => a.color === '黑色' && a.size === 'XXL')!;
    expect(attr).toMatchObject({ color_code: '#1d1d20', price: 45 });
    expect(attr.templates).toHaveLength(2);
    expect(attr.templates[0]).toBe(layer.base);
    expect(d.big_sku_list).toHaveLength(40);
    expect(d.big_sku_list[0]).toEqual({ id: expect.any(Number), color: '白色', color_code: '#f6f6f3', size: 'S', price: 39 });
    expect(d.psds.map((p: any) => [p.id, p.name])).toEqual([
      ['front', '正面'],
      ['back', '背面'],
    ]);
    expect(d.all_cutpiece_list).toEqual([
      { area_id: 'front', name: '正面', url: front.cutpiece },
      { area_id: 'back', name: '背面', url: d.design_list[1]!.cutpiece },
    ]);
  });

  it('shows a hidden area name as "Layer N" (show_diy_layername 0) and gives the mug its wrap', async () => {
    const pillow = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('pillow') } })).data;
    expect(pillow.design_list[0]!.show_diy_layername).toBe(0);
    const mug = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('mug') } })).data;
    expect(mug.design_list.map((a: any) => a.id)).toEqual(['wrap']);
    expect(mug.psds).toHaveLength(2);
    expect(mug.design_list[0]!.templatelayer).toHaveLength(5 * 2);
  });

  it('tells whether the caller’s level allows designing the product', async () => {
    const auth = async (code: string, as: string) =>
      (await t.api(routes.productDetail, { as: as, query: { product_id: idOf(code) } })).data.authorization;
    // demo is level 2.
    expect(await auth('jersey', 'demo')).toBe(1);
    expect(await auth('poster', 'demo')).toBe(0);
    const reg = await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'newbie', password: 'secret-pass-12' } });
    const token = reg.cookies.find((c) => c.name === 'token')!.value;
    const asNewbie = async (code: string) =>
      (
        await t.call({ method: 'GET', url: `/api/product/getDetail?product_id=${idOf(code)}`, headers: { cookie: `token=${token}` } })
      ).json().data.authorization;
    expect(await asNewbie('tshirt')).toBe(1);
    expect(await asNewbie('jersey')).toBe(0);
  });

  it('is readable logged out, as level 0 with nothing saved; designing one SKU still needs a login', async () => {
    const visitor = async (code: string) => {
      const res = await t.api(routes.productDetail, { query: { product_id: idOf(code) } });
      expect(res.status, res.text).toBe(200);
      return res.data;
    };
    expect(await visitor('tshirt')).toMatchObject({ authorization: 1, favorite: 0 });
    expect(await visitor('jersey')).toMatchObject({ level: 1, authorization: 0, favorite: 0 });
    expect(await visitor('poster')).toMatchObject({ level: 3, authorization: 0 });
    const ended = await t.api(routes.productDetail, { query: { product_id: idOf('jersey') }, headers: { cookie: 'token=ended' } });
    expect(ended.data.authorization).toBe(0);
    const sku = (await visitor('tshirt')).attr_list[0]!.id;
    expect((await t.api(routes.productDesignDetail, { query: { product_id: idOf('tshirt'), attr_id: sku } })).status).toBe(401);
  });

  it('answers the design detail of one SKU with the chosen attr', async () => {
    const detail = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('jersey') } })).data;
    const sku = detail.attr_list[7]!;
    const res = await t.api(routes.productDesignDetail, { as: 'demo', query: { product_id: idOf('jersey'), attr_id: sku.id } });
    expect(res.status).toBe(200);
    const d = res.data;
    expect(d.attr).toEqual(sku);
    expect(d.design_list).toEqual(detail.design_list);
    expect(d.all_cutpiece_list).toEqual(detail.all_cutpiece_list);
    expect(d.big_sku_list).toEqual(detail.big_sku_list);
    expect(d.psds).toEqual(detail.psds);
    expect(d.design_list.map((a: any) => a.diy_layername)).toEqual(['前片', '后片（号码+姓名）']);
  });

  it('answers 404 for an unknown product or an attr_id of another product', async () => {
    const missing = await t.api(routes.productDetail, { as: 'demo', query: { product_id: 99999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 0, msg: '找不到该产品', data: null });
    const mugSku = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('mug') } })).data.attr_list[0]!.id;
    const other = await t.api(routes.productDesignDetail, {
      as: 'demo',
      query: { product_id: idOf('tshirt'), attr_id: mugSku },
      headers: {
        'accept-language': 'en',
      },
    });
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('This product has no such SKU (attr_id)');
    expect((await t.api(routes.productDesignDetail, { as: 'demo', query: { product_id: 99999, attr_id: mugSku } })).body.msg).toBe(
      '找不到该产品',
    );
    expect((await t.api(routes.productDetail, { as: 'demo', query: { product_id: 'abc' } })).status).toBe(400);
  });

  it('gives composition the product with its spec and SKUs', async () => {
    const service = createCatalogueService({ repo: createCatalogueRepo(t.db.db), storage: t.storage, now: () => t.clock.now });
    const p = (await service.product(idOf('phone-case')))!;
    expect(p).toMatchObject({ code: 'phone-case', cate_name: '手机壳', level: 0 });
    expect(p.skus).toHaveLength(5 * 4);
    expect(p.spec.areas[0]!.bbox.width).toBeGreaterThan(100);
    for (const v of p.spec.views) {
      for (const key of [...Object.values(v.bases), v.shading, v.highlight!, v.mask!, v.thumb!])
        expect(await t.storage.exists(key)).toBe(true);
    }
    expect(await service.product(99999)).toBeUndefined();
  });
});

describe('the demo catalogue', () => {
  it('draws the same bytes every time', async () => {
    const a = tmp();
    const b = tmp();
    await generateDemoCatalogue(a, { only: ['tshirt'], size: 200 });
    await generateDemoCatalogue(b, { only: ['tshirt'], size: 200 });
    const files = fs.readdirSync(path.join(a, 'products', 'tshirt'));
    expect(fs.readdirSync(path.join(a, 'products'))).toEqual(['tshirt']);
    expect(files.length).toBeGreaterThan(20);
    for (const f of files)
      expect(fs.readFileSync(path.join(b, 'products', 'tshirt', f)).equals(fs.readFileSync(path.join(a, 'products', 'tshirt', f)))).toBe(
        true,
      );
  });

  it('is drawn and imported on an empty catalogue, reused when already drawn, skipped when products exist', async () => {
    const app = await buildTestApp();
    try {
      const logs: string[] = [];
      const seedDeps = {
        db: app.db.db,
        storage: app.storage,
        dataDir: app.config.dataDir,
        now: () => app.clock.now,
        log: (m: string) => logs.push(m),
      };
      await seedDemoCatalogue(seedDeps, { only: ['tshirt', 'mug'], size: 200 });
      expect(logs.join('\n')).toMatch(/drawn in/);
      expect(fs.existsSync(path.join(app.config.dataDir, 'demo-catalogue', 'products', 'mug', 'product.json'))).toBe(true);
      const products = await app.db.db.selectFrom('product').select('code').orderBy('id').execute();
      expect(products.map((p) => p.code)).toEqual(['tshirt', 'mug']);

      logs.length = 0;
      await seedDemoCatalogue(seedDeps, { only: ['tshirt', 'mug'], size: 200 });
      expect(logs).toEqual([]);

      await app.db.db.deleteFrom('product').execute();
      await seedDemoCatalogue(seedDeps, { only: ['tshirt', 'mug'], size: 200 });
      expect(logs.join('\n')).toMatch(/Reusing/);
      expect(await app.db.db.selectFrom('product').select('id').execute()).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('the contract', () => {
  it('documents the four calls in the OpenAPI document, with no reference left to resolve', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/product/getCategoryList', '/api/product/getlist', '/api/product/getDetail', '/api/product/getDesignDetail']) {
      expect(doc.paths[p]?.get, p).toBeTruthy();
      expect(JSON.stringify(doc.paths[p]), p).not.toContain('$ref');
    }
    const params = doc.paths['/api/product/getlist'].get.parameters.map((q: any) => q.name);
    expect(params).toEqual(['name', 'cid', 'pageNumber', 'pageSize', 'tag', 'level']);
  });

  it('documents the navigation lists and the personal product library', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [p, method] of [
      ['/api/product/getNavList', 'get'],
      ['/api/product/getFavoriteList', 'get'],
      ['/api/product/favorite', 'post'],
      ['/api/product/unfavorite', 'post'],
    ] as const) {
      expect(doc.paths[p]?.[method], p).toBeTruthy();
      expect(JSON.stringify(doc.paths[p]), p).not.toContain('$ref');
    }
  });
});

describe('tag codes', () => {
  it('keeps each call’s numbering and maps the navigation’s onto product search in one codec', () => {
    expect(PRODUCT_TAG_OPTIONS.map((o) => o.value)).toEqual(['', 0, 1, 2, 3]);
    expect(productTagCodec.navToSearch(1)).toBe(productTagCodec.toSearch('new'));
    expect(productTagCodec.navToSearch(3)).toBe(productTagCodec.toSearch('hot'));
    expect(productTagCodec.navToSearch(3)).toBe(2);
    expect(productTagCodec.navToSearch(2)).toBeUndefined();
    expect(productTagCodec.fromSearch(3)).toBe('premium');
    expect(productTagCodec.toNav('promo')).toBeUndefined();
  });
});
