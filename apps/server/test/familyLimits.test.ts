import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type MessageKey } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import type { AppConfig } from '../src/config.js';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, insertTemplate, storeMockup } from './support/exportFixtures.js';

/**
 * What one account family may ask of the shared job queue and storage (docs/security.md#fair-shares,
 * docs/exports.md#retention): the queue depth refused with 429, the same export asked twice answered by
 * the first, stored export files under a retention and a per-family quota.
 */
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

/** An app with a shop, a simple template and two products of demo's, and one of its sub-account's. */
async function exportApp(overrides: Partial<AppConfig>) {
  const a = await buildTestApp(overrides);
  const shop = (await a.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'US Shop' } })).data.id;
  const template = await insertTemplate(a, 'demo', { store_id: shop, kind: 'simple', name: 'Simple' });
  const skus = await insertBlank(a, ['M'], 35);
  const image = await storeMockup(a, 'red', '#cc0000');
  const product = (n: string, who = 'demo') =>
    insertExportProduct(a, who, {
      keySuffix: n,
      exportName: `Tee ${n}`,
      colours: [{ color: 'Red', code: '#CC0000', images: [image] }],
      sizes: ['M'],
      skus,
    });
  const products = [await product('2001'), await product('2002'), await product('2003'), await product('2004', 'demo-a')];
  const start = (ids: number[], as = 'demo') =>
    a.api(routes.finishedExports, { as, query: { ids: ids.join(','), store_id: shop, template_id: template, format: 6 } });
  return { app: a, products, start };
}

describe('exports of one family', () => {
  it('answers the same export asked again while the first waits with the first, not a second file', async () => {
    const t = await exportApp({ runJobs: false });
    app = t.app;
    const ids = [t.products[0]!.id];
    const first = await t.start(ids);
    const again = await Promise.all([t.start(ids), t.start(ids)]);
    for (const r of again) expect(r.data).toEqual(first.data);
    const list = await app.api(routes.exportList, { as: 'demo' });
    expect(list.data.count).toBe(1);
    // Another export (other products) is a new one.
    expect((await t.start([t.products[1]!.id])).data.export_id).not.toBe(first.data.export_id);
  });

  it('refuses with 429 past the family’s queue depth of exports, naming what to do', async () => {
    const t = await exportApp({ runJobs: false, jobs: { exports: 2, queued: { compositions: 500, exports: 2 } } });
    app = t.app;
    expect((await t.start([t.products[0]!.id])).body.code).toBe(1);
    expect((await t.start([t.products[1]!.id])).body.code).toBe(1);
    refused(await t.start([t.products[2]!.id]), 429, 'exportQueueFull', { max: 2 });
    expect((await app.api(routes.exportList, { as: 'demo' })).data.count).toBe(2);
    // A rival family is not held up by demo's queue.
    await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
    const res = await app.api(routes.exportList, { as: 'rival' });
    expect(res.data.count).toBe(0);
  });

  it('removes records past the retention with their files (the periodic sweep); the records page shows retention and quota used', async () => {
    const t = await exportApp({ exportFiles: { retentionDays: 30, quotaBytes: 10 * 1024 * 1024 } });
    app = t.app;
    const res = await t.start([t.products[0]!.id]);
    await app.queue.drain();
    const page = await app.api(routes.exportList, { as: 'demo' });
    const rec = page.data.list.find((r) => r.id === res.data.export_id)!;
    expect(rec.status).toBe('done');
    expect(page.data.storage).toEqual({ retention_days: 30, quota_bytes: 10 * 1024 * 1024, used_bytes: rec.size });
    const fileKey = (await app.db.db.selectFrom('export_record').select('file_key').where('id', '=', rec.id).executeTakeFirstOrThrow())
      .file_key!;
    expect(await app.storage.exists(fileKey)).toBe(true);

    app.clock.advance(29 * 24 * 3600 * 1000);
    expect(await app.exports.sweep()).toBe(0);
    app.clock.advance(2 * 24 * 3600 * 1000);
    expect(await app.exports.sweep()).toBe(1);
    expect(await app.storage.exists(fileKey)).toBe(false);
    await app.login('demo'); // a month on, the session has expired
    const after = await app.api(routes.exportList, { as: 'demo' });
    expect(after.data.count).toBe(0);
    expect(after.data.storage.used_bytes).toBe(0);
  });

  it('refuses a new export while the family’s stored files are at its quota, its sub-accounts’ counted, until some are deleted', async () => {
    const t = await exportApp({ exportFiles: { retentionDays: 30, quotaBytes: 1024 * 1024 } });
    app = t.app;
    const first = await t.start([t.products[0]!.id]);
    await app.queue.drain();
    await app.db.db
      .updateTable('export_record')
      .set({ size: 1024 * 1024 })
      .where('id', '=', first.data.export_id)
      .execute();
    refused(await t.start([t.products[1]!.id]), 409, 'exportQuotaFull', { quota: '1 MB' });
    // The sub-account shares its parent's quota.
    const subShop = (await app.api(routes.storeAdd, { as: 'demo-a', body: { pid: 1, name: 'Sub Shop' } })).data.id;
    const subTemplate = await insertTemplate(app, 'demo-a', { store_id: subShop, kind: 'simple', name: 'Sub' });
    const sub = await app.api(routes.finishedExports, {
      as: 'demo-a',
      query: { ids: String(t.products[3]!.id), store_id: subShop, template_id: subTemplate, format: 6 },
    });
    refused(sub, 409, 'exportQuotaFull', { quota: '1 MB' });
    expect((await app.api(routes.exportDel, { as: 'demo', body: { ids: String(first.data.export_id) } })).body.code).toBe(1);
    expect((await t.start([t.products[1]!.id])).body.code).toBe(1);
  });
  it('admits a family’s exports asked all at once one after another: no more than its depth get through', async () => {
    const t = await exportApp({ runJobs: false, jobs: { exports: 2, queued: { compositions: 500, exports: 2 } } });
    app = t.app;
    const p = t.products;
    const answers = await Promise.all(
      [[p[0]!.id], [p[1]!.id], [p[2]!.id], [p[0]!.id, p[1]!.id], [p[1]!.id, p[2]!.id]].map((ids) => t.start(ids)),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });
});

describe('compositions of one family', () => {
  const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-fair-cat-'));
  beforeAll(() => generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 400 }), 60_000);
  afterAll(() => fs.rmSync(catalogueDir, { recursive: true, force: true }));

  it('refuses with 429 past the family’s queue depth: counting its sub-accounts’, nothing made', async () => {
    const a = await buildTestApp({ runJobs: false, jobs: { exports: 2, queued: { compositions: 3, exports: 10 } } });
    app = a;
    await importCatalogue(catalogueDir, { db: a.db.db, storage: a.storage, now: () => a.clock.now });
    const product = await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow();
    const sku = await app.db.db.selectFrom('product_sku').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    const create = (as: string) =>
      a.api(routes.synthesisCreate, {
        as,
        body: { product_id: product.id, attr_id: sku.id, extends: frontDesign('', 'NO.1'), source_ids: '', is_online: 0 },
      });
    expect((await create('demo')).body.code).toBe(1);
    expect((await create('demo-a')).body.code).toBe(1);
    expect((await create('demo')).body.code).toBe(1);
    const before = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    refused(await create('demo-a'), 429, 'synthesisQueueFull', { max: 3 });
    const after = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 60_000);
});
