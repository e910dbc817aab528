import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { seedDemoCatalogue } from '../src/demo/catalogue/seed.js';
import { buildTestApp, type TestApp } from './helper.js';

/** The personal product library (收藏, docs/mobile.md#the-personal-product-library), on both databases. */

let t: TestApp;
const ids = new Map<string, number>();
const idOf = (code: string) => ids.get(code)!;

const save = (as: string, code: string) => t.api(routes.productFavorite, { as, body: { product_id: idOf(code) } });
const unsave = (as: string, code: string) => t.api(routes.productUnfavorite, { as, body: { product_id: idOf(code) } });
const library = async (as: string, query: { page?: number; limit?: number } = {}) => {
  const res = await t.api(routes.productFavoriteList, { as, query });
  expect(res.status, res.text).toBe(200);
  return res.data;
};
const codesOf = (items: { id: number }[]) => items.map((p) => [...ids].find(([, id]) => id === p.id)![0]);
const flag = async (code: string, as?: string) =>
  (await t.api(routes.productDetail, { query: { product_id: idOf(code) }, ...(as ? { as } : {}) })).data.favorite;

beforeAll(async () => {
  t = await buildTestApp();
  // Small views keep the suite quick.
  await seedDemoCatalogue(
    { db: t.db.db, storage: t.storage, dataDir: t.config.dataDir, now: () => t.clock.now, log: () => {} },
    { only: ['tshirt', 'jersey', 'mug'], size: 240 },
  );
  for (const p of await t.db.db.selectFrom('product').select(['id', 'code']).execute()) ids.set(p.code, p.id);
  expect(ids.size).toBe(3);
}, 120_000);
afterAll(() => t.close());

describe('the personal product library', () => {
  it('needs a login to save, take out or list', async () => {
    for (const res of [
      await t.api(routes.productFavorite, { body: { product_id: idOf('mug') } }),
      await t.api(routes.productUnfavorite, { body: { product_id: idOf('mug') } }),
      await t.api(routes.productFavoriteList, { query: {} }),
    ]) {
      expect(res.status, res.text).toBe(401);
      expect(res.body.code).toBe(0);
    }
  });

  it('refuses an unknown product (404) and an id that is not one (400)', async () => {
    const missing = await t.api(routes.productFavorite, { as: 'demo', body: { product_id: 99999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 0, msg: '找不到该产品', data: null });
    expect((await t.api(routes.productFavorite, { as: 'demo', body: { product_id: 0 } })).status).toBe(400);
    expect((await t.api(routes.productFavorite, { as: 'demo', body: {} as never })).status).toBe(400);
    expect((await library('demo')).total).toBe(0);
  });

  it('keeps one entry for a product saved twice, answering the same both times, with the search item and when it was saved', async () => {
    const first = await save('demo', 'tshirt');
    expect(first.status, first.text).toBe(200);
    expect(first.data).toEqual({ favorite: 1 });
    t.clock.advance(60_000);
    expect((await save('demo', 'tshirt')).data).toEqual({ favorite: 1 });
    const { list, total } = await library('demo');
    expect(total).toBe(1);
    expect(list).toHaveLength(1);
    const searched = (await t.api(routes.productList, { as: 'demo', query: { name: 'T恤' } })).data.product_list[0]!;
    expect(searched.favorite).toBe(1);
    // The first save's time: saving again does not move it.
    expect(list[0]).toEqual({ ...searched, favorited_at: Math.floor((t.clock.now - 60_000) / 1000) });
  });

  it('lists the last saved first, paged', async () => {
    t.clock.advance(1000);
    await save('demo', 'mug');
    t.clock.advance(1000);
    await save('demo', 'jersey');
    expect(codesOf((await library('demo')).list)).toEqual(['jersey', 'mug', 'tshirt']);
    const page2 = await library('demo', { page: 2, limit: 2 });
    expect(page2.total).toBe(3);
    expect(codesOf(page2.list)).toEqual(['tshirt']);
    expect((await library('demo', { page: 3, limit: 2 })).list).toEqual([]);
    expect((await t.api(routes.productFavoriteList, { as: 'demo', query: { limit: 51 } })).status).toBe(400);
    expect((await t.api(routes.productFavoriteList, { as: 'demo', query: { limit: 0 } })).status).toBe(400);
    expect((await t.api(routes.productFavoriteList, { as: 'demo', query: { page: 0 } })).status).toBe(400);
  });

  it('takes a product out; one not in the library changes nothing', async () => {
    const out = await unsave('demo', 'mug');
    expect(out.status, out.text).toBe(200);
    expect(out.data).toEqual({ favorite: 0 });
    expect(codesOf((await library('demo')).list)).toEqual(['jersey', 'tshirt']);
    expect((await unsave('demo', 'mug')).data).toEqual({ favorite: 0 });
    expect((await t.api(routes.productUnfavorite, { as: 'demo', body: { product_id: 99999 } })).data).toEqual({ favorite: 0 });
    expect((await library('demo')).total).toBe(2);
  });

  it("is each account's own: a sub-account neither sees its parent's nor adds to it", async () => {
    expect(await library('demo-a')).toEqual({ list: [], total: 0 });
    await save('demo-a', 'mug');
    expect(codesOf((await library('demo-a')).list)).toEqual(['mug']);
    expect(codesOf((await library('demo')).list)).toEqual(['jersey', 'tshirt']);
    expect(await library('demo-b')).toEqual({ list: [], total: 0 });
    // Taking it out of one library leaves the other's alone.
    await unsave('demo-a', 'tshirt');
    expect(codesOf((await library('demo')).list)).toEqual(['jersey', 'tshirt']);
  });

  it("gives the product detail's favorite flag from the caller's own library, 0 logged out", async () => {
    expect(await flag('tshirt', 'demo')).toBe(1);
    expect(await flag('mug', 'demo')).toBe(0);
    expect(await flag('mug', 'demo-a')).toBe(1);
    expect(await flag('tshirt', 'demo-a')).toBe(0);
    expect(await flag('tshirt')).toBe(0);
    await unsave('demo', 'tshirt');
    expect(await flag('tshirt', 'demo')).toBe(0);
    await save('demo', 'tshirt');
    expect(await flag('tshirt', 'demo')).toBe(1);

    const detail = (await t.api(routes.productDetail, { as: 'demo', query: { product_id: idOf('jersey') } })).data;
    const sku = detail.attr_list[0]!.id;
    const design = async (as: string) =>
      (await t.api(routes.productDesignDetail, { as, query: { product_id: idOf('jersey'), attr_id: sku } })).data.favorite;
    expect(await design('demo')).toBe(1);
    expect(await design('demo-a')).toBe(0);
  });

  it("marks each product of a search page from the caller's own library, 0 logged out, in one query for the page", async () => {
    const saved = async (as?: string, query: { pageNumber?: number; pageSize?: number } = {}) => {
      const res = await t.api(routes.productList, { query, ...(as ? { as } : {}) });
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(codesOf(res.data.product_list).map((code, i) => [code, res.data.product_list[i]!.favorite]));
    };
    expect(await saved('demo')).toEqual({ tshirt: 1, jersey: 1, mug: 0 });
    expect(await saved('demo-a')).toEqual({ tshirt: 0, jersey: 0, mug: 1 });
    expect(await saved('demo-b')).toEqual({ tshirt: 0, jersey: 0, mug: 0 });
    expect(await saved()).toEqual({ tshirt: 0, jersey: 0, mug: 0 });
    // A later page is marked as well: the flags are the page's, not the first page's.
    const second = await saved('demo', { pageNumber: 2, pageSize: 2 });
    expect(Object.values(second)).toHaveLength(1);
    expect(second).toEqual(Object.fromEntries(Object.entries(await saved('demo')).slice(2)));
    // Taking one out shows on the next search.
    await unsave('demo', 'jersey');
    expect(await saved('demo')).toEqual({ tshirt: 1, jersey: 0, mug: 0 });
    await save('demo', 'jersey');
    expect(await saved('demo')).toEqual({ tshirt: 1, jersey: 1, mug: 0 });
  });

  it('goes with the product when a product is removed from the catalogue', async () => {
    await t.db.db.deleteFrom('product').where('id', '=', idOf('mug')).execute();
    expect(await library('demo-a')).toEqual({ list: [], total: 0 });
  });
});
