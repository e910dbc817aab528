import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, SITE_FIGURES_CACHE_SECONDS, SITE_FIGURES_COMPOSE_SAMPLE, type SiteFigures } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import type { Database, JobTable } from '../src/db/schema.js';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { jobFigures } from '../src/jobs/figures.js';
import { catalogueFigures } from '../src/modules/catalogue/index.js';
import { finishedFigures } from '../src/modules/finished/index.js';
import { createSiteFiguresService, median } from '../src/modules/siteFigures/index.js';
import { SYNTHESIS_JOB } from '../src/modules/synthesis/index.js';
import { storeSolidImage } from './support/composeFixture.js';
import { buildTestApp, TEST_DB, type TestApp } from './helper.js';

/**
 * The advantage page's live figures (docs/mobile.md#site-figures): counts across every account, read from the
 * tallies and small indexes, kept a minute in the process.
 */

const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-figures-cat-'));
let t: TestApp;
const CACHE_MS = SITE_FIGURES_CACHE_SECONDS * 1000;

const get = async () => {
  const res = await t.api(routes.siteFigures);
  expect(res.status, res.text).toBe(200);
  return res.data;
};
/** The figures once the last reading has aged out. */
const fresh = async () => {
  t.clock.advance(CACHE_MS);
  return get();
};

/** The same figures counted the slow way, row by row, to hold the quick ones against. */
async function counted() {
  const db = t.db.db;
  const skus = await db.selectFrom('product_sku').select(['product_id', 'color']).execute();
  const listed = await db.selectFrom('finished').select('status').where('combined_into', 'is', null).where('is_online', '=', 0).execute();
  return {
    blanks: new Set(skus.map((s) => s.product_id)).size,
    colours: new Set(skus.map((s) => s.color)).size,
    finished: listed.length,
    composed_images: listed.filter((r) => r.status === 'ready').length,
  };
}

/** A synthesis as a seller makes one (docs/domain.md#save-modes), its images composed before it answers. */
async function compose(as: string, text: string) {
  const product = await t.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow();
  const sku = await t.db.db
    .selectFrom('product_sku')
    .select('id')
    .where('product_id', '=', product.id)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  const red = await storeSolidImage(t.storage, 'catalogue/test-red.png', '#d62828', 200, 200);
  const res = await t.api(routes.synthesisCreate, {
    as,
    body: { product_id: product.id, attr_id: sku.id, extends: frontDesign(red, text) },
  });
  expect(res.status, res.text).toBe(200);
  await t.queue.drain();
  return res.data.id;
}

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 400 });
  t = await buildTestApp({ composeThreads: 1 });
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('the figures', () => {
  it('are readable logged out and say nothing of any one account', async () => {
    const figures = await get();
    expect(Object.keys(figures).sort()).toEqual(['blanks', 'colours', 'composed_images', 'finished', 'measured_at', 'median_compose_ms']);
    expect(figures).toEqual({ ...(await counted()), median_compose_ms: null, measured_at: Math.floor(t.clock.now / 1000) });
    // A session changes nothing of them.
    t.clock.advance(CACHE_MS);
    expect((await t.api(routes.siteFigures, { as: 'demo' })).data).toEqual(await get());
  });

  it('count a blank added to the catalogue, once the minute is over', async () => {
    const before = await fresh();
    await importCatalogue(catalogueDir, { db: t.db.db, storage: t.storage, now: () => t.clock.now });
    // Within the minute: the same answer, the reading of before.
    t.clock.advance(CACHE_MS - 1);
    expect(await get()).toEqual(before);
    t.clock.advance(1);
    const after = await get();
    expect(after.blanks).toBe(before.blanks + 1);
    expect(after.colours).toBeGreaterThan(before.colours);
    expect(after).toMatchObject(await counted());
    expect(after.measured_at).toBe(Math.floor(t.clock.now / 1000));
  }, 60_000);

  it('count a product composed in any account, and the time its composition took', async () => {
    const before = await fresh();
    await compose('demo-a', 'A');
    await compose('demo', 'B');
    const after = await fresh();
    expect(after).toMatchObject({ finished: before.finished + 2, composed_images: before.composed_images + 2 });
    expect(after).toMatchObject(await counted());
    // The test's clock stood still while they were composed.
    expect(after.median_compose_ms).toBe(0);
  }, 120_000);

  it('tell the products not composed (still being composed, or given up) from the composed ones', async () => {
    const rows = await t.db.db.selectFrom('finished').select('id').where('status', '=', 'ready').orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const before = await fresh();
    await t.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', rows[0]!.id).execute();
    await t.db.db.updateTable('finished').set({ status: 'failed' }).where('id', '=', rows[1]!.id).execute();
    const after = await fresh();
    expect(after).toMatchObject({ finished: before.finished, composed_images: before.composed_images - 2 });
    expect(after).toMatchObject(await counted());
    await t.db.db.updateTable('finished').set({ status: 'ready' }).where('id', 'in', [rows[0]!.id, rows[1]!.id]).execute();
    expect((await fresh()).composed_images).toBe(before.composed_images);
  });

  it('take the median time over the latest 1,000 finished compositions only, from their queueing to their end', async () => {
    const base = t.clock.now + 10 * CACHE_MS;
    const job = (n: number, over: Partial<Insertable<JobTable>>): Insertable<JobTable> => ({
      id: randomUUID(),
      kind: SYNTHESIS_JOB,
      owner_id: 1,
      family_id: 1,
      task_id: null,
      payload: 'null',
      status: 'done',
      attempts: 1,
      max_attempts: 2,
      error: null,
      result: null,
      progress_done: null,
      progress_total: null,
      lease_until: null,
      run_after: base + n,
      created_at: base + n,
      updated_at: base + n,
      ...over,
    });
    const rows: Insertable<JobTable>[] = [];
    // Older than the latest 1,000: left out, or the median would be 30.
    rows.push(job(0, { created_at: base - 1_000_000, updated_at: base }));
    // The latest 1,000: half took 10 ms, half 30 ms.
    for (let i = 1; i <= SITE_FIGURES_COMPOSE_SAMPLE; i++) rows.push(job(i, { created_at: base + i - (i % 2 ? 10 : 30) }));
    // Newer still, but not finished compositions: another kind, a composition that failed, one still running.
    const late = base + SITE_FIGURES_COMPOSE_SAMPLE + 1;
    rows.push(job(late, { kind: 'export', created_at: late - 900_000 }));
    rows.push(job(late + 1, { status: 'failed', created_at: late - 900_000 }));
    rows.push(job(late + 2, { status: 'running', created_at: late - 900_000 }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db.db
        .insertInto('job')
        .values(rows.slice(i, i + 200))
        .execute();
    expect((await fresh()).median_compose_ms).toBe(20);
  });

  it('median: the middle one, the two middle ones’ mean rounded, none for none', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([30, 10, 20])).toBe(20);
    expect(median([1, 2])).toBe(2);
    expect(median([10, 40, 20, 30])).toBe(25);
  });
});

describe('kept a minute in the process', () => {
  /** The service over the real queries, counting each query it asks. */
  function countingService(now: () => number, fail = { next: false }) {
    const [catalogue, finished, jobs] = [catalogueFigures(t.db.db), finishedFigures(t.db.db), jobFigures(t.db.db)];
    const calls = { n: 0 };
    const wrap =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      async (...a: A) => {
        calls.n++;
        if (fail.next) throw new Error('database gone');
        return f(...a);
      };
    const service = createSiteFiguresService({
      catalogue: { onSale: wrap(catalogue.onSale) },
      finished: { listed: wrap(finished.listed), listedNotReady: wrap(finished.listedNotReady) },
      jobs: { latestDurations: wrap(jobs.latestDurations) },
      now,
      composeKind: SYNTHESIS_JOB,
    });
    return { service, calls };
  }

  it('answers the same without a query within the minute, reads again after it, one reading for visitors at once', async () => {
    let clock = t.clock.now;
    const { service, calls } = countingService(() => clock);
    const first = await service.figures();
    const perReading = calls.n;
    expect(perReading).toBeGreaterThan(0);
    clock += CACHE_MS - 1;
    expect(await service.figures()).toBe(first);
    expect(calls.n).toBe(perReading);
    clock += 1;
    const second = await service.figures();
    expect(calls.n).toBe(2 * perReading);
    expect(second.measured_at).toBe(Math.floor(clock / 1000));
    clock += CACHE_MS;
    const flood = await Promise.all(Array.from({ length: 50 }, () => service.figures()));
    expect(calls.n).toBe(3 * perReading);
    expect(new Set(flood).size).toBe(1);
  });

  it('keeps no failed reading: the next visitor reads again', async () => {
    const clock = t.clock.now;
    const fail = { next: true };
    const { service, calls } = countingService(() => clock, fail);
    await expect(service.figures()).rejects.toThrow('database gone');
    fail.next = false;
    const before = calls.n;
    const figures: SiteFigures = await service.figures();
    expect(calls.n).toBeGreaterThan(before);
    expect(figures.measured_at).toBe(Math.floor(clock / 1000));
  });
});

describe.skipIf(TEST_DB !== 'sqlite')('the queries at a million finished products', () => {
  it('read tallies and the small partial indexes, never every finished row or every job', async () => {
    const raw = new SQLite(path.join(t.config.dataDir, 'app.db'), { readonly: true });
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: raw }),
      log: (e) => void (e.level === 'query' && queries.push(e.query)),
    });
    try {
      const sources = { catalogue: catalogueFigures(db), finished: finishedFigures(db), jobs: jobFigures(db) };
      await createSiteFiguresService({ ...sources, now: () => 0, composeKind: SYNTHESIS_JOB }).figures();
      const plans = queries.map((q) => ({
        sql: q.sql,
        plan: (raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
          .map((r) => r.detail)
          .join('; '),
      }));
      const planOf = (table: string) => plans.filter((p) => new RegExp(`from "${table}"`).test(p.sql)).map((p) => p.plan);
      expect(planOf('finished')).toEqual([
        expect.stringMatching(/^SEARCH finished USING INDEX finished_(pending|failed)/),
        expect.stringMatching(/^SEARCH finished USING INDEX finished_(pending|failed)/),
      ]);
      expect(planOf('finished').join()).toMatch(/finished_pending/);
      expect(planOf('finished').join()).toMatch(/finished_failed/);
      expect(planOf('job')).toEqual([expect.stringMatching(/^SEARCH job USING INDEX job_pick \(status=\?\)$/)]);
      expect(planOf('finished_tally_owner_day')).toHaveLength(1);
      expect(plans.some((p) => /\bfinished\b/.test(p.plan) && /^SCAN finished\b/.test(p.plan))).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
