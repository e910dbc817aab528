import { createHash } from 'node:crypto';

/** The SKU rules (docs/exports.md#skus): tokens unique within a product, and a bounded length. */

/** The longest SKU written (the flat file's item_sku allows 40). */
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
