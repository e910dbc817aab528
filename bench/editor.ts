/**
 * `npm run bench:editor` — the design editor figures (README.md#benchmarks), each with its ratio to a baseline run in the
 * same process. The last line is one line of JSON holding every figure. `-- --quick` runs fewer repetitions.
 *
 * Everything runs on the built app (vite build into a temporary folder) served by the real server
 * (`npx tsx apps/server/src/main.ts`, fresh DATA_DIR, SEED_DEMO_CONTENT=0, the demo T-shirt imported), in
 * headless Chromium as the e2e suite drives it (apps/web/e2e/server.ts, browser.ts and api.ts).
 *
 * 1. open → interactive: page.goto('/design?product_id=&attr_id=') of the demo T-shirt until
 *    `[data-testid="editor-stage"][data-interactive="true"]` holds a canvas; the first run on an empty HTTP
 *    cache (cold), then warm runs, a fresh page each. Baseline: `/login` until its form is visible, measured
 *    the same way (its own cold context, then warm) and interleaved with the editor's runs.
 * 2. drag with 100 image layers: a finished product whose design has 100 image layers, opened by key_id;
 *    one layer dragged across the canvas with the mouse (~60 moves over ~1 s) while a requestAnimationFrame
 *    loop records frame times. Baseline: the same loop on the same page, idle, for as long.
 * 3. Konva vs server print: the Konva stage's own pixels at print size (non-design nodes hidden) against the
 *    server's print of the same area (POST /api/design/compose), flattened on white; a pixel differs when a
 *    channel differs by more than 32 (apps/web/e2e/render-parity.e2e.ts). Baseline: see `comparePrints`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { routes } from '@app/contract';
import type { Layer } from '@app/design';
import { api } from '../apps/web/e2e/api.js';
import { demoTshirt, importDemoTshirt } from '../apps/web/e2e/catalogue.js';
import { launchBrowser } from '../apps/web/e2e/browser.js';
import { cleanUp, defer, interrupted } from './cleanUps.js';
import { repoRoot, startServer } from '../apps/web/e2e/server.js';
import { comparePrints, type Difference } from './editorPrints.js';
import {
  finishedProduct,
  type Frames,
  frameStats,
  imageLayer,
  log,
  median,
  motifPng,
  ms,
  newContext,
  pageArea,
  pct,
  photoPng,
  ratio,
  round6,
  settle,
  sleep,
  startFrames,
  stopFrames,
  timeOpen,
  trackRequests,
  upload,
} from './editorKit.js';

const quick = process.argv.includes('--quick');
/** Warm opens of the editor (and of the login page) after the cold one. */
const WARM_RUNS = quick ? 3 : 9;
/** Drags (alternately there and back) and as many idle windows of the same length. */
const DRAGS = quick ? 1 : 3;
const DRAG_MOVES = 60;
const DRAG_MS = 1000;
const LAYER_COUNT = 100;
const TARGETS = { openInteractiveMs: 1500, dragFrameP95Ms: 16.7, printDiffFraction: 0.01 };

const webDir = path.join(repoRoot, 'apps/web');

async function main() {
  log(`bench:editor${quick ? ' (quick)' : ''}`);

  // The built app, in a folder of our own (apps/web/dist belongs to the e2e suite).
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'bo-bench-editor-web-'));
  defer(() => rm(webDist, { recursive: true, force: true }));
  await viteBuild({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: webDist, emptyOutDir: true },
  });
  const server = await startServer({ webDist, dataDirPrefix: 'bo-bench-editor-' });
  defer(server.stop);
  const { baseURL } = server;
  log(`server ${baseURL}, data in ${server.dataDir}`);

  // The demo T-shirt, generated and imported with the catalogue CLIs (the e2e suite's helper).
  importDemoTshirt(server.dataDir);

  // Playwright's own Ctrl+C handler would end the process before the server is stopped: ours closes the browser.
  const browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  defer(() => browser.close());
  const editorContext = await newContext(browser, baseURL);
  const loginContext = await newContext(browser, baseURL);
  // Logged in by the API only: the editor context's HTTP cache stays empty for the cold run.
  await api(editorContext.request, routes.login, { body: { username: 'demo', password: 'demo1234' } });
  const request = editorContext.request;

  const { product, productId, attrId } = await demoTshirt(request);
  const front = product.design_list[0]!;
  const bbox = front.bbox;
  log(
    `product ${product.name} (#${productId}), area ${front.id}: bbox ${bbox.x},${bbox.y} ${bbox.width}×${bbox.height}, ` +
      `print ${front.print_width}×${front.print_height}`,
  );

  // ── 1. open → interactive, against the login page.
  const blankUrl = `/design?product_id=${productId}&attr_id=${attrId}`;
  const openLogin = async () => {
    const page = await loginContext.newPage();
    try {
      return await timeOpen(page, '/login');
    } finally {
      await page.close();
    }
  };
  const openBlank = async () => {
    const page = await editorContext.newPage();
    try {
      return await timeOpen(page, blankUrl);
    } finally {
      await page.close();
    }
  };
  const loginCold = await openLogin();
  const editorCold = await openBlank();
  const loginWarm: number[] = [];
  const editorWarm: number[] = [];
  for (let r = 0; r < WARM_RUNS; r++) {
    loginWarm.push(await openLogin());
    editorWarm.push(await openBlank());
  }
  const open = {
    cold: ms(editorCold),
    warm: ms(median(editorWarm)),
    loginCold: ms(loginCold),
    loginWarm: ms(median(loginWarm)),
  };
  log(
    `open → interactive (/design, demo T-shirt): cold ${open.cold} ms, warm median ${open.warm} ms of ${WARM_RUNS} ` +
      `[${editorWarm.map((t) => Math.round(t)).join(', ')}] (target ≤ ${TARGETS.openInteractiveMs} ms)`,
  );
  log(
    `  baseline /login until its form shows: cold ${open.loginCold} ms, warm median ${open.loginWarm} ms; ` +
      `ratio cold ${ratio(open.cold, open.loginCold)}, warm ${ratio(open.warm, open.loginWarm)}`,
  );

  // ── 2. Dragging one layer of 100.
  const tiles = await Promise.all(
    [0, 1, 2, 3].map((i) => upload(request, `bench-tile-${i}.png`, i % 2 ? motifPng(400, i * 70) : photoPng(400, 300, i * 70))),
  );
  let seed = 42;
  const random = () => {
    // mulberry32: the same design every run.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const layers: Layer[] = [];
  for (let i = 0; i < LAYER_COUNT - 1; i++) {
    layers.push(
      imageLayer(`l${i}`, tiles[i % tiles.length]!, {
        x: bbox.x + bbox.width * (0.1 + 0.8 * random()),
        y: bbox.y + bbox.height * (0.1 + 0.8 * random()),
        scale: 0.15 + 0.25 * random(),
        rotation: Math.round(random() * 60 - 30),
        flipX: random() < 0.3,
      }),
    );
  }
  // The one dragged: on top, left of the middle, crossing to the right and back.
  const from = { x: bbox.x + bbox.width * 0.25, y: bbox.y + bbox.height * 0.4 };
  const to = { x: bbox.x + bbox.width * 0.75, y: bbox.y + bbox.height * 0.6 };
  layers.push(imageLayer('dragged', tiles[0]!, { ...from, scale: 0.3 }));
  const manyKey = await finishedProduct(request, productId, attrId, { id: front.id, background: '', layers });

  const page = await editorContext.newPage();
  const net = trackRequests(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const openMany = await timeOpen(page, `/design?key_id=${manyKey}&product_id=${productId}&debug=1`);
  const opened = await pageArea(page);
  if (opened.area.layers.length !== LAYER_COUNT)
    throw new Error(`the editor opened ${opened.area.layers.length} layers, not ${LAYER_COUNT}`);
  log(`open → interactive with ${LAYER_COUNT} image layers (first open of this design): ${ms(openMany)} ms`);

  /** The page position of a point of the 600×600 stage. */
  const stageOrigin = await page.evaluate(() => {
    const container = window.__editor!.stage().container();
    container.scrollIntoView({ block: 'center' });
    const r = container.getBoundingClientRect();
    return { x: r.left, y: r.top };
  });
  const layerAt = async () => {
    const { area } = await pageArea(page);
    const l = area.layers.find((x) => x.id === 'dragged')!;
    return { x: l.x, y: l.y };
  };

  const idle: number[] = [];
  const drag: number[] = [];
  const drags: Frames[] = [];
  const settling: number[] = [];
  for (let d = 0; d < DRAGS; d++) {
    settling.push(await settle(page, net));
    await startFrames(page);
    await sleep(DRAG_MS);
    idle.push(...(await stopFrames(page)).intervals);

    settling.push(await settle(page, net));
    const start = await layerAt();
    const target = d % 2 === 0 ? to : from;
    await page.mouse.move(stageOrigin.x + start.x, stageOrigin.y + start.y);
    await startFrames(page);
    await page.mouse.down();
    // A mouse at 60 Hz: each move sent on time, without waiting for the page to have handled the one before
    // (Chromium coalesces what piles up, as it does for a real mouse); then the button goes up.
    const t0 = performance.now();
    const moves: Promise<void>[] = [];
    for (let i = 1; i <= DRAG_MOVES; i++) {
      const wait = t0 + (i * DRAG_MS) / DRAG_MOVES - performance.now();
      if (wait > 0) await sleep(wait);
      const k = i / DRAG_MOVES;
      moves.push(page.mouse.move(stageOrigin.x + start.x + (target.x - start.x) * k, stageOrigin.y + start.y + (target.y - start.y) * k));
    }
    await Promise.all(moves);
    await page.mouse.up();
    const frames = await stopFrames(page);
    drags.push(frames);
    drag.push(...frames.intervals);
    const end = await layerAt();
    // Snapping may pull the layer a few pixels; a drag that did not take would leave it where it was.
    if (Math.hypot(end.x - target.x, end.y - target.y) > 10) {
      throw new Error(
        `the drag did not move the layer: from ${JSON.stringify(start)} towards ${JSON.stringify(target)}, now ${JSON.stringify(end)}`,
      );
    }
  }
  await page.close();
  if (pageErrors.length) throw new Error(`errors in the editor page: ${pageErrors.join('; ')}`);
  const dragStats = frameStats(drag);
  const idleStats = frameStats(idle);
  log(
    `drag one of ${LAYER_COUNT} image layers (${DRAGS}× ${DRAG_MOVES} moves over ${DRAG_MS} ms): frame interval p50 ${dragStats.p50} ms, ` +
      `p95 ${dragStats.p95} ms, max ${dragStats.max} ms (${dragStats.frames} frames; target p95 ≤ ${TARGETS.dragFrameP95Ms} ms)`,
  );
  const worst = (k: 'atDown' | 'atUp') => ms(Math.max(...drags.map((d) => d[k])));
  const pressedMs = ms(median(drags.map((d) => d.pressedMs)));
  log(
    `  button held ${pressedMs} ms (median; moves sent over ${DRAG_MS} ms); ` +
      `longest frame at the press (select) ${worst('atDown')} ms, at the drop (commit) ${worst('atUp')} ms`,
  );
  log(`  (before each window the page was left to settle: median ${ms(median(settling))} ms, longest ${ms(Math.max(...settling))} ms)`);
  log(
    `  baseline idle on the same page: p50 ${idleStats.p50} ms, p95 ${idleStats.p95} ms, max ${idleStats.max} ms ` +
      `(${idleStats.frames} frames); ratio p95 ${ratio(dragStats.p95, idleStats.p95)}`,
  );

  // ── 3. Konva stage vs the server's print.
  const prints = await comparePrints(editorContext, { productId, attrId, front });
  const diff = (d: Difference) => `${pct(d.fraction)} (mean channel delta ${d.meanDelta.toFixed(3)}, max ${d.maxDelta})`;
  // render() on a plain canvas may match the print exactly (fraction 0): the ratio is to the control (see comparePrints).
  const printRatio = ratio(prints.konvaVsServer.fraction, prints.changedVsKonva.fraction);
  log(
    `Konva stage vs server print (${prints.width}×${prints.height}, design covers ${pct(prints.coverage)}): ` +
      `${diff(prints.konvaVsServer)} of pixels differ (target ≤ ${pct(TARGETS.printDiffFraction)})`,
  );
  log(`  baseline render() on a plain Chromium canvas vs server print: ${diff(prints.browserCanvasVsServer)}`);
  log(`  render() on @napi-rs/canvas in this process vs Konva ${diff(prints.nodeVsKonva)}, vs server print ${diff(prints.nodeVsServer)}`);
  log(`  control: server print with the photo mirrored vs Konva ${diff(prints.changedVsKonva)}; ratio Konva / control ${printRatio}`);

  return {
    bench: 'editor',
    quick,
    targets: TARGETS,
    open_interactive_ms_cold: open.cold,
    open_interactive_ms_warm_median: open.warm,
    open_interactive_ms_warm_runs: editorWarm.map(ms),
    login_ms_cold: open.loginCold,
    login_ms: open.loginWarm,
    open_ratio_cold: ratio(open.cold, open.loginCold),
    open_ratio_warm: ratio(open.warm, open.loginWarm),
    open_interactive_100_layers_ms: ms(openMany),
    drag_frame_p50_ms: dragStats.p50,
    drag_frame_p95_ms: dragStats.p95,
    drag_frame_max_ms: dragStats.max,
    drag_frames: dragStats.frames,
    idle_frame_p50_ms: idleStats.p50,
    idle_frame_p95_ms: idleStats.p95,
    idle_frame_max_ms: idleStats.max,
    idle_frames: idleStats.frames,
    drag_ratio_p95: ratio(dragStats.p95, idleStats.p95),
    drag_pressed_ms: pressedMs,
    drag_frame_at_press_ms: worst('atDown'),
    drag_frame_at_drop_ms: worst('atUp'),
    print_width: prints.width,
    print_height: prints.height,
    print_design_coverage: Number(prints.coverage.toFixed(4)),
    print_diff_fraction: round6(prints.konvaVsServer.fraction),
    print_mean_delta: round6(prints.konvaVsServer.meanDelta),
    print_max_delta: prints.konvaVsServer.maxDelta,
    print_diff_browser_canvas_fraction: round6(prints.browserCanvasVsServer.fraction),
    print_mean_delta_browser_canvas: round6(prints.browserCanvasVsServer.meanDelta),
    print_diff_node_vs_konva_fraction: round6(prints.nodeVsKonva.fraction),
    print_diff_node_vs_server_fraction: round6(prints.nodeVsServer.fraction),
    print_diff_changed_control_fraction: round6(prints.changedVsKonva.fraction),
    print_ratio_to_control: printRatio,
  };
}

let figures: Awaited<ReturnType<typeof main>> | undefined;
try {
  figures = await main();
} catch (e) {
  // Once interrupted, what fails is only the browser or the server going away under the run.
  if (!interrupted()) console.error(e);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
if (figures) log(JSON.stringify(figures));
