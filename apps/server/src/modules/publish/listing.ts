import { fillDescriptionTemplate, TIKTOK_DEFAULT_DESCRIPTION, type ListingStock, type PublishPlatform } from '@app/contract';
import type { BannedWordEntry, BannedWordMatcher } from '../bannedWords/index.js';
import type { Listing, ListingSku, PreflightReason } from './adapters/types.js';

/** Main images each marketplace takes (docs/marketplace-b.md, docs/marketplace-a.md: B 1–9, A ≤ 6); the rest are left out. */
export const MAX_MAIN: Record<PublishPlatform, number> = { 2: 6, 15: 9 };
/** SKUs one listing holds (A: 100, chosen; B: 100 in the US): a combination over it is refused by the pre-flight. */
export const MAX_SKUS: Record<PublishPlatform, number> = { 2: 100, 15: 100 };

/**
 * One product as the publish sends it, fixed by the call (the variants chosen in the table, at their prices),
 * with its images as blob keys (filled by the job from the variants module's imagesFor; the pre-flight too).
 */
export interface PublishProduct {
  id: number;
  keyId: string;
  title: string;
  thumb: string;
  /** The product's mockups (blob keys), the main images. */
  mainBlobs: string[];
  /** The shop's stock setting or the template's override (docs/publishing.md#stock); absent in records made before it. */
  stock?: ListingStock;
  skus: {
    variantId: number;
    sellerSku: string;
    /** The variant's number and its product (a combination's child): what the SKU bindings are keyed by. */
    variantKeyId?: string;
    productId?: number;
    /** The listing names the marketplace gets (English; docs/finished.md#listing-names). */
    color: string;
    size: string;
    /** The colour and size as the seller names them (the pre-flight's messages name these). */
    ownColor?: string | undefined;
    ownSize?: string | undefined;
    price: number;
    /** The pricing template's crossed-out price, or null. */
    crossedOut?: number | null;
    /** The colour's image (blob key): images ride on the colour attribute only, one per colour. */
    imageBlob?: string | undefined;
    /** The variant's barcode in the shop (docs/listing-tools.md#barcodes), claimed by the publish call. */
    barcode?: ListingSku['barcode'];
  }[];
}

/** Fills a product's images: the parent's mockups as the main images, each colour's first image on its SKUs. */
export function withImages(p: PublishProduct, images: { main: string[]; byVariant: Record<number, string[]> }): PublishProduct {
  const byColour = new Map<string, string>();
  for (const s of p.skus) {
    const first = images.byVariant[s.variantId]?.[0];
    if (first && !byColour.has(s.color)) byColour.set(s.color, first);
  }
  return { ...p, mainBlobs: images.main, skus: p.skus.map((s) => ({ ...s, imageBlob: byColour.get(s.color) })) };
}

/**
 * The listing's description: the template's description (B: `description_template`), else the default one,
 * `{title}` filled and HTML-escaped by the contract's rule (docs/market-templates.md#description-template).
 */
function descriptionOf(template: Record<string, unknown>, title: string): string {
  const own = typeof template.description_template === 'string' ? template.description_template.trim() : '';
  return fillDescriptionTemplate(own || TIKTOK_DEFAULT_DESCRIPTION, title);
}

/** Inventory of a record made before the stock setting (docs/publishing.md#stock): the template's, else 99. */
const inventoryOf = (template: Record<string, unknown>) => {
  const q = Number(template.quantity ?? template.inventory ?? 99);
  return Number.isFinite(q) && q > 0 ? Math.floor(q) : 99;
};

/**
 * The marketplace-neutral listing of a product. `ref` names an image as the marketplace knows it (the
 * upload's uri); the pre-flight passes the blob keys themselves (only the counts matter there).
 */
export function listingOf(p: PublishProduct, template: Record<string, unknown>, ref: (blob: string) => string, maxMain: number): Listing {
  const stock = p.stock ?? { quantity: inventoryOf(template), handlingDays: null };
  return {
    finishedId: p.id,
    keyId: p.keyId,
    title: p.title,
    description: descriptionOf(template, p.title),
    template,
    mainImages: p.mainBlobs.slice(0, maxMain).map(ref),
    skus: p.skus.map((s) => ({
      variantId: s.variantId,
      sellerSku: s.sellerSku,
      color: s.color,
      size: s.size,
      price: s.price,
      inventory: stock.quantity,
      ...(s.crossedOut != null ? { crossedOut: s.crossedOut } : {}),
      ...(s.variantKeyId !== undefined ? { variantKeyId: s.variantKeyId, productId: s.productId } : {}),
      ...(s.imageBlob ? { imageRef: ref(s.imageBlob) } : {}),
      ...(s.barcode ? { barcode: s.barcode } : {}),
    })),
    ...(stock.handlingDays !== null ? { handlingDays: stock.handlingDays } : {}),
  };
}

/** Field names the banned-word reasons name (message keys, rendered in the caller's language). */
export type BannedField = 'publishFieldTitle' | 'publishFieldDescription' | 'publishFieldColor' | 'publishFieldSize';

/**
 * The banned-word rule of the export (docs/exports.md#banned-words) on a listing: a 'block' word refuses
 * the product naming word and field; a 'strip' word is cut out of the title and description.
 */
export function screenListing(listing: Listing, matcher: BannedWordMatcher<BannedWordEntry> | null): PreflightReason[] {
  if (!matcher) return [];
  const texts: { field: BannedField; text: string }[] = [
    { field: 'publishFieldTitle', text: listing.title },
    { field: 'publishFieldDescription', text: listing.description },
    ...[...new Set(listing.skus.map((s) => s.color))].map((text) => ({ field: 'publishFieldColor' as const, text })),
    ...[...new Set(listing.skus.map((s) => s.size))].map((text) => ({ field: 'publishFieldSize' as const, text })),
  ];
  const hits = matcher.find(texts.map((t) => t.text));
  const reasons: PreflightReason[] = [];
  const seen = new Set<string>();
  const cuts = new Map<number, { start: number; end: number }[]>();
  for (const h of hits) {
    const field = texts[h.index]!.field;
    if (h.word.action === 'block') {
      const id = `${h.word.word}\0${field}`;
      if (seen.has(id)) continue;
      seen.add(id);
      reasons.push({ key: 'publishBannedWord', params: { word: h.word.word, field } });
    } else if (h.index <= 1) {
      (cuts.get(h.index) ?? cuts.set(h.index, []).get(h.index)!).push({ start: h.start, end: h.end });
    }
  }
  const cut = (text: string, ranges: { start: number; end: number }[]) => {
    let out = text;
    for (const r of [...ranges].sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + out.slice(r.end);
    return out.replace(/ {2,}/g, ' ').trim();
  };
  if (cuts.has(0)) listing.title = cut(listing.title, cuts.get(0)!);
  if (cuts.has(1)) listing.description = cut(listing.description, cuts.get(1)!);
  return reasons;
}
