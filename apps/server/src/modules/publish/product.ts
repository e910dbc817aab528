import { combinationColourNames, roundMoney, type ListingStock, type PublishGroup, type VariantInfo } from '@app/contract';
import { sellerSku } from '../sellerSku/index.js';
import type { PublishProduct } from './listing.js';

/**
 * One listing as the variant table left it (docs/publishing.md#the-calls): only the ticked variants, at the
 * prices set there, each with its seller SKU by the one rule (docs/exports.md#skus: the marketplace template's
 * prefix + the variant's code) and the pricing template's crossed-out price. A combination is one listing whose
 * variants are its childs' (docs/publishing.md#combinations).
 */
export function productOf(
  info: VariantInfo,
  thumb: string,
  group: PublishGroup | null,
  prefix: string,
  stock: ListingStock,
): PublishProduct {
  // Shared colours of a combination's childs are numbered, as the files number them (docs/publishing.md#combinations).
  const colours = combinationColourNames(
    info.colorSizes,
    (c) => c.finished_id,
    (c) => c.color_en,
  );
  let skus = info.colorSizes.map((c) => ({
    variantId: c.id,
    sellerSku: sellerSku(prefix, c.sku_code),
    variantKeyId: c.key_id,
    productId: c.finished_id,
    // The marketplace gets the listing names (English), the messages name the seller's own (docs/finished.md#listing-names).
    color: colours(c),
    size: c.size_en,
    ownColor: c.color,
    ownSize: c.size,
    price: c.price,
    crossedOut: c.crossed_out,
  }));
  if (group) {
    const chosen = new Map(group.customAttributions.map((c) => [c.childId, c.price]));
    skus = skus.filter((s) => chosen.has(s.variantId)).map((s) => ({ ...s, price: roundMoney(chosen.get(s.variantId)!, info.currency) }));
  }
  return { id: info.parentInfo.id, keyId: info.parentInfo.key_id, title: info.parentInfo.title.trim(), thumb, mainBlobs: [], stock, skus };
}

/** The products a listing's variants belong to (a combination's childs; a product alone: itself). */
export const productsOfListing = (info: VariantInfo) => [...new Set(info.colorSizes.map((c) => c.finished_id))];
