import Decimal from 'decimal.js';
import { currencyDecimals } from './currencies.js';

/**
 * The price formula (docs/pricing-templates.md#the-formula), pure: a variant's cost in CNY becomes the price and
 * the crossed-out price a listing carries, through the pricing template, then the template's price rules
 * (docs/listing-tools.md#price-rules), then the rounding. The export, the publish and the pricing pages' live
 * example all call `priceFor` / `priceChain`, so they cannot disagree. Exact decimals (decimal.js), never floats.
 */

export const PRICE_ROUNDINGS = ['none', 'cent', 'integer', '99'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The numbers of a template as the formula reads them (fractions: 0.2 = 20 %), with the currency it lists in. */
export interface PriceTemplateNumbers {
  currency_code: string;
  shipping: number;
  exchange_rate: number;
  margin: number;
  platform_fee: number;
  tax_rate: number;
  discount: number;
  rounding: PriceRounding;
  crossed_out_rounding: PriceRounding;
}

/** A price and its crossed-out price (null when the template shows none: no discount). */
export interface PriceResult {
  price: number;
  crossedOut: number | null;
}

export const PRICE_RULE_ACTIONS = ['add', 'subtract'] as const;
export type PriceRuleAction = (typeof PRICE_RULE_ACTIONS)[number];
export const PRICE_RULE_UNITS = ['amount', 'percent'] as const;
export type PriceRuleUnit = (typeof PRICE_RULE_UNITS)[number];

/**
 * A price rule as the chain reads it: add or subtract an amount (in the listing's currency) or a percentage of
 * the price so far, when every condition set holds (an empty list or a null bound is no condition).
 */
export interface PriceRuleNumbers {
  id: number;
  name: string;
  action: PriceRuleAction;
  unit: PriceRuleUnit;
  /** The amount, or the percent (10 = 10 %). */
  value: number;
  sizes: string[];
  colors: string[];
  /** Blank categories: the variant's blank in one of them or under one of them. */
  category_ids: number[];
  /** The price so far within [price_min, price_max] (inclusive). */
  price_min: number | null;
  price_max: number | null;
}

/** What a rule's conditions look at: the variant's size and colour and its blank's category with those above it. */
export interface PriceVariant {
  size: string;
  color: string;
  /** The colour's and size's English listing names (docs/finished.md#listing-names): a rule may name either. */
  colorEn?: string;
  sizeEn?: string;
  categoryIds: readonly number[];
}

/** CNY per one unit of each currency, as the exchange-rate table holds today (docs/pricing-templates.md#exchange-rates). */
export type RateMap = Readonly<Record<string, number>>;

/**
 * Pricing template 0 (系统默认) per marketplace, by platform code (docs/pricing-templates.md#template-0): a 30 %
 * margin, the marketplace's usual fee on the sale, no shipping, no tax, no crossed-out price, rounded up to x.99.
 */
export const BUILT_IN_PRICING: Record<number, { margin: number; platform_fee: number; rounding: PriceRounding }> = {
  /** The large marketplace: its referral fee for clothing and home goods, 15 %. */
  1: { margin: 0.3, platform_fee: 0.15, rounding: '99' },
  /** Walmart: its referral fee for apparel and home, 15 %. */
  3: { margin: 0.3, platform_fee: 0.15, rounding: '99' },
  /** AliExpress: its commission, 8 % in most categories. */
  2: { margin: 0.3, platform_fee: 0.08, rounding: '99' },
  /** TikTok Shop: its referral fee, 8 %. */
  15: { margin: 0.3, platform_fee: 0.08, rounding: '99' },
};

/**
 * Template 0's numbers for a marketplace and a listing currency at today's rates; null when the table has no
 * rate for that currency (CNY is always 1).
 */
export function builtInTemplate(platform: number, currency: string, rates: RateMap): PriceTemplateNumbers | null {
  const rate = currency === 'CNY' ? 1 : rates[currency];
  if (rate === undefined || !(rate > 0)) return null;
  const d = BUILT_IN_PRICING[platform] ?? BUILT_IN_PRICING[1]!;
  return {
    currency_code: currency,
    shipping: 0,
    exchange_rate: rate,
    margin: d.margin,
    platform_fee: d.platform_fee,
    tax_rate: 0,
    discount: 0,
    rounding: d.rounding,
    crossed_out_rounding: d.rounding,
  };
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * Rounds a computed amount in a currency with `decimals` decimals (2, JPY 0). Every mode but 'none' first goes
 * to the currency's minor unit (half up, as a till does); 'integer' and '99' then go UP, never below the
 * cost-covering figure: 'integer' to the next whole amount at or above, '99' to the next x.99 at or above
 * (15.43 → 15.99, 16.00 → 16.99) — in a currency without decimals the next amount ending in 99 (1,573 → 1,599).
 * 'none' keeps four decimals, for a seller who rounds later in a spreadsheet.
 */
function roundPrice(x: Decimal, mode: PriceRounding, decimals: number): Decimal {
  if (mode === 'none') return x.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const minor = x.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  if (mode === 'cent') return minor;
  if (mode === 'integer') return minor.toDecimalPlaces(0, Decimal.ROUND_CEIL);
  if (decimals === 0) return minor.plus(1).div(100).toDecimalPlaces(0, Decimal.ROUND_CEIL).times(100).minus(1);
  // '99': the whole part whose .99 is at or above the amount.
  return minor.plus(0.01).toDecimalPlaces(0, Decimal.ROUND_CEIL).minus(0.01);
}

const norm = (s: string) => s.trim().toUpperCase();

/** Whether a rule's conditions hold for a variant at the price so far (every condition set must hold). */
function ruleHolds(rule: PriceRuleNumbers, variant: PriceVariant | undefined, price: Decimal): boolean {
  if (rule.sizes.length && !(variant && rule.sizes.some((s) => norm(s) === norm(variant.size) || norm(s) === norm(variant.sizeEn ?? ''))))
    return false;
  if (
    rule.colors.length &&
    !(variant && rule.colors.some((c) => norm(c) === norm(variant.color) || norm(c) === norm(variant.colorEn ?? '')))
  )
    return false;
  if (rule.category_ids.length && !(variant && rule.category_ids.some((c) => variant.categoryIds.includes(c)))) return false;
  if (rule.price_min !== null && price.lt(rule.price_min)) return false;
  if (rule.price_max !== null && price.gt(rule.price_max)) return false;
  return true;
}

/** One step of the chain, as the live example shows it: the template's price, each rule, the rounding. */
export type PriceStep =
  | { kind: 'template'; price: number }
  | { kind: 'rule'; ruleId: number; name: string; applied: boolean; price: number }
  | { kind: 'rounding'; rounding: PriceRounding; price: number };

export interface PriceOptions {
  /** The template's price rules, in the template's order (docs/listing-tools.md#price-rules). */
  rules?: readonly PriceRuleNumbers[];
  /** The variant the rules' conditions look at; without it a size, colour or category condition never holds. */
  variant?: PriceVariant;
  /** With template 0 (null): the marketplace and currency the listing is in, and today's rates. */
  builtIn?: { platform: number; currency: string; rates: RateMap };
}

const shown = (x: Decimal) => x.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();

/**
 * The price a variant of cost `cost` (the blank's price for its SKU, in CNY) is listed at, its crossed-out price,
 * and each step: `(cost + shipping) / exchange_rate / (1 − margin − platform_fee) × (1 + tax_rate)`, then each
 * rule whose conditions hold adds or subtracts (never below 0), then the template's rounding in the currency's
 * decimals; `crossedOut = price / (1 − discount)` from the rounded price, rounded by `crossed_out_rounding`.
 * Template null is template 0: `opts.builtIn` says which marketplace, currency and rates (builtInTemplate).
 */
export function priceChain(
  template: PriceTemplateNumbers | null,
  cost: number,
  opts: PriceOptions = {},
): PriceResult & { steps: PriceStep[] } {
  let t = template;
  if (t === null) {
    const b = opts.builtIn;
    t = b ? builtInTemplate(b.platform, b.currency, b.rates) : null;
    if (t === null) throw new Error('pricing template 0 needs a rate for the listing currency');
  }
  const decimals = currencyDecimals(t.currency_code);
  let price = new D(cost)
    .plus(t.shipping)
    .div(t.exchange_rate)
    .div(new D(1).minus(t.margin).minus(t.platform_fee))
    .times(new D(1).plus(t.tax_rate));
  const steps: PriceStep[] = [{ kind: 'template', price: shown(price) }];
  for (const rule of opts.rules ?? []) {
    const applied = ruleHolds(rule, opts.variant, price);
    if (applied) {
      const delta = rule.unit === 'percent' ? price.times(rule.value).div(100) : new D(rule.value);
      price = rule.action === 'add' ? price.plus(delta) : D.max(0, price.minus(delta));
    }
    steps.push({ kind: 'rule', ruleId: rule.id, name: rule.name, applied, price: shown(price) });
  }
  const rounded = roundPrice(price, t.rounding, decimals);
  steps.push({ kind: 'rounding', rounding: t.rounding, price: rounded.toNumber() });
  const crossedOut =
    t.discount > 0 ? roundPrice(rounded.div(new D(1).minus(t.discount)), t.crossed_out_rounding, decimals).toNumber() : null;
  return { price: rounded.toNumber(), crossedOut, steps };
}

/** The listed and crossed-out price (priceChain without its steps): what the export, the publish and the tab use. */
export function priceFor(template: PriceTemplateNumbers | null, cost: number, opts: PriceOptions = {}): PriceResult {
  const { price, crossedOut } = priceChain(template, cost, opts);
  return { price, crossedOut };
}

/** A fraction as the percent a seller types (0.08 → 8), exactly; and back (8 → 0.08). */
export const fractionToPercent = (f: number) => new D(f).times(100).toNumber();
export const percentToFraction = (p: number) => new D(p).div(100).toNumber();
