import type { MessageKey, PriceResult, PriceTemplateNumbers } from '@app/contract';
import { parseJsonColumn } from '../../../db/json.js';
import type { BannedWordEntry, BannedWordMatcher } from '../../bannedWords/index.js';
import type { VariantBarcode } from '../../barcodes/index.js';
import type { TemplateRow } from '../../templates/index.js';
import type { ProductPage } from '../products.js';

/** What the rows of every layout share: cells, the export's context, and the products a page holds. */

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
  /** The code of each variant (by id) in the shop, for the page being built (docs/listing-tools.md#barcodes). */
  barcodes?: Map<number, VariantBarcode> | undefined;
}

/** One product with its colours and sizes, as the rows read it. */
export interface Product {
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
    byId.set(p.id, {
      id: p.id,
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
      id: c.id,
      color: c.color,
      code: c.color_code,
      images: parseJsonColumn<string[]>(c.img_urls, []),
      variants: [],
    };
    colours.set(colour.id, colour);
    byId.get(c.finished_id)?.colours.push(colour);
  }
  for (const a of page.sizes) {
    colours.get(a.child_id)?.variants.push({
      id: a.id,
      size: a.size,
      title: a.export_name,
      keyword: a.keyword,
      price: a.price,
      blankPrice: a.blank_price === null ? null : a.blank_price,
      asParent: a.as_parent === 1,
      images: parseJsonColumn<string[]>(a.img_urls, []),
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/** One variant's row as a layout builds it: everything decided for the variant beforehand (rows.ts). */
export interface VariantRow {
  p: Product;
  c: Product['colours'][number];
  v: Product['colours'][number]['variants'][number];
  /** The variant's place among the product's variants (0: the first). */
  index: number;
  t: TemplateRow;
  sku: string;
  parentSku: string;
  /** The listed and crossed-out prices (@app/contract priceFor). */
  price: PriceResult['price'];
  crossedOut: PriceResult['crossedOut'];
  /** The variant's image URLs, the main one first. */
  urls: string[];
  /** The variant's title and keyword after the banned-word screen. */
  own: { title: string; keyword: string };
  /** The variant's barcode in the shop, or null (docs/listing-tools.md#barcodes). */
  barcode: VariantBarcode | null;
  /** The screened family texts: title, keyword, bullets, description. */
  texts: { title: string; keyword: string; bullets: [string, string, string, string, string]; description: string };
}
