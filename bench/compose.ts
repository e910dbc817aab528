/**
 * `npm run bench:compose` — the composition figures (README.md#benchmarks), each with its ratio to a baseline run
 * in the same process. The last line is one line of JSON holding every figure.
 *
 * 1. print: a 10-layer design area (6 images, one tiled, 2 texts, background) at 2400×2400, against bare
 *    Skia drawing the same images.
 * 2. mockup: one colour mockup at 2000×2000 JPEG with shading, against a bare sharp composite + encode.
 * 3. finished: a T-shirt, one design area, 6 colours, one view, from job pick-up to rows written.
 * 4. eventLoop: the API's event-loop delay p99 during a 20-job batch, against the same process idle.
 * 5. memory: 100 finished products in a row: peak RSS and growth after the first ten.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { routes } from '@app/contract';
import { layerSchema, type DesignArea, type DesignDocument, type LayerInput } from '@app/design';
import { buildApp } from '../apps/server/src/app.js';
import { defaultAppConfig } from '../apps/server/src/config.js';
import { openServices } from '../apps/server/src/services.js';
import { seedDemo } from '../apps/server/src/demo/index.js';
import type { JobHandler } from '../apps/server/src/jobs/queue.js';
import { createComposeEngine, registerFonts } from '../apps/server/src/compose/engine.js';
import type { ComposeAreaSpec } from '../apps/server/src/compose/tasks.js';
import { importCatalogue } from '../apps/server/src/modules/catalogue/index.js';
import { multipart } from '../apps/server/test/support/multipart.js';

const quick = process.argv.includes('--quick');
// --quick: the smoke form CI runs (scripts/stages.mjs bench): every step, few repetitions.
const RUNS = quick ? 3 : 15;
const BATCH = quick ? 6 : 20;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const ms = (n: number) => Math.round(n * 10) / 10;
const time = async (fn: () => unknown) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const log = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
const catalogueDir = path.join(dataDir, 'catalogue');
log(`bench:compose — data in ${dataDir}${quick ? ' (quick)' : ''}`);
// Generated in a process of its own: the drawing it does must not count in this process's memory figure.
execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/catalogue/cli.ts', catalogueDir, '--only', 'tshirt'], {
  stdio: 'ignore',
});
// The figures name a T-shirt in 6 colours: keep the demo T-shirt's first six.
const manifestFile = path.join(catalogueDir, 'products', 'tshirt', 'product.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
  colors: { name: string }[];
  views: { bases: Record<string, string> }[];
};
manifest.colors = manifest.colors.slice(0, 6);
const kept = new Set(manifest.colors.map((c) => c.name));
for (const v of manifest.views) v.bases = Object.fromEntries(Object.entries(v.bases).filter(([name]) => kept.has(name)));
fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));

// The server process as main.ts builds it; its job worker starts below, with a timed synthesis handler.
const services = await openServices({
  ...defaultAppConfig(dataDir),
  logLevel: 'silent',
  seedDemo: true,
  seedDemoContent: false,
  composeThreads: 1,
});
await seedDemo(services);
const app = { ...services, ...(await buildApp(services)) };
await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: Date.now });
const storage = app.storage;

/** The demo seller (account 1), as the synthesis service receives it. */
const caller = { id: 1, username: 'demo', nickname: '', level: 3, parentId: null, officeId: null, scope: { accountIds: [1] } };
/** The demo seller's session cookie. */
async function demoCookie() {
  const login = await app.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'demo', password: 'demo1234' } });
  const token = login.cookies.find((c) => c.name === 'token')?.value;
  if (!token) throw new Error(`login failed: ${login.body}`);
  return `token=${token}`;
}
const cookie = await demoCookie();

/**
 * Photo-like 1000×1000 artworks: gradients, rings and noise-free shapes, uploaded to the demo seller's
 * material library as a seller uploads them: a design may name only files its caller may read
 * (docs/security.md#blob-privacy), so the bench's designs use the seller's own materials.
 */
async function artwork(i: number): Promise<string> {
  const c = createCanvas(1000, 1000);
  const x = c.getContext('2d');
  const g = x.createLinearGradient(0, 0, 1000, 1000);
  g.addColorStop(0, `hsl(${i * 57}, 80%, 55%)`);
  g.addColorStop(1, `hsl(${i * 57 + 120}, 70%, 35%)`);
  x.fillStyle = g;
  x.fillRect(0, 0, 1000, 1000);
  for (let r = 0; r < 12; r++) {
    x.beginPath();
    x.arc(500, 500, 40 + r * 36, 0, Math.PI * 2);
    x.lineWidth = 14;
    x.strokeStyle = `hsla(${i * 31 + r * 20}, 90%, 80%, 0.6)`;
    x.stroke();
  }
  const form = multipart([{ name: 'file', filename: `art-${i}.png`, data: await c.encode('png'), type: 'image/png' }]);
  const res = await app.app.inject({
    method: 'POST',
    url: routes.materialUpload.path,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
  const item = res.json().data as { img_url: string; owner: number } | null;
  if (!item || item.owner !== caller.id) throw new Error(`material upload failed: ${res.body}`);
  return item.img_url;
}
const arts = await Promise.all([0, 1, 2, 3, 4, 5].map(artwork));

const tshirt = (await app.db.db.selectFrom('product').select(['id']).where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
const product = (await app.design.productFor({ id: 1, level: 3 } as never, tshirt))!;
const view = product.spec.views[0]!;
const placement = view.placements[0]!;
const color = product.spec.colors[0]!.name;
const img = (i: number, over: Partial<LayerInput>): LayerInput => ({
  id: `i${i}`,
  type: 'image',
  src: arts[i]!,
  width: 300,
  height: 300,
  x: 300,
  y: 300,
  ...over,
});
// ── 3–5 first, while the process holds only the server: the real pipeline, synthesis jobs on the
// server's queue composed in its worker thread. Figures 1–2 then run the engine on this thread.
const colors = [...new Set(product.skus.map((s) => s.color))];
const parentSku = product.skus[0]!.id;
const frontSpec = product.spec.areas.find((a) => a.id === placement.area)!;
let serial = 0;
/** A fresh design each time (its own text), so nothing comes from the composition cache. */
function design(): string {
  serial++;
  const d: DesignDocument = {
    version: 1,
    areas: [
      {
        id: frontSpec.id,
        background: '',
        layers: [
          layerSchema.parse(img(1, { x: 300, y: 260, scale: 1 })),
          layerSchema.parse(img(3, { x: 300, y: 330, scale: 0.5, rotation: 10 })),
          layerSchema.parse({
            id: 't',
            type: 'text',
            text: `NO.${serial} 张雨桐`,
            fontSize: 40,
            width: 300,
            height: 60,
            x: 300,
            y: 420,
            fill: '#222222',
          }),
        ],
      },
    ],
  };
  return JSON.stringify(d);
}
const jobTimes: number[] = [];
// Pick-up to rows written: the handler runs from the moment the queue hands it the job.
const timedSynthesis: JobHandler = async (job) => {
  const t = performance.now();
  const out = await app.synthesis.jobKind.run(job);
  jobTimes.push(performance.now() - t);
  return out;
};
app.queue.work({ ...app.jobKinds, synthesis: { ...app.synthesis.jobKind, run: timedSynthesis } }, { concurrency: 1 });

log(`server process before the first job: RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
const runOne = async () => {
  await app.synthesis.create(caller as never, { product_id: tshirt, attr_id: parentSku, extends: design(), source_ids: '', is_online: 0 });
  await app.queue.drain();
};
for (let r = 0; r < (quick ? 3 : 7); r++) await runOne();
const finishedMs = median(jobTimes);
const rows = await app.db.db.selectFrom('finished').select(['status', 'img_urls']).execute();
if (rows.some((r) => r.status !== 'ready' || JSON.parse(r.img_urls).length !== 1)) throw new Error('a synthesis did not write its rows');
const finished = { ms: ms(finishedMs), colors: colors.length, ratioToOneSecond: ms(finishedMs / 1000) };
log(
  `finished product (T-shirt, ${colors.length} colours, one view), pick-up to rows written: median ${finished.ms} ms; ratio to 1 s ${finished.ratioToOneSecond}`,
);

// ── 4. Event-loop delay of the API while a 20-job batch composes.
async function apiLoad(untilDone: () => boolean) {
  let calls = 0;
  while (!untilDone()) {
    await app.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    calls++;
    await new Promise((r) => setTimeout(r, 10));
  }
  return calls;
}
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
let idleDone = false;
const idleTimer = setTimeout(() => (idleDone = true), quick ? 1500 : 4000);
await apiLoad(() => idleDone);
idle.disable();
clearTimeout(idleTimer);
const busy = monitorEventLoopDelay({ resolution: 5 });
busy.enable();
let batchDone = false;
const load = apiLoad(() => batchDone);
for (let i = 0; i < BATCH; i++) {
  await app.synthesis.create(caller as never, { product_id: tshirt, attr_id: parentSku, extends: design(), source_ids: '', is_online: 0 });
}
await app.queue.drain();
batchDone = true;
const apiCalls = await load;
busy.disable();
const p99 = (h: ReturnType<typeof monitorEventLoopDelay>) => h.percentile(99) / 1e6;
const eventLoop = { jobs: BATCH, p99Ms: ms(p99(busy)), idleP99Ms: ms(p99(idle)), ratio: ms(p99(busy) / p99(idle)), apiCalls };
log(
  `API event-loop delay during a ${BATCH}-job batch: p99 ${eventLoop.p99Ms} ms; idle p99 ${eventLoop.idleP99Ms} ms; ratio ${eventLoop.ratio} (${apiCalls} API calls answered)`,
);

// ── 5. 100 finished products in a row: memory stays flat.
const N = quick ? 12 : 100;
const rss: number[] = [];
for (let i = 0; i < N; i++) {
  await runOne();
  rss.push(process.memoryUsage().rss / 2 ** 20);
}
const memory = {
  products: N,
  // The process's high-water mark (getrusage), so a peak during a composition is not missed.
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  rssAt10Mb: Math.round(rss[9]!),
  rssAtEndMb: Math.round(rss[N - 1]!),
  growthAfter10Mb: Math.round(rss[N - 1]! - rss[9]!),
  ratioEndTo10: ms(rss[N - 1]! / rss[9]!),
};
log(
  `${N} finished products in a row: peak RSS ${memory.peakRssMb} MB; at 10 ${memory.rssAt10Mb} MB, at ${N} ${memory.rssAtEndMb} MB (growth ${memory.growthAfter10Mb} MB, ratio ${memory.ratioEndTo10})`,
);

// ── 1. Print image of a 10-layer design area at 2400×2400 (drawn, then its pixels read back, in both runs).
registerFonts();
const engine = createComposeEngine({
  storage,
  templateCacheBytes: 256 << 20,
  imageCacheBytes: 128 << 20,
  nameKey: randomBytes(32).toString('hex'),
});
const printArea: DesignArea = {
  id: 'front',
  background: '#f4efe6',
  layers: [
    img(0, { width: 120, height: 120, putu: 1, putustr: '2', opacity: 0.35 }),
    img(1, { x: 200, y: 180, rotation: 15 }),
    img(2, { x: 420, y: 200, scale: 0.6, flipX: true }),
    img(3, { x: 300, y: 380, scale: 1.2, opacity: 0.8 }),
    img(4, { x: 150, y: 450, rotation: -30, scale: 0.5 }),
    img(5, { x: 470, y: 470, scale: 0.5, flipY: true }),
    {
      id: 't1',
      type: 'text',
      text: '张雨桐 23',
      fontFamily: 'Noto Sans SC',
      fontSize: 64,
      fill: '#1d3557',
      width: 400,
      height: 80,
      x: 300,
      y: 90,
    },
    {
      id: 't2',
      type: 'text',
      text: 'CHAMPIONS',
      fontFamily: 'Anton',
      fontSize: 72,
      fill: '#e63946',
      width: 500,
      height: 90,
      x: 300,
      y: 540,
    },
  ].map((l) => layerSchema.parse(l)),
};
const printSpec: ComposeAreaSpec = { id: 'front', bbox: { x: 0, y: 0, width: 600, height: 600 }, print: { width: 2400, height: 2400 } };
const decoded: Image[] = await Promise.all(arts.map(async (u) => loadImage(await storage.get(u.replace('/files/', '')))));

/** The same pixels' worth of work with bare Skia calls: no document, no layer logic. */
function bareSkia() {
  const c = createCanvas(2400, 2400);
  const x = c.getContext('2d');
  x.fillStyle = '#f4efe6';
  x.fillRect(0, 0, 2400, 2400);
  x.globalAlpha = 0.35;
  for (let ty = 0; ty < 2400; ty += 480) for (let tx = 0; tx < 2400; tx += 480) x.drawImage(decoded[0]!, tx, ty, 480, 480);
  x.globalAlpha = 1;
  for (const l of printArea.layers.slice(1, 6)) {
    const i = Number(l.id.slice(1));
    x.save();
    x.globalAlpha = l.opacity;
    x.translate(l.x * 4, l.y * 4);
    x.rotate((l.rotation * Math.PI) / 180);
    x.scale(l.scale * 4 * (l.flipX ? -1 : 1), l.scale * 4 * (l.flipY ? -1 : 1));
    x.drawImage(decoded[i]!, -150, -150, 300, 300);
    x.restore();
  }
  x.font = '256px "Noto Sans SC"';
  x.fillStyle = '#1d3557';
  x.textAlign = 'center';
  x.fillText('张雨桐 23', 1200, 360);
  x.font = '288px "Anton"';
  x.fillText('CHAMPIONS', 1200, 2160);
  return x.getImageData(0, 0, 2400, 2400);
}
await engine.drawArea(printArea, printSpec); // warm the image cache, as a running server has it
bareSkia();
const oursPrint: number[] = [];
const barePrint: number[] = [];
for (let r = 0; r < RUNS; r++) {
  oursPrint.push(await time(async () => (await engine.drawArea(printArea, printSpec)).getContext('2d').getImageData(0, 0, 2400, 2400)));
  barePrint.push(await time(bareSkia));
}
const print = { ms: ms(median(oursPrint)), bareSkiaMs: ms(median(barePrint)), ratio: ms(median(oursPrint) / median(barePrint)) };
log(`print 2400×2400, 10 layers: median ${print.ms} ms; bare Skia ${print.bareSkiaMs} ms; ratio ${print.ratio}`);

// ── 2. One colour mockup at 2000×2000 JPEG with shading.
const rect = {
  x: Math.round(placement.x),
  y: Math.round(placement.y),
  width: Math.round(placement.width),
  height: Math.round(placement.height),
};
const printPng = await (await engine.drawArea(printArea, printSpec)).encode('png');
const printRaw = await sharp(printPng).resize(rect.width, rect.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
const placed = [{ rect, pixels: { data: printRaw, width: rect.width, height: rect.height, channels: 4 } }];
const baseBytes = await storage.get(view.bases[color]!);
const shadingBytes = await storage.get(view.shading);
const printResizedPng = await sharp(printPng).resize(rect.width, rect.height, { fit: 'fill' }).png().toBuffer();
const bareSharp = () =>
  sharp(baseBytes)
    .composite([
      { input: printResizedPng, left: rect.x, top: rect.y },
      { input: shadingBytes, blend: 'multiply' },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
await engine.composeMockup(view, view.bases[color]!, placed); // decode templates once, as a running worker has them
await bareSharp();
const oursMockup: number[] = [];
const bareMockup: number[] = [];
for (let r = 0; r < RUNS; r++) {
  oursMockup.push(await time(() => engine.composeMockup(view, view.bases[color]!, placed)));
  bareMockup.push(await time(bareSharp));
}
const mockup = { ms: ms(median(oursMockup)), bareSharpMs: ms(median(bareMockup)), ratio: ms(median(oursMockup) / median(bareMockup)) };
log(
  `mockup 2000×2000 JPEG with shading: median ${mockup.ms} ms; bare sharp composite + encode ${mockup.bareSharpMs} ms; ratio ${mockup.ratio}`,
);

await app.app.close();
await services.close();
fs.rmSync(dataDir, { recursive: true, force: true });
log(JSON.stringify({ bench: 'compose', quick, print, mockup, finished, eventLoop, memory }));
