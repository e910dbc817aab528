import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { CATEGORY_MAX_DEPTH } from '@app/contract';
import { svgPathBbox } from 'svg-path-bbox';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { readImageHeader, type ImageHeader } from '../../images/decode.js';
import { makeThumbnail } from '../../images/thumbnail.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { blankListingNames, type BlankListingNames } from './listingNames.js';
import { createCatalogueRepo } from './repo.js';
import { catalogueManifest, ONE_SIZE, productManifest, type CategoryManifest, type ProductManifest, type ProductSpec } from './manifest.js';

/**
 * `npm run catalogue:import -- <dir>` (docs/catalogue-format.md): loads a catalogue folder. Everything
 * is checked before anything is written, so a folder with a mistake changes nothing; then the files are
 * stored content-addressed, categories and products are upserted by code (ids stay), and each product
 * with its SKUs is written in one transaction. A SKU (colour × size) that is still offered keeps its id,
 * so attr_ids held by designs, carts and finished products stay valid across re-imports.
 */

export interface ImportDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  now: () => number;
  log?: (msg: string) => void;
  /**
   * The finished module's copies of the English names (it owns finished_child and finished_attr; given by the
   * caller, as the finished module depends on the catalogue): a re-import renames the copies the seller did not.
   */
  listingNames?: { followCatalogueNames(productId: number): Promise<{ colours: number; sizes: number }> };
}

export interface ImportSummary {
  categories: { created: number; updated: number };
  products: { code: string; id: number; created: boolean; skus: { kept: number; added: number; removed: number } }[];
}

/** A refused import: every problem found, each naming its file and field. */
export class CatalogueImportError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, 30).map((p) => `  - ${p}`);
    if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
    super(
      `Catalogue import refused, nothing was changed (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${shown.join('\n')}`,
    );
    this.name = 'CatalogueImportError';
  }
}

/** A view's psds thumbnail (docs/editor.md#catalogue): the first colour's base at this width. */
const VIEW_THUMB_PX = 400;
/** Aspect ratios that must agree (print vs outline, placement vs outline) may differ by this much. */
const ASPECT_TOLERANCE = 0.01;
const PATH_CHARS = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+$/;
const PLACEHOLDER_HREF = /\bhref\s*=\s*["']\{\{design\}\}["']/g;
const UNSAFE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i;

interface CheckedFile {
  abs: string;
  ext: 'png' | 'jpg' | 'svg';
}

interface CheckedProduct {
  manifest: ProductManifest;
  names: BlankListingNames;
  file: string;
  dir: string;
  bboxes: Map<string, { x: number; y: number; width: number; height: number }>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function zodProblems(file: string, error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const where = i.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    return `${file}: ${where || '(root)'}: ${i.message}`;
  });
}

async function readJson(abs: string, rel: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await fsp.readFile(abs, 'utf8');
  } catch {
    problems.push(`${rel}: file not found`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push(`${rel}: not valid JSON (${(e as Error).message})`);
    return undefined;
  }
}

function flattenCategories(
  list: CategoryManifest[],
  pid: string | null,
  out: { code: string; name: string; parent: string | null; sort: number; depth: number }[],
  depth = 1,
) {
  list.forEach((c, i) => {
    out.push({ code: c.code, name: c.name, parent: pid, sort: i, depth });
    flattenCategories(c.children ?? [], c.code, out, depth + 1);
  });
  return out;
}

/** Checks a whole catalogue folder; returns what phase two writes, or throws every problem found. */
async function check(dir: string) {
  const problems: string[] = [];
  const raw = await readJson(path.join(dir, 'catalogue.json'), 'catalogue.json', problems);
  let categories: ReturnType<typeof flattenCategories> = [];
  if (raw !== undefined) {
    const parsed = catalogueManifest.safeParse(raw);
    if (!parsed.success) problems.push(...zodProblems('catalogue.json', parsed.error));
    else {
      categories = flattenCategories(parsed.data.categories, null, []);
      const seen = new Set<string>();
      for (const c of categories) {
        if (seen.has(c.code)) problems.push(`catalogue.json: categories: the code "${c.code}" is used twice`);
        if (c.depth > CATEGORY_MAX_DEPTH) {
          problems.push(`catalogue.json: categories: "${c.code}" is ${c.depth} levels deep, at most ${CATEGORY_MAX_DEPTH} are allowed`);
        }
        seen.add(c.code);
      }
    }
  }
  const categoryCodes = new Set(categories.map((c) => c.code));

  let folders: string[] = [];
  try {
    const entries = await fsp.readdir(path.join(dir, 'products'), { withFileTypes: true });
    folders = entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    problems.push('products/: folder not found');
  }

  // Image and SVG facts, by absolute path (a shading map may serve several views).
  const files = new Map<string, CheckedFile>();
  const metaCache = new Map<string, Promise<ImageHeader | string>>();
  const meta = (abs: string) => {
    let p = metaCache.get(abs);
    if (!p) {
      p = readImageHeader(abs).catch((e: unknown) => `not a readable image (${(e as Error).message.split('\n')[0]})`);
      metaCache.set(abs, p);
    }
    return p;
  };

  const checkImage = async (
    where: string,
    productDir: string,
    rel: string,
    want: { formats: ('png' | 'jpeg')[]; width?: number; height?: number },
  ) => {
    const abs = path.join(productDir, rel);
    if (!(await isFile(abs))) return problems.push(`${where}: file "${rel}" not found`);
    const m = await meta(abs);
    if (typeof m === 'string') return problems.push(`${where}: "${rel}" is ${m}`);
    if (!want.formats.includes(m.format as 'png')) {
      return problems.push(`${where}: "${rel}" is ${m.format ?? 'unknown'}, expected ${want.formats.join(' or ').toUpperCase()}`);
    }
    if (want.width !== undefined && (m.width !== want.width || m.height !== want.height)) {
      return problems.push(`${where}: "${rel}" is ${m.width}×${m.height} px, the view is ${want.width}×${want.height}`);
    }
    files.set(abs, { abs, ext: m.format === 'png' ? 'png' : 'jpg' });
  };

  const checkCutpiece = async (where: string, productDir: string, rel: string) => {
    const abs = path.join(productDir, rel);
    if (!(await isFile(abs))) return problems.push(`${where}: file "${rel}" not found`);
    const text = await fsp.readFile(abs, 'utf8');
    if (!/<svg[\s>]/.test(text)) return problems.push(`${where}: "${rel}" is not an SVG`);
    if (UNSAFE_SVG.test(text)) return problems.push(`${where}: "${rel}" holds a script, an event handler or foreignObject`);
    if ((text.match(PLACEHOLDER_HREF) ?? []).length !== 1) {
      return problems.push(`${where}: "${rel}" needs exactly one <image href="{{design}}"> placeholder`);
    }
    // librsvg must be able to draw it (with a stand-in image for the placeholder).
    const probe = text.replace(
      PLACEHOLDER_HREF,
      'href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="',
    );
    const ok = await readImageHeader(Buffer.from(probe))
      .then((m) => m.format === 'svg')
      .catch(() => false);
    if (!ok) return problems.push(`${where}: "${rel}" is not a valid SVG`);
    files.set(abs, { abs, ext: 'svg' });
  };

  const products: CheckedProduct[] = [];
  for (const folder of folders) {
    const rel = `products/${folder}/product.json`;
    const productDir = path.join(dir, 'products', folder);
    const json = await readJson(path.join(productDir, 'product.json'), rel, problems);
    if (json === undefined) continue;
    const parsed = productManifest.safeParse(json);
    if (!parsed.success) {
      problems.push(...zodProblems(rel, parsed.error));
      continue;
    }
    const m = parsed.data;
    const before = problems.length;
    const at = (field: string) => `${rel}: ${field}`;
    if (m.code !== folder) problems.push(at(`code: "${m.code}" must equal the folder name "${folder}"`));
    if (!categoryCodes.has(m.category)) problems.push(at(`category: "${m.category}" is not a category code of catalogue.json`));
    dupes(m.colors.map((c) => c.name)).forEach((n) => problems.push(at(`colors: the colour "${n}" is listed twice`)));
    dupes(m.sizes).forEach((n) => problems.push(at(`sizes: the size "${n}" is listed twice`)));
    for (const s of Object.keys(m.sizePrices)) if (!m.sizes.includes(s)) problems.push(at(`sizePrices.${s}: not one of sizes`));
    const listing = blankListingNames(m, at);
    problems.push(...listing.problems);
    await checkImage(at('thumb'), productDir, m.thumb, { formats: ['png', 'jpeg'] });

    const bboxes = new Map<string, { x: number; y: number; width: number; height: number }>();
    dupes(m.areas.map((a) => a.id)).forEach((n) => problems.push(at(`areas: the id "${n}" is used twice`)));
    for (const [i, a] of m.areas.entries()) {
      const f = `areas[${i}]`;
      let box: { x: number; y: number; width: number; height: number } | undefined;
      if (!PATH_CHARS.test(a.path)) problems.push(at(`${f}.path: only SVG path commands and numbers are allowed`));
      else {
        try {
          const [x0, y0, x1, y1] = svgPathBbox(a.path);
          box = { x: round2(x0), y: round2(y0), width: round2(x1 - x0), height: round2(y1 - y0) };
        } catch (e) {
          problems.push(at(`${f}.path: not a valid SVG path (${(e as Error).message})`));
        }
      }
      if (box) {
        if (!(box.width > 1 && box.height > 1)) problems.push(at(`${f}.path: the outline has no area`));
        else if (box.x < -0.5 || box.y < -0.5 || box.x + box.width > 600.5 || box.y + box.height > 600.5) {
          problems.push(at(`${f}.path: the outline leaves the 600×600 editor space (bbox ${fmtBox(box)})`));
        } else {
          bboxes.set(a.id, box);
          if (!sameAspect(a.print.width / a.print.height, box.width / box.height)) {
            problems.push(
              at(
                `${f}.print: ${a.print.width}×${a.print.height} px does not have the outline's aspect ratio (bbox ${box.width}×${box.height})`,
              ),
            );
          }
        }
      }
      await checkCutpiece(at(`${f}.cutpiece`), productDir, a.cutpiece);
    }

    const colorNames = new Set(m.colors.map((c) => c.name));
    dupes(m.views.map((v) => v.id)).forEach((n) => problems.push(at(`views: the id "${n}" is used twice`)));
    for (const [i, v] of m.views.entries()) {
      const f = `views[${i}]`;
      const size = { width: v.width, height: v.height };
      for (const c of colorNames) if (!(c in v.bases)) problems.push(at(`${f}.bases: no base image for the colour "${c}"`));
      for (const [c, file] of Object.entries(v.bases)) {
        if (!colorNames.has(c)) problems.push(at(`${f}.bases.${c}: not one of colors`));
        else await checkImage(at(`${f}.bases.${c}`), productDir, file, { formats: ['png', 'jpeg'], ...size });
      }
      await checkImage(at(`${f}.shading`), productDir, v.shading, { formats: ['png'], ...size });
      if (v.highlight) await checkImage(at(`${f}.highlight`), productDir, v.highlight, { formats: ['png'], ...size });
      if (v.mask) await checkImage(at(`${f}.mask`), productDir, v.mask, { formats: ['png'], ...size });
      for (const [j, p] of v.placements.entries()) {
        const box = bboxes.get(p.area);
        if (!m.areas.some((a) => a.id === p.area)) problems.push(at(`${f}.placements[${j}].area: "${p.area}" is not an area id`));
        else if (box && !sameAspect(p.width / p.height, box.width / box.height)) {
          problems.push(
            at(`${f}.placements[${j}]: ${p.width}×${p.height} does not have the area's aspect ratio (bbox ${box.width}×${box.height})`),
          );
        }
      }
    }
    if (problems.length === before) products.push({ manifest: m, names: listing.names, file: rel, dir: productDir, bboxes });
  }
  if (problems.length) throw new CatalogueImportError(problems);
  // New products get their ids in catalogue order: by category as catalogue.json lists them, then code.
  const rank = new Map(categories.map((c, i) => [c.code, i]));
  products.sort(
    (a, b) => rank.get(a.manifest.category)! - rank.get(b.manifest.category)! || a.manifest.code.localeCompare(b.manifest.code),
  );
  return { categories, products, files };
}

const dupes = (list: string[]) => [...new Set(list.filter((v, i) => list.indexOf(v) !== i))];
const sameAspect = (a: number, b: number) => Math.abs(a / b - 1) <= ASPECT_TOLERANCE;
const fmtBox = (b: { x: number; y: number; width: number; height: number }) => `${b.x},${b.y} ${b.width}×${b.height}`;

async function isFile(abs: string) {
  return fsp.stat(abs).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Stores bytes under a key named by their hash, once. */
async function putContent(storage: BlobStorage, data: Buffer, ext: string): Promise<string> {
  const key = `catalogue/${createHash('sha256').update(data).digest('hex')}.${ext}`;
  if (!(await storage.exists(key))) await storage.put(key, data);
  return key;
}

/** A blank's packed weight when its manifest gives none (docs/catalogue-format.md#product-fields). */
const DEFAULT_WEIGHT_G = 300;

export async function importCatalogue(dir: string, deps: ImportDeps): Promise<ImportSummary> {
  const { storage, now } = deps;
  const repo = createCatalogueRepo(deps.db);
  const log = deps.log ?? (() => {});
  const root = path.resolve(dir);
  const checked = await check(root);

  const keys = new Map<string, string>();
  for (const f of checked.files.values()) keys.set(f.abs, await putContent(storage, await fsp.readFile(f.abs), f.ext));
  const keyOf = (productDir: string, rel: string) => keys.get(path.join(productDir, rel))!;

  const summary: ImportSummary = { categories: { created: 0, updated: 0 }, products: [] };
  const categoryIds = await repo.upsertCategories(checked.categories, (created) => summary.categories[created ? 'created' : 'updated']++);

  for (const p of checked.products) {
    const m = p.manifest;
    const viewThumbs = await Promise.all(
      m.views.map(async (v) => {
        const first = path.join(p.dir, v.bases[m.colors[0]!.name]!);
        const thumb = await makeThumbnail(first, { width: VIEW_THUMB_PX, enlarge: true, encoding: { format: 'jpeg', quality: 82 } });
        return putContent(storage, thumb, 'jpg');
      }),
    );
    const spec: ProductSpec = {
      colors: m.colors.map((c) => ({ name: c.name, code: c.code.toLowerCase() })),
      sizes: m.sizes.length ? m.sizes : [ONE_SIZE],
      areas: m.areas.map((a) => ({ ...a, cutpiece: keyOf(p.dir, a.cutpiece), bbox: p.bboxes.get(a.id)! })),
      views: m.views.map((v, i) => ({
        ...v,
        bases: Object.fromEntries(m.colors.map((c) => [c.name, keyOf(p.dir, v.bases[c.name]!)])),
        shading: keyOf(p.dir, v.shading),
        highlight: v.highlight ? keyOf(p.dir, v.highlight) : undefined,
        mask: v.mask ? keyOf(p.dir, v.mask) : undefined,
        thumb: viewThumbs[i],
      })),
    };
    const skus = spec.colors.flatMap((c, ci) =>
      spec.sizes.map((size, si) => ({
        color: c.name,
        color_code: c.code,
        size,
        color_en: p.names.colours.get(c.name)!.en,
        color_family: p.names.colours.get(c.name)!.family,
        size_en: p.names.sizes.get(size)!,
        price: m.sizePrices[size] ?? m.price,
        sort: ci * spec.sizes.length + si,
      })),
    );
    const at = now();
    const row = {
      cid: categoryIds.get(m.category)!,
      name: m.name,
      name_en: m.nameEn,
      tag: m.tag,
      level: m.level,
      thumb: keyOf(p.dir, m.thumb),
      min_price: Math.min(...skus.map((s) => s.price)),
      weight_g: m.weight ?? DEFAULT_WEIGHT_G,
      spec: JSON.stringify(spec),
      updated_at: at,
    };
    const result = await repo.upsertProduct(m.code, row, skus, at);
    summary.products.push({ code: m.code, ...result });
    log(`${result.created ? 'created' : 'updated'} ${m.code} (#${result.id}): ${skus.length} SKUs`);
    // Finished products' copies of the English names follow the catalogue, but for those the seller renamed
    // (docs/finished.md#listing-names); the finished module owns the copies.
    if (!result.created && deps.listingNames) {
      const followed = await deps.listingNames.followCatalogueNames(result.id);
      if (followed.colours || followed.sizes)
        log(`  renamed in finished products: ${followed.colours} colour and ${followed.sizes} size copies`);
    }
  }
  return summary;
}
