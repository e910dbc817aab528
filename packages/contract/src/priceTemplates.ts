import Decimal from 'decimal.js';
import { z } from 'zod';
import { plainName } from './sellerText.js';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import type { MessageKey } from './messages.js';

/**
 * Pricing templates (`/price_template/*`; docs/pricing-templates.md): how a variant's cost becomes the price
 * and the crossed-out price written into a listing. The formula lives here, pure, so the server (the
 * export) and the edit page's live example compute with the same code and cannot disagree.
 */

export const PRICE_ROUNDINGS = ['none', 'cent', 'integer', '99'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
/** The listing currencies: CNY (shown as RMB / 元) and USD (shown as USD / $; docs/pricing-templates.md#rules-and-storage). */
export const PRICE_CURRENCIES = ['CNY', 'USD'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];
/** Platform types: 1 = the large-marketplace kind, 2 = marketplace A (docs/pricing-templates.md#rules-and-storage). */
export const PRICE_PLATFORM_TYPES = [1, 2] as const;
/** Pricing template 0 is the system default (the price stored on the variant; docs/pricing-templates.md). */
export const DEFAULT_PRICE_TEMPLATE_ID = 0;
export const PRICE_TEMPLATE_NAME_MAX = 50;
export const PRICE_TEMPLATE_PAGE_SIZE_MAX = 100;

/** The numbers of a template as the formula reads them (fractions: 0.2 = 20 %). */
export interface PriceTemplateNumbers {
  shipping: number;
  exchange_rate: number;
  margin: number;
  platform_fee: number;
  tax_rate: number;
  discount: number;
  rounding: PriceRounding;
  crossed_out_rounding: PriceRounding;
}

/** A price and its crossed-out price (null when the template shows none: no discount, or no template). */
export interface PriceResult {
  price: number;
  crossedOut: number | null;
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * Rounds a computed amount. Every mode but 'none' first goes to the cent (half up, as a till does);
 * 'integer' and '99' then go UP, never below the cost-covering figure: 'integer' to the next whole
 * amount at or above, '99' to the next x.99 at or above (15.43 → 15.99, 16.00 → 16.99). 'none' keeps
 * four decimals, for a seller who rounds later in a spreadsheet.
 */
function roundPrice(x: Decimal, mode: PriceRounding): Decimal {
  if (mode === 'none') return x.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const cents = x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (mode === 'cent') return cents;
  if (mode === 'integer') return cents.toDecimalPlaces(0, Decimal.ROUND_CEIL);
  // '99': the whole part whose .99 is at or above the amount.
  const whole = cents.plus(0.01).toDecimalPlaces(0, Decimal.ROUND_CEIL).minus(0.01);
  return whole;
}

/**
 * The price a variant of cost `cost` (the blank's price for its SKU, in CNY) is listed at, and its
 * crossed-out price: `price = (cost + shipping) / exchange_rate / (1 − margin − platform_fee) × (1 +
 * tax_rate)`, rounded; `crossedOut = price / (1 − discount)` from the rounded price, rounded by
 * `crossed_out_rounding`. With no template (id 0, the system default) the price is the cost as stored.
 * Exact decimal arithmetic: no binary-float error reaches a cent. The caller passes a valid template
 * (priceTemplateProblem is null); cost is not negative.
 */
export function priceFor(template: PriceTemplateNumbers | null, cost: number): PriceResult {
  if (template === null) return { price: new D(cost).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(), crossedOut: null };
  const raw = new D(cost)
    .plus(template.shipping)
    .div(template.exchange_rate)
    .div(new D(1).minus(template.margin).minus(template.platform_fee))
    .times(new D(1).plus(template.tax_rate));
  const price = roundPrice(raw, template.rounding);
  const crossedOut =
    template.discount > 0 ? roundPrice(price.div(new D(1).minus(template.discount)), template.crossed_out_rounding).toNumber() : null;
  return { price: price.toNumber(), crossedOut };
}

/** A fraction as the percent a seller types (0.08 → 8), exactly; and back (8 → 0.08). */
export const fractionToPercent = (f: number) => new D(f).times(100).toNumber();
export const percentToFraction = (p: number) => new D(p).div(100).toNumber();

/** How a currency is shown (CNY as RMB or 元, otherwise USD or $; docs/pricing-templates.md#rules-and-storage). */
export function currencyLabel(code: string, lang: 'zh' | 'en'): { name: string; symbol: string } {
  if (code === 'CNY') return lang === 'zh' ? { name: '人民币', symbol: '元' } : { name: 'RMB', symbol: '¥' };
  return lang === 'zh' ? { name: '美元', symbol: '$' } : { name: 'USD', symbol: '$' };
}

/** The fields a seller sets (docs/pricing-templates.md#the-formula, plus crossed_out_rounding). */
export interface PriceTemplateFields extends PriceTemplateNumbers {
  name: string;
  platform_type: number;
  currency_code: string;
}

export interface PriceTemplateProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

const decimals = (n: number) => {
  const s = String(n);
  if (/e/i.test(s)) return Infinity;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

export const PRICE_FRACTION_FIELDS = ['margin', 'platform_fee', 'tax_rate', 'discount'] as const;

/**
 * The first thing wrong with a template, as a catalogue message, or null. The server refuses with it; the
 * edit page shows the same message before sending. Bounds keep every value exact in decimal text
 * (money 2 decimals, rates 6, fractions 4).
 */
export function priceTemplateProblem(t: PriceTemplateFields): PriceTemplateProblem | null {
  const name = t.name.trim();
  if (name === '') return { key: 'priceTemplateNameRequired' };
  if ([...name].length > PRICE_TEMPLATE_NAME_MAX) return { key: 'priceTemplateNameTooLong', params: { max: PRICE_TEMPLATE_NAME_MAX } };
  if (!(PRICE_PLATFORM_TYPES as readonly number[]).includes(t.platform_type)) return { key: 'priceTemplatePlatformType' };
  if (!(PRICE_CURRENCIES as readonly string[]).includes(t.currency_code)) return { key: 'priceTemplateCurrency' };
  if (
    !(PRICE_ROUNDINGS as readonly string[]).includes(t.rounding) ||
    !(PRICE_ROUNDINGS as readonly string[]).includes(t.crossed_out_rounding)
  )
    return { key: 'priceTemplateRounding' };
  if (!(t.shipping >= 0 && t.shipping <= 1_000_000) || decimals(t.shipping) > 2) return { key: 'priceTemplateShipping' };
  if (!(t.exchange_rate > 0 && t.exchange_rate <= 100_000) || decimals(t.exchange_rate) > 6) return { key: 'priceTemplateExchangeRate' };
  for (const field of PRICE_FRACTION_FIELDS) {
    const v = t[field];
    if (!(v >= 0 && v < 1) || decimals(v) > 4) return { key: 'priceTemplateFraction', params: { field } };
  }
  if (new D(t.margin).plus(t.platform_fee).gte(1)) return { key: 'priceTemplateMarginFee' };
  return null;
}

const id = num(z.number().int().positive());
const amount = num(z.number());
// Enum-like fields are checked by priceTemplateProblem, which names them in the seller's language.
const textField = z.string().max(1000);

const fields = {
  name: plainName(textField),
  platform_type: num(z.number().int()),
  currency_code: textField,
  shipping: amount,
  exchange_rate: amount,
  margin: amount,
  platform_fee: amount,
  tax_rate: amount,
  discount: amount,
  rounding: textField,
  crossed_out_rounding: textField,
};

export const priceTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  platform_type: z.number().int(),
  currency_code: z.string(),
  shipping: z.number(),
  exchange_rate: z.number(),
  margin: z.number(),
  platform_fee: z.number(),
  tax_rate: z.number(),
  discount: z.number(),
  rounding: z.enum(PRICE_ROUNDINGS),
  crossed_out_rounding: z.enum(PRICE_ROUNDINGS),
  owner_id: z.number().int(),
  /** The owning account (a parent sees its sub-accounts' templates). */
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type PriceTemplate = z.infer<typeof priceTemplate>;

export const priceTemplateRoutes = {
  priceTemplateList: defineRoute({
    method: 'GET',
    path: '/api/price_template/getlist',
    summary: "The caller's pricing templates (a parent's include its sub-accounts'), newest first",
    tag: 'price_template',
    auth: true,
    query: z.object({
      platform_type: num(z.number().int()).optional(),
      /** Part of the name. */
      name: z.string().max(200).optional(),
      /** The owning account's username (within the caller's scope; another one finds nothing). */
      username: z.string().max(200).optional(),
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(PRICE_TEMPLATE_PAGE_SIZE_MAX)).default(PRICE_TEMPLATE_PAGE_SIZE_MAX),
    }),
    data: z.object({ count: z.number().int(), list: z.array(priceTemplate) }),
  }),
  priceTemplateGet: defineRoute({
    method: 'GET',
    path: '/api/price_template/update',
    summary: 'One pricing template, for its edit page (as GET /watermark/update?id)',
    tag: 'price_template',
    auth: true,
    query: z.object({ id }),
    data: priceTemplate,
  }),
  priceTemplateAdd: defineRoute({
    method: 'POST',
    path: '/api/price_template/add',
    summary: 'Create a pricing template; crossed_out_rounding defaults to rounding',
    tag: 'price_template',
    auth: true,
    body: z.strictObject({
      ...fields,
      currency_code: fields.currency_code.default('USD'),
      shipping: fields.shipping.default(0),
      tax_rate: fields.tax_rate.default(0),
      discount: fields.discount.default(0),
      rounding: fields.rounding.default('cent'),
      crossed_out_rounding: fields.crossed_out_rounding.optional(),
    }),
    data: priceTemplate,
  }),
  priceTemplateUpdate: defineRoute({
    method: 'POST',
    path: '/api/price_template/update',
    summary: 'Change a pricing template: the fields sent replace the stored ones',
    tag: 'price_template',
    auth: true,
    body: z.strictObject({
      id,
      name: fields.name.optional(),
      platform_type: fields.platform_type.optional(),
      currency_code: fields.currency_code.optional(),
      shipping: fields.shipping.optional(),
      exchange_rate: fields.exchange_rate.optional(),
      margin: fields.margin.optional(),
      platform_fee: fields.platform_fee.optional(),
      tax_rate: fields.tax_rate.optional(),
      discount: fields.discount.optional(),
      rounding: fields.rounding.optional(),
      crossed_out_rounding: fields.crossed_out_rounding.optional(),
    }),
    data: priceTemplate,
  }),
  priceTemplateDel: defineRoute({
    method: 'POST',
    path: '/api/price_template/del',
    summary: 'Delete pricing templates (ids comma-joined); all or nothing',
    tag: 'price_template',
    auth: true,
    body: z.strictObject({
      ids: commaJoinedIds(10_000),
    }),
    data: z.object({ deleted: z.number().int() }),
  }),
} as const;
