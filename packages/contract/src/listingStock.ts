/**
 * Stock of a listing (docs/publishing.md#stock): a shop's setting, which a marketplace template (or the export
 * template's quantity) may override. Either a quantity per SKU, or "made to order": the marketplace's largest
 * stock and a handling time in days (the days before the item ships). Each marketplace's bounds come from its
 * own documentation (docs/marketplace-a.md#stock, docs/marketplace-b.md#stock).
 */

export const STOCK_MODES = ['quantity', 'made_to_order'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

/** A shop's stock setting (the store row) or a template's override of it. */
export interface StockSetting {
  stock_mode: StockMode;
  /** The quantity per SKU in `quantity` mode. */
  stock_quantity: number;
  /** Days before a made-to-order item ships. */
  handling_days: number;
}

/** A new shop's setting: 99 per SKU, as every listing had before the setting existed; 3 handling days when switched. */
export const DEFAULT_STOCK: StockSetting = { stock_mode: 'quantity', stock_quantity: 99, handling_days: 3 };

/**
 * The bounds of each marketplace, by platform code. AliExpress (2): `inventory` 1–999,999 per SKU, the
 * product's `delivery_time` 1–60 days. TikTok Shop (15): inventory 0–999,999 per warehouse, a made-to-order
 * SKU's `pre_sale.fulfillment_type.handling_duration_days` 1–30 (chosen, UNCONFIRMED). The files of the large
 * marketplace and Walmart (1, 3): `quantity` 0–999,999 (our bound), `fulfillment_latency` 1–30 days (chosen).
 */
export const STOCK_LIMITS: Record<number, { quantityMin: number; quantityMax: number; handlingMin: number; handlingMax: number }> = {
  1: { quantityMin: 0, quantityMax: 999_999, handlingMin: 1, handlingMax: 30 },
  2: { quantityMin: 1, quantityMax: 999_999, handlingMin: 1, handlingMax: 60 },
  3: { quantityMin: 0, quantityMax: 999_999, handlingMin: 1, handlingMax: 30 },
  15: { quantityMin: 0, quantityMax: 999_999, handlingMin: 1, handlingMax: 30 },
};
export const stockLimitsOf = (platform: number) => STOCK_LIMITS[platform] ?? STOCK_LIMITS[1]!;

/** What a listing is sent with: a quantity per SKU, and the handling days when made to order (else null). */
export interface ListingStock {
  quantity: number;
  handlingDays: number | null;
}

/**
 * The stock a listing goes out with: the template's override when it sets a mode, else the shop's setting.
 * Made to order: the marketplace's largest stock and the handling days.
 */
export function stockFor(platform: number, shop: StockSetting, override?: Partial<StockSetting> | null): ListingStock {
  const own = override && (override.stock_mode === 'quantity' || override.stock_mode === 'made_to_order') ? override : null;
  const s: StockSetting = own ? ({ ...shop, ...own } as StockSetting) : shop;
  const limits = stockLimitsOf(platform);
  if (s.stock_mode === 'made_to_order') return { quantity: limits.quantityMax, handlingDays: s.handling_days };
  return { quantity: s.stock_quantity, handlingDays: null };
}

/** Why a setting does not fit the marketplace (a message key of storesMessages with its parameters), or null. */
export function stockProblem(
  platform: number,
  s: StockSetting,
): { key: 'storeStockMode' | 'storeStockQuantity' | 'storeStockHandling'; params: Record<string, number> } | null {
  const L = stockLimitsOf(platform);
  if (!(STOCK_MODES as readonly string[]).includes(s.stock_mode)) return { key: 'storeStockMode', params: {} };
  if (
    s.stock_mode === 'quantity' &&
    !(Number.isInteger(s.stock_quantity) && s.stock_quantity >= L.quantityMin && s.stock_quantity <= L.quantityMax)
  )
    return { key: 'storeStockQuantity', params: { min: L.quantityMin, max: L.quantityMax } };
  if (
    s.stock_mode === 'made_to_order' &&
    !(Number.isInteger(s.handling_days) && s.handling_days >= L.handlingMin && s.handling_days <= L.handlingMax)
  )
    return { key: 'storeStockHandling', params: { min: L.handlingMin, max: L.handlingMax } };
  return null;
}
