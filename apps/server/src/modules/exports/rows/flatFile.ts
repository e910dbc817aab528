import { AMAZON_FLAT_FILE_FIELDS } from '@app/contract';
import { parseJsonColumn } from '../../../db/json.js';
import type { TemplateRow } from '../../templates/index.js';
import type { Cell, VariantRow } from './context.js';

/**
 * The large marketplace's flat file (format 3; docs/exports.md#rows): three header rows (the template's
 * own from diyImport, else the built-in ones), then per product a parent row and one child row per variant.
 */

/** Flat-file columns the parent row leaves empty (docs/exports.md: no price, quantity or product id). */
export const PARENT_EMPTY = new Set([
  'standard_price',
  'list_price',
  'quantity',
  'fulfillment_latency',
  'parent_sku',
  'relationship_type',
  'external_product_id',
  'external_product_id_type',
  'color_name',
  'color_map',
  'size_name',
  'size_map',
]);

/** The header rows above the data, and the field row the cells align with. */
export function flatFileHeader(t: TemplateRow): { headerRows: string[][]; fields: string[] } {
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

/**
 * One variant's rows: the product's parent row first (for its first variant; `parentImage` its main image),
 * then the variant's child row.
 */
export function flatFileRows(r: VariantRow, theme: string, parentImage: () => string): Record<string, Cell>[] {
  const { c, v, t, urls, own, texts } = r;
  const [b1, b2, b3, b4, b5] = texts.bullets;
  // What the parent row and the child rows say alike; the columns' order is the header's, not these keys'.
  const shared = {
    feed_product_type: t.feed_product_type,
    brand_name: t.brand_name,
    item_type: t.item_type,
    department_name: t.department_name,
    variation_theme: theme,
    update_delete: 'Update',
    product_description: texts.description,
    manufacturer: t.manufacturer,
    bullet_point1: b1,
    bullet_point2: b2,
    bullet_point3: b3,
    bullet_point4: b4,
    bullet_point5: b5,
  };
  const rows: Record<string, Cell>[] = [];
  if (r.index === 0) {
    rows.push(
      Object.assign(
        {
          item_sku: r.parentSku,
          item_name: texts.title,
          main_image_url: parentImage(),
          parent_child: 'parent',
          generic_keywords: texts.keyword,
        },
        shared,
      ),
    );
  }
  // Object.assign, not a spread ahead of the literal: on this V8 `{ ...shared, <27 more keys> }` takes ~100 µs an
  // object, the whole bare write's time over 70,000 rows (docs/exports.md#the-job).
  const child: Record<string, Cell> = {
    item_sku: r.sku,
    item_name: own.title,
    // The listing names (docs/finished.md#listing-names): English colour, its family, English size.
    color_name: c.en,
    color_map: c.family,
    size_name: v.sizeEn,
    size_map: v.sizeEn,
    standard_price: r.price,
    list_price: r.crossedOut ?? '',
    quantity: r.stock.quantity,
    fulfillment_latency: r.stock.handlingDays ?? '',
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
    parent_sku: r.parentSku,
    relationship_type: 'Variation',
    external_product_id: r.barcode?.code ?? '',
    external_product_id_type: r.barcode?.type ?? '',
    generic_keywords: own.keyword,
  };
  rows.push(Object.assign(child, shared));
  return rows;
}
