import { createHash } from 'node:crypto';
import {
  AMAZON_FLAT_FILE_FIELDS,
  EXPORT_IMAGES_PER_ROW,
  priceFor,
  SIMPLE_EXPORT_COLUMNS,
  type MessageKey,
  type PriceTemplateNumbers,
  type SimpleExportColumn,
} from '@app/contract';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import { parseJsonColumn } from '../../db/json.js';
import type { BannedWordEntry, BannedWordMatcher } from '../keywordsBan/index.js';
import type { TemplateRow } from '../templates/index.js';
import type { ProductPage } from './repo.js';

/**
 * The rows of the listing files (issue 14 "What the files hold"; docs/exports.md), pure: products in,
 * cells out. The job and the first-row preview both build with it, so they cannot disagree.
 */

export type Cell = string | number;
export type Layout = 'amazon' | 'simple' | 'walmart';

/** A reason a product is left out, as a catalogue message (rendered in the reader's language). */
export interface Reason {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface ProductRows {
  finishedId: number;
  keyId: string;
  rows: Cell[][];
  reasons: Reason[];
}

/** What every product of one export shares. */
export interface RowContext {
  layout: Layout;
  template: TemplateRow;
  /** null: the price stored on the variant (pricing template 0). */
  pricing: PriceTemplateNumbers | null;
  /**
   * The URL written for one of our blobs; `watermarked` when the watermark rule covers this image. null: a
   * blob the caller may not read, left out (never published).
   */
  imageUrl(blob: string, watermarked: boolean): string | null;
  /** Whether a watermark was chosen, and if so whether only the main image carries it (main_watermark=1). */
  watermark: 'none' | 'main' | 'all';
  /** The seller's banned words for the shop's marketplace (and all), or null when there are none. */
  banned: BannedWordMatcher<BannedWordEntry> | null;
}

/** Walmart bulk items (MARKETPLACES.md "Walmart bulk items"): one row per variant. */
export const WALMART_FIELDS = [
  'sku',
  'productName',
  'productType',
  'brand',
  'manufacturer',
  'shortDescription',
  'keyFeatures1',
  'keyFeatures2',
  'keyFeatures3',
  'keywords',
  'price',
  'quantity',
  'color',
  'size',
  'mainImageUrl',
  'productSecondaryImageURL1',
  'productSecondaryImageURL2',
  'productSecondaryImageURL3',
  'productSecondaryImageURL4',
  'variantGroupId',
  'variantAttributeNames',
  'isPrimaryVariant',
] as const;

/** Format 6 / 9 column headers (zh: the seller's language on these files). */
export const SIMPLE_COLUMN_LABELS: Record<SimpleExportColumn, string> = {
  finished_id: '成品编号',
  product_name: '产品',
  export_name: '导出名称',
  color: '颜色',
  size: '尺码',
  sku: 'SKU',
  price: '价格',
  crossed_out_price: '划线价',
  keyword: '关键词',
  main_image_url: '主图',
  other_image_urls: '附图',
};

/** Flat-file columns the parent row leaves empty (MARKETPLACES.md: no price, quantity or product id). */
const PARENT_EMPTY = new Set([
  'standard_price',
  'list_price',
  'quantity',
  'parent_sku',
  'relationship_type',
  'external_product_id',
  'external_product_id_type',
  'color_name',
  'color_map',
  'size_name',
  'size_map',
]);

/** The longest SKU written (the flat file's item_sku allows 40). */
export const SKU_MAX = 40;
const token = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();
/**
 * Each item's SKU token, unique among `items`: an empty token, or one another item reduces to too (two colours
 * of the same hex, sizes "XL" and "X-L"), or one equal to another item's fallback, takes the stable fallback
 * (row id) instead, so it stays the same across exports whatever the order.
 */
function uniqueTokens<T>(items: T[], tokenOf: (x: T) => string, fallbackOf: (x: T) => string): Map<T, string> {
  const tokens = items.map(tokenOf);
  const counts = new Map<string, number>();
  for (const k of tokens) counts.set(k, (counts.get(k) ?? 0) + 1);
  const fallbacks = new Set(items.map(fallbackOf));
  return new Map(
    items.map((x, i) => {
      const k = tokens[i]!;
      return [x, k && counts.get(k) === 1 && !fallbacks.has(k) ? k : fallbackOf(x)];
    }),
  );
}

/** A SKU within SKU_MAX: a longer one keeps its head and ends with a hash of the whole, so it stays stable and distinct. */
export function fitSku(sku: string): string {
  if (sku.length <= SKU_MAX) return sku;
  return `${sku.slice(0, SKU_MAX - 9)}-${createHash('sha1').update(sku).digest('hex').slice(0, 8).toUpperCase()}`;
}

/** The header rows above the data, and the field row the cells align with. */
export function headerOf(ctx: Pick<RowContext, 'layout' | 'template'>): { headerRows: string[][]; fields: string[] } {
  const t = ctx.template;
  if (ctx.layout === 'simple') {
    const fields = simpleColumns(t);
    return { headerRows: [fields.map((f) => SIMPLE_COLUMN_LABELS[f])], fields };
  }
  if (ctx.layout === 'walmart') return { headerRows: [[...WALMART_FIELDS]], fields: [...WALMART_FIELDS] };
  const diy = parseJsonColumn<string[][] | null>(t.header_rows, null);
  if (diy && diy.length >= 3) {
    const fields = diy[2]!.map((f) => String(f ?? ''));
    return { headerRows: diy.slice(0, 3).map((r) => r.map((c) => String(c ?? ''))), fields };
  }
  const fields = [...AMAZON_FLAT_FILE_FIELDS];
  const signature = Buffer.from((t.feed_product_type || 'shirt').toUpperCase()).toString('base64');
  return {
    headerRows: [
      ['TemplateType=fptcustom', 'Version=2021.1', `TemplateSignature=${signature}`],
      fields.map((f) => f.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())),
      fields,
    ],
    fields,
  };
}

function simpleColumns(t: TemplateRow): SimpleExportColumn[] {
  const chosen = parseJsonColumn<string[]>(t.columns, []).filter((c): c is SimpleExportColumn =>
    (SIMPLE_EXPORT_COLUMNS as readonly string[]).includes(c),
  );
  return chosen.length ? chosen : [...SIMPLE_EXPORT_COLUMNS];
}

/** One product with its colours and sizes, as the rows read it. */
interface Product {
  id: number;
  keyId: string;
  productName: string;
  title: string;
  keyword: string;
  colours: {
    id: number;
    color: string;
    code: string;
    images: string[];
    variants: {
      id: number;
      size: string;
      title: string;
      keyword: string;
      price: number;
      blankPrice: number | null;
      asParent: boolean;
      images: string[];
    }[];
  }[];
}

/** Groups a page's rows by product, in the order of `ids`. */
export function productsOf(page: ProductPage, ids: number[]): Product[] {
  const byId = new Map<number, Product>();
  for (const p of page.products) {
    byId.set(Number(p.id), {
      id: Number(p.id),
      keyId: p.key_id,
      productName: p.product_name,
      title: p.export_name || p.product_name,
      keyword: p.keyword,
      colours: [],
    });
  }
  const colours = new Map<number, Product['colours'][number]>();
  for (const c of page.colours) {
    const colour = {
      id: Number(c.id),
      color: c.color,
      code: c.color_code,
      images: parseJsonColumn<string[]>(c.img_urls, []),
      variants: [],
    };
    colours.set(colour.id, colour);
    byId.get(Number(c.finished_id))?.colours.push(colour);
  }
  for (const a of page.sizes) {
    colours.get(Number(a.child_id))?.variants.push({
      id: Number(a.id),
      size: a.size,
      title: a.export_name,
      keyword: a.keyword,
      price: Number(a.price),
      blankPrice: a.blank_price === null ? null : Number(a.blank_price),
      asParent: Number(a.as_parent) === 1,
      images: parseJsonColumn<string[]>(a.img_urls, []),
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * The banned-word rule (docs/exports.md#banned-words): a 'block' word anywhere in the checked texts refuses
 * the product, naming word and field; a 'strip' word is cut out — each whole-word (or CJK) match removed,
 * then runs of spaces collapsed to one and the ends trimmed.
 */
function screen(matcher: RowContext['banned'], texts: { field: string; text: string }[]): { texts: string[]; reasons: Reason[] } {
  const out = texts.map((t) => t.text);
  if (!matcher) return { texts: out, reasons: [] };
  const hits = matcher.find(out);
  if (hits.length === 0) return { texts: out, reasons: [] };
  const reasons: Reason[] = [];
  const seen = new Set<string>();
  const cuts = new Map<number, { start: number; end: number }[]>();
  for (const h of hits) {
    if (h.word.action === 'block') {
      const field = texts[h.index]!.field;
      const id = `${h.word.word}\0${field}`;
      if (!seen.has(id)) {
        seen.add(id);
        reasons.push({ key: 'exportBannedWord', params: { word: h.word.word, field } });
      }
    } else {
      (cuts.get(h.index) ?? cuts.set(h.index, []).get(h.index)!).push({ start: h.start, end: h.end });
    }
  }
  for (const [index, ranges] of cuts) {
    const text = out[index]!;
    let result = '';
    let at = 0;
    for (const r of ranges.sort((a, b) => a.start - b.start)) {
      if (r.start > at) result += text.slice(at, r.start);
      at = Math.max(at, r.end);
    }
    out[index] = (result + text.slice(at)).replace(/\s+/g, ' ').trim();
  }
  return { texts: out, reasons };
}

/**
 * The flat file's variation_theme (docs/exports.md#rows): the template's when the axes it names are the ones the
 * product varies by (a single item: a one-axis theme), so a one-axis product never gets SizeColor; else
 * SizeColor, Color or Size from the product.
 */
export function themeOf(fixed: string, colourVaries: boolean, sizeVaries: boolean): string {
  const own = colourVaries && sizeVaries ? 'SizeColor' : colourVaries ? 'Color' : 'Size';
  if (!fixed) return own;
  const colour = /colou?r/i.test(fixed);
  const size = /size/i.test(fixed);
  if (!colour && !size) return own;
  const single = !colourVaries && !sizeVaries;
  const fits = single ? !(colour && size) : colour === colourVaries && size === sizeVaries;
  return fits ? fixed : own;
}

/** Text fields (all layouts) whose template fixed values go through the banned-word screen. */
const FIXED_TEXT_FIELDS = new Set([
  'item_name',
  'productName',
  'export_name',
  'generic_keywords',
  'keyword',
  'keywords',
  'product_description',
  'shortDescription',
  'bullet_point1',
  'bullet_point2',
  'bullet_point3',
  'bullet_point4',
  'bullet_point5',
  'keyFeatures1',
  'keyFeatures2',
  'keyFeatures3',
]);

const BULLETS = ['bullet_point1', 'bullet_point2', 'bullet_point3', 'bullet_point4', 'bullet_point5'] as const;

/** The rows of one product in the export's layout, or the reasons it is refused. */
export function rowsOf(p: Product, ctx: RowContext, fields: string[]): ProductRows {
  const t = ctx.template;
  const variants = p.colours.flatMap((c) => c.variants.map((v) => ({ c, v })));
  const base = { finishedId: p.id, keyId: p.keyId };
  if (variants.length === 0) return { ...base, rows: [], reasons: [{ key: 'exportNoVariants' }] };

  // Checked texts: the family title and keyword, each variant's own, the template's bullets, description and keywords.
  const checked: { field: string; text: string }[] = [
    { field: 'item_name', text: p.title },
    { field: 'generic_keywords', text: p.keyword },
    ...BULLETS.map((b) => ({ field: b, text: t[b] })),
    { field: 'product_description', text: t.product_description },
    { field: 'generic_keywords', text: t.generic_keywords },
    ...variants.flatMap(({ v }) => [
      { field: 'item_name', text: v.title },
      { field: 'generic_keywords', text: v.keyword },
    ]),
  ];
  // The template's fixed values of text fields are screened too (they fill cells after this screen).
  const rawFixed = parseJsonColumn<Record<string, unknown>>(t.fixed_values, {});
  const fixedText = Object.keys(rawFixed).filter((f) => FIXED_TEXT_FIELDS.has(f) && typeof rawFixed[f] === 'string');
  const fixedAt = checked.length;
  checked.push(...fixedText.map((f) => ({ field: f, text: rawFixed[f] as string })));
  const { texts, reasons } = screen(ctx.banned, checked);
  if (reasons.length) return { ...base, rows: [], reasons };
  const [title, ownKeyword, b1, b2, b3, b4, b5, description, templateKeyword] = texts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // Keywords: the variant's own, else the family's, else the template's generic_keywords.
  const keyword = ownKeyword || templateKeyword;
  const variantText = (i: number) => ({ title: texts[9 + 2 * i] || title, keyword: texts[10 + 2 * i] || keyword });

  const fixed: Record<string, unknown> = { ...rawFixed };
  fixedText.forEach((f, i) => (fixed[f] = texts[fixedAt + i]));
  const parentSku = fitSku(`${t.sku_prefix}${p.keyId}`);
  // Each colour's list is turned into URLs once (every size of the colour writes the same ones).
  const done = new Map<string[], string[]>();
  const images = (list: string[]) => {
    const known = done.get(list);
    if (known) return known;
    const urls: string[] = [];
    done.set(list, urls);
    for (const url of list) {
      const blob = blobKeyOfUrl(url);
      if (!blob) continue;
      const watermarked = ctx.watermark === 'all' || (ctx.watermark === 'main' && urls.length === 0);
      const written = ctx.imageUrl(blob, watermarked);
      if (written !== null) urls.push(written);
      if (urls.length === EXPORT_IMAGES_PER_ROW) break;
    }
    return urls;
  };
  const colourCount = p.colours.filter((c) => c.variants.length > 0).length;
  const sizeCount = new Set(variants.map(({ v }) => v.size)).size;
  const theme = themeOf(t.variation_theme, colourCount > 1, sizeCount > 1);

  // Walmart: the axes the variants differ by (at most three allowed; ours are two), colour for a single item.
  const axes = [colourCount > 1 ? 'color' : '', sizeCount > 1 ? 'size' : ''].filter(Boolean).join(',') || 'color';

  // SKU tokens unique within the product (docs/exports.md#skus).
  const colourToken = uniqueTokens(
    p.colours,
    (c) => token(c.code),
    (c) => `C${c.id}`,
  );
  const sizeToken = new Map(
    p.colours.flatMap((c) => [
      ...uniqueTokens(
        c.variants,
        (v) => token(v.size),
        (v) => `S${v.id}`,
      ),
    ]),
  );

  const rows: Record<string, Cell>[] = [];
  const primary = Math.max(
    0,
    variants.findIndex(({ v }) => v.asParent),
  );
  variants.forEach(({ c, v }, i) => {
    const sku = fitSku(`${t.sku_prefix}${p.keyId}-${colourToken.get(c)!}-${sizeToken.get(v)!}`);
    const cost = ctx.pricing && v.blankPrice !== null ? v.blankPrice : v.price;
    const { price, crossedOut } = priceFor(ctx.pricing, cost);
    const urls = images(v.images.length ? v.images : c.images);
    const own = variantText(i);
    if (ctx.layout === 'simple') {
      rows.push({
        finished_id: p.keyId,
        product_name: p.productName,
        export_name: own.title,
        color: c.color,
        size: v.size,
        sku,
        price,
        crossed_out_price: crossedOut ?? '',
        keyword: own.keyword,
        main_image_url: urls[0] ?? '',
        other_image_urls: urls.slice(1).join(','),
      });
    } else if (ctx.layout === 'walmart') {
      rows.push({
        sku,
        productName: own.title,
        productType: t.product_type,
        brand: t.brand_name,
        manufacturer: t.manufacturer,
        shortDescription: description,
        keyFeatures1: b1,
        keyFeatures2: b2,
        keyFeatures3: b3,
        keywords: own.keyword,
        price,
        quantity: t.quantity,
        color: c.color,
        size: v.size,
        mainImageUrl: urls[0] ?? '',
        productSecondaryImageURL1: urls[1] ?? '',
        productSecondaryImageURL2: urls[2] ?? '',
        productSecondaryImageURL3: urls[3] ?? '',
        productSecondaryImageURL4: urls[4] ?? '',
        variantGroupId: parentSku,
        variantAttributeNames: axes,
        isPrimaryVariant: i === primary ? 'Yes' : 'No',
      });
    } else {
      if (i === 0) {
        const first = images(p.colours.find((x) => x.variants.length > 0)!.images);
        rows.push({
          feed_product_type: t.feed_product_type,
          item_sku: parentSku,
          brand_name: t.brand_name,
          item_name: title,
          item_type: t.item_type,
          department_name: t.department_name,
          main_image_url: first[0] ?? '',
          parent_child: 'parent',
          variation_theme: theme,
          update_delete: 'Update',
          product_description: description,
          manufacturer: t.manufacturer,
          bullet_point1: b1,
          bullet_point2: b2,
          bullet_point3: b3,
          bullet_point4: b4,
          bullet_point5: b5,
          generic_keywords: keyword,
        });
      }
      const row: Record<string, Cell> = {
        feed_product_type: t.feed_product_type,
        item_sku: sku,
        brand_name: t.brand_name,
        item_name: own.title,
        item_type: t.item_type,
        color_name: c.color,
        color_map: c.color,
        size_name: v.size,
        size_map: v.size,
        department_name: t.department_name,
        standard_price: price,
        list_price: crossedOut ?? '',
        quantity: t.quantity,
        main_image_url: urls[0] ?? '',
        other_image_url1: urls[1] ?? '',
        other_image_url2: urls[2] ?? '',
        other_image_url3: urls[3] ?? '',
        other_image_url4: urls[4] ?? '',
        other_image_url5: urls[5] ?? '',
        other_image_url6: urls[6] ?? '',
        other_image_url7: urls[7] ?? '',
        other_image_url8: urls[8] ?? '',
        parent_child: 'child',
        parent_sku: parentSku,
        relationship_type: 'Variation',
        variation_theme: theme,
        update_delete: 'Update',
        product_description: description,
        manufacturer: t.manufacturer,
        bullet_point1: b1,
        bullet_point2: b2,
        bullet_point3: b3,
        bullet_point4: b4,
        bullet_point5: b5,
        generic_keywords: own.keyword,
      };
      rows.push(row);
    }
  });

  // Fixed values fill the cells the export leaves empty (docs/exports.md#fixed-values); a parent row keeps
  // its price, quantity and variant cells empty.
  const hasFixed = Object.keys(fixed).length > 0;
  const aligned = rows.map((r) => {
    const parent = r.parent_child === 'parent';
    const out: Cell[] = new Array<Cell>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      const v = r[f];
      if (v !== undefined && v !== '') out[i] = v;
      else if (!hasFixed) out[i] = '';
      else {
        const fv = fixed[f];
        out[i] = fv === undefined || fv === null || (parent && PARENT_EMPTY.has(f)) ? '' : typeof fv === 'number' ? fv : String(fv);
      }
    }
    return out;
  });
  return { ...base, rows: aligned, reasons: [] };
}
