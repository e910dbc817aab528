import fsp from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { catalogueManifest, productManifest } from '../../modules/catalogue/index.js';
import type { DemoBlank } from './blank.js';
import { renderView, scaleToView, thumbnail, writeText } from './render.js';
import { tshirt } from './blanks/tshirt.js';
import { hoodie } from './blanks/hoodie.js';
import { mug } from './blanks/mug.js';
import { jersey } from './blanks/jersey.js';
import { tote } from './blanks/tote.js';
import { phoneCase } from './blanks/phoneCase.js';
import { pillow } from './blanks/pillow.js';
import { poster } from './blanks/poster.js';

/** The demo blanks, by product code, in catalogue order. */
export const DEMO_BLANKS: Record<string, () => DemoBlank> = {
  tshirt,
  hoodie,
  jersey,
  mug,
  tote,
  'phone-case': phoneCase,
  pillow,
  poster,
};

/** A top category and its subcategories (code → name, in catalogue order). */
const category = (code: string, name: string, children: Record<string, string>) => ({
  code,
  name,
  children: Object.entries(children).map(([c, n]) => ({ code: c, name: n })),
});

export const DEMO_CATALOGUE: z.input<typeof catalogueManifest> = {
  categories: [
    category('apparel', '服装', { tshirts: 'T恤', hoodies: '卫衣', sportswear: '运动服' }),
    category('home', '家居', { drinkware: '杯具', pillows: '抱枕', 'wall-art': '装饰画' }),
    category('accessories', '配件', { bags: '包袋', 'phone-cases': '手机壳' }),
  ],
};

export interface GenerateOptions {
  /** Product codes to generate (all when unset): tests use one or two. */
  only?: string[];
  /** View size in pixels (2000 by default; tests use small views). */
  size?: number;
  /** Views rendered at once (each holds a few full-size buffers). */
  concurrency?: number;
}

/**
 * Writes the demo catalogue into `outDir` in the catalogue folder format (manifest.ts,
 * docs/catalogue-format.md): every image and SVG drawn by code, deterministically.
 */
export async function generateDemoCatalogue(outDir: string, opts: GenerateOptions = {}): Promise<{ products: string[] }> {
  const size = opts.size ?? 2000;
  const codes = opts.only ?? Object.keys(DEMO_BLANKS);
  const unknown = codes.filter((c) => !DEMO_BLANKS[c]);
  if (unknown.length) throw new Error(`Unknown demo product(s): ${unknown.join(', ')}; known: ${Object.keys(DEMO_BLANKS).join(', ')}`);
  await fsp.mkdir(outDir, { recursive: true });
  await writeText(path.join(outDir, 'catalogue.json'), JSON.stringify(DEMO_CATALOGUE, null, 2) + '\n');

  const blanks = codes.map((c) => DEMO_BLANKS[c]!());
  const px = scaleToView(size);
  const tasks: (() => Promise<void>)[] = [];
  const manifests = new Map<string, z.input<typeof productManifest>>();
  for (const b of blanks) {
    const dir = path.join(outDir, 'products', b.code);
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.mkdir(dir, { recursive: true });
    for (const a of b.areas) await writeText(path.join(dir, `cutpiece-${a.id}.svg`), a.cutpiece);
    const manifest: z.input<typeof productManifest> = {
      code: b.code,
      name: b.name,
      nameEn: b.nameEn,
      category: b.category,
      tag: b.tag,
      level: b.level,
      thumb: 'thumb.jpg',
      colors: b.colors.map((c) => ({ name: c.name, code: c.code, en: c.en, family: c.family })),
      sizes: b.sizes,
      price: b.price,
      weight: b.weight,
      sizePrices: b.sizePrices ?? {},
      areas: b.areas.map((a) => ({
        id: a.id,
        name: a.name,
        showName: a.showName,
        path: a.path,
        print: a.print,
        cutpiece: `cutpiece-${a.id}.svg`,
      })),
      views: [],
    };
    manifests.set(b.code, manifest);
    b.views.forEach((v, i) => {
      tasks.push(async () => {
        const files = await renderView(v, size, b.colors, dir, v.id);
        manifest.views[i] = {
          id: v.id,
          name: v.name,
          width: size,
          height: size,
          bases: Object.fromEntries(b.colors.map((c) => [c.name, files.bases[c.slug]!])),
          shading: files.shading,
          highlight: files.highlight,
          mask: files.mask,
          placements: v.placements.map((p) => ({ area: p.area, x: px(p.x), y: px(p.y), width: px(p.width), height: px(p.height) })),
        };
        if (i === 0) await thumbnail(path.join(dir, files.bases[b.colors[0]!.slug]!), path.join(dir, 'thumb.jpg'), Math.min(600, size));
      });
    });
  }
  await runPool(tasks, opts.concurrency ?? 2);
  for (const b of blanks) {
    await writeText(path.join(outDir, 'products', b.code, 'product.json'), JSON.stringify(manifests.get(b.code), null, 2) + '\n');
  }
  return { products: codes };
}

async function runPool(tasks: (() => Promise<void>)[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}
