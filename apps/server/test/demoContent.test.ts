import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { parseDesign } from '@app/design';
import { seedDemoCatalogue } from '../src/demo/catalogue/seed.js';
import { seedDemoMaterials } from '../src/demo/materials.js';
import { DEMO_FINISHED_COUNT, seedDemoFinished } from '../src/demo/finished.js';
import { seedDemoListing } from '../src/demo/listing.js';
import { seedDemoNotices } from '../src/demo/notices.js';
import { buildTestApp, type TestApp } from './helper.js';

let app: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({ composeThreads: 1 });
  const deps = {
    db: app.db.db,
    storage: app.storage,
    dataDir: app.config.dataDir,
    now: () => app.clock.now,
    log: (m: string) => logs.push(m),
  };
  // Small views keep the suite quick; the pipeline is the one the server runs.
  await seedDemoCatalogue(deps, { only: ['tshirt', 'jersey', 'mug'], size: 240 });
  await seedDemoMaterials(deps);
  await seedDemoFinished({ ...deps, catalogue: app.catalogue, synthesis: app.synthesis });
  await app.queue.drain();
}, 120_000);
afterAll(() => app.close());

describe('demo finished products', () => {
  it('makes 40+ finished products for the demo family through synthesis, every one composed', async () => {
    expect(DEMO_FINISHED_COUNT).toBeGreaterThanOrEqual(40);
    const rows = await app.db.db
      .selectFrom('finished')
      .innerJoin('account', 'account.id', 'finished.owner_id')
      .select(['account.username', 'finished.status', 'finished.img_urls', 'finished.thumb'])
      .execute();
    expect(rows).toHaveLength(DEMO_FINISHED_COUNT);
    expect(rows.every((r) => r.status === 'ready' && JSON.parse(r.img_urls).length > 0 && r.thumb !== '')).toBe(true);
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['demo', 'demo-a', 'demo-b']));
    const jobs = await app.db.db.selectFrom('job').select('status').execute();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  });

  it('gives the jersey a design carrying the batch-design placeholders NO. and 姓名', async () => {
    const jersey = await app.db.db
      .selectFrom('finished')
      .innerJoin('product', 'product.id', 'finished.product_id')
      .select('finished.extends')
      .where('product.code', '=', 'jersey')
      .executeTakeFirstOrThrow();
    const texts = parseDesign(jersey.extends).areas.flatMap((a) => a.layers.filter((l) => l.type === 'text').map((l) => l.text));
    expect(texts).toEqual(expect.arrayContaining(['NO.', '姓名']));
  });

  it('gives every demo product an English export name built from its design and blank, on the row and every variant', async () => {
    const rows = await app.db.db
      .selectFrom('finished')
      .innerJoin('product', 'product.id', 'finished.product_id')
      .select(['finished.id', 'finished.export_name', 'product.code'])
      .execute();
    const latin = /^[A-Za-z][A-Za-z ,'-]{0,254}$/;
    expect(rows.filter((r) => !latin.test(r.export_name))).toEqual([]);
    const byCode = (code: string) => new Set(rows.filter((r) => r.code === code).map((r) => r.export_name));
    expect([...byCode('tshirt')].every((n) => n.endsWith(' Graphic T-Shirt'))).toBe(true);
    expect(new Set(rows.map((r) => r.export_name)).size).toBeGreaterThan(6);
    expect([...byCode('mug')].every((n) => n.endsWith(' Ceramic Coffee Mug'))).toBe(true);
    expect([...byCode('jersey')]).toEqual(['Custom Football Jersey with Your Name and Number']);
    const attrs = await app.db.db.selectFrom('finished_attr').select(['finished_id', 'export_name']).execute();
    const nameOf = new Map(rows.map((r) => [r.id, r.export_name]));
    expect(attrs.filter((a) => a.export_name !== nameOf.get(a.finished_id))).toEqual([]);
  });

  it('does nothing on a second start', async () => {
    const deps = {
      db: app.db.db,
      storage: app.storage,
      dataDir: app.config.dataDir,
      now: () => app.clock.now,
      log: (m: string) => logs.push(m),
    };
    expect(await seedDemoFinished({ ...deps, catalogue: app.catalogue, synthesis: app.synthesis })).toBe(0);
    const count = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO_FINISHED_COUNT);
  });
});

describe('demo listing settings', () => {
  it('let the demo account export its finished products on the first run, priced by the demo pricing template', async () => {
    const deps = {
      db: app.db.db,
      storage: app.storage,
      dataDir: app.config.dataDir,
      now: () => app.clock.now,
      log: (m: string) => logs.push(m),
    };
    await seedDemoListing(deps);
    await seedDemoListing(deps);
    const shops = (await app.api(routes.storeList, { as: 'demo', query: {} })).data.list.flatMap((m) => m.stores);
    expect(shops.map((s) => s.name).sort()).toEqual(['Sunny Prints US', 'Sunny Prints Walmart']);
    const shop = shops.find((s) => s.pid === 1)!;
    const [template] = (await app.api(routes.amazonTemplatesByStore, { as: 'demo', query: { store_id: shop.id } })).data.list;
    const [pricing] = (await app.api(routes.priceTemplateList, { as: 'demo', query: { platform_type: 1 } })).data.list;
    // Created now, as every template a seller makes (not at the epoch).
    const detail = (await app.api(routes.templateAmazonDetail, { as: 'demo', query: { id: template!.id } })).data;
    expect(Math.abs(detail.createtime - app.clock.now / 1000)).toBeLessThan(60);
    expect(Math.abs(pricing!.createtime - app.clock.now / 1000)).toBeLessThan(60);
    const mine = await app.db.db
      .selectFrom('finished')
      .innerJoin('account', 'account.id', 'finished.owner_id')
      .select('finished.id')
      .where('account.username', '=', 'demo')
      .limit(3)
      .execute();
    const started = await app.api(routes.finishedAmazonExports, {
      as: 'demo',
      query: {
        ids: mine.map((r) => r.id).join(','),
        store_id: shop.id,
        template_id: template!.id,
        domain_id: 1,
        price_template_id: pricing!.id,
      },
    });
    expect(started.body.code, started.text).toBe(1);
    await app.queue.drain();
    const [record] = (await app.api(routes.exportList, { as: 'demo', query: { pageNumber: 1, pageSize: 10 } })).data.list;
    expect(record).toMatchObject({ status: 'done', product_count: 3, errors: [] });
    expect(record!.row_count).toBeGreaterThan(3);
  });
});

describe('demo notices', () => {
  it('adds three notices in Chinese, dated before the start and listed newest first, once', async () => {
    const deps = { db: app.db.db, now: () => app.clock.now, log: (m: string) => logs.push(m) };
    await seedDemoNotices(deps);
    const res = await app.api(routes.noticeList, { query: {} });
    expect(res.status, res.text).toBe(200);
    const { list, total } = res.data;
    expect(total).toBe(3);
    expect(list.map((n) => n.title)).toEqual([
      '新功能上线：手机也能逛产品库、收藏空白产品',
      '法定节假日生产与发货安排',
      '部分产品价格及国际运费调整说明',
    ]);
    const times = list.map((n) => n.created_at);
    expect(new Set(times).size).toBe(3);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((s) => s < app.clock.now / 1000)).toBe(true);
    expect(list.every((n) => n.summary !== '' && /[\u4e00-\u9fff]/.test(n.summary))).toBe(true);
    const detail = await app.api(routes.noticeDetail, { query: { id: list[1]!.id } });
    expect(detail.data.content).toContain('节后第一个工作日');

    // Once: a second start adds nothing, nor does one after a demo notice was retired.
    await seedDemoNotices(deps);
    await app.notices.retire(list[2]!.id);
    await seedDemoNotices(deps);
    expect((await app.notices.all()).map((n) => n.title).sort()).toEqual(list.map((n) => n.title).sort());
    expect((await app.api(routes.noticeList, { query: {} })).data.total).toBe(2);
  });
});
