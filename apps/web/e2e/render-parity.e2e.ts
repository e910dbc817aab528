import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, loadImage, type Image as SkiaImage } from '@napi-rs/canvas';
import { build } from 'esbuild';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import type * as DesignModule from '@app/design';
import { parseDesign, render, type DesignArea, type DesignDocument, type LayerInput } from '@app/design';
import { fontPaths } from '@app/design/node';
import { useBrowser, type Session } from './harness';

/**
 * One renderer (docs/editor.md#one-renderer): the browser's preview and the server's print are drawn by the same function
 * (packages/design render) on two Skia builds — Chromium's canvas and @napi-rs/canvas. This test runs
 * that very code in headless Chromium against the real server (fonts from /fonts, images from /files)
 * and on Node, and requires the two pictures of one design to agree on all but 1% of their pixels.
 */

/** The design bundle injected into the page defines this global (esbuild iife, globalName). */
declare const Design: typeof DesignModule;

const SIZE = 600;
const PIXELS = SIZE * SIZE;
/** A pixel differs when one channel differs by more than this: antialiasing and glyph rasterisation vary a little between builds. */
const CHANNEL_THRESHOLD = 32;
const MAX_DIFFERING = 0.01;
const BACKGROUND = '#f4efe4';
/** Blob keys of the generated images, under the server's DATA_DIR/files: the public catalogue prefix (storage/blobAccess.ts). */
const KEY_PREFIX = 'catalogue/e2e-render-parity';

const designEntry = fileURLToPath(new URL('../../../packages/design/src/index.ts', import.meta.url));

const browser = useBrowser('render-parity', { demoTshirt: false });

// ---- test images: gradients and shapes, some with transparency, none symmetric ----

/** 200×150 opaque: a diagonal gradient, a yellow disc, a dark stripe and a corner marker. */
function photoPng(): Buffer {
  const c = createCanvas(200, 150);
  const x = c.getContext('2d');
  const g = x.createLinearGradient(0, 0, 200, 150);
  g.addColorStop(0, '#d62828');
  g.addColorStop(0.5, '#f77f00');
  g.addColorStop(1, '#003049');
  x.fillStyle = g;
  x.fillRect(0, 0, 200, 150);
  x.fillStyle = '#fcbf49';
  x.beginPath();
  x.arc(140, 55, 35, 0, Math.PI * 2);
  x.fill();
  x.strokeStyle = '#1b1b1e';
  x.lineWidth = 12;
  x.beginPath();
  x.moveTo(10, 140);
  x.lineTo(110, 20);
  x.stroke();
  x.fillStyle = '#2a9d8f';
  x.fillRect(0, 0, 40, 30);
  return c.toBuffer('image/png');
}

/** 120×120 with alpha: a radial-gradient disc and a triangle in one corner, transparent elsewhere. */
function motifPng(): Buffer {
  const c = createCanvas(120, 120);
  const x = c.getContext('2d');
  const g = x.createRadialGradient(50, 50, 5, 60, 60, 50);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(0.4, '#8ecae6');
  g.addColorStop(1, '#023047');
  x.fillStyle = g;
  x.beginPath();
  x.arc(60, 60, 48, 0, Math.PI * 2);
  x.fill();
  x.fillStyle = '#e63946';
  x.beginPath();
  x.moveTo(0, 0);
  x.lineTo(45, 0);
  x.lineTo(0, 45);
  x.closePath();
  x.fill();
  return c.toBuffer('image/png');
}

/** 80×100 with alpha: a vertical gradient rounded bar and a green dot, transparent around. */
function leafPng(): Buffer {
  const c = createCanvas(80, 100);
  const x = c.getContext('2d');
  const g = x.createLinearGradient(0, 0, 0, 100);
  g.addColorStop(0, '#6a4c93');
  g.addColorStop(1, '#ff595e');
  x.fillStyle = g;
  x.beginPath();
  x.roundRect(10, 5, 45, 90, 18);
  x.fill();
  x.fillStyle = '#8ac926';
  x.beginPath();
  x.arc(62, 20, 14, 0, Math.PI * 2);
  x.fill();
  return c.toBuffer('image/png');
}

const IMAGES = { photo: photoPng, motif: motifPng, leaf: leafPng } as const;
type ImageName = keyof typeof IMAGES;
const srcOf = (name: ImageName) => `/files/${KEY_PREFIX}/${name}.png`;

// ---- the design: background, tiles (mirror, half-drop), transformed images, Chinese and Latin text ----

const image = (id: string, name: ImageName, over: Partial<LayerInput>): LayerInput => {
  const size = { photo: [200, 150], motif: [120, 120], leaf: [80, 100] }[name];
  return { id, type: 'image', src: srcOf(name), width: size[0]!, height: size[1]!, x: 300, y: 300, ...over };
};

function designOf(layers: LayerInput[]): DesignDocument {
  return parseDesign({ version: 1, areas: [{ id: 'front', background: BACKGROUND, layers }] });
}

const LAYERS: LayerInput[] = [
  image('tile-mirror', 'motif', { x: 130, y: 140, scale: 0.55, putu: 1, putustr: '2' }),
  image('tile-drop', 'leaf', { x: 310, y: 280, scale: 0.6, rotation: 12, putu: 1, putustr: '3', opacity: 0.5 }),
  image('photo-turned', 'photo', { x: 170, y: 410, scale: 1.15, rotation: 30 }),
  image('photo-flipx', 'photo', { x: 440, y: 215, scale: 0.9, rotation: -15, flipX: true }),
  image('leaf-flipy', 'leaf', { x: 460, y: 450, scale: 1.6, rotation: 8, flipY: true, opacity: 0.5 }),
  image('motif-both', 'motif', { x: 300, y: 300, scale: 0.85, rotation: 45, flipX: true, flipY: true }),
  {
    id: 'name',
    type: 'text',
    text: '张雨桐',
    fontFamily: 'Noto Sans SC',
    fontSize: 72,
    fill: '#1d3557',
    align: 'left',
    width: 320,
    height: 90,
    x: 200,
    y: 85,
  },
  {
    id: 'team',
    type: 'text',
    text: 'TEAM 23',
    fontFamily: 'Anton',
    fontSize: 64,
    fill: '#0b6e4f',
    align: 'center',
    width: 300,
    height: 80,
    x: 330,
    y: 540,
    rotation: -6,
  },
  {
    id: 'mvp',
    type: 'text',
    text: 'No. 7\nMVP',
    fontFamily: 'Oswald',
    fontWeight: 'bold',
    fontSize: 40,
    fill: '#9d0208',
    align: 'right',
    width: 220,
    height: 100,
    x: 440,
    y: 340,
    scale: 1.1,
  },
];

const DOCUMENT = designOf(LAYERS);
/** The same design with one photo mirrored the other way: must not pass as "the same picture". */
const CHANGED = designOf(LAYERS.map((l) => (l.id === 'photo-turned' ? { ...l, flipX: !l.flipX } : l)));

// ---- drawing and comparing ----

/** The design's first area drawn in headless Chromium by the bundled renderer; RGBA pixels. */
async function drawInBrowser(page: Session['page'], area: DesignArea): Promise<Buffer> {
  const base64 = await page.evaluate(async (area) => {
    const families = new Set(area.layers.filter((l) => l.type === 'text').map((l) => l.fontFamily));
    families.add(Design.DEFAULT_FONT_FAMILY);
    for (const f of Design.FONT_FILES.filter((f) => families.has(f.family))) {
      const face = new FontFace(f.family, `url(/fonts/${f.file})`, { weight: String(f.weight) });
      document.fonts.add(face);
      await face.load();
    }
    const images = new Map<string, HTMLImageElement>();
    for (const layer of area.layers) {
      if (layer.type !== 'image' || images.has(layer.src)) continue;
      const img = new Image();
      img.src = layer.src;
      await img.decode();
      images.set(layer.src, img);
    }
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    Design.render(ctx, area, { pixelRatio: 1, imageOf: (l) => images.get(l.src) });
    const bytes = ctx.getImageData(0, 0, 600, 600).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, area);
  return Buffer.from(base64, 'base64');
}

/** The same area drawn on Node by @napi-rs/canvas, as the server composes prints; RGBA pixels. */
function drawOnServer(area: DesignArea, images: Map<string, SkiaImage>): Buffer {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  render<SkiaImage>(ctx as unknown as Parameters<typeof render<SkiaImage>>[0], area, { pixelRatio: 1, imageOf: (l) => images.get(l.src) });
  return Buffer.from(ctx.getImageData(0, 0, SIZE, SIZE).data);
}

/** Pixels whose largest channel difference exceeds the threshold, and a picture of them (red over a faded copy of `a`). */
function compare(a: Buffer, b: Buffer) {
  const diff = Buffer.alloc(PIXELS * 4);
  let differing = 0;
  for (let p = 0; p < PIXELS; p++) {
    const i = p * 4;
    let max = 0;
    for (let c = 0; c < 4; c++) max = Math.max(max, Math.abs(a[i + c]! - b[i + c]!));
    if (max > CHANNEL_THRESHOLD) {
      differing++;
      diff.set([255, 0, 0, 255], i);
    } else {
      const grey = Math.round(255 - (255 - (a[i]! + a[i + 1]! + a[i + 2]!) / 3) * 0.25);
      diff.set([grey, grey, grey, 255], i);
    }
  }
  return { differing, fraction: differing / PIXELS, diff };
}

/** Pixels not of the background colour (so the comparison is about the design, not an empty area). */
function nonBackground(rgba: Buffer): number {
  const bg = [1, 3, 5].map((i) => parseInt(BACKGROUND.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (Math.max(Math.abs(rgba[i]! - bg[0]!), Math.abs(rgba[i + 1]! - bg[1]!), Math.abs(rgba[i + 2]! - bg[2]!)) > CHANNEL_THRESHOLD) n++;
  }
  return n / PIXELS;
}

const savePng = (name: string, rgba: Buffer) =>
  sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .png()
    .toFile(path.join(browser.dir, `${name}.png`));

const pct = (f: number) => `${(f * 100).toFixed(3)}%`;

beforeAll(async () => {
  const filesDir = path.join(inject('dataDir'), 'files', KEY_PREFIX);
  await mkdir(filesDir, { recursive: true });
  for (const [name, make] of Object.entries(IMAGES)) await writeFile(path.join(filesDir, `${name}.png`), make());
  for (const f of fontPaths()) GlobalFonts.registerFromPath(f.path, f.family);
});

describe('render parity (docs/editor.md#one-renderer)', () => {
  test('the browser and the server draw the same design within 1% of pixels', async () => {
    const { page, pageErrors } = await browser.session();
    const bundle = await build({
      entryPoints: [designEntry],
      bundle: true,
      format: 'iife',
      globalName: 'Design',
      platform: 'browser',
      write: false,
    });
    // Served as a script of the app's own origin (the page's CSP refuses inline script).
    await page.route('**/__test__/design.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text }),
    );
    await page.goto('/login');
    await page.addScriptTag({ url: '/__test__/design.js' });
    expect(await page.evaluate(() => typeof Design.render)).toBe('function');

    const area = DOCUMENT.areas[0]!;
    const browserPixels = await drawInBrowser(page, area);

    const images = new Map<string, SkiaImage>();
    for (const name of Object.keys(IMAGES) as ImageName[]) {
      const res = await fetch(new URL(srcOf(name), inject('baseURL')));
      expect(res.status, `${srcOf(name)} is served`).toBe(200);
      images.set(srcOf(name), await loadImage(Buffer.from(await res.arrayBuffer())));
    }
    const serverPixels = drawOnServer(area, images);
    const changedPixels = drawOnServer(CHANGED.areas[0]!, images);

    const same = compare(browserPixels, serverPixels);
    const changed = compare(browserPixels, changedPixels);
    await savePng('browser', browserPixels);
    await savePng('server', serverPixels);
    await savePng('diff', same.diff);
    await savePng('diff-changed-document', changed.diff);
    console.info(
      `render parity: ${same.differing} of ${PIXELS} pixels differ (${pct(same.fraction)}); ` +
        `changed document: ${pct(changed.fraction)}; design covers ${pct(nonBackground(serverPixels))} of the area`,
    );

    // Meaningful: the area is mostly design, in both pictures.
    expect(nonBackground(serverPixels)).toBeGreaterThan(0.3);
    expect(nonBackground(browserPixels)).toBeGreaterThan(0.3);
    // The same document: under 1% of the pixels differ.
    expect(same.fraction).toBeLessThan(MAX_DIFFERING);
    // The check can fail: one layer mirrored the other way is caught.
    expect(changed.fraction).toBeGreaterThan(MAX_DIFFERING);
    expect(pageErrors).toEqual([]);
  });
});
