import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes } from '@app/contract';
import { serializeDesign } from '@app/design';
import { oneAreaDesign } from '@app/design/fixtures';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { insertTemplate } from './support/exportFixtures.js';
import { importTestTshirt } from './support/rows.js';

/**
 * The export's pre-flight (docs/export-dialog.md#pre-flight): every selected product built as the export would
 * build it; the seller sees each one it would refuse with the reasons naming the field, and each title.
 */
let app: TestApp;
let shop: number;
let amazonT: number;
let blank: { productId: number; attrId: number };

async function make(as: string) {
  const res = await app.api(routes.synthesisCreate, {
    as,
    body: { product_id: blank.productId, attr_id: blank.attrId, extends: serializeDesign(oneAreaDesign([])) },
  });
  expect(res.body.code, res.text).toBe(1);
  return { id: res.data.id, key_id: res.data.key_id };
}

const preflight = (as: string, ids: number[], lang?: 'en') =>
  app.api(routes.finishedExportPreflight, {
    as,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
    body: { exportProducts: { ids: ids.join(','), store_id: shop, template_id: amazonT } },
  });

beforeAll(async () => {
  app = await buildTestApp({ composeThreads: 1 });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  blank = await importTestTshirt(app, 200);
  shop = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'US Shop' } })).data.id;
  amazonT = await insertTemplate(app, 'demo', {
    store_id: shop,
    kind: 'amazon',
    name: 'Tees',
    feed_product_type: 'shirt',
    brand_name: 'Acme',
  });
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('export pre-flight', () => {
  it('answers the good products with their titles and each refused one with reasons naming the field', async () => {
    const good = await make('demo');
    const noEnglish = await make('demo');
    const composing = await make('demo');
    await app.queue.drain();
    await app.db.db
      .updateTable('finished_child')
      .set({ color: '雾霾蓝', color_en: '' })
      .where('finished_id', '=', noEnglish.id)
      .where('color', '=', '宝蓝')
      .execute();
    // Still composing (set here: a real composition would finish while the test runs).
    await app.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', composing.id).execute();

    const res = await preflight('demo', [composing.id, good.id, noEnglish.id]);
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.ok_ids).toEqual([good.id]);
    expect(res.data.titles).toEqual([{ id: good.id, key_id: good.key_id, title: 'Classic Cotton Crew Neck T-Shirt' }]);
    expect(res.data.refused).toEqual([
      { id: composing.id, key_id: composing.key_id, reasons: [message('exportComposing', 'zh')] },
      {
        id: noEnglish.id,
        key_id: noEnglish.key_id,
        reasons: expect.arrayContaining([message('listingColourNotEnglish', 'zh', { color: '雾霾蓝', text: '雾霾蓝' })]),
      },
    ]);
    expect(res.data.warnings).toEqual([]);
    // In the caller's language.
    const en = await preflight('demo', [composing.id], 'en');
    expect(en.body.code, en.text).toBe(1);
    expect(en.data.refused[0]!.reasons).toEqual([message('exportComposing', 'en')]);
    // Nothing was exported or claimed: no record was made.
    const records = await app.api(routes.exportList, { as: 'demo', query: {} });
    expect(records.data.list).toEqual([]);
  });

  it("answers another account's product as not found, as the export does", async () => {
    const mine = await make('demo');
    const res = await preflight('rival', [mine.id]);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(message('exportProductNotFound', 'zh', { id: mine.id }));
  });
});
