import { z } from 'zod';
import { defineRoute } from './route.js';
import { id } from './accounts.js';
import { num } from './numbers.js';

/** Money as decimal text with two places. */
const moneyText = z.string();

/** How a shop's imported orders are paid (docs/market-orders.md#order-modes). */
export const MARKET_ORDER_MODES = ['review', 'auto'] as const;

/** A marketplace order beside ours (docs/market-orders.md): what the marketplace says, and what it earned. */
export const marketOrderView = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  /** 2 AliExpress, 15 TikTok Shop. */
  platform: z.number().int(),
  remote_order_id: z.string(),
  /** The marketplace's own status word. */
  remote_status: z.string(),
  currency: z.string(),
  buyer_paid: z.string(),
  /** What waits on the seller (a message key) and its parameters; '' when nothing. */
  exception: z.string(),
  exception_params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The tracking sent back: '' not yet, 'sent', 'refused'. */
  ship_state: z.string(),
  /** Unix seconds: when the buyer ordered. */
  createtime: z.number().int(),
  recipient: z.string(),
  /** Our order made of it (0: none yet). */
  order_id: z.number().int(),
});

/** An order's profit (docs/market-orders.md#profit): every amount in CNY, the buyer's converted at the operator's rate. */
export const orderProfit = z.object({
  buyer_paid_cny: moneyText,
  fee_cny: moneyText,
  cost_cny: moneyText,
  profit_cny: moneyText,
  /** The rate used (CNY per unit of the order's currency) and its day. */
  rate: z.string(),
  rate_day: z.string(),
});

const shopSettings = z.object({
  store_id: z.number().int(),
  order_mode: z.enum(MARKET_ORDER_MODES),
  /** The marketplace's fee as a percentage of what the buyer paid, decimal text ("8", "6.5"). */
  fee_percent: z.string(),
  /** Unix seconds of the last import (0: never) and its refusal ('' none, else a message key). */
  pulled_at: z.number().int(),
  pull_error: z.string(),
  /** Whether the marketplace pushes changes to us (B, with a reachable address). */
  webhook: z.boolean(),
});

export const marketOrderRoutes = {
  marketShopSettings: defineRoute({
    method: 'GET',
    path: '/api/marketOrders/shopSettings',
    summary: "A marketplace shop's order settings (how imported orders are paid, the fee) and import state",
    tag: 'orders',
    auth: true,
    query: z.object({ store_id: id }),
    data: shopSettings,
  }),
  marketShopSettingsSave: defineRoute({
    method: 'POST',
    path: '/api/marketOrders/saveShopSettings',
    summary: "Saves a marketplace shop's order settings",
    tag: 'orders',
    auth: true,
    body: z.strictObject({
      store_id: id,
      order_mode: z.enum(MARKET_ORDER_MODES),
      fee_percent: z.string().trim().max(10),
    }),
    data: shopSettings,
  }),
  marketOrderSync: defineRoute({
    method: 'POST',
    path: '/api/marketOrders/sync',
    summary: "Imports a shop's new and changed marketplace orders now",
    tag: 'orders',
    auth: true,
    body: z.strictObject({ store_id: id }),
    data: z.object({ store_id: z.number().int(), queued: z.boolean() }),
  }),
  marketOrderExceptions: defineRoute({
    method: 'GET',
    path: '/api/marketOrders/exceptions',
    summary: 'Marketplace orders no order could be made of yet (an unbound SKU, an address), newest first',
    tag: 'orders',
    auth: true,
    query: z.object({ store_id: num(z.number().int().min(1)).optional() }),
    data: z.object({ count: z.number().int(), list: z.array(marketOrderView) }),
  }),
  marketOrderRetry: defineRoute({
    method: 'POST',
    path: '/api/marketOrders/retry',
    summary: 'Tries a marketplace order again: makes its order (after binding its SKUs) or sends its tracking again',
    tag: 'orders',
    auth: true,
    body: z.strictObject({ id }),
    data: marketOrderView,
  }),
} as const;
