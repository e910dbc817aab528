import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB, type MarketplaceB } from '@sandbox/marketplace-b';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { seedDemoPublishing } from '../src/demo/publishing.js';
import { seedDemoCatalogue } from '../src/demo/catalogue/seed.js';
import { seedDemoMaterials } from '../src/demo/materials.js';
import { DEMO_FINISHED_COUNT, seedDemoFinished } from '../src/demo/finished.js';
import { insertBlank, insertExportProduct } from './support/exportFixtures.js';

/** The demo's marketplace shops when the sandboxes run in-process (docs/publishing.md#demo). */
let app: TestApp;
let a: MarketplaceA;
let b: MarketplaceB;

beforeAll(async () => {
  a = await startMarketplaceA({ port: 0 });
  b = await startMarketplaceB({ port: 0 });
  app = await buildTestApp({ marketplaceUrls: { a: a.url, b: b.url }, sandboxesInProcess: true });
});
afterAll(async () => {
  await app.close();
  await a.close();
  await b.close();
});

const demoShops = async () =>
  (await app.api(routes.storeList, { as: 'demo' })).data.list.flatMap((m) => m.stores).filter((s) => s.pid === 2 || s.pid === 15);

describe('demo publishing', () => {
  // First: the demo seed makes products only while the demo family has none.
  it("passes TikTok's pre-flight for the demo finished products as they are (English export names)", async () => {
    const deps = { db: app.db.db, storage: app.storage, dataDir: app.config.dataDir, now: () => app.clock.now, log: () => {} };
    // The demo content as `npm start` seeds it, on the T-shirt blank the demo template is for (small views).
    await seedDemoCatalogue(deps, { only: ['tshirt'], size: 240 });
    await seedDemoMaterials(deps);
    expect(await seedDemoFinished({ ...deps, catalogue: app.catalogue, synthesis: app.synthesis })).toBe(DEMO_FINISHED_COUNT);
    await app.queue.drain();
    const tk = (await demoShops()).find((s) => s.pid === 15)!;
    const tpl = (await app.api(routes.tiktokTemplatesByStore, { as: 'demo', query: { store_id: tk.id } })).data.list[0]!;
    const rows = await app.db.db
      .selectFrom('finished')
      .innerJoin('account', 'account.id', 'finished.owner_id')
      .select(['finished.id', 'finished.export_name', 'finished.product_name'])
      .where('account.username', '=', 'demo')
      .orderBy('finished.id')
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    const ids = rows.map((r) => Number(r.id));
    const res = await app.api(routes.tiktokPreflight, { as: 'demo', body: { design_product_ids: ids, tk_template_id: tpl.id } });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.refused).toEqual([]);
    expect(res.data.ok_ids).toEqual(ids);
    // Listing titles built from the design and the blank; the catalogue's Chinese name stays the product name.
    expect(rows.every((r) => /^[A-Za-z][A-Za-z ,'-]* Graphic T-Shirt$/.test(r.export_name))).toBe(true);
    expect(rows.every((r) => r.product_name !== r.export_name)).toBe(true);
  }, 120_000);

  it('gives the demo account a connected shop on each marketplace with a template, and stays one each on restart', async () => {
    const first = await demoShops();
    expect(first.map((s) => [s.pid, s.connected, s.needs_reconnect])).toEqual([
      [2, true, false],
      [15, true, false],
    ]);
    const tk = first.find((s) => s.pid === 15)!;
    const tpl = (await app.api(routes.tiktokTemplatesByStore, { as: 'demo', query: { store_id: tk.id } })).data.list;
    expect(tpl).toHaveLength(1);
    const sealed = await app.db.db
      .selectFrom('store_connection')
      .select('access_token')
      .where('store_id', '=', tk.id)
      .executeTakeFirstOrThrow();

    // A restart: the in-process sandbox forgot the shop; the seed makes a new one and connects again.
    await seedDemoPublishing(app);
    const again = await demoShops();
    expect(again.map((s) => s.id)).toEqual(first.map((s) => s.id));
    expect(again.every((s) => s.connected)).toBe(true);
    expect((await app.api(routes.tiktokTemplatesByStore, { as: 'demo', query: { store_id: tk.id } })).data.list).toHaveLength(1);
    const resealed = await app.db.db
      .selectFrom('store_connection')
      .select('access_token')
      .where('store_id', '=', tk.id)
      .executeTakeFirstOrThrow();
    expect(resealed.access_token).not.toBe(sealed.access_token);

    // A demo product goes out through the demo shop.
    const data = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#228844' } })
      .jpeg()
      .toBuffer();
    await app.storage.put('mockups/test/demo-green.jpg', data);
    const p = await insertExportProduct(app, 'demo', {
      keySuffix: '8001',
      exportName: 'Demo Tee',
      colours: [{ color: 'Green', code: '#228844', images: [app.storage.url('mockups/test/demo-green.jpg')] }],
      sizes: ['M'],
      skus: await insertBlank(app, ['M'], 35),
    });
    const pub = await app.api(routes.tiktokPublish, { as: 'demo', body: { design_product_ids: [p.id], tk_template_id: tpl[0]!.id } });
    expect(pub.body.code, pub.text).toBe(1);
    await app.queue.drain();
    expect((await app.api(routes.publishList, { as: 'demo', query: { platform: 15 } })).data.list[0]).toMatchObject({
      status: 'published',
    });
  });
});
