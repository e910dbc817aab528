import { createHmac } from 'node:crypto';
import { createCanvas, GlobalFonts, ImageData, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { render, type DesignArea, type Layer } from '@app/design';
import { fontPaths } from '@app/design/node';
import type { BlobStorage } from '../storage/blobStorage.js';
import { decodeRaw, readImageHeader } from '../images/decode.js';
import { encodeImage, resizeRaw } from '../images/encode.js';
import { makeThumbnail } from '../images/thumbnail.js';
import { blend } from './blend.js';
import { blobKeyOfUrl } from './blobUrls.js';
import { byteBoundedCache } from './byteBoundedCache.js';
import {
  ComposeError,
  type AreaResult,
  type ComposeAreaSpec,
  type ComposeOutcome,
  type ComposeTask,
  type ComposeViewSpec,
  type ProductResult,
  type Raw,
  type Rect,
} from './tasks.js';

/** Bump when drawing changes: every content-addressed result key includes it, so old results are not reused. */
export const RENDER_VERSION = 'r1';

export const MOCKUP_JPEG_QUALITY = 85;
/**
 * Longest side a layer image is decoded at. Uploads may be 100 megapixels (400 MB decoded); no print
 * area needs more than this, so larger originals are scaled down by sharp before Skia sees them.
 */
export const MAX_DECODE_SIDE = 4096;
export const THUMB_SIZE = 400;

let fontsRegistered = false;
/** Registers the editor's font files with Skia, once per thread. */
export function registerFonts() {
  if (fontsRegistered) return;
  for (const f of fontPaths()) GlobalFonts.registerFromPath(f.path, f.family);
  fontsRegistered = true;
}

/** Whether a design area has anything to print. */
export const hasContent = (area: DesignArea | undefined) => !!area && (area.layers.length > 0 || area.background !== '');

export interface ComposeEngineOptions {
  storage: BlobStorage;
  /** Bound of decoded mockup templates kept in memory (bases, shading, masks). */
  templateCacheBytes: number;
  /** Bound of decoded layer images kept in memory. */
  imageCacheBytes: number;
  /**
   * Key of the result names (hex; secrets/ nameKey). A name hashed from the inputs alone could be
   * recomputed by anyone who guesses a design and probed at /files; keyed, only the server can make it.
   */
  nameKey: string;
}

/**
 * Turns designs into pictures: the print image of a design area (the shared renderer on Skia) and the
 * mockups per colour (sharp decodes templates once; the blend runs over the print rectangle only).
 * Every result is content-addressed: identical inputs are composed once, then found in storage.
 */
export function createComposeEngine(opts: ComposeEngineOptions) {
  registerFonts();
  const { storage } = opts;
  const nameKey = Buffer.from(opts.nameKey, 'hex');
  /** A result's name: identical inputs give the same name (composed once), unguessable without the key. */
  const sha = (...parts: unknown[]) => createHmac('sha256', nameKey).update(JSON.stringify(parts)).digest('hex');
  const images = byteBoundedCache<Image | Canvas>(opts.imageCacheBytes, (img) => img.width * img.height * 4, decodeLayerImage);
  const templates = byteBoundedCache<Raw, { key: string; channels: 1 | 3 }>(
    opts.templateCacheBytes,
    (r) => r.data.length,
    async (_cacheKey, { key, channels }) => decodeRaw(await storage.get(key), { channels }),
  );

  function imageUrlOf(layer: Layer): string {
    return layer.image || layer.src1 || layer.src;
  }

  async function layerImage(layer: Layer): Promise<Image | Canvas> {
    const url = imageUrlOf(layer);
    if (!url) throw new ComposeError('noMaterial', `layer ${layer.id} has no image`);
    const key = blobKeyOfUrl(url);
    if (!key) throw new ComposeError('materialLoadFailed', `not one of our files: ${url}`);
    return (await images.fetch(key))!;
  }

  /** A layer's stored image, decoded by Skia, or scaled down by sharp first when it is larger than MAX_DECODE_SIDE. */
  async function decodeLayerImage(key: string): Promise<Image | Canvas> {
    let bytes: Buffer;
    try {
      bytes = await storage.get(key);
    } catch {
      throw new ComposeError('materialLoadFailed', `missing file ${key}`);
    }
    try {
      const { width = 0, height = 0 } = await readImageHeader(bytes);
      if (Math.max(width, height) <= MAX_DECODE_SIDE) return await loadImage(bytes);
      const { data, width: w, height: h } = await decodeRaw(bytes, { channels: 4, maxSide: MAX_DECODE_SIDE });
      const canvas = createCanvas(w, h);
      canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), w, h), 0, 0);
      return canvas;
    } catch {
      throw new ComposeError('materialLoadFailed', `undecodable file ${key}`);
    }
  }

  /** Draws a design area's print at the print size of its area (the area's bounding box). */
  async function drawArea(area: DesignArea, spec: ComposeAreaSpec): Promise<Canvas> {
    const decoded = new Map<string, Image | Canvas>();
    for (const layer of area.layers) if (layer.type === 'image') decoded.set(layer.id, await layerImage(layer));
    const ratio = spec.print.width / spec.bbox.width;
    const canvas = createCanvas(spec.print.width, spec.print.height);
    const ctx = canvas.getContext('2d');
    ctx.translate(-spec.bbox.x * ratio, -spec.bbox.y * ratio);
    render(ctx as never, area, { pixelRatio: ratio, imageOf: (l) => decoded.get(l.id) });
    return canvas;
  }

  const printKey = (area: DesignArea, spec: ComposeAreaSpec) =>
    `composed/${sha(RENDER_VERSION, { background: area.background, layers: area.layers }, spec.bbox, spec.print)}.png`;

  /**
   * The print of one area: found in storage when composed before, else drawn and stored. `stored`
   * settles when the file is written: the PNG encodes in libuv's pool while the caller goes on (mockups).
   */
  async function composeArea(
    area: DesignArea,
    spec: ComposeAreaSpec,
    keepPixels: boolean,
  ): Promise<AreaResult & { raw?: Raw; stored: Promise<void> }> {
    const key = printKey(area, spec);
    const result = { key, url: storage.url(key), width: spec.print.width, height: spec.print.height, stored: Promise.resolve() };
    if (await storage.exists(key)) {
      if (!keepPixels) return result;
      return { ...result, raw: await decodeRaw(await storage.get(key), { channels: 4 }) };
    }
    const canvas = await drawArea(area, spec);
    const pixels = canvas.getContext('2d').getImageData(0, 0, spec.print.width, spec.print.height);
    const raw: Raw = { data: Buffer.from(pixels.data.buffer), width: spec.print.width, height: spec.print.height, channels: 4 };
    // Fast lossless settings: Skia's own PNG encoder takes about 330 ms for a 2400×3200 print.
    const stored = encodeImage(raw, { format: 'png', compressionLevel: 3, adaptiveFiltering: false }).then((png) =>
      storage.put(key, png.data),
    );
    return keepPixels ? { ...result, raw, stored } : { ...result, stored };
  }

  /** A mockup template's pixels: a base in sRGB (3), or a map as one grey channel (1). */
  async function template(key: string, channels: 1 | 3): Promise<Raw> {
    return (await templates.fetch(`${channels}:${key}`, { context: { key, channels } }))!;
  }

  /**
   * One mockup: base(colour), then each placed print clipped by the mask, multiplied by the shading map
   * (folds darken the print) and screened with the highlight map, blended by the print's alpha.
   */
  async function blendMockup(view: ComposeViewSpec, baseKey: string, placed: { rect: Rect; pixels: Raw }[]): Promise<Raw> {
    const [base, shading, highlight, mask] = await Promise.all([
      template(baseKey, 3),
      template(view.shading, 1),
      view.highlight ? template(view.highlight, 1) : undefined,
      view.mask ? template(view.mask, 1) : undefined,
    ]);
    return blend(base, { shading, highlight, mask }, placed);
  }

  const jpeg = async (raw: Raw, quality: number) =>
    // Huffman-table optimisation saves ~3% of bytes for ~25% more encode time: not worth it here.
    (await encodeImage(raw, { format: 'jpeg', quality, optimiseCoding: false })).data;
  /** A mockup's list thumbnail, from its pixels or its stored JPEG. */
  const thumbJpeg = (source: Raw | Buffer) =>
    makeThumbnail(source, {
      width: THUMB_SIZE,
      height: THUMB_SIZE,
      fit: 'inside',
      enlarge: true,
      encoding: { format: 'jpeg', quality: 80 },
    });
  const thumbKeyOf = (mockupKey: string) => `thumbs/${sha(mockupKey, THUMB_SIZE)}.jpg`;

  /** One mockup as a JPEG (benchmarks; the product pipeline overlaps the blend and the encode). */
  async function composeMockup(view: ComposeViewSpec, baseKey: string, placed: { rect: Rect; pixels: Raw }[]): Promise<Buffer> {
    return jpeg(await blendMockup(view, baseKey, placed), MOCKUP_JPEG_QUALITY);
  }

  async function composeProduct(task: Extract<ComposeTask, { kind: 'product' }>): Promise<ProductResult> {
    const { design, spec } = task;
    const areaById = new Map(design.areas.map((a) => [String(a.id), a]));
    const designed = spec.areas.filter((a) => hasContent(areaById.get(a.id)));
    const printKeys = new Map(designed.map((a) => [a.id, printKey(areaById.get(a.id)!, a)]));
    // Views that show a designed area; a design with nothing to print still shows the blank's first view.
    let views = spec.views.filter((v) => v.placements.some((p) => printKeys.has(p.area)));
    if (views.length === 0 && spec.views[0]) views = [spec.views[0]];

    // Result keys are known before any drawing: what exists already is not composed again.
    const mockupKeys = new Map<string, string>();
    const missing: { color: string; view: ComposeViewSpec; key: string }[] = [];
    for (const color of task.colors) {
      for (const view of views) {
        const baseKey = view.bases[color];
        if (!baseKey) throw new ComposeError('badParameters', `no ${view.id} base for colour ${color}`);
        const placed = view.placements.filter((p) => printKeys.has(p.area)).map((p) => [p, printKeys.get(p.area)]);
        const key = `mockups/${sha(RENDER_VERSION, MOCKUP_JPEG_QUALITY, baseKey, view.shading, view.highlight, view.mask, placed)}.jpg`;
        mockupKeys.set(`${color}\n${view.id}`, key);
        if (!(await storage.exists(key))) missing.push({ color, view, key });
      }
    }
    const needPixels = new Set(missing.flatMap((m) => m.view.placements.map((p) => p.area)));
    const prints = new Map<string, AreaResult & { raw?: Raw }>();
    const writes: Promise<unknown>[] = [];
    for (const a of designed) {
      const print = await composeArea(areaById.get(a.id)!, a, needPixels.has(a.id));
      prints.set(a.id, print);
      writes.push(print.stored);
    }

    // Pixels of each print, resized once per placement size and reused for every colour.
    const resized = new Map<string, Raw>();
    const pixelsOf = async (areaId: string, w: number, h: number) => {
      const id = `${areaId}:${w}x${h}`;
      let r = resized.get(id);
      if (!r) {
        r = await resizeRaw(prints.get(areaId)!.raw!, w, h);
        resized.set(id, r);
      }
      return r;
    };
    let encoding: Promise<unknown> = Promise.resolve();
    for (const { color, view, key } of missing) {
      const placed: { rect: Rect; pixels: Raw }[] = [];
      for (const p of view.placements) {
        if (!prints.has(p.area)) continue;
        const rect = { x: Math.round(p.x), y: Math.round(p.y), width: Math.round(p.width), height: Math.round(p.height) };
        placed.push({ rect, pixels: await pixelsOf(p.area, rect.width, rect.height) });
      }
      // The next colour blends on this thread while this one encodes in libuv's pool; one encode in
      // flight at a time keeps memory flat (each mockup's pixels are 12 MB at 2000×2000).
      const mockup = await blendMockup(view, view.bases[color]!, placed);
      await encoding;
      encoding = Promise.all([
        jpeg(mockup, MOCKUP_JPEG_QUALITY).then((bytes) => storage.put(key, bytes)),
        task.thumbs && view === views[0] ? thumbJpeg(mockup).then((bytes) => storage.put(thumbKeyOf(key), bytes)) : undefined,
      ]);
    }
    writes.push(encoding);
    // Rows are written only once every file exists.
    await Promise.all(writes);

    const result: ProductResult = { prints: {}, mockups: {}, thumbs: {} };
    for (const [id, p] of prints) result.prints[id] = p.url;
    for (const color of task.colors) {
      const keys = views.map((v) => mockupKeys.get(`${color}\n${v.id}`)!);
      result.mockups[color] = keys.map((k) => storage.url(k));
      if (task.thumbs && keys[0]) {
        const thumbKey = thumbKeyOf(keys[0]);
        if (!(await storage.exists(thumbKey))) {
          await storage.put(thumbKey, await thumbJpeg(await storage.get(keys[0])));
        }
        result.thumbs[color] = storage.url(thumbKey);
      }
    }
    return result;
  }

  async function run(task: ComposeTask): Promise<ComposeOutcome<AreaResult | ProductResult>> {
    try {
      if (task.kind === 'product') return { ok: true, value: await composeProduct(task) };
      const { stored, ...value } = await composeArea(task.area, task.spec, false);
      await stored;
      return { ok: true, value };
    } catch (err) {
      if (err instanceof ComposeError) return { ok: false, key: err.key, detail: err.message };
      throw err;
    }
  }

  return { run, drawArea, composeMockup, caches: { images, templates } };
}

export type ComposeEngine = ReturnType<typeof createComposeEngine>;
