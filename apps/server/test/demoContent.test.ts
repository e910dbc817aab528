import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDesign } from '@app/design';
import { seedDemoCatalogue } from '../src/demo/catalogue/seed.js';
import { seedDemoMaterials } from '../src/demo/materials.js';
import { DEMO_FINISHED_COUNT, seedDemoFinished } from '../src/demo/finished.js';
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
