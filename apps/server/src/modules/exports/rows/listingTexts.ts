import { hasCjk } from '@app/contract';
import type { Cell, Layout, Product, Reason, RowContext } from './context.js';

/**
 * The listing-text check of an export (docs/exports.md#listing-texts), run on a product's rows as they will be
 * written: every text cell a marketplace reads must be English (no Chinese characters) and within the marketplace's
 * length for that field; each colour and size name must be English and free of the seller's banned words. A product
 * failing it is refused naming the field (the file's column) and the text; the other products are written.
 */

/** Columns a layout writes for the seller, not for the marketplace: never checked (the simplified files' reference columns). */
const SELLER_COLUMNS: Record<Layout, ReadonlySet<string>> = {
  amazon: new Set(),
  walmart: new Set(),
  simple: new Set(['finished_id', 'product_name']),
};

/** Colour and size columns: checked per colour and size below, naming the colour or size rather than the column. */
const VARIANT_NAME_COLUMNS = new Set(['color_name', 'color_map', 'size_name', 'size_map', 'color', 'size']);

/**
 * Characters the marketplace takes per field (chosen from the large marketplace's flat-file and Walmart's item-spec
 * limits; a field not listed has no limit of ours).
 */
const MAX_CHARS: Record<Layout, Record<string, number>> = {
  amazon: {
    item_name: 200,
    bullet_point1: 500,
    bullet_point2: 500,
    bullet_point3: 500,
    bullet_point4: 500,
    bullet_point5: 500,
    product_description: 2000,
    brand_name: 50,
    manufacturer: 100,
  },
  walmart: {
    productName: 199,
    shortDescription: 4000,
    keyFeatures1: 500,
    keyFeatures2: 500,
    keyFeatures3: 500,
    brand: 60,
    manufacturer: 60,
  },
  simple: {},
};

/** At most this much of a refused text is quoted in the reason. */
const QUOTE_MAX = 60;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

/** Why the product's rows cannot go out as they are; empty when they can. */
export function listingTextReasons(layout: Layout, fields: string[], rows: Cell[][], p: Product, banned: RowContext['banned']): Reason[] {
  const reasons: Reason[] = [];
  const seen = new Set<string>();
  const add = (id: string, reason: Reason) => {
    if (seen.has(id)) return;
    seen.add(id);
    reasons.push(reason);
  };

  for (const c of p.colours) {
    if (c.variants.length === 0) continue;
    if (hasCjk(c.en)) add(`c\0${c.color}`, { key: 'listingColourNotEnglish', params: { color: c.color, text: quote(c.en) } });
    for (const v of c.variants) {
      if (hasCjk(v.sizeEn)) add(`s\0${v.size}`, { key: 'listingSizeNotEnglish', params: { size: v.size, text: quote(v.sizeEn) } });
    }
  }
  if (banned) {
    // Colour and size names go through the banned-word screen like the other texts (a block word refuses).
    const names = [
      ...new Set(p.colours.filter((c) => c.variants.length > 0).map((c) => c.en)),
      ...new Set(p.colours.flatMap((c) => c.variants.map((v) => v.sizeEn))),
    ];
    const colourCount = new Set(p.colours.filter((c) => c.variants.length > 0).map((c) => c.en)).size;
    for (const h of banned.find(names)) {
      if (h.word.action !== 'block') continue;
      const field = layout === 'amazon' ? (h.index < colourCount ? 'color_name' : 'size_name') : h.index < colourCount ? 'color' : 'size';
      add(`b\0${h.word.word}\0${field}`, { key: 'exportBannedWord', params: { word: h.word.word, field } });
    }
  }

  const skip = SELLER_COLUMNS[layout];
  const limits = MAX_CHARS[layout];
  for (const row of rows) {
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const cell = row[i];
      if (typeof cell !== 'string' || cell === '' || skip.has(field) || VARIANT_NAME_COLUMNS.has(field)) continue;
      if (hasCjk(cell)) add(`z\0${field}`, { key: 'listingTextCjk', params: { field, text: quote(cell) } });
      const max = limits[field];
      if (max !== undefined && cell.length > max)
        add(`l\0${field}`, { key: 'listingTextTooLong', params: { field, length: cell.length, max } });
    }
  }
  return reasons;
}
