import {
  combinationColourNames,
  hasCjk,
  listingColour,
  listingSize,
  listingTitle,
  type ListingStock,
  type MessageKey,
  type PriceResult,
  type TitleMaker,
} from '@app/contract';
import { parseJsonColumn } from '../../../db/json.js';
import type { BannedWordEntry, BannedWordMatcher } from '../../bannedWords/index.js';
import type { Pricing } from '../../priceTemplates/index.js';
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
  /** The products the rows list (a combination's childs; else the product itself). */
  members: number[];
  rows: Cell[][];
  reasons: Reason[];
  /** What the seller should know about rows that are written (a Txt field read as a formula by a spreadsheet). */
  warnings: Reason[];
}

/** What every product of one export shares. */
export interface RowContext {
  layout: Layout;
  template: TemplateRow;
  /** The pricing template's numbers (template 0's built in) and its price rules. */
  pricing: Pricing;
  /** The quantity (and made-to-order handling days) every variant carries (docs/publishing.md#stock). */
  stock: ListingStock;
  /**
   * The URL written for one of our blobs of product `owner`; `watermarked` when the watermark rule covers this image. null: a
   * blob the caller may not read, left out (never published).
   */
  imageUrl(blob: string, watermarked: boolean, owner: number): string | null;
  /** Whether a watermark was chosen, and if so whether only the main image carries it (main_watermark=1). */
  watermark: 'none' | 'main' | 'all';
  /** The seller's banned words for the shop's marketplace (and all), or null when there are none. */
  banned: BannedWordMatcher<BannedWordEntry> | null;
  /** The file is Txt (format 9): a field a spreadsheet would read as a formula is named (docs/exports.md#formula-looking-text). */
  txt: boolean;
  /** The chosen title template and keyword set, compiled (docs/listing-tools.md#titles); absent or null: the products' own texts. */
  titles?: { maker: TitleMaker; shop: string } | null;
  /** The code of each variant (by id) in the shop, for the page being built (docs/listing-tools.md#barcodes). */
  barcodes?: Pick<ReadonlyMap<number, VariantBarcode>, 'get'> | undefined;
}

/** One product with its colours and sizes, as the rows read it. */
export interface Product {
  id: number;
  keyId: string;
  productName: string;
  /** The synthesis status (docs/domain.md#finished-products): only a `ready` product has its mockups. */
  status: string;
  title: string;
  keyword: string;
  /** What a title template reads (docs/listing-tools.md#titles): the family's own export name, material name, category. */
  exportName: string;
  materialName: string;
  category: string;
  /**
   * The products whose variants the family lists: the product itself, or a combination's childs in its order (a
   * combination is one family, docs/exports.md#combinations).
   */
  members: number[];
  colours: {
    id: number;
    /** The product the colour belongs to (a combination's child) and its number: its variants' SKUs are its own. */
    productId: number;
    productKey: string;
    color: string;
    code: string;
    /**
     * The colour's listing name (English) and family (docs/finished.md#listing-names); within a combination a
     * colour more than one child carries is numbered (combinationColourNames), as the publish names it.
     */
    en: string;
    family: string;
    images: string[];
    variants: {
      id: number;
      size: string;
      /** The size's listing name (English). */
      sizeEn: string;
      title: string;
      keyword: string;
      price: number;
      blankPrice: number | null;
      /** The blank's category and those above it (a price rule's condition). */
      categoryIds: number[];
      asParent: boolean;
      images: string[];
    }[];
  }[];
}

/** The worst synthesis status of a combination's childs: it is written only when every child is composed. */
const statusOf = (childs: Product[]) =>
  childs.some((c) => c.status === 'failed') ? 'failed' : childs.every((c) => c.status === 'ready') ? 'ready' : 'pending';

/**
 * Groups a page's rows by product, in the order of `ids`. A combination among `ids` is one product whose colours
 * are its childs', in its order (docs/exports.md#combinations).
 */
export function productsOf(page: ProductPage, ids: number[]): Product[] {
  const byId = new Map<number, Product>();
  for (const p of page.products) {
    byId.set(p.id, {
      id: p.id,
      keyId: p.key_id,
      productName: p.product_name,
      status: p.status,
      title: listingTitle(p.export_name, p.product_name, p.blank_name_en),
      keyword: p.keyword,
      exportName: p.export_name,
      materialName: p.material_img_name,
      category: p.cate_name,
      members: [p.id],
      colours: [],
    });
  }
  const colours = new Map<number, Product['colours'][number]>();
  for (const c of page.colours) {
    const owner = byId.get(c.finished_id);
    if (!owner) continue;
    const colour = {
      id: c.id,
      productId: owner.id,
      productKey: owner.keyId,
      color: c.color,
      code: c.color_code,
      ...listingColour({ color: c.color, code: c.color_code, en: c.color_en, family: c.color_family }),
      images: parseJsonColumn<string[]>(c.img_urls, []),
      variants: [],
    };
    colours.set(colour.id, colour);
    owner.colours.push(colour);
  }
  for (const a of page.sizes) {
    colours.get(a.child_id)?.variants.push({
      id: a.id,
      size: a.size,
      sizeEn: listingSize(a.size, a.size_en),
      // A variant's own title that is not English gives way to the product's listing title.
      title: hasCjk(a.export_name) ? '' : a.export_name,
      keyword: a.keyword,
      price: a.price,
      blankPrice: a.blank_price === null ? null : a.blank_price,
      categoryIds: a.category_ids,
      asParent: a.as_parent === 1,
      images: parseJsonColumn<string[]>(a.img_urls, []),
    });
  }
  // A combination's childs, in its order (as the variant info lists them).
  const entries = new Set(ids);
  const childsOf = new Map<number, { sort: number; id: number }[]>();
  for (const p of page.products) {
    if (p.combined_into === null || !entries.has(p.combined_into)) continue;
    (childsOf.get(p.combined_into) ?? childsOf.set(p.combined_into, []).get(p.combined_into)!).push({ sort: p.combo_sort, id: p.id });
  }
  return ids
    .map((id) => {
      const p = byId.get(id);
      const childs = childsOf.get(id);
      if (!p || !childs) return p;
      const members = childs.sort((a, b) => a.sort - b.sort || a.id - b.id).map((c) => byId.get(c.id)!);
      const listed = members.flatMap((m) => m.colours.filter((c) => c.variants.length > 0));
      const name = combinationColourNames(
        listed,
        (c) => c.productId,
        (c) => c.en,
      );
      return {
        ...p,
        status: statusOf(members),
        members: members.map((m) => m.id),
        colours: members.flatMap((m) => m.colours).map((c) => (c.variants.length > 0 ? { ...c, en: name(c) } : c)),
      };
    })
    .filter((p): p is Product => p !== undefined);
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
  /** The quantity and handling days (null: in stock) the variant is listed with. */
  stock: ListingStock;
  /** The variant's image URLs, the main one first. */
  urls: string[];
  /** The variant's title and keyword after the banned-word screen. */
  own: { title: string; keyword: string };
  /** The variant's barcode in the shop, or null (docs/listing-tools.md#barcodes). */
  barcode: VariantBarcode | null;
  /** The screened family texts: title, keyword, bullets, description. */
  texts: { title: string; keyword: string; bullets: [string, string, string, string, string]; description: string };
}
