/**
 * `npm run bench:mobile` — the phone pages' first visit (docs/mobile.md#speed): how much JavaScript `/mobile-home`
 * downloads against its budget (≤ 150 KB gzip, and no back-office file), and how soon it paints and can be used on a
 * slow phone network, against the back office's `/login` measured the same way in the same run.
 *
 * The built app (both builds into a temporary folder, or `-- --dist <folder>` to measure one already built) is served
 * by the real server (apps/web/e2e/server.ts: fresh DATA_DIR, the demo accounts and the catalogue) and opened in
 * headless Chromium on an empty HTTP cache:
 * - **bytes**: `/mobile-home` at 390×844 as a phone, unthrottled; every JavaScript file it fetched counts by its gzip
 *   size (zlib level 9, KB = 1024 bytes, as bench:bundle counts). A file outside the phone build's folder
 *   (`assets/phone/`) is a back-office file and fails the run.
 * - **time**: the network throttled through the DevTools protocol to "fast 3G"-like figures (1.6 Mbps down,
 *   750 kbps up, 150 ms round trip), the CPU not. First contentful paint is Chromium's own `paint` entry.
 *   Interactive is when the page's working content is on screen and painted (the home page's search box and its first product
 *   or empty list; the login form's button) or, when later, when the last long task before the network went quiet
 *   ended — Lighthouse's idea of "interactive" without its 5 s quiet window. Each page is opened `runs` times
 *   (5, or 2 with `--quick`), each in a fresh context; the medians count.
 *
 * Prints the figures, then one line of JSON; exits 1 when `/mobile-home` is over its byte budget or loaded a
 * back-office file — bytes depend on the code, not the machine, so CI's quick run (scripts/benchSmoke.mjs) holds
 * them. The times are reported, never asserted (docs/testing.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { launchBrowser } from '../apps/web/e2e/browser.js';
import { defer, runBench } from './cleanUps.js';
import { repoRoot, startServer } from '../apps/web/e2e/server.js';

const BUDGET = 150 * 1024;
/** Where the phone build puts its scripts (apps/web/vite.phone.config.ts). */
const PHONE_ASSETS = '/assets/phone/';
/** "Fast 3G"-like, as Chromium's DevTools preset: bytes per second and milliseconds. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const quick = process.argv.includes('--quick');
const RUNS = quick ? 2 : 5;
const webDir = path.join(repoRoot, 'apps/web');
const log = (line: string) => process.stdout.write(`${line}\n`);
const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2);
};

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

interface Target {
  name: 'home' | 'login';
  url: string;
  context: BrowserContextOptions;
  /** CSS selectors all of which are on screen once the page can be used. */
  ready: string[];
}
const HOME: Target = {
  name: 'home',
  url: '/mobile-home',
  context: PHONE,
  ready: ['main input[type="search"]', 'main [data-home-products]'],
};
const LOGIN: Target = { name: 'login', url: '/login', context: DESKTOP, ready: ['form input', 'form button[type="submit"]'] };

interface Loaded {
  url: string;
  bytes: number;
  gzip: number;
}

/** Every JavaScript file `/mobile-home` fetches on a first visit, unthrottled. */
async function homeScripts(browser: Browser, baseURL: string): Promise<Loaded[]> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const pending: Promise<Loaded | null>[] = [];
  page.on('response', (res) => {
    if (!(res.headers()['content-type'] ?? '').includes('javascript')) return;
    pending.push(
      res.body().then(
        (body) => ({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  await page.goto(HOME.url);
  for (const selector of HOME.ready) await page.locator(selector).first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((f): f is Loaded => f !== null);
  await context.close();
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.url) && seen.add(f.url));
}

/** Records the page's long tasks from its first script on (the observer is buffered, so earlier ones count too). */
const LONG_TASKS = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

interface Timing {
  fcp: number;
  tti: number;
}

/** One throttled first visit: first contentful paint and interactive, in ms from navigation start. */
async function timeOnce(browser: Browser, baseURL: string, target: Target): Promise<Timing> {
  const context = await browser.newContext({ ...target.context, baseURL });
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await page.goto(target.url, { waitUntil: 'commit' });
  // Polled every frame in the page, so the moment is the frame the content appeared in.
  const shownAt = await page.waitForFunction(
    (selectors: string[]) => (selectors.every((s) => document.querySelector(s)) ? performance.now() : 0),
    target.ready,
    { polling: 'raf', timeout: 60_000 },
  );
  const shown = (await shownAt.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  const { fcp, lastLongTask } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    lastLongTask: Math.max(0, ...((window as unknown as { __longTasks: number[] }).__longTasks ?? [])),
  }));
  await context.close();
  return { fcp, tti: Math.max(shown, fcp, lastLongTask) };
}

async function timings(browser: Browser, baseURL: string, target: Target) {
  const runs: Timing[] = [];
  // Alternating with the other page would share nothing: each run is its own context with an empty cache.
  for (let i = 0; i < RUNS; i++) runs.push(await timeOnce(browser, baseURL, target));
  return { fcp: median(runs.map((r) => r.fcp)), tti: median(runs.map((r) => r.tti)), runs };
}

async function buildApp(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bo-bench-mobile-web-'));
  defer(() => rm(dist, { recursive: true, force: true }));
  // What sellers get (vitest or a shell may have set NODE_ENV otherwise); the back office first, as `npm run build`.
  process.env.NODE_ENV = 'production';
  for (const config of ['vite.config.ts', 'vite.phone.config.ts']) {
    await viteBuild({
      root: webDir,
      configFile: path.join(webDir, config),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: config === 'vite.config.ts' },
    });
  }
  return dist;
}

async function main(): Promise<boolean> {
  const distArg = process.argv.indexOf('--dist');
  const webDist = distArg >= 0 ? path.resolve(process.argv[distArg + 1] ?? '') : await buildApp();
  log(`bench:mobile — the app in ${webDist}${quick ? ' (quick)' : ''}`);
  const server = await startServer({ webDist, dataDirPrefix: 'bo-bench-mobile-' });
  defer(server.stop);
  const browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  defer(() => browser.close());

  const files = await homeScripts(browser, server.baseURL);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const desktop = files.filter((f) => !f.url.startsWith(PHONE_ASSETS));
  const within = gzip <= BUDGET && desktop.length === 0;
  log(
    `/mobile-home: ${KB(gzip)} KB gzip of JavaScript in ${files.length} files; budget ${KB(BUDGET)} KB, ratio ` +
      `${ratio(gzip, BUDGET)}${gzip > BUDGET ? '  OVER BUDGET' : ''}`,
  );
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) log(`  ${String(KB(f.gzip)).padStart(7)} KB  ${f.url}`);
  if (desktop.length) log(`  back-office files loaded: ${desktop.map((f) => f.url).join(', ')}`);

  const home = await timings(browser, server.baseURL, HOME);
  const login = await timings(browser, server.baseURL, LOGIN);
  const show = (name: string, t: typeof home) =>
    log(
      `${name}: first contentful paint ${t.fcp} ms, interactive ${t.tti} ms (median of ${t.runs.length}: ${t.runs.map((r) => `${Math.round(r.fcp)}/${Math.round(r.tti)}`).join(', ')})`,
    );
  log(`throttled: ${NETWORK.downloadThroughput * 8} bit/s down, ${NETWORK.latency} ms round trip`);
  show('/mobile-home (390×844)', home);
  show('/login (1440×900, the baseline)', login);
  log(
    JSON.stringify({
      bench: 'mobile',
      within_budget: within,
      home_js_gzip_kb: KB(gzip),
      home_js_files: files.length,
      home_budget_kb: KB(BUDGET),
      home_budget_ratio: ratio(gzip, BUDGET),
      home_desktop_files: desktop.length,
      home_fcp_ms: home.fcp,
      home_tti_ms: home.tti,
      login_fcp_ms: login.fcp,
      login_tti_ms: login.tti,
      fcp_ratio_to_login: ratio(home.fcp, login.fcp),
      tti_ratio_to_login: ratio(home.tti, login.tti),
      runs: RUNS,
    }),
  );
  return within;
}

runBench(main);
