import Decimal from 'decimal.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';
import { frontDesign } from '@app/design/fixtures';
import { storeSolidImage } from './support/composeFixture.js';

/** The server side of the editor's saves (docs/domain.md#save-modes): re-design per size or for all sizes, layer records, the cart. */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-editor-cat-'));
let app: TestApp;
let productId: number;
let skus: { id: number; color: string; size: string; price: number }[];
let art: string;

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 300 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  productId = (await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  skus = await app.db.db
    .selectFrom('product_sku')
    .select(['id', 'color', 'size', 'price'])
    .where('product_id', '=', productId)
    .orderBy('sort')
    .execute();
  art = await storeSolidImage(app.storage, 'catalogue/test-green.png', '#2a9d8f', 200, 200);
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

const design = (text: string) => frontDesign(art, text, 9);

/** Every size variant's images, by size and colour, as the edit drawer's detail call shows them. */
async function variantImages(finishedId: number) {
  const res = await app.api(routes.finishedDetail, { as: 'demo-a', query: { id: String(finishedId) } });
  expect(res.body.code, res.text).toBe(1);
  const attrs = res.data.child_info.flatMap((c) => c.attrs);
  return new Map(attrs.map((a) => [`${a.size}/${a.color}`, JSON.stringify(a.img_urls)]));
}

async function newFinished(as = 'demo-a') {
  const parent = skus.find((s) => s.size === 'M')!;
  const res = await app.api(routes.synthesisCreate, { as, body: { product_id: productId, attr_id: parent.id, extends: design('first') } });
  await app.queue.drain();
  return res.data;
}

describe('re-design saves (docs/domain.md#save-modes)', () => {
  it('mode 1 changes only the current size’s variant images; mode 2 changes every size', async () => {
    const { id, key_id } = await newFinished();
    const before = await variantImages(id);
    // Several sizes and colours, so the loops below check variants on both sides of the rule.
    expect(new Set([...before.keys()].map((k) => k.split('/')[0])).size).toBeGreaterThan(1);
    expect([...before.values()].every((v) => JSON.parse(v).length === 1)).toBe(true);

    // Mode 1 from the product's key: the parent variant's size (M).
    const one = await app.api(routes.designResave, {
      as: 'demo-a',
      body: { key_id, type: 1, extends: design('only M'), source_ids: '9', layerdata: design('only M') },
    });
    expect(one.body).toMatchObject({ code: 1, data: { id, key_id } });
    await app.queue.drain();
    const afterOne = await variantImages(id);
    for (const [k, v] of afterOne) {
      if (k.startsWith('M/')) expect(v, k).not.toBe(before.get(k));
      else expect(v, k).toBe(before.get(k));
    }
    // The row shows the parent variant (size M), so its images follow.
    const row = await app.db.db.selectFrom('finished').select(['img_urls', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ready', img_urls: afterOne.get(`M/${skus.find((s) => s.size === 'M')!.color}`) });
    // Opening the product again in the editor shows what was just saved on its parent size.
    const layerlog = async () => (await app.api(routes.designLayerlog, { as: 'demo-a', body: { key_id } })).data;
    expect(await layerlog()).toMatchObject({ key_id, size: 'M' });
    expect((await layerlog()).layerdata).toContain('only M');

    // Mode 2: every size gets the new design.
    const all = await app.api(routes.designResave, { as: 'demo', body: { key_id, type: 2, extends: design('all sizes') } });
    expect(all.body.code).toBe(1);
    await app.queue.drain();
    const afterAll = await variantImages(id);
    for (const [k, v] of afterAll) expect(v, k).not.toBe(afterOne.get(k));
    // Sizes now share one design: every size of a colour shows the same mockup.
    const byColor = new Map<string, Set<string>>();
    for (const [k, v] of afterAll) byColor.set(k.split('/')[1]!, (byColor.get(k.split('/')[1]!) ?? new Set()).add(v));
    for (const urls of byColor.values()) expect(urls.size).toBe(1);
    expect((await layerlog()).layerdata).toContain('all sizes');
  });

  it('mode 1 with a size variant’s key re-designs that size, and its layer record opens with its own design', async () => {
    const { id, key_id } = await newFinished();
    const xl = await app.db.db
      .selectFrom('finished_attr')
      .select(['key_id', 'sku_id'])
      .where('finished_id', '=', id)
      .where('size', '=', 'XL')
      .executeTakeFirstOrThrow();
    await app.api(routes.designResave, { as: 'demo-a', body: { key_id: xl.key_id, type: 1, extends: design('XL only') } });
    await app.queue.drain();
    const record = await app.api(routes.designLayerlog, { as: 'demo-a', body: { key_id: xl.key_id } });
    expect(record.data).toMatchObject({ id, key_id, product_id: productId, size: 'XL', attr_id: xl.sku_id });
    expect(record.data.layerdata).toContain('XL only');
    const product = await app.api(routes.designLayerlog, { as: 'demo-a', body: { key_id } });
    expect(product.data.layerdata).toContain('first');
  });

  it('another family is told to log in to the owning account; bad designs change nothing', async () => {
    const { id, key_id } = await newFinished();
    const foreign = await app.api(routes.designLayerlog, { as: 'demo-b', body: { key_id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('请登录对应账号重新设计');
    const resave = await app.api(routes.designResave, { as: 'demo-b', body: { key_id, type: 2, extends: design('x') } });
    expect(resave.body).toMatchObject({ code: 0, msg: '请登录对应账号重新设计' });
    const before = await app.db.db.selectFrom('finished').select(['extends', 'task_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const bad = await app.api(routes.designResave, { as: 'demo-a', body: { key_id, type: 2, extends: '{oops' } });
    expect(bad.body).toMatchObject({ code: 0, msg: '设计数据格式不正确' });
    expect(await app.db.db.selectFrom('finished').select(['extends', 'task_id']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
  });
});

describe('cart', () => {
  it('adds a design on a SKU without touching finished products, lists it with quantity and price, updates and deletes it', async () => {
    const finishedBefore = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const sku = skus[2]!;
    const add = await app.api(routes.cartAdd, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: sku.id, num: 3, extends: design('cart'), source_ids: '9', layerlogs: design('cart') },
    });
    expect(add.body).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
    const { id } = add.data;
    const list = (await app.api(routes.cartList, { as: 'demo-a' })).data;
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({
      id,
      attr_id: sku.id,
      color: sku.color,
      size: sku.size,
      num: 3,
      price: new Decimal(sku.price).toFixed(2),
    });
    expect(list.list[0]!.img_urls[0]).toMatch(/^\/files\/mockups\//);
    // The parent account sees its sub-account's cart; a sibling does not.
    expect((await app.api(routes.cartList, { as: 'demo' })).data.count).toBe(1);
    expect((await app.api(routes.cartList, { as: 'demo-b' })).data.count).toBe(0);

    const upd = await app.api(routes.cartUpdate, { as: 'demo-a', body: { id, num: 5 } });
    expect(upd.data.num).toBe(5);
    const zero = await app.api(routes.cartUpdate, { as: 'demo-a', body: { id, num: 0 } });
    expect(zero.status).toBe(400);
    const foreign = await app.api(routes.cartUpdate, { as: 'demo-b', body: { id, num: 9 } });
    expect(foreign.status).toBe(404);
    expect((await app.api(routes.cartDel, { as: 'demo-b', body: { ids: String(id) } })).status).toBe(404);
    expect((await app.api(routes.cartList, { as: 'demo-a' })).data.list[0]!.num).toBe(5);

    expect((await app.api(routes.cartDel, { as: 'demo-a', body: { ids: String(id) } })).data).toEqual({
      deleted: 1,
    });
    expect((await app.api(routes.cartList, { as: 'demo-a' })).data.count).toBe(0);
    const finishedAfter = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(finishedAfter.n)).toBe(Number(finishedBefore.n));
  });

  it('counts the lines of the caller’s scope and lists items whose blank or SKU is gone as unavailable', async () => {
    const reg = await app.api(routes.register, { body: { username: 'cart.rival', password: TEST_PASSWORD } });
    expect(reg.body.code, reg.text).toBe(1);
    const count = async (as: string) => (await app.api(routes.cartCount, { as })).data.count;
    const add = async (as: string, sku = skus[1]!) =>
      (await app.api(routes.cartAdd, { as, body: { product_id: productId, attr_id: sku.id, num: 2, extends: design('count') } })).data.id;
    const base = { demo: await count('demo'), a: await count('demo-a'), b: await count('demo-b') };
    const mine = await add('demo-a');
    await add('demo-a', skus[3]);
    await add('cart.rival');
    // The sub-account sees its own lines, the parent its family's, a sibling and another account none of them.
    expect(await count('demo-a')).toBe(base.a + 2);
    expect(await count('demo')).toBe(base.demo + 2);
    expect(await count('demo-b')).toBe(base.b);
    expect(await count('cart.rival')).toBe(1);
    expect((await app.api(routes.cartCount, {})).status).toBe(401);

    // Lines whose blank (product) or SKU the catalogue no longer has: kept, listed, counted, flagged.
    const owner = await app.db.db.selectFrom('account').select('id').where('username', '=', 'demo-a').executeTakeFirstOrThrow();
    const gone = async (product_id: number, attr_id: number) => {
      const t = app.clock.now;
      const row = { owner_id: owner.id, product_id, attr_id, num: 4, extends: design('gone'), img_urls: '["/files/x.png"]' };
      return (
        await app.db.db
          .insertInto('cart_item')
          .values({ ...row, created_at: t, updated_at: t })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const noSku = await gone(productId, 9_999_999);
    const noBlank = await gone(9_999_998, skus[0]!.id);
    expect(await count('demo-a')).toBe(base.a + 4);
    const list = (await app.api(routes.cartList, { as: 'demo-a', query: { pageSize: 200 } })).data;
    expect(list.count).toBe(base.a + 4);
    const byId = new Map(list.list.map((i) => [i.id, i]));
    expect(byId.get(mine)).toMatchObject({ available: true, color: skus[1]!.color, size: skus[1]!.size });
    expect(byId.get(noSku)).toMatchObject({ available: false, color: '', size: '', price: '0.00', num: 4, img_urls: ['/files/x.png'] });
    expect(byId.get(noSku)!.product_name).not.toBe('');
    expect(byId.get(noBlank)).toMatchObject({ available: false, product_name: '', num: 4 });
    // Its quantity cannot change; it can be removed with the others.
    const upd = await app.api(routes.cartUpdate, { as: 'demo-a', body: { id: noSku, num: 9 } });
    expect(upd.body).toMatchObject({ code: 0, msg: '该商品已失效，只能删除' });
    expect(upd.status).toBe(409);
    expect((await app.api(routes.cartList, { as: 'demo-a', query: { pageSize: 200 } })).data.list.find((i) => i.id === noSku)!.num).toBe(4);
    const del = await app.api(routes.cartDel, { as: 'demo-a', body: { ids: `${noSku},${noBlank},${mine}` } });
    expect(del.data).toEqual({ deleted: 3 });
    expect(await count('demo-a')).toBe(base.a + 1);
  });
});
