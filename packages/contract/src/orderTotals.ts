import Decimal from 'decimal.js';

/*
 * What the order pages work out without the orders' schemas (orders.ts): the statuses and the sum of orders' totals.
 * Kept apart so a page importing them brings no zod schema and names no validation message.
 */

/** Order statuses (docs/orders.md#the-flow). */
export const ORDER_STATUS = { cancelled: 0, pendingPayment: 1, paid: 2, inProduction: 3, shipped: 4, completed: 5 } as const;
export const ORDER_STATUSES = [0, 1, 2, 3, 4, 5] as const;

/** The sum of these orders' totals in CNY, exact, with 2 decimals (docs/orders.md#the-model): what a batch payment takes. */
export const ordersTotal = (orders: Iterable<{ total: string }>): string => {
  let sum = new Decimal(0);
  for (const o of orders) sum = sum.plus(o.total);
  return sum.toFixed(2, Decimal.ROUND_HALF_UP);
};
