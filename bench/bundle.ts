/**
 * `npm run bench:bundle` — how much JavaScript the first screen downloads, against its budget
 * (docs/web.md#the-budget): `/login` ≤ 200 KB and `/finished` (logged in) ≤ 350 KB, gzip.
 *
 * The built app (vite build into a temporary folder, or `-- --dist <folder>` to measure one already built) is
 * served by the real server (apps/web/e2e/server.ts: fresh DATA_DIR, demo accounts only) and each page is opened in
 * headless Chromium on an empty HTTP cache until it shows (the login form; the finished products' table) and the
 * network is idle. Every JavaScript file the page fetched (the entry, its preloads and the chunks of the route's
 * lazily loaded page) counts by its gzip size: the server sends the files uncompressed, so the bench gzips each one
 * itself (zlib, level 9) — what a gzip-serving proxy in front of it would send. KB = 1024 bytes.
 *
 * Prints per page the figure, the budget and the ratio to the budget, then one line of JSON; exits 1 when a page
 * is over its budget, in the full run and in `--quick` (CI's smoke run of every bench, scripts/benchSmoke.mjs) alike
 * (docs/web.md#the-budget).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { routes } from '@app/contract';
import { api } from '../apps/web/e2e/api.js';
import { launchBrowser } from '../apps/web/e2e/browser.js';
import { defer, runBench } from './cleanUps.js';
import { repoRoot, startServer } from '../apps/web/e2e/server.js';

/** The budgets, gzip bytes of JavaScript per page (docs/web.md#the-budget). */
const BUDGETS = { login: 200 * 1024, finished: 350 * 1024 } as const;
type PageName = keyof typeof BUDGETS;
const webDir = path.join(repoRoot, 'apps/web');
const log = (line: string) => process.stdout.write(`${line}\n`);
const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

interface Loaded {
  url: string;
  bytes: number;
  gzip: number;
  /** The server's Content-Encoding, '' when it sent the file as is. */
  encoding: string;
}

/** Opens `url` in a fresh page and returns every JavaScript file it fetched once `ready` holds and the network is idle. */
async function scriptsOf(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      res.body().then(
        (body) => ({
          url: new URL(res.url()).pathname,
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: res.headers()['content-encoding'] ?? '',
        }),
        () => null,
      ),
    );
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((f): f is Loaded => f !== null);
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.url) && seen.add(f.url));
}

async function measure(browser: Browser, baseURL: string): Promise<Record<PageName, Loaded[]>> {
  // Each page in its own context: an empty HTTP cache, as a seller's first visit.
  const loginContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const login = await scriptsOf(await loginContext.newPage(), '/login', (page) => page.locator('form input').first().waitFor());
  await loginContext.close();

  const finishedContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  // Logged in by the API only, so no page of the app has been loaded in this context before /finished.
  await api(finishedContext.request, routes.login, { body: { username: 'demo', password: 'demo1234' } });
  const finished = await scriptsOf(await finishedContext.newPage(), '/finished', (page) =>
    page.locator('main .finished-table table').first().waitFor(),
  );
  await finishedContext.close();
  return { login, finished };
}

async function main(): Promise<boolean> {
  const distArg = process.argv.indexOf('--dist');
  let webDist = distArg >= 0 ? path.resolve(process.argv[distArg + 1] ?? '') : '';
  if (!webDist) {
    // A folder of our own: apps/web/dist belongs to the e2e suite.
    webDist = await mkdtemp(path.join(os.tmpdir(), 'bo-bench-bundle-web-'));
    const dist = webDist;
    defer(() => rm(dist, { recursive: true, force: true }));
    // What sellers get (vitest or a shell may have set NODE_ENV otherwise).
    process.env.NODE_ENV = 'production';
    await viteBuild({
      root: webDir,
      configFile: path.join(webDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
    });
  }
  log(`bench:bundle — the app in ${webDist}`);
  const server = await startServer({ webDist, dataDirPrefix: 'bo-bench-bundle-' });
  defer(server.stop);
  const browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  defer(() => browser.close());

  const pages = await measure(browser, server.baseURL);
  const encodings = new Set(Object.values(pages).flatMap((files) => files.map((f) => f.encoding || 'none')));
  const figures: Record<string, number | string> = { server_encoding: [...encodings].join(',') };
  let within = true;
  for (const name of Object.keys(BUDGETS) as PageName[]) {
    const files = pages[name];
    const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
    const raw = files.reduce((sum, f) => sum + f.bytes, 0);
    const budget = BUDGETS[name];
    const over = gzip > budget;
    within &&= !over;
    log(
      `/${name}: ${KB(gzip)} KB gzip of JavaScript (${KB(raw)} KB as served) in ${files.length} files; ` +
        `budget ${KB(budget)} KB, ratio ${ratio(gzip, budget)}${over ? '  OVER BUDGET' : ''}`,
    );
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) log(`  ${String(KB(f.gzip)).padStart(7)} KB  ${f.url}`);
    Object.assign(figures, {
      [`${name}_js_gzip_kb`]: KB(gzip),
      [`${name}_js_kb`]: KB(raw),
      [`${name}_js_files`]: files.length,
      [`${name}_budget_kb`]: KB(budget),
      [`${name}_ratio`]: ratio(gzip, budget),
    });
  }
  log(`server Content-Encoding of the scripts: ${figures.server_encoding} (gzip sizes computed here, zlib level 9)`);
  log(JSON.stringify({ bench: 'bundle', within_budget: within, ...figures }));
  return within;
}

runBench(main);
