import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { serializeDesign } from '@app/design';
import { oneAreaDesign } from '@app/design/fixtures';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct, storeMockup } from './support/exportFixtures.js';
import { importTestTshirt } from './support/rows.js';

/** Variant info of online publishing (docs/variants.md#variant-info). */
let app: TestApp;
let pricing: number;
let rivalPricing: number;
let p1: { id: number; keyId: string }; // Red, Blue × S, M, L; Red-S the parent
let p2: { id: number; keyId: string }; // Red × S, M
let gap: { id: number; keyId: string }; // Red, Blue × S, L, less Blue-L
let sub: { id: number; keyId: string }; // demo-a's
let rival: { id: number; keyId: string };
let images: string[];

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  const worked = {
    platform_type: 2,
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
  // docs/pricing-templates.md's worked example: a ¥35 blank gives 15.43; L costs ¥45 here.
  const skus = await insertBlank(app, ['S', 'M', 'L'], 35);
  await app.db.db.updateTable('product_sku').set({ price: 45 }).where('id', '=', skus.get('L')!).execute();
  images = [
    await storeMockup(app, 'v-red', '#cc0000'),
    await storeMockup(app, 'v-blue', '#0000cc'),
    await storeMockup(app, 'v-red-s', '#ee0000'),
  ];
  const colours = [
    { color: 'Red', code: '#CC0000', images: [images[0]!] },
    { color: 'Blue', code: '#0000CC', images: [images[1]!] },
  ];
  p1 = await insertExportProduct(app, 'demo', { keySuffix: '2001', exportName: 'Tee one', colours, sizes: ['S', 'M', 'L'], skus });
  p2 = await insertExportProduct(app, 'demo', {
    keySuffix: '2002',
    exportName: 'Tee two',
    colours: colours.slice(0, 1),
    sizes: ['S', 'M'],
    skus,
    price: 20,
  });
  gap = await insertExportProduct(app, 'demo', { keySuffix: '2003', exportName: 'Gappy', colours, sizes: ['S', 'L'], skus });
  await app.db.db.deleteFrom('finished_attr').where('key_id', '=', `${gap.keyId}-1-1`).execute();
  sub = await insertExportProduct(app, 'demo-a', { keySuffix: '2004', exportName: 'Sub tee', colours, sizes: ['M'], skus });
  rival = await insertExportProduct(app, 'rival', { keySuffix: '2009', exportName: 'Rival', colours, sizes: ['M'], skus });
  // Own prices differ per variant: Red-S 12.345 (two decimals: 12.35), Blue-L 30, the rest 99; Red-S has its own image.
  await app.db.db
    .updateTable('finished_attr')
    .set({ price: 12.345, img_urls: JSON.stringify([images[2]]) })
    .where('key_id', '=', `${p1.keyId}-0-0`)
    .execute();
  await app.db.db.updateTable('finished_attr').set({ price: 30 }).where('key_id', '=', `${p1.keyId}-1-2`).execute();
});
afterAll(async () => {
  await app.close();
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

describe('getColorSizePreview', () => {
  it('answers each product its name, blank image, colours with their codes, sizes, variant count and thumbnail, in the order asked', async () => {
    const res = await app.api(routes.aliexpressColorSizePreview, { as: 'demo', query: { ids: `${gap.id},${p1.id}` } });
    expect(res.body.code, res.text).toBe(1);
    const same = { thumb: '', colors: ['Red', 'Blue'], colorCodes: ['#CC0000', '#0000CC'], colors_en: ['Red', 'Blue'] };
    expect(res.data.list).toEqual([
      {
        id: gap.id,
        key_id: gap.keyId,
        name: 'Gappy',
        title: 'Gappy',
        blank_design_url: '',
        ...same,
        sizes: ['S', 'L'],
        sku_count: 3,
        members: [{ id: gap.id, key_id: gap.keyId, colors: ['Red', 'Blue'] }],
      },
      {
        id: p1.id,
        key_id: p1.keyId,
        name: 'Tee one',
        title: 'Tee one',
        blank_design_url: '',
        ...same,
        sizes: ['S', 'M', 'L'],
        sku_count: 6,
        members: [{ id: p1.id, key_id: p1.keyId, colors: ['Red', 'Blue'] }],
      },
    ]);
  });

  it("answers the blank's catalogue image, the colours' English names, and the blank's English name for a Chinese title", async () => {
    const { productId, attrId } = await importTestTshirt(app);
    const made = await app.api(routes.synthesisCreate, {
      as: 'demo',
      body: { product_id: productId, attr_id: attrId, extends: serializeDesign(oneAreaDesign([])) },
    });
    expect(made.body.code, made.text).toBe(1);
    const res = await app.api(routes.aliexpressColorSizePreview, { as: 'demo', query: { ids: `${made.data.id}` } });
    const blank = await app.db.db.selectFrom('product').select('thumb').where('id', '=', productId).executeTakeFirstOrThrow();
    const item = res.data.list[0]!;
    expect(item.blank_design_url).toBe(app.storage.url(blank.thumb));
    expect((await app.call({ method: 'GET', url: item.blank_design_url, as: 'demo' })).statusCode).toBe(200);
    // The export name is the blank's Chinese name: the listing title is its English name.
    expect(item.name).toBe('Classic Cotton Crew Neck T-Shirt');
    expect(item.colors.slice(0, 3)).toEqual(['白色', '黑色', '麻灰']);
    expect(item.colorCodes.slice(0, 3)).toEqual(['#f6f6f3', '#1d1d20', '#b8b8b5']);
    expect(item.colors_en.slice(0, 3)).toEqual(['White', 'Black', 'Heather Grey']);
  });

  it("answers another account's product as not found, naming it", async () => {
    refused(
      await app.api(routes.aliexpressColorSizePreview, { as: 'demo', query: { ids: `${p1.id},${rival.id}` } }),
      404,
      'variantProductNotFound',
      {
        id: rival.id,
      },
    );
    refused(await app.api(routes.aliexpressColorSizePreview, { as: 'demo-a', query: { ids: `${p1.id}` } }), 404, 'variantProductNotFound', {
      id: p1.id,
    });
  });

  it('refuses ids that are not numbers, and more products than one publish takes', async () => {
    const bad = await app.call({ method: 'GET', url: '/api/aliexpress/getColorSizePreview?ids=1,x', as: 'demo' });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    refused(await app.api(routes.aliexpressColorSizePreview, { as: 'demo', query: { ids: many } }), 400, 'variantTooManyProducts', {
      max: 500,
      count: 501,
    });
  });
});

describe('getVariantInfo', () => {
  it('answers the parent and every colour × size with its own price (two decimals), images and the price range', async () => {
    const res = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { template_id: 0, exportProducts: [p1.id], type: 2 } });
    expect(res.body.code, res.text).toBe(1);
    const [info] = res.data.list;
    expect(info!.parentInfo).toEqual({ id: p1.id, key_id: p1.keyId, title: 'Tee one', img_urls: [images[2]] });
    expect(info!.colorSizes.map((c) => [c.key_id, c.color, c.size, c.price, c.as_parent])).toEqual([
      [`${p1.keyId}-0-0`, 'Red', 'S', 12.35, 1],
      [`${p1.keyId}-0-1`, 'Red', 'M', 99, 0],
      [`${p1.keyId}-0-2`, 'Red', 'L', 99, 0],
      [`${p1.keyId}-1-0`, 'Blue', 'S', 99, 0],
      [`${p1.keyId}-1-1`, 'Blue', 'M', 99, 0],
      [`${p1.keyId}-1-2`, 'Blue', 'L', 30, 0],
    ]);
    // A size's own images, else its colour's.
    expect(info!.colorSizes[0]!.img_urls).toEqual([images[2]]);
    expect(info!.colorSizes[3]!.img_urls).toEqual([images[1]]);
    const ids = (await app.db.db.selectFrom('finished_attr').select(['id', 'key_id']).where('finished_id', '=', p1.id).execute()).map(
      (a) => [Number(a.id), a.key_id],
    );
    expect(info!.colorSizes.map((c) => [c.id, c.key_id]).sort()).toEqual(ids.sort());
    expect([info!.minPrice, info!.maxPrice]).toEqual([12.35, 99]);
  });

  it('takes comma-joined ids as well, one answer per product in the order asked', async () => {
    const res = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: `${p2.id},${p1.id}`, type: 15 } });
    expect(res.data.list.map((i) => i.parentInfo.id)).toEqual([p2.id, p1.id]);
    expect(res.data.list[0]).toMatchObject({ minPrice: 20, maxPrice: 20 });
  });

  it("reads a sub-account's product for its parent, never the other way, nor another family's", async () => {
    const res = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [sub.id] } });
    expect(res.data.list[0]!.parentInfo.key_id).toBe(sub.keyId);
    refused(
      await app.api(routes.aliexpressVariantInfo, { as: 'demo-a', body: { exportProducts: [sub.id, p1.id] } }),
      404,
      'variantProductNotFound',
      {
        id: p1.id,
      },
    );
    refused(
      await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [rival.id] } }),
      404,
      'variantProductNotFound',
      {
        id: rival.id,
      },
    );
  });

  it('refuses a platform other than marketplace A or B', async () => {
    const res = await app.call({
      method: 'POST',
      url: '/api/aliexpress/getVariantInfo',
      as: 'demo',
      payload: { exportProducts: [p1.id], type: 1 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('getVariantInfoByProducts (choices)', () => {
  it('keeps only the colours and sizes chosen per product; empty lists keep all', async () => {
    const res = await app.api(routes.aliexpressVariantInfoByProducts, {
      as: 'demo',
      body: {
        products: [
          { id: p1.id, colors: ['Red'], sizes: ['S', 'L'] },
          { id: p2.id, colors: [], sizes: [] },
        ],
      },
    });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.list[0]!.colorSizes.map((c) => `${c.color}-${c.size}:${c.price}`)).toEqual(['Red-S:12.35', 'Red-L:99']);
    expect(res.data.list[0]).toMatchObject({ minPrice: 12.35, maxPrice: 99 });
    expect(res.data.list[1]!.colorSizes).toHaveLength(2);
  });

  it('takes the choices as JSON text (JSON of id, sizes, colors per product)', async () => {
    const res = await app.api(routes.aliexpressVariantInfoByProducts, {
      as: 'demo',
      body: { products: JSON.stringify([{ id: p1.id, colors: ['Blue'] }]) },
    });
    const sizes = res.data.list[0]!.colorSizes;
    expect(sizes.map((c) => c.size)).toEqual(['S', 'M', 'L']);
    // The parent (Red-S) was not chosen: the first kept variant stands as the parent, exactly one.
    expect(sizes.map((c) => c.as_parent)).toEqual([1, 0, 0]);
    // The parent's images stay the product's.
    expect(res.data.list[0]!.parentInfo.img_urls).toEqual([images[2]]);
  });

  it('refuses a colour or size the product does not have, naming it, and a choice no variant has', async () => {
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, {
        as: 'demo',
        body: { products: [{ id: p1.id, colors: ['Red', 'Green', 'Pink'] }] },
      }),
      400,
      'variantUnknownColors',
      { key_id: p1.keyId, names: 'Green, Pink' },
    );
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, { as: 'demo', body: { products: [{ id: p2.id, sizes: ['XXL'] }] } }),
      400,
      'variantUnknownSizes',
      { key_id: p2.keyId, names: 'XXL' },
    );
    // Blue and L exist, Blue-L does not.
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, {
        as: 'demo',
        body: { products: [{ id: gap.id, colors: ['Blue'], sizes: ['L'] }] },
      }),
      400,
      'variantNoneChosen',
      { key_id: gap.keyId },
    );
  });

  it('refuses text that is not the JSON list, and a product named twice', async () => {
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, { as: 'demo', body: { products: '{not json' } }),
      400,
      'variantProductsJson',
    );
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, { as: 'demo', body: { products: '[{"id":"x"}]' } }),
      400,
      'variantProductsJson',
    );
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, { as: 'demo', body: { products: [{ id: p1.id }, { id: p1.id }] } }),
      400,
      'variantProductTwice',
      { id: p1.id },
    );
  });

  it("answers another account's product as not found, naming it", async () => {
    refused(
      await app.api(routes.aliexpressVariantInfoByProducts, {
        as: 'demo',
        body: { products: JSON.stringify([{ id: p1.id }, { id: rival.id }]) },
      }),
      404,
      'variantProductNotFound',
      { id: rival.id },
    );
  });
});

describe('getVariantPrice', () => {
  it("prices each variant by the pricing template from its blank's cost (docs/pricing-templates.md's worked example)", async () => {
    const res = await app.api(routes.aliexpressVariantPrice, {
      as: 'demo',
      body: { pricing_template_id: pricing, products: [{ id: p1.id, colors: ['Red'] }] },
    });
    expect(res.body.code, res.text).toBe(1);
    // (35 + 45) / 7.2 / (1 − 0.2 − 0.08) = 15.432… → 15.43; the ¥45 L: 17.361… → 17.36.
    expect(res.data.list[0]!.colorSizes.map((c) => `${c.size}:${c.price}`)).toEqual(['S:15.43', 'M:15.43', 'L:17.36']);
    expect(res.data.list[0]).toMatchObject({ minPrice: 15.43, maxPrice: 17.36 });
  });

  it('id 0 prices with the built-in default of the marketplace, in USD (docs/pricing-templates.md#template-0)', async () => {
    const res = await app.api(routes.aliexpressVariantPrice, {
      as: 'demo',
      body: { pricing_template_id: 0, products: [{ id: p1.id, colors: ['Red'] }] },
    });
    // AliExpress (the default type): ¥35 / 7.18 / (1 − 0.30 − 0.08) = 7.86 → 7.99; L's ¥45 → 10.11 → 10.99.
    expect(res.data.list[0]!.colorSizes.map((c) => c.price)).toEqual([7.99, 7.99, 10.99]);
    expect(res.data.list[0]!.currency).toBe('USD');
    // The variants' own prices (getVariantInfoByProducts) are in CNY, and say so.
    const own = await app.api(routes.aliexpressVariantInfoByProducts, { as: 'demo', body: { products: [{ id: p1.id, colors: ['Red'] }] } });
    expect(own.data.list[0]).toMatchObject({ currency: 'CNY', minPrice: 12.35 });
  });

  it("answers another family's pricing template, or a product, as not found", async () => {
    refused(
      await app.api(routes.aliexpressVariantPrice, { as: 'demo', body: { pricing_template_id: rivalPricing, products: [{ id: p1.id }] } }),
      404,
      'priceTemplateNotFound',
    );
    refused(
      await app.api(routes.aliexpressVariantPrice, { as: 'rival', body: { pricing_template_id: rivalPricing, products: [{ id: p1.id }] } }),
      404,
      'variantProductNotFound',
      { id: p1.id },
    );
  });
});

describe('combinations', () => {
  it("a combination is one entry whose variants are its childs', in its order, each naming its product and SKU code", async () => {
    const c = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${p2.id},${gap.id}` } });
    expect(c.body.code, c.text).toBe(1);
    const res = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [c.data.id] } });
    expect(res.data.list).toHaveLength(1);
    const [combo] = res.data.list;
    expect(combo!.parentInfo.id).toBe(c.data.id);
    expect(combo!.colorSizes.map((v) => v.finished_id)).toEqual([p2.id, p2.id, gap.id, gap.id, gap.id]);
    // Each variant's SKU code is its own product's (docs/exports.md#skus): the same as when it is listed alone.
    const alone = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [p2.id] } });
    expect(combo!.colorSizes.slice(0, 2).map((v) => v.sku_code)).toEqual(alone.data.list[0]!.colorSizes.map((v) => v.sku_code));
    expect(combo!.colorSizes.filter((v) => v.as_parent === 1)).toHaveLength(1);
    const preview = await app.api(routes.aliexpressColorSizePreview, { as: 'demo', query: { ids: `${c.data.id}` } });
    expect(preview.data.list.map((p) => [p.id, p.sku_count])).toEqual([[c.data.id, 5]]);
    // Each child with its own colours: the tab ticks a child's colour, not every child's colour of that name.
    expect(preview.data.list[0]!.members.map((m) => m.id)).toEqual([p2.id, gap.id]);
    await app.api(routes.cancelGroup, { as: 'demo', body: { ids: `${c.data.id}` } });
  });
});

describe("the publish job's reads (infoFor, imagesFor)", () => {
  it('infoFor answers what the calls answer', async () => {
    const id = await idOf('demo');
    const caller = { id, username: 'demo', nickname: 'demo', level: 0, parentId: null, officeId: null, scope: { accountIds: [id] } };
    const list = await app.variants.infoFor(caller, [p1.id], {
      choices: [{ id: p1.id, colors: ['Red'], sizes: [] }],
      pricingTemplateId: pricing,
    });
    expect(list[0]!.colorSizes.map((c) => c.price)).toEqual([15.43, 15.43, 17.36]);
  });

  it("imagesFor answers the parent's and each variant's images as blob keys, never URLs; in scope only", async () => {
    const imgs = await app.variants.imagesFor({ scope: { accountIds: [await idOf('demo')] } }, p1.id);
    expect(imgs.main).toEqual(['mockups/test/v-red-s.jpg']);
    const byKey = await app.db.db.selectFrom('finished_attr').select(['id', 'key_id']).where('finished_id', '=', p1.id).execute();
    const idOfKey = (k: string) => Number(byKey.find((a) => a.key_id === k)!.id);
    expect(imgs.byVariant[idOfKey(`${p1.keyId}-0-0`)]).toEqual(['mockups/test/v-red-s.jpg']);
    expect(imgs.byVariant[idOfKey(`${p1.keyId}-1-1`)]).toEqual(['mockups/test/v-blue.jpg']);
    expect(Object.keys(imgs.byVariant)).toHaveLength(6);
    await expect(app.variants.imagesFor({ scope: { accountIds: [await idOf('rival')] } }, p1.id)).rejects.toMatchObject({
      key: 'variantProductNotFound',
    });
  });
});

const idOf = async (username: string) =>
  Number((await app.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
