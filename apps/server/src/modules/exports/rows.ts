import { EXPORT_IMAGES_PER_ROW, priceFor, type PriceResult, type PriceVariant } from '@app/contract';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import { formulaWarnings } from './cells.js';
import { parseJsonColumn } from '../../db/json.js';
import type { Cell, Product, ProductRows, Reason, RowContext, VariantRow } from './rows/context.js';
import { flatFileHeader, flatFileRows, PARENT_EMPTY, themeOf } from './rows/flatFile.js';
import { cutRanges } from './rows/cut.js';
import { fileWarnings } from './rows/handling.js';
import { listingTextReasons } from './rows/listingTexts.js';
import { stripNames } from './rows/names.js';
import { SIMPLE_COLUMN_LABELS, simpleColumns, simpleRow } from './rows/simple.js';
import { parentSku, sellerSku, variantCodes } from './rows/skus.js';
import { madeTexts } from './rows/titles.js';
import { WALMART_FIELDS, walmartRow } from './rows/walmart.js';

/**
 * The rows of the listing files (docs/exports.md), pure: products in, cells out. The job and the first-row
 * preview both build with it, so they cannot disagree. What every layout shares is decided here (the
 * banned-word screen, SKUs, prices, images, fixed values); each layout's cells are in rows/: flatFile.ts
 * (the large marketplace's flat file), simple.ts (simplified Excel and Txt), walmart.ts; the SKU rules in
 * rows/skus.ts.
 */

export { fileWarnings };
export { productsOf, type Cell, type Layout, type Reason, type RowContext } from './rows/context.js';

/** Prices already worked out, per pricing: a file's variants share a few blank prices (and with rules, a few sizes and colours). */
const pricesOf = new WeakMap<RowContext['pricing'], Map<string, PriceResult>>();
/** Past this many prices remembered for one pricing, they are forgotten and worked out again. */
const PRICES_KEPT = 10_000;

/**
 * The listed and crossed-out prices of a variant (@app/contract priceFor), each distinct one worked out once
 * per export: exact decimal arithmetic per variant was a tenth of the rows' CPU. Without rules the price
 * depends on the cost alone; with rules, on what their conditions read too.
 */
function priceOf(pricing: RowContext['pricing'], cost: number, variant: PriceVariant): PriceResult {
  let known = pricesOf.get(pricing);
  if (!known) pricesOf.set(pricing, (known = new Map()));
  const key = pricing.rules.length
    ? `${cost}\0${variant.size}\0${variant.color}\0${variant.sizeEn}\0${variant.colorEn}\0${variant.categoryIds.join(',')}`
    : String(cost);
  let result = known.get(key);
  if (!result) {
    if (known.size >= PRICES_KEPT) known.clear();
    result = priceFor(pricing.template, cost, { rules: pricing.rules, variant });
    known.set(key, result);
  }
  return result;
}

/** The header rows above the data, and the field row the cells align with. */
export function headerOf(ctx: Pick<RowContext, 'layout' | 'template'>): { headerRows: string[][]; fields: string[] } {
  if (ctx.layout === 'simple') {
    const fields = simpleColumns(ctx.template);
    return { headerRows: [fields.map((f) => SIMPLE_COLUMN_LABELS[f])], fields };
  }
  if (ctx.layout === 'walmart') return { headerRows: [[...WALMART_FIELDS]], fields: [...WALMART_FIELDS] };
  return flatFileHeader(ctx.template);
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
  for (const [index, ranges] of cuts) out[index] = cutRanges(out[index]!, ranges);
  return { texts: out, reasons };
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

/** Each variant's SKU code: by its own product's number and colours (a combination's childs each by theirs). */
function codesOf(p: Product): Map<number, string> {
  // A product alone is its own only member; a combination's members are its childs (even if one is left).
  if (p.members.length === 1 && p.members[0] === p.id) return variantCodes(p);
  const codes = new Map<number, string>();
  for (const id of p.members) {
    const colours = p.colours.filter((c) => c.productId === id);
    if (colours.length === 0) continue;
    for (const [v, code] of variantCodes({ keyId: colours[0]!.productKey, colours })) codes.set(v, code);
  }
  return codes;
}

/** The rows of one product in the export's layout, or the reasons it is refused. */
export function rowsOf(product: Product, ctx: RowContext, fields: string[]): ProductRows {
  const t = ctx.template;
  const base = { finishedId: product.id, keyId: product.keyId, members: product.members, warnings: [] };
  // A product still composing, or whose composition failed, has no mockups to write (docs/exports.md#rows).
  if (product.status !== 'ready')
    return { ...base, rows: [], reasons: [{ key: product.status === 'failed' ? 'exportCompositionFailed' : 'exportComposing' }] };
  // A strip word in a colour or size name is cut there as in the titles (a name left empty refuses the product).
  const named = stripNames(product, ctx.layout, ctx.banned);
  if (named.reasons.length) return { ...base, rows: [], reasons: named.reasons };
  const p = named.product;
  const variants = p.colours.flatMap((c) => c.variants.map((v) => ({ c, v })));
  if (variants.length === 0) return { ...base, rows: [], reasons: [{ key: 'exportNoVariants' }] };

  // A chosen title template and keyword set make the titles and keywords (docs/listing-tools.md#titles), screened as the own ones.
  const made = ctx.titles ? madeTexts(ctx.titles.maker, ctx.layout, p, variants, t.generic_keywords, ctx.titles.shop) : null;
  if (made?.reasons.length) return { ...base, rows: [], reasons: made.reasons };
  // Checked texts: the family title and keyword, each variant's own, the template's bullets, description and keywords.
  const checked: { field: string; text: string }[] = [
    { field: 'item_name', text: made ? made.family : p.title },
    { field: 'generic_keywords', text: made ? made.familyKeyword : p.keyword },
    ...BULLETS.map((b) => ({ field: b, text: t[b] })),
    { field: 'product_description', text: t.product_description },
    { field: 'generic_keywords', text: t.generic_keywords },
    ...variants.flatMap(({ v }, i) => [
      { field: 'item_name', text: made ? made.variants[i]!.title : v.title },
      { field: 'generic_keywords', text: made ? made.variants[i]!.keyword : v.keyword },
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
  const parentSkuOf = parentSku(t.sku_prefix, p.keyId);
  // Each colour's list is turned into URLs once (every size of the colour writes the same ones).
  // `owner`: the product the images are of (a combination's child), what their use is recorded under.
  const done = new Map<string[], string[]>();
  const images = (list: string[], owner: number) => {
    const known = done.get(list);
    if (known) return known;
    const urls: string[] = [];
    done.set(list, urls);
    for (const url of list) {
      const blob = blobKeyOfUrl(url);
      if (!blob) continue;
      const watermarked = ctx.watermark === 'all' || (ctx.watermark === 'main' && urls.length === 0);
      const written = ctx.imageUrl(blob, watermarked, owner);
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

  // One SKU per variant, the rule marketplaces and bindings share (docs/exports.md#skus): a combination's child keeps its own.
  const codes = codesOf(p);

  const rows: Record<string, Cell>[] = [];
  const primary = Math.max(
    0,
    variants.findIndex(({ v }) => v.asParent),
  );
  const familyTexts = { title, keyword, bullets: [b1, b2, b3, b4, b5] as [string, string, string, string, string], description };
  // A price rule may bring a price down to 0: nothing a marketplace lists (docs/listing-tools.md#price-rules).
  let free: string | null = null;
  variants.forEach(({ c, v }, i) => {
    const cost = v.blankPrice !== null ? v.blankPrice : v.price;
    const { price, crossedOut } = priceOf(ctx.pricing, cost, {
      size: v.size,
      color: c.color,
      sizeEn: v.sizeEn,
      colorEn: c.en,
      categoryIds: v.categoryIds,
    });
    if (!(price > 0)) free ??= `${c.en} / ${v.sizeEn}`;
    const row: VariantRow = {
      p,
      c,
      v,
      index: i,
      t,
      sku: sellerSku(t.sku_prefix, codes.get(v.id)!),
      parentSku: parentSkuOf,
      price,
      crossedOut,
      stock: ctx.stock,
      urls: images(v.images.length ? v.images : c.images, c.productId),
      own: variantText(i),
      barcode: ctx.barcodes?.get(v.id) ?? null,
      texts: familyTexts,
    };
    if (ctx.layout === 'simple') rows.push(simpleRow(row));
    else if (ctx.layout === 'walmart') rows.push(walmartRow(row, axes, i === primary));
    else
      rows.push(
        ...flatFileRows(row, theme, () => {
          const first = p.colours.find((x) => x.variants.length > 0)!;
          return images(first.images, first.productId)[0] ?? '';
        }),
      );
  });

  if (free !== null) return { ...base, rows: [], reasons: [{ key: 'exportPriceNotPositive', params: { variant: free } }] };
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
  // Every text as it goes out: English, within the marketplace's limits (docs/exports.md#listing-texts).
  const textReasons = listingTextReasons(ctx.layout, fields, aligned, p, ctx.banned);
  if (textReasons.length) return { ...base, rows: [], reasons: textReasons };
  return { ...base, rows: aligned, reasons: [], warnings: ctx.txt ? formulaWarnings(fields, aligned) : [] };
}
