import fsp from 'node:fs/promises';
import path from 'node:path';
// sharp draws here (SVG rasters, blurs, colour mixing); the thumbnail goes through images/ like all image work.
import sharp from 'sharp';
import { makeThumbnail } from '../../images/thumbnail.js';
import { ART, svgDoc, type Soft } from './svg.js';

/**
 * One photo-like view of a demo blank, as SVG markup in the 2000×2000 art space. The rasteriser turns it
 * into the view files of the catalogue format (manifest.ts): a base per colour, the shading and
 * highlight maps and the print mask.
 *
 * Lighting model (the same one composition applies to a print, so a white print on a white blank looks
 * like the blank): pixel = screen(colour × light, sheen), over the backdrop by the silhouette's alpha.
 * `light` is white where the surface is fully lit and darker in folds and shadows; it becomes the
 * shading map as is. `sheen` (black = none) becomes the highlight map and is what shows folds on dark
 * colours, where multiplying changes nothing.
 */
export interface ViewArt {
  id: string;
  name: string;
  /** Shapes (no fill) covering every visible part of the blank. */
  silhouette: string;
  /** Shapes (no fill) of parts that keep their own white (trims, paper, lenses) instead of the colour. */
  untinted?: string;
  /** Greyscale light: dark shapes on white (folds, shadows, roundness). */
  light: Soft;
  /** Greyscale crisp lines over white (seams, stitching, ribbing), multiplied into the light. */
  detail?: string;
  /** Greyscale sheen: light shapes on black. */
  sheen?: Soft;
  /** Shapes (no fill) where a print may show. */
  printMask: string;
  /** The scene behind the blank in colour (wall, studio sweep), complete with its background. */
  backdrop: string;
  /** Soft shadows the blank casts on the scene: dark shapes, multiplied into it. */
  shadow?: Soft;
  /** Extra <defs> (gradients, clip paths) the crisp layers refer to. */
  defs?: string;
  placements: { area: string; x: number; y: number; width: number; height: number }[];
}

export interface ViewFiles {
  bases: Record<string, string>;
  shading: string;
  highlight: string;
  mask: string;
}

/** Rasterises SVG to one greyscale channel of `px`² pixels. */
async function grey(svg: string, px: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#000' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== px)
    throw new Error(`expected ${px}² pixels of one channel, got ${info.width}² of ${info.channels}`);
  return data;
}

async function rgb(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer();
}

/**
 * Renders a soft layer at `px`² pixels: each blur level drawn unblurred, blurred by libvips, and the
 * levels combined by multiplying (dark on white) or screening (light on black).
 */
async function soft(layer: Soft | undefined, px: number, mode: 'multiply' | 'screen'): Promise<Buffer> {
  const n = px * px;
  const out = Buffer.alloc(n, mode === 'multiply' ? 255 : 0);
  if (!layer) return out;
  const levels = await Promise.all(
    layer.levels().map(async ({ blur, markup }) => {
      const flat = await grey(svgDoc(px, mode === 'multiply' ? '#fff' : '#000', markup), px);
      const sigma = Math.max(0.3, (blur * px) / ART);
      return sharp(flat, { raw: { width: px, height: px, channels: 1 } })
        .blur(sigma)
        .toColourspace('b-w')
        .raw()
        .toBuffer();
    }),
  );
  for (const level of levels) {
    // + 0.5: a byte store truncates, and repeated truncation would darken.
    if (mode === 'multiply') for (let i = 0; i < n; i++) out[i] = (out[i]! * level[i]!) / 255 + 0.5;
    else for (let i = 0; i < n; i++) out[i] = 255.5 - ((255 - out[i]!) * (255 - level[i]!)) / 255;
  }
  return out;
}

async function upscale(data: Buffer, px: number, channels: 1 | 3, size: number): Promise<Buffer> {
  if (px === size) return data;
  let img = sharp(data, { raw: { width: px, height: px, channels } }).resize(size, size);
  if (channels === 1) img = img.toColourspace('b-w');
  return img.raw().toBuffer();
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * Renders one view at `size`² pixels into `dir`, files named `<prefix>-…`, a JPEG base per colour
 * (named by its slug) and PNG maps.
 */
export async function renderView(
  art: ViewArt,
  size: number,
  colors: { slug: string; code: string }[],
  dir: string,
  prefix: string,
): Promise<ViewFiles> {
  // Soft layers are low-frequency: render them at a quarter of the size and scale up. Crisp lines live
  // in `detail`, rendered at full size.
  const quarter = Math.max(100, Math.round(size / 4));
  // The three crisp masks share one render, one per channel: silhouette (R), tinted parts (G), print (B).
  const masks =
    `<g fill="#f00">${art.silhouette}</g>` +
    `<g style="mix-blend-mode:screen"><g fill="#0f0">${art.silhouette}</g><g fill="#000">${art.untinted ?? ''}</g></g>` +
    `<g style="mix-blend-mode:screen"><g fill="#00f">${art.printMask}</g></g>`;
  const [light, sheen, backdrop, rgbMasks, detail] = await Promise.all([
    soft(art.light, quarter, 'multiply').then((b) => upscale(b, quarter, 1, size)),
    soft(art.sheen, quarter, 'screen').then((b) => upscale(b, quarter, 1, size)),
    Promise.all([rgb(svgDoc(quarter, '#fff', art.backdrop)), soft(art.shadow, quarter, 'multiply')]).then(([scene, shadow]) => {
      for (let i = 0; i < scene.length; i++) scene[i] = (scene[i]! * shadow[Math.floor(i / 3)]!) / 255 + 0.5;
      return upscale(scene, quarter, 3, size);
    }),
    rgb(svgDoc(size, '#000', masks, art.defs)),
    art.detail ? grey(svgDoc(size, '#fff', art.detail, art.defs), size) : undefined,
  ]);

  const n = size * size;
  const shade = Buffer.alloc(n);
  const high = Buffer.alloc(n);
  const mask = Buffer.alloc(n);
  // Every base is out = k0 + colour × k1 per channel (see ViewArt). Work out k0 (3 channels) and k1 (× 255)
  // once per view, packed as four channels; each colour is then one recombination in libvips.
  const packed = new Uint8ClampedArray(n * 4);
  for (let i = 0, k = 0, q = 0; i < n; i++, k += 3, q += 4) {
    const a = rgbMasks[k]! / 255;
    const t = rgbMasks[k + 1]! / 255;
    mask[i] = rgbMasks[k + 2]!;
    const l = detail ? (light[i]! * detail[i]!) / 65025 : light[i]! / 255;
    // Shading: the light with the crisp detail, white off the blank (composition multiplies by it).
    const lo = 1 - a * (1 - l);
    shade[i] = Math.round(lo * 255);
    const h = sheen[i]! * a;
    high[i] = Math.round(h);
    const keep = a * (1 - h / 255);
    const fixed = a * h + keep * 255 * lo * (1 - t);
    packed[q] = backdrop[k]! * (1 - a) + fixed;
    packed[q + 1] = backdrop[k + 1]! * (1 - a) + fixed;
    packed[q + 2] = backdrop[k + 2]! * (1 - a) + fixed;
    packed[q + 3] = keep * lo * t * 255;
  }
  const four = Buffer.from(packed.buffer);

  const files: ViewFiles = {
    bases: {},
    shading: `${prefix}-shading.png`,
    highlight: `${prefix}-highlight.png`,
    mask: `${prefix}-mask.png`,
  };
  const writes: Promise<unknown>[] = [
    writeGrey(shade, size, path.join(dir, files.shading)),
    writeGrey(high, size, path.join(dir, files.highlight)),
    writeGrey(mask, size, path.join(dir, files.mask)),
  ];
  for (const c of colors) {
    const [cr, cg, cb] = hexRgb(c.code).map((v) => v / 255) as [number, number, number];
    const file = `${prefix}-${c.slug}.jpg`;
    files.bases[c.slug] = file;
    writes.push(
      sharp(four, { raw: { width: size, height: size, channels: 4 } })
        .recomb([
          [1, 0, 0, cr],
          [0, 1, 0, cg],
          [0, 0, 1, cb],
          [0, 0, 0, 1],
        ])
        .removeAlpha()
        .jpeg({ quality: 88 })
        .toFile(path.join(dir, file)),
    );
  }
  await Promise.all(writes);
  return files;
}

function writeGrey(data: Buffer, size: number, file: string) {
  return sharp(data, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toFile(file);
}

/** A thumbnail of a rendered base (the catalogue's product thumb). */
export async function thumbnail(src: string, dest: string, px: number): Promise<void> {
  await fsp.writeFile(dest, await makeThumbnail(src, { width: px, height: px, enlarge: true, encoding: { format: 'jpeg', quality: 85 } }));
}

export async function writeText(file: string, text: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await fsp.writeFile(file, text);
}

export const scaleToView = (size: number) => (v: number) => Math.round(((v * size) / ART) * 100) / 100;
