/**
 * Figure 3 of `npm run bench:editor` (bench/editor.ts): the Konva stage's pixels at print size against the
 * server's print of the same area, with its baselines; and the pixel arithmetic it uses.
 */
import path from 'node:path';
import { createCanvas, loadImage, type Image as SkiaImage } from '@napi-rs/canvas';
import { build as esbuild } from 'esbuild';
import type Konva from 'konva';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { routes, type ProductDetail } from '@app/contract';
import type * as DesignModule from '@app/design';
import { layerSchema, render, type DesignArea, type Layer } from '@app/design';
import { registerFonts } from '../apps/server/src/compose/engine.js';
import { api } from '../apps/web/e2e/api.js';
import { repoRoot } from '../apps/web/e2e/server.js';
import { finishedProduct, imageLayer, log, motifPng, pageArea, photoPng, timeOpen, upload } from './editorKit.js';

/** The design bundle loaded in the page for the plain-canvas baseline (esbuild iife, globalName). */
declare const Design: typeof DesignModule;

/** apps/web/e2e/render-parity.e2e.ts: a pixel differs when one channel differs by more than this. */
const CHANNEL_THRESHOLD = 32;

// ── Pixels.

export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}
export const decode = async (png: Buffer): Promise<Rgba> => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
export const fromDataUrl = (url: string) => decode(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));

export interface Difference {
  /** Share of the pixels with a channel differing by more than CHANNEL_THRESHOLD: the figure. */
  fraction: number;
  /** Mean and largest difference of a channel (0–255), after flattening: finer than the fraction. */
  meanDelta: number;
  maxDelta: number;
}

/**
 * Compares two pictures over their overlap (both start at the area's bbox corner; Konva floors its bitmap
 * size, so one may be a pixel short). Both are flattened on white first: the design's background is
 * transparent, and the colour channels of nearly transparent pixels are noise after un-premultiplying, while
 * on white (as on fabric) they cannot be seen.
 */
export function compare(a: Rgba, b: Rgba): Difference {
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  let differing = 0;
  let sum = 0;
  let maxDelta = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      const aa = a.data[i + 3]!;
      const ba = b.data[j + 3]!;
      let max = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs((a.data[i + c]! * aa - b.data[j + c]! * ba + 255 * (ba - aa)) / 255);
        sum += d;
        if (d > max) max = d;
      }
      if (max > CHANNEL_THRESHOLD) differing++;
      if (max > maxDelta) maxDelta = max;
    }
  }
  return { fraction: differing / (w * h), meanDelta: sum / (w * h * 3), maxDelta: Math.round(maxDelta) };
}

/** The share of pixels that show something on white (so the comparison is about a design, not an empty area). */
export function coverage(p: Rgba): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const a = p.data[i + 3]!;
    const darkest = Math.min(p.data[i]!, p.data[i + 1]!, p.data[i + 2]!);
    if ((darkest * a + 255 * (255 - a)) / 255 < 255 - CHANNEL_THRESHOLD) n++;
  }
  return n / (p.width * p.height);
}

/**
 * Figure 3. A design of a few layers (a large photo, a turned and mirrored motif with transparency, Chinese
 * and Latin text) saved as a finished product and opened in the editor; the Konva stage's own pixels at print
 * size against the server's print of the very area the editor holds.
 *
 * Baselines, all on the same document (each comparison is reported with its mean and largest channel
 * difference too, finer than the fraction):
 * - render() (packages/design, which every Konva shape calls) on a plain Chromium canvas vs the server print:
 *   what two Skia builds (Chromium's software canvas and @napi-rs/canvas) differ by anyway — the floor Konva
 *   cannot go under. What Konva's own drawing (node transforms, one canvas per layer, the export) adds shows
 *   against it. It can be exactly 0, so no ratio can be taken to it.
 * - render() on @napi-rs/canvas in this process (the server's code path) vs the Konva pixels, and vs the server
 *   print (0: the print is exactly that code, so the figure is about the browser side).
 * - a control: the server print of the same document with the photo mirrored vs the Konva pixels, which must
 *   be far above 1%, so that "within 1%" means something. The ratio reported is Konva's fraction to the
 *   control's: how much of a visibly wrong picture's difference the editor shows.
 */
export async function comparePrints(
  context: BrowserContext,
  opts: { productId: number; attrId: number; front: ProductDetail['design_list'][number] },
) {
  const { request } = context;
  const { front } = opts;
  const { bbox } = front;
  const photo = await upload(request, 'bench-photo.png', photoPng(600, 450, 200));
  const motif = await upload(request, 'bench-motif.png', motifPng(400, 30));
  const cx = bbox.x + bbox.width / 2;
  const layers: Layer[] = [
    imageLayer('photo', photo, { x: cx, y: bbox.y + bbox.height * 0.38, scale: (bbox.width * 0.9) / photo.width }),
    imageLayer('motif', motif, {
      x: cx + bbox.width * 0.18,
      y: bbox.y + bbox.height * 0.62,
      scale: (bbox.width * 0.5) / motif.width,
      rotation: 30,
      flipX: true,
    }),
    layerSchema.parse({
      id: 'name',
      type: 'text',
      text: '张雨桐',
      fontFamily: 'Noto Sans SC',
      fontSize: 64,
      fill: '#1d3557',
      width: 300,
      height: 80,
      x: cx,
      y: bbox.y + bbox.height * 0.1,
    }),
    layerSchema.parse({
      id: 'team',
      type: 'text',
      text: 'TEAM 23',
      fontFamily: 'Anton',
      fontSize: 72,
      fill: '#0b6e4f',
      width: 320,
      height: 90,
      x: cx - bbox.width * 0.1,
      y: bbox.y + bbox.height * 0.86,
      rotation: -8,
    }),
  ];
  const key = await finishedProduct(request, opts.productId, opts.attrId, { id: front.id, background: '', layers });

  const page = await context.newPage();
  try {
    await timeOpen(page, `/design?key_id=${key}&product_id=${opts.productId}&debug=1`);
    const { area, selectedId } = await pageArea(page);
    if (selectedId !== null) throw new Error(`a layer is selected on opening (${selectedId}): its handles would be drawn`);
    const pixelRatio = front.print_width / bbox.width;

    // The Konva stage's pixels with everything that is not a design layer hidden: the backdrop, the outline,
    // grid and guide lines and the transformer (whatever their layer). Design layers are the plain Konva.Shape
    // nodes placed directly on a layer; the check below fails if anything else is left showing.
    const konvaUrl = await page.evaluate(
      ({ bbox, pixelRatio, layerCount }) => {
        const stage = window.__editor!.stage();
        const hidden: Konva.Node[] = [];
        const design: Konva.Node[] = [];
        for (const layer of stage.getChildren()) {
          for (const node of layer.getChildren()) {
            if (node.getClassName() === 'Shape' && layer.name() !== 'overlay') design.push(node);
            else if (node.isVisible()) hidden.push(node);
          }
        }
        hidden.forEach((n) => n.hide());
        try {
          const showing = design.filter((n) => n.isVisible()).length;
          if (showing !== layerCount) throw new Error(`${showing} design shapes show on the stage for ${layerCount} layers`);
          return stage.toDataURL({ x: bbox.x, y: bbox.y, width: bbox.width, height: bbox.height, pixelRatio });
        } finally {
          hidden.forEach((n) => n.show());
        }
      },
      { bbox, pixelRatio, layerCount: area.layers.length },
    );

    // The same renderer on a plain canvas of the same page (fonts loaded by the editor, the same image URLs).
    const bundle = await esbuild({
      entryPoints: [path.join(repoRoot, 'packages/design/src/index.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'Design',
      platform: 'browser',
      write: false,
    });
    // Served as a file of the app's own origin (this page only): the app's CSP allows scripts from 'self'
    // and no inline script (docs/security.md#headers), and the bench keeps that CSP as it is.
    const bundleUrl = '/__bench/design.js';
    await page.route(bundleUrl, (route) => route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text }));
    await page.addScriptTag({ url: bundleUrl });
    const browserUrl = await page.evaluate(
      async ({ area, bbox, print }) => {
        const images = new Map<string, HTMLImageElement>();
        for (const l of area.layers) {
          const src = l.image || l.src;
          if (l.type !== 'image' || images.has(src)) continue;
          const img = new Image();
          img.crossOrigin = 'anonymous';
          img.src = src;
          await img.decode();
          images.set(src, img);
        }
        const canvas = document.createElement('canvas');
        canvas.width = print.width;
        canvas.height = print.height;
        const ctx = canvas.getContext('2d')!;
        const r = print.width / bbox.width;
        ctx.translate(-bbox.x * r, -bbox.y * r);
        Design.render(ctx, area, { pixelRatio: r, imageOf: (l) => images.get(l.image || l.src) });
        return canvas.toDataURL('image/png');
      },
      { area, bbox, print: { width: front.print_width, height: front.print_height } },
    );

    const serverPrint = async (a: DesignArea) => {
      const url = await api(request, routes.compose, { body: { product_id: opts.productId, layerdata: JSON.stringify(a) } });
      const res = await request.get(url);
      if (!res.ok()) throw new Error(`GET ${url} answered ${res.status()}`);
      return decode(await res.body());
    };
    const changedArea = { ...area, layers: area.layers.map((l) => (l.id === 'photo' ? { ...l, flipX: !l.flipX } : l)) };
    const [konva, browserCanvas, server, changed] = await Promise.all([
      fromDataUrl(konvaUrl),
      fromDataUrl(browserUrl),
      serverPrint(area),
      serverPrint(changedArea),
    ]);

    // The server's code path in this process: render() on @napi-rs/canvas with the originals (src1), as composed.
    registerFonts();
    const decoded = new Map<string, SkiaImage>();
    for (const l of area.layers) {
      const src = l.image || l.src1 || l.src;
      if (l.type !== 'image' || decoded.has(src)) continue;
      decoded.set(src, await loadImage(Buffer.from(await (await request.get(src)).body())));
    }
    const canvas = createCanvas(front.print_width, front.print_height);
    const ctx = canvas.getContext('2d');
    ctx.translate(-bbox.x * pixelRatio, -bbox.y * pixelRatio);
    render<SkiaImage>(ctx as unknown as Parameters<typeof render<SkiaImage>>[0], area, {
      pixelRatio,
      imageOf: (l) => decoded.get(l.image || l.src1 || l.src),
    });
    const node = await decode(await canvas.encode('png'));

    if (konva.width !== server.width || konva.height !== server.height) {
      log(`  (Konva exported ${konva.width}×${konva.height}, the print is ${server.width}×${server.height}: compared on the overlap)`);
    }
    return {
      width: server.width,
      height: server.height,
      coverage: coverage(server),
      konvaVsServer: compare(konva, server),
      browserCanvasVsServer: compare(browserCanvas, server),
      nodeVsKonva: compare(node, konva),
      nodeVsServer: compare(node, server),
      changedVsKonva: compare(changed, konva),
    };
  } finally {
    await page.close();
  }
}
