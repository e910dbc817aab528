/**
 * `npm run bench:list` (docs/finished.md#scale): the finished list at the size `npm run seed:large` makes (DATA_DIR,
 * default ./data), served over HTTP by the real server in its own process (as `npm start` runs it), so the
 * load generator does not share its event loop. For the default list and every single filter,
 * at page size 200 with 4 concurrent clients (autocannon -c 4): p95 and mean latency, the exact total
 * included; a page deep in the list; page-size-10 throughput against a trivial route of the same server
 * in the same run; and the peak RSS of a bulk picture download of 500 products. Last line: one line of
 * JSON with every figure.
 */
import autocannon from 'autocannon';
import { openDb } from '../apps/server/src/db/dialect.js';
import { loadConfig } from '../apps/server/src/config.js';
import { finishedProducts, loginCookie, startServer } from './serverUnderTest.js';

const quick = process.argv.includes('--quick');
// --quick: the smoke form CI runs on a small seed (scripts/stages.mjs bench): each load for a second.
const SECONDS = quick ? 1 : 6;
const log = (s: string) => console.log(s);

const { app: config } = loadConfig(process.env);
// With the marketplaces elsewhere as a deployment has them (the `npm run sandbox` ports; nothing here calls
// them), so the server does not also carry the in-process sandboxes, which this bench does not measure.
const server = await startServer({
  env: {
    MARKETPLACE_A_URL: process.env.MARKETPLACE_A_URL ?? 'http://127.0.0.1:9401',
    MARKETPLACE_B_URL: process.env.MARKETPLACE_B_URL ?? 'http://127.0.0.1:9402',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    SEED_DEMO_CONTENT: '0',
  },
});
const { address } = server;
const serverRss = server.rss;
// The bench reads a few values to filter by from the same database.
const db = openDb(config);
const { total, where } = await finishedProducts(db.db, config);
log(`bench:list${quick ? ' (quick)' : ''}: ${total.toLocaleString('en')} finished products in ${where}, server ${address}`);
if (total < 1_000_000) log('  (fewer than 1,000,000: run `npm run seed:large` first for the README figures)');

const headers = { cookie: await loginCookie(address, 'demo', 'demo1234') };

async function get(path: string) {
  const res = await fetch(`${address}${path}`, { headers });
  const body = (await res.json()) as { code: number; msg: string; data: { count: number; list: unknown[] } };
  if (body.code !== 1) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

/**
 * autocannon against one path: p95 and mean latency (ms) and requests per second. autocannon's summary
 * has p90 and p97.5, not p95: the p95 is taken from every response's own time, which autocannon reports.
 */
async function load(path: string, connections = 4) {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url: `${address}${path}`, connections, duration: SECONDS, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  times.sort((x, y) => x - y);
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
  return { p95, mean: r.latency.average, rps: r.requests.average };
}

// Values to filter by, taken from the data itself.
const sample = (await get('/api/finished/getlist?pageSize=200&pageNumber=3')).list as {
  key_id: string;
  task_id: string;
  group_id: number;
  owner_id: number;
  material_img_name: string;
}[];
const someRow = sample[17]!;
const groupRow = sample.find((r) => r.group_id > 0);
const demoA = await db.db.selectFrom('account').select('id').where('username', '=', 'demo-a').executeTakeFirstOrThrow();
const category = await db.db.selectFrom('finished').select('cid').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const now = Math.floor(Date.now() / 1000);

const cases: [string, string][] = [
  ['default', ''],
  ['cid', `&cid=${category.cid}`],
  ['group_id', groupRow ? `&group_id=${groupRow.group_id}` : '&group_id=0'],
  ['ungrouped', '&group_id=0'],
  ['userids', `&userids=${demoA.id}`],
  ['key_id', `&key_id=${someRow.key_id}`],
  ['task_id', `&task_id=${someRow.task_id}`],
  ['name (3+ characters)', `&name=${encodeURIComponent('纯棉圆领')}`],
  ['name 卫衣 (2 characters)', `&name=${encodeURIComponent('卫衣')}`],
  ['material_img_name (3+ characters)', `&material_img_name=${encodeURIComponent('Retro')}`],
  ['material_img_name 卫衣 (2 characters)', `&material_img_name=${encodeURIComponent('卫衣')}`],
  ['material_img_name 猫 (1 character)', `&material_img_name=${encodeURIComponent('猫')}`],
  ['time range (30 days)', `&start_time=${now - 30 * 86400}&end_time=${now}`],
  ['combine_rule_type', '&combine_rule_type=3'],
  ['deep page (2,000 × 200)', '&pageNumber=2000'],
];

const figures: Record<string, unknown> = { bench: 'list', quick, finished_products: total, connections: 4, page_size: 200 };
log(`\ngetlist at page size 200, autocannon -c 4 for ${SECONDS} s each (target p95 ≤ 50 ms):`);
let worst = 0;
for (const [name, q] of cases) {
  const path = `/api/finished/getlist?pageSize=200${q}`;
  const first = await get(path);
  const r = await load(path);
  worst = Math.max(worst, r.p95);
  log(
    `  ${name.padEnd(40)} p95 ${r.p95.toFixed(1).padStart(7)} ms, mean ${r.mean.toFixed(1).padStart(6)} ms, ${r.rps.toFixed(0).padStart(5)} req/s; total ${first.count.toLocaleString('en')}, ${first.list.length} rows`,
  );
  figures[
    `p95_ms_${name
      .replace(/[^a-z0-9]+/gi, '_')
      .replace(/_+$/, '')
      .toLowerCase()}`
  ] = +r.p95.toFixed(1);
}
figures.p95_ms_worst = +worst.toFixed(1);

// Throughput: the default list at page size 10 against a trivial route, same server, same run.
const trivial = await load('/api/help/contact');
const list10 = await load('/api/finished/getlist?pageSize=10');
const ratio = list10.rps / trivial.rps;
log(
  `\nthroughput: getlist page size 10 ${list10.rps.toFixed(0)} req/s vs GET /api/help/contact ${trivial.rps.toFixed(0)} req/s: ${ratio.toFixed(2)}× (target ≥ 0.2×)`,
);
Object.assign(figures, { list10_rps: Math.round(list10.rps), trivial_rps: Math.round(trivial.rps), throughput_ratio: +ratio.toFixed(2) });

// Bulk picture download of 500 products: peak RSS of the server process while streaming.
const ids = (
  await db.db.selectFrom('finished').select('id').where('combined_into', 'is', null).orderBy('id', 'desc').limit(500).execute()
).map((r) => r.id);
const baselineRss = serverRss();
let peak = baselineRss;
const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 20);
const started = Date.now();
const res = await fetch(`${address}/api/finished/mutiDownload?ids=${ids.join(',')}`, { headers });
let bytes = 0;
const reader = res.body!.getReader();
for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
clearInterval(sampler);
peak = Math.max(peak, serverRss());
const mb = (n: number) => n / 1024 / 1024;
log(
  `\nbulk download of ${ids.length} products: ${mb(bytes).toFixed(1)} MB zip in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `peak RSS ${mb(peak).toFixed(0)} MB (before: ${mb(baselineRss).toFixed(0)} MB, ${(peak / baselineRss).toFixed(2)}×; target ≤ 300 MB)`,
);
Object.assign(figures, {
  download_products: ids.length,
  download_zip_mb: +mb(bytes).toFixed(1),
  download_seconds: +((Date.now() - started) / 1000).toFixed(1),
  download_peak_rss_mb: Math.round(mb(peak)),
  download_baseline_rss_mb: Math.round(mb(baselineRss)),
  download_rss_ratio: +(peak / baselineRss).toFixed(2),
});

await db.close();
server.stop();
console.log(JSON.stringify(figures));
