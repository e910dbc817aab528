import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, storeMockup } from './support/exportFixtures.js';

/**
 * Public copies live as long as what they were made for (docs/security.md#public-image-copies): deleting an
 * export or a product withdraws the copies no other live export still uses for a product, the seller can
 * withdraw a product's copies, and a withdrawn copy answers 404 under a day's cache.
 */
let app: TestApp;
let shop: number;
let simpleT: number;
let skus: Map<string, number>;
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival2', password: TEST_PASSWORD } });
  shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'Pub Shop' } })).data.id;
  simpleT = await insertTemplate(app, 'demo', { store_id: shop, kind: 'simple', name: 'Simple' });
  skus = await insertBlank(app, ['M'], 20);
});
afterAll(async () => {
  await app.close();
});

/** A product of one colour with these mockups (each a fresh image unless shared by passing its URL). */
async function product(images: string[], as = 'demo') {
  seq++;
  return (
    await insertExportProduct(app, as, {
      keySuffix: `77${seq}`,
      exportName: `Tee ${seq}`,
      colours: [{ color: 'Red', code: '#CC0000', images }],
      sizes: ['M'],
      skus,
      price: 9.99,
    })
  ).id;
}
const mockup = (name: string) => storeMockup(app, `${name}-${++seq}`);

/** Exports these products as a tab-delimited file; the record's id and the /pub paths written, by product. */
async function exportOf(ids: number[]) {
  const res = await app.api(routes.finishedExports, {
    as: 'demo',
    query: { ids: ids.join(','), store_id: shop, template_id: simpleT, format: 9 },
  });
  expect(res.body.code, res.text).toBe(1);
  await app.queue.drain();
  const file = await app.call({ method: 'GET', url: `/api/export/download?id=${res.data.export_id}`, as: 'demo' });
  expect(file.statusCode, file.body).toBe(200);
  const paths = [...new Set([...file.body.matchAll(/\/pub\/[A-Za-z0-9_-]{32}\.jpg/g)].map((m) => m[0]))];
  expect(paths.length).toBeGreaterThan(0);
  return { id: res.data.export_id, paths };
}
const status = async (path: string) => (await app.call({ method: 'GET', url: path })).statusCode;
const statuses = (paths: string[]) => Promise.all(paths.map(status));
const deleteExport = async (id: number) =>
  expect((await app.api(routes.exportDel, { as: 'demo', body: { ids: String(id) } })).body.code).toBe(1);
const deleteProduct = async (id: number) =>
  expect((await app.api(routes.finishedDel, { as: 'demo', body: { ids: String(id) } })).body.code).toBe(1);

describe('public copies outlive nothing they were made for', () => {
  it('export record, then product deleted: every copy answers 404; served for a day, not immutably', async () => {
    const p = await product([await mockup('a'), await mockup('b')]);
    const e = await exportOf([p]);
    const first = await app.call({ method: 'GET', url: e.paths[0]! });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    await deleteExport(e.id);
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 404));
    await deleteProduct(p);
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 404));
  });

  it('deleting an export keeps the copies another export still uses; deleting the product withdraws them', async () => {
    const shared = await mockup('shared');
    const p1 = await product([shared]);
    const p2 = await product([await mockup('own')]);
    const both = await exportOf([p1, p2]);
    const alone = await exportOf([p1]);
    expect(alone.paths).toHaveLength(1);
    const [sharedPath] = alone.paths;
    const ownPath = both.paths.find((x) => x !== sharedPath)!;
    await deleteExport(both.id);
    expect([await status(sharedPath!), await status(ownPath)]).toEqual([200, 404]);
    await deleteProduct(p1);
    expect(await status(sharedPath!)).toBe(404);
  });

  it("deleting a product keeps a copy another product's export still uses", async () => {
    const shared = await mockup('twice');
    const p1 = await product([shared]);
    const p2 = await product([shared]);
    const e = await exportOf([p1, p2]);
    expect(e.paths).toHaveLength(1);
    await deleteProduct(p1);
    expect(await status(e.paths[0]!)).toBe(200);
    await deleteProduct(p2);
    expect(await status(e.paths[0]!)).toBe(404);
  });

  it('the seller withdraws a product’s copies; only the owner may; a later export publishes them again', async () => {
    const p = await product([await mockup('w1'), await mockup('w2')]);
    const e = await exportOf([p]);
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 200));
    const stranger = await app.api(routes.withdrawPublicImages, { as: 'rival2', body: { ids: String(p) } });
    expect(stranger.status).toBe(404);
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 200));
    const res = await app.api(routes.withdrawPublicImages, { as: 'demo', body: { ids: String(p) } });
    expect(res.body).toMatchObject({ code: 1, data: { withdrawn: e.paths.length } });
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 404));
    // The export record and the product are still there; exporting again makes the same copies public.
    const again = await exportOf([p]);
    expect(again.paths.sort()).toEqual([...e.paths].sort());
    expect(await statuses(e.paths)).toEqual(e.paths.map(() => 200));
  });

  it('a use left behind by a deleted export (a page written as it was deleted) serves nothing', async () => {
    const p = await product([await mockup('race')]);
    const e = await exportOf([p]);
    // As if the job's last page were recorded after the record's deletion withdrew its uses.
    await app.db.db.deleteFrom('export_record').where('id', '=', e.id).execute();
    expect(await status(e.paths[0]!)).toBe(404);
  });
});
