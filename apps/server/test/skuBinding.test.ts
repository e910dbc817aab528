import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, ownerIdOf, storeMockup } from './support/exportFixtures.js';

/** SKU bindings (bindSkuCompare / delSkuCompare) and the list's 店铺 column (docs/variants.md). */
let app: TestApp;
let aShop: number; // demo's marketplace A shop
let bShop: number; // demo's marketplace B shop
let amazonShop: number;
let rivalShop: number;
let p1: { id: number; keyId: string };
let p2: { id: number; keyId: string };
let rival: { id: number; keyId: string };

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  const addShop = async (as: string, pid: number, name: string) => {
    const res = await app.api(routes.storeAdd, { as, body: { pid, name } });
    expect(res.body.code, res.text).toBe(1);
    return res.data.id;
  };
  aShop = await addShop('demo', 2, 'Ali Shop');
  bShop = await addShop('demo', 15, 'Tik Shop');
  amazonShop = await addShop('demo', 1, 'US Shop');
  rivalShop = await addShop('rival', 15, 'Rival Tik');
  const skus = await insertBlank(app, ['S', 'M'], 35);
  const img = await storeMockup(app, 'b-red', '#cc0000');
  const colours = [{ color: 'Red', code: '#CC0000', images: [img] }];
  p1 = await insertExportProduct(app, 'demo', { keySuffix: '3001', exportName: 'Bound tee', colours, sizes: ['S', 'M'], skus });
  p2 = await insertExportProduct(app, 'demo', { keySuffix: '3002', exportName: 'Other tee', colours, sizes: ['S'], skus });
  rival = await insertExportProduct(app, 'rival', { keySuffix: '3009', exportName: 'Rival tee', colours, sizes: ['S'], skus });
});
afterAll(async () => {
  await app.close();
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};
const bindings = async (finishedId: number, as = 'demo') =>
  (await app.api(routes.finishedSkuCompareList, { as, query: { finished_id: finishedId } })).data.list;
const bind = (key_id: string, store_id: number, remote_sku_id: string, as = 'demo') =>
  app.api(routes.finishedBindSkuCompare, { as, body: { key_id, store_id, remote_sku_id } });

describe('bindSkuCompare', () => {
  it('binds a variant to a remote SKU of a marketplace A or B shop, and lists it', async () => {
    const res = await bind(`${p1.keyId}-0-0`, bShop, 'TK-1');
    expect(res.body.code, res.text).toBe(1);
    expect(res.data).toMatchObject({ key_id: `${p1.keyId}-0-0`, store_id: bShop, remote_sku_id: 'TK-1', remote_product_id: null });
    expect(res.data.createtime).toBe(Math.floor(app.clock.now / 1000));
    expect((await bind(`${p1.keyId}-0-0`, aShop, 'ALI-1')).body.code).toBe(1);
    const list = await bindings(p1.id);
    expect(list.map((b) => [b.key_id, b.store_id, b.remote_sku_id])).toEqual([
      [`${p1.keyId}-0-0`, aShop, 'ALI-1'],
      [`${p1.keyId}-0-0`, bShop, 'TK-1'],
    ]);
  });

  it('binding a variant again in the same shop replaces its binding', async () => {
    expect((await bind(`${p1.keyId}-0-0`, bShop, 'TK-2')).body.code).toBe(1);
    const inB = (await bindings(p1.id)).filter((b) => b.store_id === bShop);
    expect(inB.map((b) => b.remote_sku_id)).toEqual(['TK-2']);
  });

  it("refuses a remote SKU the shop already has bound to another variant, changing nothing; another shop's may", async () => {
    refused(await bind(`${p1.keyId}-0-1`, bShop, 'TK-2'), 409, 'skuBindingRemoteTaken', {
      remote_sku_id: 'TK-2',
      key_id: `${p1.keyId}-0-0`,
    });
    expect((await bindings(p1.id)).filter((b) => b.key_id === `${p1.keyId}-0-1`)).toEqual([]);
    expect((await bind(`${p1.keyId}-0-1`, aShop, 'TK-2')).body.code).toBe(1);
  });

  it('refuses a shop of another marketplace', async () => {
    refused(await bind(`${p1.keyId}-0-1`, amazonShop, 'X'), 400, 'skuBindingWrongPlatform');
  });

  it("answers another account's variant or shop, or an unknown one, as not found", async () => {
    refused(await bind(`${rival.keyId}-0-0`, bShop, 'X'), 404, 'skuBindingVariantNotFound', { key_id: `${rival.keyId}-0-0` });
    refused(await bind('FP-nope', bShop, 'X'), 404, 'skuBindingVariantNotFound', { key_id: 'FP-nope' });
    refused(await bind(`${p1.keyId}-0-1`, rivalShop, 'X'), 404, 'skuBindingStoreNotFound');
    refused(await bind(`${p1.keyId}-0-1`, bShop, 'X', 'rival'), 404, 'skuBindingVariantNotFound', { key_id: `${p1.keyId}-0-1` });
    refused(await bind(`${p1.keyId}-0-1`, bShop, 'X', 'demo-a'), 404, 'skuBindingVariantNotFound', { key_id: `${p1.keyId}-0-1` });
  });

  it('refuses an empty, blank or over-long remote SKU id or variant number, storing nothing', async () => {
    const before = await bindings(p1.id);
    refused(await bind(`${p1.keyId}-0-1`, bShop, ''), 400, 'skuBindingRemoteEmpty');
    refused(await bind(`${p1.keyId}-0-1`, bShop, ' '), 400, 'skuBindingRemoteEmpty');
    refused(await bind(`${p1.keyId}-0-1`, bShop, ' \t '), 400, 'skuBindingRemoteEmpty');
    refused(await bind(' ', bShop, 'TK-9'), 400, 'skuBindingKeyIdEmpty');
    expect((await bind(`${p1.keyId}-0-1`, bShop, 'x'.repeat(65))).status).toBe(400);
    expect(await bindings(p1.id)).toEqual(before);
    // Spaces around an id are not part of it (65 characters with them, 64 without).
    const res = await bind(` ${p1.keyId}-0-1 `, bShop, ` ${'y'.repeat(63)} `);
    expect(res.body.code, res.text).toBe(1);
    expect(res.data).toMatchObject({ key_id: `${p1.keyId}-0-1`, remote_sku_id: 'y'.repeat(63) });
    expect((await app.api(routes.finishedDelSkuCompare, { as: 'demo', body: { id: res.data.id } })).body.code).toBe(1);
  });
});

describe('bindings across a parent and its sub-accounts (docs/domain.md#accounts-and-scope)', () => {
  let subA: { id: number; keyId: string }; // demo-a's product
  let shopA: number; // demo-a's TikTok shop
  let shopB: number; // demo-b's TikTok shop
  beforeAll(async () => {
    const skus = await insertBlank(app, ['S'], 30);
    const img = await storeMockup(app, 'sub-blue', '#0000cc');
    const colours = [{ color: 'Blue', code: '#0000CC', images: [img] }];
    subA = await insertExportProduct(app, 'demo-a', { keySuffix: '3101', exportName: 'Sub tee', colours, sizes: ['S'], skus });
    shopA = (await app.api(routes.storeAdd, { as: 'demo-a', body: { pid: 15, name: 'A Tik' } })).data.id;
    shopB = (await app.api(routes.storeAdd, { as: 'demo-b', body: { pid: 15, name: 'B Tik' } })).data.id;
  });

  it("binds a variant only to a shop of the variant's own account", async () => {
    const key = `${subA.keyId}-0-0`;
    // The parent sees both, but demo-a's variant and the parent's shop are two accounts.
    refused(await bind(key, bShop, 'X-1'), 400, 'skuBindingOtherAccount', { key_id: key });
    refused(await bind(`${p1.keyId}-0-1`, shopA, 'X-2'), 400, 'skuBindingOtherAccount', { key_id: `${p1.keyId}-0-1` });
    // A sub-account does not see its parent's or its sibling's shops.
    refused(await bind(key, bShop, 'X-3', 'demo-a'), 404, 'skuBindingStoreNotFound');
    refused(await bind(key, shopB, 'X-4', 'demo-a'), 404, 'skuBindingStoreNotFound');
    expect(await bindings(subA.id)).toEqual([]);
    // Its own shop, by itself or by its parent.
    expect((await bind(key, shopA, 'A-1', 'demo-a')).body.code).toBe(1);
    expect((await bindings(subA.id, 'demo-a')).map((b) => [b.store_id, b.remote_sku_id])).toEqual([[shopA, 'A-1']]);
    expect((await bind(key, shopA, 'A-2', 'demo')).body.code).toBe(1);
    expect((await bindings(subA.id, 'demo')).map((b) => [b.store_id, b.remote_sku_id])).toEqual([[shopA, 'A-2']]);
  });

  it('neither shows nor deletes to a sub-account a binding of a shop outside its scope; the parent sees it', async () => {
    // A binding of demo-a's variant in the parent's shop (as a parent's publish of its sub-account's product records it).
    const key = `${subA.keyId}-0-0`;
    await app.skuBindings.record(await ownerIdOf(app, 'demo-a'), bShop, subA.id, 'P-1', {
      [key]: { remoteSkuId: 'PARENT-1', sellerSku: 'SKU-PARENT-1' },
    });
    const inParent = (await bindings(subA.id, 'demo')).find((b) => b.store_id === bShop)!;
    expect(inParent.remote_sku_id).toBe('PARENT-1');
    expect((await bindings(subA.id, 'demo-a')).map((b) => b.store_id)).toEqual([shopA]);
    refused(await app.api(routes.finishedDelSkuCompare, { as: 'demo-a', body: { id: inParent.id } }), 404, 'skuBindingNotFound');
    refused(await app.api(routes.finishedDelSkuCompare, { as: 'demo-b', body: { id: inParent.id } }), 404, 'skuBindingNotFound');
    expect((await bindings(subA.id, 'demo')).some((b) => b.id === inParent.id)).toBe(true);
    expect((await app.api(routes.finishedDelSkuCompare, { as: 'demo', body: { id: inParent.id } })).body.code).toBe(1);
    expect((await bindings(subA.id, 'demo')).map((b) => b.store_id)).toEqual([shopA]);
  });
});

describe('getSkuCompare and delSkuCompare', () => {
  it("answers another account's product as not found", async () => {
    refused(await app.api(routes.finishedSkuCompareList, { as: 'rival', query: { finished_id: p1.id } }), 404, 'variantProductNotFound', {
      id: p1.id,
    });
  });

  it("removes a binding; another account's binding is not found and stays", async () => {
    const [first] = await bindings(p1.id);
    refused(await app.api(routes.finishedDelSkuCompare, { as: 'rival', body: { id: first!.id } }), 404, 'skuBindingNotFound');
    expect((await bindings(p1.id)).some((b) => b.id === first!.id)).toBe(true);
    const res = await app.api(routes.finishedDelSkuCompare, { as: 'demo', body: { id: first!.id } });
    expect(res.data).toEqual({ id: first!.id });
    expect((await bindings(p1.id)).some((b) => b.id === first!.id)).toBe(false);
    refused(await app.api(routes.finishedDelSkuCompare, { as: 'demo', body: { id: first!.id } }), 404, 'skuBindingNotFound');
  });
});

describe("the publish job's bindings (record, forProduct)", () => {
  it("records a created listing's SKUs by variant number, replacing that shop's bindings of them", async () => {
    const owner = await ownerIdOf(app, 'demo');
    await app.skuBindings.record(owner, aShop, p2.id, 'ALI-P-9', { [`${p2.keyId}-0-0`]: { remoteSkuId: 'ALI-S-9', sellerSku: 'SKU-9' } });
    await app.skuBindings.record(owner, aShop, p2.id, 'ALI-P-10', {
      [`${p2.keyId}-0-0`]: { remoteSkuId: 'ALI-S-10', sellerSku: 'SKU-10' },
    });
    const bound = await app.skuBindings.forProduct(aShop, p2.id);
    expect(bound.map((b) => [b.key_id, b.remote_sku_id, b.remote_product_id])).toEqual([[`${p2.keyId}-0-0`, 'ALI-S-10', 'ALI-P-10']]);
    expect(await app.skuBindings.forProduct(bShop, p2.id)).toEqual([]);
    // The edit drawer sees them too.
    expect((await bindings(p2.id)).map((b) => b.remote_product_id)).toEqual(['ALI-P-10']);
  });
});

describe('the 店铺 column of the finished list', () => {
  const rowOf = async (id: number, as = 'demo') =>
    (await app.api(routes.finishedList, { as, query: { pageSize: 100 } })).data.list.find((r) => r.id === id);

  it('is empty before a product reached any shop', async () => {
    expect((await rowOf(p1.id))!.store).toBe('');
    expect((await rowOf(p1.id))!.stores).toEqual([]);
  });

  it('shows the shop an export succeeded for, then every shop, newest first', async () => {
    const simpleT = await insertTemplate(app, 'demo', { store_id: amazonShop, kind: 'simple', name: 'Simple' });
    const res = await app.api(routes.finishedExports, {
      as: 'demo',
      query: { ids: `${p1.id}`, store_id: amazonShop, template_id: simpleT, format: 6 },
    });
    expect(res.body.code, res.text).toBe(1);
    await app.queue.drain();
    expect((await rowOf(p1.id))!.store).toBe('US Shop');
    expect((await rowOf(p2.id))!.store).toBe('');
    app.clock.advance(1000);
    await app.listingShops.record([p1.id], bShop, 'publish');
    expect((await rowOf(p1.id))!.store).toBe('Tik Shop, US Shop');
    expect((await rowOf(p1.id))!.stores).toEqual(['Tik Shop', 'US Shop']);
  });

  it('lists the shops as an array too, so a name holding ", " stays one shop', async () => {
    const comma = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 2, name: 'A, B' } })).data.id;
    const other = await insertExportProduct(app, 'demo', {
      keySuffix: '3003',
      exportName: 'Comma tee',
      colours: [{ color: 'Red', code: '#CC0000', images: [await storeMockup(app, 'c-red', '#cc0000')] }],
      sizes: ['S'],
      skus: await insertBlank(app, ['S'], 30),
    });
    await app.listingShops.record([other.id], bShop, 'publish');
    app.clock.advance(1000);
    await app.listingShops.record([other.id], comma, 'publish');
    const row = (await rowOf(other.id))!;
    expect(row.stores).toEqual(['A, B', 'Tik Shop']);
    expect(row.store).toBe('A, B, Tik Shop');
    expect((await app.api(routes.storeDel, { as: 'demo', body: { id: comma } })).body.code).toBe(1);
    expect((await rowOf(other.id))!.stores).toEqual(['Tik Shop']);
  });

  it("shows on a combination's row when its childs reached a shop", async () => {
    const combo = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${p2.id},${p1.id}` } });
    expect(combo.body.code, combo.text).toBe(1);
    await app.listingShops.record([p2.id], aShop, 'publish');
    expect((await rowOf(combo.data.id))!.store).toBe('Ali Shop');
    expect((await rowOf(combo.data.id))!.stores).toEqual(['Ali Shop']);
    await app.api(routes.cancelGroup, { as: 'demo', body: { ids: `${combo.data.id}` } });
  });

  it('drops a shop once it is deleted', async () => {
    const gone = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 15, name: 'Gone Shop' } })).data.id;
    app.clock.advance(1000);
    await app.listingShops.record([p2.id], gone, 'publish');
    expect((await bind(`${p2.keyId}-0-0`, gone, 'GONE-1')).body.code).toBe(1);
    expect((await rowOf(p2.id))!.store).toBe('Gone Shop, Ali Shop');
    expect((await app.api(routes.storeDel, { as: 'demo', body: { id: gone } })).body.code).toBe(1);
    expect((await rowOf(p2.id))!.store).toBe('Ali Shop');
    // Its bindings and links go with it, not left behind for a later shop to inherit.
    const left = (table: 'sku_binding' | 'finished_store') =>
      app.db.db.selectFrom(table).select('store_id').where('store_id', '=', gone).execute();
    expect(await left('sku_binding')).toEqual([]);
    expect(await left('finished_store')).toEqual([]);
  });
});

describe('deleting a finished product', () => {
  it('takes its SKU bindings and its 店铺 links along', async () => {
    const gone = await insertExportProduct(app, 'demo', {
      keySuffix: '3004',
      exportName: 'Gone tee',
      colours: [{ color: 'Red', code: '#CC0000', images: [await storeMockup(app, 'g-red', '#cc0000')] }],
      sizes: ['S'],
      skus: await insertBlank(app, ['S'], 30),
    });
    expect((await bind(`${gone.keyId}-0-0`, bShop, 'GONE-1')).body.code).toBe(1);
    await app.listingShops.record([gone.id], bShop, 'publish');
    const held = async () => ({
      bindings: await app.db.db.selectFrom('sku_binding').select('id').where('finished_id', '=', gone.id).execute(),
      shops: await app.db.db.selectFrom('finished_store').select('store_id').where('finished_id', '=', gone.id).execute(),
    });
    expect(await held()).toMatchObject({ bindings: [expect.anything()], shops: [{ store_id: bShop }] });
    expect((await app.api(routes.finishedDel, { as: 'demo', body: { ids: String(gone.id) } })).body.code).toBe(1);
    expect(await held()).toEqual({ bindings: [], shops: [] });
    // The remote SKU is free for another variant of the shop again.
    expect((await bind(`${p2.keyId}-0-0`, bShop, 'GONE-1')).body.code).toBe(1);
  });
});
