import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readGtin, routes } from '@app/contract';
import { seedDemoBarcodes } from '../src/demo/barcodes.js';
import { seedDemoListing } from '../src/demo/listing.js';
import { buildTestApp, type TestApp } from './helper.js';
import { insertBlank, insertExportProduct, storeMockup } from './support/exportFixtures.js';

/** The demo account starts with a generated maker on its large-marketplace shop (docs/listing-tools.md#barcodes). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

it('gives the demo’s large-marketplace shop a maker of EAN-13 codes, once, so the first export carries codes', async () => {
  const deps = { db: app.db.db, storage: app.storage, dataDir: app.config.dataDir, now: () => app.clock.now, log: () => undefined };
  await seedDemoListing(deps);
  await seedDemoBarcodes(app);
  await seedDemoBarcodes(app);
  const makers = (await app.api(routes.barcodeMakerList, { as: 'demo' })).data.list;
  expect(makers).toHaveLength(1);
  expect(makers[0]).toMatchObject({ kind: 'generator', code_type: 'EAN', prefix: '2000001', free: 2000 });
  const shops = (await app.api(routes.storeList, { as: 'demo', query: { type: 1 } })).data.list[0]!.stores;
  expect(shops[0]!.barcode_maker_id).toBe(makers[0]!.id);

  const skus = await insertBlank(app, ['S', 'M'], 35);
  const img = await storeMockup(app, 'demo-bc');
  const p = await insertExportProduct(app, 'demo', {
    keySuffix: '9901',
    exportName: 'Demo tee',
    colours: [{ color: 'Black', code: 'BK', images: [img] }],
    sizes: ['S', 'M'],
    skus,
  });
  const [template] = (await app.api(routes.amazonTemplatesByStore, { as: 'demo', query: { store_id: shops[0]!.id } })).data.list;
  const started = await app.api(routes.finishedAmazonExports, {
    as: 'demo',
    query: { ids: `${p.id}`, store_id: shops[0]!.id, template_id: template!.id, domain_id: 1 },
  });
  expect(started.body.code, started.text).toBe(1);
  await app.queue.drain();
  const file = await app.call({ method: 'GET', url: `/api/export/download?id=${started.data.export_id}`, as: 'demo' });
  const table = XLSX.utils.sheet_to_json<string[]>(XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets.Template!, {
    header: 1,
    raw: false,
    defval: '',
  });
  const at = table[2]!.indexOf('external_product_id');
  const children = table.slice(3).filter((r) => r[table[2]!.indexOf('parent_child')] === 'child');
  expect(children.map((r) => readGtin(r[at]!))).toEqual([
    { code: expect.stringMatching(/^2000001/), type: 'EAN' },
    { code: expect.stringMatching(/^2000001/), type: 'EAN' },
  ]);
});
