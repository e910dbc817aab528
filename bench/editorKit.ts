/**
 * What bench/editor.ts and bench/editorPrints.ts share: figures' arithmetic, the browser context and page
 * helpers (opening a page until ready, frame timing, waiting for rest) and the seller's test materials.
 */
import { createCanvas } from '@napi-rs/canvas';
import type Konva from 'konva';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { routes, type DataOf } from '@app/contract';
import { layerSchema, serializeDesign, type DesignArea, type Layer, type LayerInput } from '@app/design';
import type { EditorState, History } from '../apps/web/src/features/editor/model';
import { api } from '../apps/web/e2e/api.js';

/** What `?debug=1` exposes (apps/web/src/features/editor/EditorPage.tsx). */
interface EditorHook {
  stage: () => Konva.Stage;
  history: () => History;
}
declare global {
  interface Window {
    __editor?: EditorHook;
    __frames?: number[];
    __framesOn?: boolean;
    __readyAt?: number;
    __input?: { down: number; up: number };
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
export const ms = (n: number) => Math.round(n * 10) / 10;
export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
export const pct = (f: number) => `${(f * 100).toFixed(3)}%`;
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
export const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Installed in every page before its scripts: the time (performance.now(), i.e. milliseconds since the
 * navigation started) at which /design became interactive (the stage marked data-interactive="true" holds a
 * canvas) or /login showed its form, noted by a MutationObserver as soon as the DOM says so. Waiting for it
 * from here instead would add Playwright's polling back-off (up to 500 ms) to the figure.
 */
export const READY_SCRIPT = `(() => {
  const check =
    location.pathname === '/login'
      ? () => { const input = document.querySelector('form input'); return !!input && input.checkVisibility(); }
      : location.pathname === '/design'
        ? () => !!document.querySelector('[data-testid="editor-stage"][data-interactive="true"] canvas')
        : null;
  if (!check) return;
  const observer = new MutationObserver(() => {
    if (!check()) return;
    window.__readyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
  // tsx compiles this file with esbuild's keepNames: functions handed to page.evaluate may call __name.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript({ content: READY_SCRIPT });
  return context;
}

/** page.goto(url) until the page is ready (READY_SCRIPT): milliseconds from the start of the navigation, measured in the page. */
export async function timeOpen(page: Page, url: string): Promise<number> {
  // A moment for the browser to finish with the page closed before (its renderer winds down on the same 2 cores).
  await sleep(500);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__readyAt !== undefined, undefined, { polling: 'raf', timeout: 120_000 });
  return page.evaluate(() => window.__readyAt!);
}

// ── Test images, drawn here and uploaded as the seller's materials.

/** A photo-like opaque picture: a gradient, rings and a corner marker (nothing symmetric). */
export function photoPng(w: number, h: number, hue: number): Buffer {
  const c = createCanvas(w, h);
  const x = c.getContext('2d');
  const g = x.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, `hsl(${hue}, 80%, 55%)`);
  g.addColorStop(1, `hsl(${hue + 140}, 70%, 30%)`);
  x.fillStyle = g;
  x.fillRect(0, 0, w, h);
  for (let r = 0; r < 8; r++) {
    x.beginPath();
    x.arc(w * 0.62, h * 0.4, 20 + r * (w / 18), 0, Math.PI * 2);
    x.lineWidth = w / 40;
    x.strokeStyle = `hsla(${hue + r * 25}, 90%, 80%, 0.6)`;
    x.stroke();
  }
  x.fillStyle = '#1b1b1e';
  x.fillRect(0, 0, w / 5, h / 6);
  return c.toBuffer('image/png');
}

/** A motif with transparency: a radial-gradient disc and a triangle in one corner. */
export function motifPng(size: number, hue: number): Buffer {
  const c = createCanvas(size, size);
  const x = c.getContext('2d');
  const g = x.createRadialGradient(size * 0.42, size * 0.42, size * 0.04, size / 2, size / 2, size * 0.42);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(0.4, `hsl(${hue}, 70%, 70%)`);
  g.addColorStop(1, `hsl(${hue + 40}, 90%, 18%)`);
  x.fillStyle = g;
  x.beginPath();
  x.arc(size / 2, size / 2, size * 0.4, 0, Math.PI * 2);
  x.fill();
  x.fillStyle = '#e63946';
  x.beginPath();
  x.moveTo(0, 0);
  x.lineTo(size * 0.38, 0);
  x.lineTo(0, size * 0.38);
  x.closePath();
  x.fill();
  return c.toBuffer('image/png');
}

export type Material = DataOf<typeof routes.materialUpload>;
export const upload = (request: APIRequestContext, name: string, png: Buffer): Promise<Material> =>
  api(request, routes.materialUpload, { multipart: { file: { name, mimeType: 'image/png', buffer: png }, fid: '0' } });

/** An image layer of a material as the editor adds one (src: the editor's thumbnail, src1: the original). */
export const imageLayer = (id: string, m: Material, over: Partial<LayerInput>): Layer =>
  layerSchema.parse({ id, type: 'image', sourceid: m.id, src: m.thumb1200, src1: m.img_url, width: m.width, height: m.height, ...over });

/** Creates a finished product of this one-area design and waits for its synthesis (so it does not compete for the CPU). */
export async function finishedProduct(request: APIRequestContext, productId: number, attrId: number, area: DesignArea): Promise<string> {
  const sourceIds = [...new Set(area.layers.map((l) => l.sourceid).filter((id) => id !== null))].join(',');
  const started = await api(request, routes.synthesisCreate, {
    body: {
      product_id: productId,
      attr_id: attrId,
      extends: serializeDesign({ version: 1, areas: [area] }),
      source_ids: sourceIds,
      is_online: 0,
    },
  });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { list } = await api(request, routes.jobStatus, { query: { id: started.job_id } });
    const status = list[0]?.status;
    if (status === 'done') break;
    if (status === 'failed') throw new Error(`the synthesis of ${started.key_id} failed: ${list[0]?.error}`);
    if (Date.now() > deadline) throw new Error(`the synthesis of ${started.key_id} did not finish in time`);
    await sleep(250);
  }
  return started.key_id;
}

// ── In-page helpers.

/** The current area as saved and composed ({id, background, visible layers}) and its bbox, from the page's state. */
export function pageArea(page: Page) {
  return page.evaluate(() => {
    const s: EditorState = window.__editor!.history().present;
    const content = s.areas[s.currentAreaId] ?? s.saved[s.currentAreaId]!;
    const layers = content.layers.filter((l) => !content.flags[l.id]?.hidden);
    const info = s.areaList.find((a) => a.id === s.currentAreaId)!;
    return { area: { id: s.currentAreaId, background: content.background, layers }, bbox: info.bbox, selectedId: s.selectedId };
  });
}

/** Starts recording requestAnimationFrame timestamps, and when the mouse button goes down and up. */
export const startFrames = (page: Page) =>
  page.evaluate(() => {
    window.__frames = [];
    window.__framesOn = true;
    const input = { down: NaN, up: NaN };
    window.__input = input;
    window.addEventListener('pointerdown', () => (input.down = performance.now()), { capture: true, once: true });
    window.addEventListener('pointerup', () => (input.up = performance.now()), { capture: true, once: true });
    const tick = (t: number) => {
      window.__frames!.push(t);
      if (window.__framesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

export interface Frames {
  /** Intervals between consecutive frames, ms. */
  intervals: number[];
  /** The interval in which the button went down / up (NaN when it did not). */
  atDown: number;
  atUp: number;
  /** From the button going down to it going up, ms. */
  pressedMs: number;
}

/** Stops after two more frames (so the last input's frame is in) and answers the intervals between frames. */
export const stopFrames = (page: Page): Promise<Frames> =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    window.__framesOn = false;
    const f = window.__frames!;
    const { down, up } = window.__input!;
    const intervals = f.slice(1).map((t, i) => t - f[i]!);
    const around = (t: number) => {
      const i = f.findIndex((x, k) => k > 0 && x > t);
      return i > 0 ? intervals[i - 1]! : NaN;
    };
    return { intervals, atDown: around(down), atUp: around(up), pressedMs: up - down };
  });

export const frameStats = (intervals: number[]) => ({
  p50: ms(percentile(intervals, 50)),
  p95: ms(percentile(intervals, 95)),
  max: ms(Math.max(...intervals)),
  frames: intervals.length,
});

/** Counts the page's requests in flight, and when one last started or ended. */
export function trackRequests(page: Page) {
  const net = { inflight: 0, last: performance.now() };
  const start = () => {
    net.inflight++;
    net.last = performance.now();
  };
  const end = () => {
    net.inflight--;
    net.last = performance.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return net;
}

/**
 * Waits until the page is at rest, so that the idle and drag windows start alike: no request for a second
 * (the live mockup preview asks 700 ms after an edit and waits for the server to compose it) and then 30
 * frames in a row under 20 ms (images decoded, previews drawn). Answers how long that took.
 */
export async function settle(page: Page, net: { inflight: number; last: number }): Promise<number> {
  const started = performance.now();
  while (net.inflight > 0 || performance.now() - net.last < 1000) {
    if (performance.now() - started > 180_000) throw new Error(`the page kept ${net.inflight} requests in flight for 3 minutes`);
    await sleep(100);
  }
  const smooth = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const deadline = performance.now() + 60_000;
        let run = 0;
        let prev = 0;
        const tick = (t: number) => {
          run = prev && t - prev < 20 ? run + 1 : 0;
          prev = t;
          if (run >= 30 || t > deadline) resolve(run >= 30);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  if (!smooth) log('  (the page did not draw 30 smooth frames in a row within a minute; measuring anyway)');
  return performance.now() - started;
}
