import Decimal from 'decimal.js';

/**
 * The cart's sums in CNY, exact (docs/domain.md#cart): a line's total is its unit price × quantity, the selection's
 * the sum of its lines' totals, each shown with 2 decimals. Kept apart from cart.ts so the web app's cart page
 * loads no zod schema for them.
 */
export interface CartLineAmount {
  price: number | string;
  num: number;
}

const lineTotalOf = (l: CartLineAmount) => new Decimal(l.price).times(l.num);

/** A line's total, e.g. 39.9 × 3 → "119.70". */
export const cartLineTotal = (line: CartLineAmount): string => lineTotalOf(line).toFixed(2, Decimal.ROUND_HALF_UP);

/** The total of these lines, e.g. 0.1 × 1 + 0.2 × 1 → "0.30" (never 0.30000000000000004). */
export const cartTotal = (lines: Iterable<CartLineAmount>): string => {
  let sum = new Decimal(0);
  for (const l of lines) sum = sum.plus(lineTotalOf(l));
  return sum.toFixed(2, Decimal.ROUND_HALF_UP);
};
