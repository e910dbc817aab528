/**
 * `npm run bench:bills` (docs/orders.md#bills): the bill calls at 1,000,000 lines, on SQLite, under the server's
 * runtime (scripts/asServer.mjs). scripts/seedBills.ts seeds a parent with 20 sub-accounts and the lines over 180
 * days into a fresh DATA_DIR; then, through the HTTP app as the parent (its session cookie), ~50 calls each of
 * `GET /api/bill/getlist` page 50 (20 a page), `/statistics` and `/childStatistics` over the last 90 days: p50 and
 * p95 (targets 50, 100, 100 ms). Baselines in the same run: a plain `select count(*)` of the same lines (the whole
 * family's for the list, the 90 days' for the figures) and the ratio. Then `GET /api/bill/export` of the latest
 * ~100,000 lines through the job: seconds from the call to the record done (target 5 s) and the process's peak RSS
 * meanwhile (target 300 MB). Last line: one line of JSON with every figure and `targets`.
 * `-- --quick` (CI's smoke run): 50,000 lines, 10 calls each, an export of 5,000 lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { routes } from '@app/contract';
import { defaultAppConfig } from '../apps/server/src/config.js';
import { openServices } from '../apps/server/src/services.js';
import { buildApp } from '../apps/server/src/app.js';
import { BILLS_PARENT, BILLS_PASSWORD, seedBills } from '../scripts/seedBills.js';

const quick = process.argv.includes('--quick');
const LINES = quick ? 50_000 : 1_000_000;
const CALLS = quick ? 10 : 50;
const EXPORT_LINES = quick ? 5_000 : 100_000;
const TARGETS = { listP95Ms: 50, statisticsP95Ms: 100, childStatisticsP95Ms: 100, exportSeconds: 5, exportPeakRssMb: 300 };
const log = (m: string) => process.stderr.write(`${m}\n`);
const ms = (n: number) => Math.round(n * 100) / 100;
const MB = 2 ** 20;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bills-'));
const config = { ...defaultAppConfig(dataDir), logLevel: 'warn', runJobs: true, seedDemo: false, databaseUrl: undefined };
const services = await openServices(config);
const { app } = await buildApp(services);
const db = services.db.db;

/** p50 and p95 (ms) of `n` runs after 3 to warm up. */
async function timed(n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await f();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  const at = (p: number) => ms(t[Math.min(t.length - 1, Math.ceil((p / 100) * t.length) - 1)]!);
  return { p50: at(50), p95: at(95) };
}

try {
  const seeded = await seedBills(
    { db, dialect: services.db.dialect, repo: services.accountRepo, passwords: services.passwords },
    { lines: LINES, log: quick ? undefined : log },
  );
  log(`seeded ${LINES} lines (${JSON.stringify(seeded.counts)}, ${seeded.orderLines} order lines) in ${seeded.seconds} s`);
  await services.startJobs();

  const login = await app.inject({ method: 'POST', url: routes.login.path, payload: { username: BILLS_PARENT, password: BILLS_PASSWORD } });
  const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
  const get = async (route: { path: string }, query: Record<string, string | number>) => {
    const res = await app.inject({
      method: 'GET',
      url: route.path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { cookie },
    });
    const body = res.json() as { code: number; data: unknown };
    if (res.statusCode !== 200 || body.code !== 1) throw new Error(`${route.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return body.data;
  };

  const endS = Math.floor(seeded.to / 1000);
  const range = { start_time: endS - 90 * 86_400, end_time: endS };
  const countOf = async (from?: number) => {
    let q = db
      .selectFrom('bill')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wallet_id', '=', seeded.parentId);
    if (from !== undefined) q = q.where('created_at', '>=', from).where('created_at', '<=', range.end_time * 1000 + 999);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  const list = await timed(CALLS, () => get(routes.billList, { pageNumber: 50, pageSize: 20 }));
  const listBase = await timed(CALLS, () => countOf());
  log(
    `getlist page 50: p50 ${list.p50} ms, p95 ${list.p95} ms (target ${TARGETS.listP95Ms}); count(*) of the family's lines p95 ${listBase.p95} ms (×${ms(list.p95 / listBase.p95)})`,
  );

  const statistics = await timed(CALLS, () => get(routes.billStatistics, range));
  const child = await timed(CALLS, () => get(routes.billChildStatistics, range));
  const rangeBase = await timed(CALLS, () => countOf(range.start_time * 1000));
  const rangeLines = await countOf(range.start_time * 1000);
  log(
    `statistics 90 days (${rangeLines} lines): p50 ${statistics.p50} ms, p95 ${statistics.p95} ms (target ${TARGETS.statisticsP95Ms}); count(*) p95 ${rangeBase.p95} ms (×${ms(statistics.p95 / rangeBase.p95)})`,
  );
  log(
    `childStatistics 90 days: p50 ${child.p50} ms, p95 ${child.p95} ms (target ${TARGETS.childStatisticsP95Ms}) (×${ms(child.p95 / rangeBase.p95)} the count)`,
  );

  // The export: the latest EXPORT_LINES lines, as a date range starting at the time of the EXPORT_LINES-th newest.
  const nth = await db
    .selectFrom('bill')
    .select('created_at')
    .where('wallet_id', '=', seeded.parentId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(EXPORT_LINES - 1)
    .executeTakeFirstOrThrow();
  const exportRange = { start_time: Math.floor(Number(nth.created_at) / 1000), end_time: endS };
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const t0 = performance.now();
  const { id } = (await get(routes.billExport, { ...exportRange, exporttype: 1 })) as { id: number };
  let rec: { status: string; row_count: number; size: number } | undefined;
  for (;;) {
    rec = await db.selectFrom('bill_export').select(['status', 'row_count', 'size']).where('id', '=', id).executeTakeFirstOrThrow();
    if (rec.status === 'done' || rec.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const exportSeconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (rec.status !== 'done') throw new Error('the export failed');
  log(
    `export of ${rec.row_count} lines: ${exportSeconds.toFixed(2)} s (target ${TARGETS.exportSeconds}), ${(Number(rec.size) / MB).toFixed(1)} MB file, ` +
      `peak RSS ${(peak / MB).toFixed(0)} MB (target ${TARGETS.exportPeakRssMb}; ${(rssBefore / MB).toFixed(0)} MB before)`,
  );
  const sqliteVersion = (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]?.v;

  const figures = {
    bench: 'bills',
    quick,
    db: `sqlite ${sqliteVersion}`,
    lines: LINES,
    seed: { seconds: seeded.seconds, ...seeded.counts, orderLines: seeded.orderLines },
    calls: CALLS,
    list: { ...list, baselineCountP95: listBase.p95, ratio: ms(list.p95 / listBase.p95) },
    statistics: { lines: rangeLines, ...statistics, baselineCountP95: rangeBase.p95, ratio: ms(statistics.p95 / rangeBase.p95) },
    childStatistics: { lines: rangeLines, ...child, baselineCountP95: rangeBase.p95, ratio: ms(child.p95 / rangeBase.p95) },
    export: {
      rows: Number(rec.row_count),
      seconds: ms(exportSeconds),
      peakRssMb: Math.round(peak / MB),
      rssBeforeMb: Math.round(rssBefore / MB),
      bytes: Number(rec.size),
    },
    loadavg: os.loadavg().map((l) => ms(l)),
    targets: TARGETS,
    met: {
      list: list.p95 <= TARGETS.listP95Ms,
      statistics: statistics.p95 <= TARGETS.statisticsP95Ms,
      childStatistics: child.p95 <= TARGETS.childStatisticsP95Ms,
      exportSeconds: exportSeconds <= TARGETS.exportSeconds,
      exportPeakRss: peak / MB <= TARGETS.exportPeakRssMb,
    },
  };
  console.log(JSON.stringify(figures));
} finally {
  await app.close();
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
