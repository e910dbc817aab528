import { currencyDecimals, type ColorSize, type PublishGroup, type VariantInfo } from '@app/contract';

/**
 * What the seller changed in the Publish Online tab's variant table, per product (docs/publish-tab.md#variant-table):
 * colours and sizes unticked, single variants unticked, prices typed (as typed, checked by `parsePrice`).
 * Everything not mentioned is kept as the server gave it.
 */
export interface ProductPicks {
  /** Colours unticked, each of its own product (`colourKey`): a combination's childs may share a colour name. */
  offColors: string[];
  offSizes: string[];
  offVariants: number[];
  prices: Record<number, string>;
}
export type Picks = Record<number, ProductPicks>;

export const NO_PICKS: ProductPicks = { offColors: [], offSizes: [], offVariants: [], prices: {} };
export const picksOf = (picks: Picks, productId: number): ProductPicks => picks[productId] ?? NO_PICKS;

/** The largest price the contract takes (customAttribution.price). */
export const PRICE_MAX = 10_000_000;
const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** A typed price as a number: above 0, at most two decimals, at most PRICE_MAX; null when it is not one. */
export function parsePrice(text: string): number | null {
  const s = text.trim();
  if (!PRICE_PATTERN.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= PRICE_MAX ? n : null;
}

/** A price in its currency's decimals (two; JPY none), as prices show (docs/pricing-templates.md#currencies). */
export const formatPrice = (n: number, currency = 'USD') => n.toFixed(currencyDecimals(currency));

/** A colour of one product (a combination's child, or the product alone): its ticks act on that product's variants only. */
export const colourKey = (productId: number, color: string) => `${productId}\u0000${color}`;

/** Whether a variant is to be published: its own product's colour, its size and itself ticked. */
export const isIncluded = (v: Pick<ColorSize, 'id' | 'color' | 'size' | 'finished_id'>, p: ProductPicks) =>
  !p.offColors.includes(colourKey(v.finished_id, v.color)) && !p.offSizes.includes(v.size) && !p.offVariants.includes(v.id);

/**
 * The colour names the variant call is asked for (it keeps colours by name): a name some product of the listing
 * still has ticked. A child's colour unticked while another child's same-named colour is kept is left out here, by `isIncluded`.
 */
export const chosenColours = (members: readonly { id: number; colors: readonly string[] }[], p: ProductPicks): string[] => [
  ...new Set(members.flatMap((m) => m.colors.filter((c) => !p.offColors.includes(colourKey(m.id, c))))),
];

/** The price a variant goes with: the one typed (when valid) or the server's. */
export function priceOf(v: Pick<ColorSize, 'id' | 'price'>, p: ProductPicks): number | null {
  const typed = p.prices[v.id];
  return typed === undefined ? v.price : parsePrice(typed);
}

/** One product's variants as they will go, and what the table shows about them. */
export interface ProductSummary {
  included: ColorSize[];
  /** Typed prices that are not valid, among the included variants. */
  invalid: number;
  min: number | null;
  max: number | null;
}

export function summarize(info: VariantInfo, p: ProductPicks): ProductSummary {
  const included = info.colorSizes.filter((v) => isIncluded(v, p));
  const prices = included.map((v) => priceOf(v, p));
  const valid = prices.filter((n): n is number => n !== null);
  return {
    included,
    invalid: prices.length - valid.length,
    min: valid.length ? Math.min(...valid) : null,
    max: valid.length ? Math.max(...valid) : null,
  };
}

/**
 * groupIds (docs/api.md#fields) from the table's state: per product still holding a variant, its parentId and the
 * chosen variants with their prices. When the seller unticked the parent (母体) variant, the first chosen
 * one becomes the parent, so every product sent has exactly one (docs/finished.md#states).
 */
export function buildGroups(infos: readonly VariantInfo[], picks: Picks): PublishGroup[] {
  const groups: PublishGroup[] = [];
  for (const info of infos) {
    const p = picksOf(picks, info.parentInfo.id);
    const included = info.colorSizes.filter((v) => isIncluded(v, p));
    if (included.length === 0) continue;
    const parentKept = included.some((v) => v.as_parent === 1);
    groups.push({
      parentId: info.parentInfo.id,
      customAttributions: included.map((v, i) => ({
        childId: v.id,
        color: v.color,
        size: v.size,
        price: priceOf(v, p) ?? v.price,
        as_parent: parentKept ? (v.as_parent === 1 ? 1 : 0) : i === 0 ? 1 : 0,
      })),
    });
  }
  return groups;
}

/** Ticks or unticks one value of a list (a colour, a size, a variant id). */
export function toggle<T>(list: readonly T[], value: T, off: boolean): T[] {
  const rest = list.filter((x) => x !== value);
  return off ? [...rest, value] : rest;
}
