import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';

/** Title templates and keyword sets (/title_template/*, /keywords/*; docs/listing-tools.md; docs/domain.md#accounts-and-scope). */
let app: TestApp;
let product: { id: number; keyId: string };
let rivalProduct: { id: number; keyId: string };
let tiktokShop: number;
let rivalShop: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  const skus = await insertBlank(app, ['S', 'XL'], 35);
  product = await insertExportProduct(app, 'demo', {
    keySuffix: '7001',
    exportName: 'Palm Sunset Graphic Tee',
    keyword: 'palm tee',
    colours: [
      { color: 'Navy', code: '#1D3557', images: [] },
      { color: 'White', code: '#FFFFFF', images: [] },
    ],
    sizes: ['S', 'XL'],
    skus,
  });
  rivalProduct = await insertExportProduct(app, 'rival', { keySuffix: '7901', exportName: 'Rival', colours: [], sizes: [], skus });
  tiktokShop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 15, name: 'Sunny Tees' } })).data.id;
  rivalShop = (await app.api(routes.storeAdd, { as: 'rival', body: { pid: 1, name: 'Rival Shop' } })).data.id;
});
afterAll(async () => {
  await app.close();
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

const addTemplate = async (as: string, name: string, template = '{export_name} {color} {size}', extra: Record<string, unknown> = {}) => {
  const res = await app.api(routes.titleTemplateAdd, { as, body: { name, template, ...extra } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const addSet = async (as: string, name: string, keywords: string | string[]) => {
  const res = await app.api(routes.keywordSetAdd, { as, body: { name, keywords } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

describe('title templates', () => {
  it('adds, lists, updates and deletes a template', async () => {
    const t = await addTemplate('demo', '  Tee titles  ', '{export_name} - {color} - {size}', { overflow: 'refuse', max_length: 120 });
    expect(t).toMatchObject({
      name: 'Tee titles',
      template: '{export_name} - {color} - {size}',
      overflow: 'refuse',
      max_length: 120,
      username: 'demo',
    });
    const list = await app.api(routes.titleTemplateList, { as: 'demo', query: { name: 'tee' } });
    expect(list.data.list.map((r) => r.id)).toContain(t.id);
    const up = await app.api(routes.titleTemplateUpdate, { as: 'demo', body: { id: t.id, overflow: 'cut' } });
    expect(up.data).toMatchObject({ id: t.id, overflow: 'cut', max_length: 120, template: t.template });
    expect((await app.api(routes.titleTemplateDel, { as: 'demo', body: { ids: String(t.id) } })).data).toEqual({ deleted: 1 });
    refused(await app.api(routes.titleTemplateUpdate, { as: 'demo', body: { id: t.id, name: 'x' } }), 404, 'titleTemplateNotFound');
  });

  it('refuses what is wrong with a template, in the seller’s words', async () => {
    const add = (body: Record<string, unknown>) =>
      app.api(routes.titleTemplateAdd, { as: 'demo', body: { name: 'Bad', template: '{size}', ...body } as never });
    refused(await add({ name: ' ' }), 400, 'titleTemplateNameRequired');
    refused(await add({ name: 'x'.repeat(51) }), 400, 'titleTemplateNameTooLong', { max: 50 });
    refused(await add({ template: '' }), 400, 'titleTemplateTextRequired');
    refused(await add({ template: '{export_name} {colour} {brand}' }), 400, 'titleTemplateUnknownPlaceholder', {
      names: '{colour} {brand}',
    });
    refused(await add({ template: '{export_name} {size' }), 400, 'titleTemplateBrace');
    refused(await add({ template: '{keywords:30}' }), 400, 'titleTemplateKeywordsCount', { max: 20 });
    refused(await add({ template: 'x'.repeat(501) }), 400, 'titleTemplateTextTooLong', { max: 500 });
    refused(await add({ overflow: 'drop' }), 400, 'titleTemplateOverflow');
    refused(await add({ max_length: 256 }), 400, 'titleTemplateMaxLength', { max: 255 });
    expect((await add({ max_length: 'ten' })).status).toBe(400);
    // In English for an English reader.
    const en = await app.api(routes.titleTemplateAdd, {
      as: 'demo',
      body: { name: 'Bad', template: '{brand}' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe(message('titleTemplateUnknownPlaceholder', 'en', { names: '{brand}' }));
    await addTemplate('demo', 'Unique');
    refused(await add({ name: 'Unique' }), 409, 'titleTemplateNameTaken');
  });

  it("keeps to the caller's scope: a parent sees its sub-accounts', another family's id is not found", async () => {
    const sub = await addTemplate('demo-a', 'Sub titles');
    const theirs = await addTemplate('rival', 'Rival titles');
    expect((await app.api(routes.titleTemplateList, { as: 'demo', query: { pageSize: 100 } })).data.list.map((r) => r.id)).toContain(
      sub.id,
    );
    expect(
      (await app.api(routes.titleTemplateList, { as: 'demo-a', query: { pageSize: 100 } })).data.list.every((r) => r.username === 'demo-a'),
    ).toBe(true);
    // A parent edits its sub-account's template; the sub-account's name stays its own.
    expect((await app.api(routes.titleTemplateUpdate, { as: 'demo', body: { id: sub.id, name: 'Sub titles 2' } })).data.owner_id).toBe(
      sub.owner_id,
    );
    refused(await app.api(routes.titleTemplateUpdate, { as: 'demo', body: { id: theirs.id, name: 'Mine' } }), 404, 'titleTemplateNotFound');
    refused(await app.api(routes.titleTemplateDel, { as: 'demo', body: { ids: `${sub.id},${theirs.id}` } }), 404, 'titleTemplateNotFound');
    // All or nothing: the sub-account's template is still there.
    expect((await app.api(routes.titleTemplateList, { as: 'demo-a', query: { pageSize: 100 } })).data.list.map((r) => r.id)).toContain(
      sub.id,
    );
    refused(
      await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template: theirs.id, finished_id: product.id } }),
      404,
      'titleTemplateNotFound',
    );
  });
});

describe('keyword sets', () => {
  it('adds a set from pasted text (one a line, each once), updates and deletes it', async () => {
    const k = await addSet('demo', 'Summer', 'beach\ngift, Beach\n  retro   tee \n');
    expect(k).toMatchObject({ name: 'Summer', keywords: ['beach', 'gift', 'retro tee'], username: 'demo' });
    const up = await app.api(routes.keywordSetUpdate, { as: 'demo', body: { id: k.id, keywords: ['sun', 'sea'] } });
    expect(up.data.keywords).toEqual(['sun', 'sea']);
    expect((await app.api(routes.keywordSetList, { as: 'demo', query: { name: 'sum' } })).data.list.map((r) => r.id)).toContain(k.id);
    expect((await app.api(routes.keywordSetDel, { as: 'demo', body: { ids: String(k.id) } })).data).toEqual({ deleted: 1 });
  });

  it('refuses an empty, over-full or badly named set', async () => {
    const add = (body: Record<string, unknown>) =>
      app.api(routes.keywordSetAdd, { as: 'demo', body: { name: 'K', keywords: 'a', ...body } as never });
    refused(await add({ name: '' }), 400, 'keywordSetNameRequired');
    refused(await add({ keywords: ' \n , ' }), 400, 'keywordSetEmpty');
    refused(await add({ keywords: Array.from({ length: 501 }, (_, i) => `w${i}`) }), 400, 'keywordSetTooMany', { max: 500 });
    refused(await add({ keywords: ['{oops}'] }), 400, 'keywordBadChars', { word: '{oops}' });
    refused(await add({ keywords: ['x'.repeat(101)] }), 400, 'keywordTooLong', { word: `${'x'.repeat(20)}…`, max: 100 });
    await addSet('demo', 'Taken', 'a');
    refused(await add({ name: 'Taken' }), 409, 'keywordSetNameTaken');
  });

  it("answers another family's set as not found", async () => {
    const theirs = await addSet('rival', 'Rival words', 'x');
    refused(await app.api(routes.keywordSetUpdate, { as: 'demo', body: { id: theirs.id, name: 'Mine' } }), 404, 'keywordSetNotFound');
    refused(await app.api(routes.keywordSetDel, { as: 'demo', body: { ids: String(theirs.id) } }), 404, 'keywordSetNotFound');
    const t = await addTemplate('demo', 'With keywords', '{export_name} {keyword}');
    refused(
      await app.api(routes.titleTemplatePreview, {
        as: 'demo',
        body: { template: t.id, finished_id: product.id, keyword_set_id: theirs.id },
      }),
      404,
      'keywordSetNotFound',
    );
  });
});

describe('preview', () => {
  it('fills a saved template for a product: family, each variant, keywords, with the shop’s name and limit', async () => {
    const k = await addSet('demo', 'Beach words', ['beach', 'gift', 'retro']);
    const t = await addTemplate('demo', 'Preview me', '{shop} {export_name} {color} {size} {keywords:2}');
    const res = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: t.id, finished_id: product.id, keyword_set_id: k.id, shop_id: tiktokShop },
    });
    expect(res.body.code, res.text).toBe(1);
    const words = ['beach', 'gift', 'retro'];
    const start = product.id % 3;
    const two = `${words[start]} ${words[(start + 1) % 3]}`;
    expect(res.data).toMatchObject({ platform: 15, budget: 255, shop_name: 'Sunny Tees' });
    expect(res.data.family).toEqual({
      title: `Sunny Tees Palm Sunset Graphic Tee ${two}`,
      length: expect.any(Number),
      status: 'ok',
      not_english: false,
      cjk_placeholders: [],
    });
    expect(res.data.variants.map((v) => v.title)).toEqual([
      `Sunny Tees Palm Sunset Graphic Tee Navy S ${two}`,
      `Sunny Tees Palm Sunset Graphic Tee Navy XL ${two}`,
      `Sunny Tees Palm Sunset Graphic Tee White S ${two}`,
      `Sunny Tees Palm Sunset Graphic Tee White XL ${two}`,
    ]);
    expect(res.data.generic_keywords.startsWith('palm tee ')).toBe(true);
  });

  it('names colours and sizes by their English listing names, as the export does', async () => {
    const skus = await insertBlank(app, ['均码'], 35);
    const zh = await insertExportProduct(app, 'demo', {
      keySuffix: '7002',
      exportName: 'Harbor Tee',
      colours: [{ color: '藏青', code: '#1D3557', images: [] }],
      sizes: ['均码'],
      skus,
    });
    const res = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: '{export_name} {color} {size}', finished_id: zh.id, platform: 2 },
    });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.variants.map((v) => v.title)).toEqual(['Harbor Tee Navy One Size']);
  });

  it('marks a title with Chinese as one the marketplace refuses, naming the placeholders, with the English name instead', async () => {
    const skus = await insertBlank(app, ['M'], 35);
    const zh = await insertExportProduct(app, 'demo', {
      keySuffix: '7003',
      exportName: '夏日T恤',
      colours: [{ color: 'White', code: '#FFFFFF', images: [] }],
      sizes: ['M'],
      skus,
    });
    await app.db.db.updateTable('finished').set({ product_name: '纯棉T恤' }).where('id', '=', zh.id).execute();
    const blank = await app.db.db.selectFrom('product').select('name_en').where('id', '=', 1).executeTakeFirstOrThrow();
    const preview = async (template: string) =>
      (await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template, finished_id: zh.id, platform: 1 } })).data;

    const both = await preview('{product_name} {export_name} {size}');
    expect(both.family).toMatchObject({ title: '纯棉T恤 夏日T恤', not_english: true, cjk_placeholders: ['product_name', 'export_name'] });
    expect(both.variants[0]).toMatchObject({
      title: '纯棉T恤 夏日T恤 M',
      not_english: true,
      cjk_placeholders: ['product_name', 'export_name'],
    });
    // The alternative: the blank's English name, what the product's own title falls back to.
    expect(both.english_name).toBe(/[\u4e00-\u9fff]/.test(blank.name_en) ? '' : blank.name_en.trim());
    expect((await preview('{size} Tee')).family).toMatchObject({ not_english: false, cjk_placeholders: [] });
    // Chinese in the template's own words: refused all the same, no placeholder to blame.
    expect((await preview('{size} 短袖')).variants[0]).toMatchObject({ not_english: true, cjk_placeholders: [] });
    // Cut out of the title to fit: the title is English, no placeholder named.
    const cut = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: 'Summer Cotton Graphic Tee {product_name}', finished_id: zh.id, platform: 1, max_length: 27 },
    });
    expect(cut.data.family).toMatchObject({ title: 'Summer Cotton Graphic Tee', status: 'cut', not_english: false, cjk_placeholders: [] });
  });

  it('previews unsaved text with its own budget: cut at a word, or refused', async () => {
    const text = '{export_name} for Men Women Kids {size}';
    const cut = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: text, finished_id: product.id, platform: 2, max_length: 30 },
    });
    expect(cut.data.budget).toBe(30);
    expect(cut.data.family).toEqual({
      title: 'Palm Sunset Graphic Tee for',
      length: 27,
      status: 'cut',
      not_english: false,
      cjk_placeholders: [],
    });
    const refuse = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: text, finished_id: product.id, max_length: 30, overflow: 'refuse' },
    });
    expect(refuse.data.family.status).toBe('refused');
    refused(
      await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template: '{nope}', finished_id: product.id } }),
      400,
      'titleTemplateUnknownPlaceholder',
      {
        names: '{nope}',
      },
    );
    refused(
      await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template: text, finished_id: product.id, platform: 9 } }),
      400,
      'titlePreviewPlatform',
    );
  });

  it('says which banned words the titles hold', async () => {
    await app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'kids', platform: 0, action: 'block' } as never });
    const res = await app.api(routes.titleTemplatePreview, {
      as: 'demo',
      body: { template: '{export_name} for kids', finished_id: product.id },
    });
    expect(res.data.banned).toContain(message('exportBannedWord', 'zh', { word: 'kids', field: '标题' }));
  });

  it("answers another family's product and shop as not found", async () => {
    refused(
      await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template: '{size}', finished_id: rivalProduct.id } }),
      404,
      'titlePreviewProductNotFound',
    );
    refused(
      await app.api(routes.titleTemplatePreview, { as: 'demo', body: { template: '{size}', finished_id: product.id, shop_id: rivalShop } }),
      404,
      'titlePreviewShopNotFound',
    );
  });
});

describe('shop defaults', () => {
  it('keeps a default template and set per shop, cleared when they are deleted', async () => {
    const t = await addTemplate('demo', 'Shop default');
    const k = await addSet('demo', 'Shop words', 'a');
    const res = await app.api(routes.storeTitleDefaults, {
      as: 'demo',
      body: { id: tiktokShop, title_template_id: t.id, keyword_set_id: k.id },
    });
    expect(res.data).toMatchObject({ id: tiktokShop, title_template_id: t.id, keyword_set_id: k.id });
    const shopIn = async () =>
      (await app.api(routes.storeList, { as: 'demo', query: { type: 15 } })).data.list[0]!.stores.find((s) => s.id === tiktokShop)!;
    expect(await shopIn()).toMatchObject({ title_template_id: t.id, keyword_set_id: k.id });
    await app.api(routes.titleTemplateDel, { as: 'demo', body: { ids: String(t.id) } });
    expect(await shopIn()).toMatchObject({ title_template_id: 0, keyword_set_id: k.id });
  });

  it("refuses another family's template, and one the shop's sub-account could not use", async () => {
    const theirs = await addTemplate('rival', 'Rival default');
    refused(
      await app.api(routes.storeTitleDefaults, { as: 'demo', body: { id: tiktokShop, title_template_id: theirs.id, keyword_set_id: 0 } }),
      404,
      'titleTemplateNotFound',
    );
    refused(
      await app.api(routes.storeTitleDefaults, { as: 'demo', body: { id: rivalShop, title_template_id: 0, keyword_set_id: 0 } }),
      404,
      'storeNotFound',
    );
    const subShop = (await app.api(routes.storeAdd, { as: 'demo-a', body: { pid: 2, name: 'Sub AE' } })).data.id;
    const parents = await addTemplate('demo', 'Parent only');
    refused(
      await app.api(routes.storeTitleDefaults, { as: 'demo', body: { id: subShop, title_template_id: parents.id, keyword_set_id: 0 } }),
      400,
      'titleDefaultNotUsable',
    );
    const subs = await addTemplate('demo-a', 'Sub own');
    expect(
      (await app.api(routes.storeTitleDefaults, { as: 'demo', body: { id: subShop, title_template_id: subs.id, keyword_set_id: 0 } })).data
        .title_template_id,
    ).toBe(subs.id);
  });
});
