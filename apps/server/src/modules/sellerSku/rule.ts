import { createHash } from 'node:crypto';

/**
 * The seller SKU rule (docs/exports.md#skus): one SKU per variant, the same in every file, on both marketplaces
 * and in the SKU bindings, stable across exports and publishes. A variant's code is
 * `${product key_id}-${COLOUR}-${SIZE}` (its own product's number: a variant inside a combination keeps the code
 * it has alone); the SKU is the template's prefix followed by the code, cut to SKU_MAX.
 */

/** The longest SKU written: the flat file's item_sku allows 40 (both marketplaces allow 50). */
export const SKU_MAX = 40;
export const token = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();

/**
 * Each item's SKU token, unique among `items`: an empty token, or one another item reduces to too (two colours
 * of the same hex, sizes "XL" and "X-L"), or one equal to another item's fallback, takes the stable fallback
 * (row id) instead, so it stays the same across exports whatever the order.
 */
export function uniqueTokens<T>(items: T[], tokenOf: (x: T) => string, fallbackOf: (x: T) => string): Map<T, string> {
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

/**
 * What the rule reads of a product: its number and **every** colour (row id, code) with **every** size (variant
 * row id, size) — not only the variants chosen for one listing, so that unticking one never changes another's SKU.
 */
export interface SkuProduct {
  keyId: string;
  colours: { id: number; code: string; variants: { id: number; size: string }[] }[];
}

/** Each variant's code (by variant row id), without prefix: `${keyId}-${COLOUR}-${SIZE}`. */
export function variantCodes(p: SkuProduct): Map<number, string> {
  const colourToken = uniqueTokens(
    p.colours,
    (c) => token(c.code),
    (c) => `C${c.id}`,
  );
  const codes = new Map<number, string>();
  for (const c of p.colours) {
    const sizeToken = uniqueTokens(
      c.variants,
      (v) => token(v.size),
      (v) => `S${v.id}`,
    );
    for (const v of c.variants) codes.set(v.id, `${p.keyId}-${colourToken.get(c)!}-${sizeToken.get(v)!}`);
  }
  return codes;
}

/** A variant's seller SKU: the template's prefix (export template or marketplace template) + its code. */
export const sellerSku = (prefix: string, code: string) => fitSku(`${prefix}${code}`);
/** A product's (or a combination's) parent SKU: the prefix + its number. */
export const parentSku = (prefix: string, keyId: string) => fitSku(`${prefix}${keyId}`);
