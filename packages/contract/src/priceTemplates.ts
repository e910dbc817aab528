import Decimal from 'decimal.js';
import { z } from 'zod';
import { plainName } from './sellerText.js';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import type { MessageKey } from './messages.js';
import { PRICE_CURRENCIES } from './currencies.js';
import { PRICE_ROUNDINGS, type PriceTemplateNumbers } from './pricing.js';

/**
 * Pricing templates (`/price_template/*`; docs/pricing-templates.md): a seller's numbers from a variant's cost
 * to the price and the crossed-out price written into a listing, their checks and calls, and the exchange
 * rates template 0 converts at. The formula itself is pricing.ts (priceFor), shared by the server and the
 * web, so the export and the pages' live example cannot disagree.
 */

/**
 * Platform types: the marketplace a template is for, by its platform code (MARKETPLACES): 1 the large
 * marketplace (Amazon), 3 Walmart, 2 AliExpress, 15 TikTok Shop (docs/pricing-templates.md#rules-and-storage).
 */
export const PRICE_PLATFORM_TYPES = [1, 3, 2, 15] as const;
/**
 * The first templates' types: before a template named any marketplace, it was type 1 (the large marketplace) or 2
 * (marketplace A), and the other marketplaces were offered every template. Such a template cannot be told from a
 * newer Amazon or AliExpress one, so a shop of another marketplace is still offered them.
 */
export const FIRST_PRICE_PLATFORM_TYPES = [1, 2] as const;

/**
 * The pricing templates that fit a shop of `platform` (docs/pricing-templates.md#which-templates-a-shop-is-offered):
 * its own marketplace's, and for Walmart and TikTok Shop the first types (1 and 2) too; undefined: every template
 * (a marketplace no template can name).
 */
export function priceTypesFor(platform: number): number[] | undefined {
  if (!(PRICE_PLATFORM_TYPES as readonly number[]).includes(platform)) return undefined;
  if ((FIRST_PRICE_PLATFORM_TYPES as readonly number[]).includes(platform)) return [platform];
  return [platform, ...FIRST_PRICE_PLATFORM_TYPES];
}

/** Pricing template 0 is the system default, built in (docs/pricing-templates.md#template-0). */
export const DEFAULT_PRICE_TEMPLATE_ID = 0;
export const PRICE_TEMPLATE_NAME_MAX = 50;
export const PRICE_TEMPLATE_PAGE_SIZE_MAX = 100;
/** The most price rules one template chains. */
export const PRICE_TEMPLATE_RULES_MAX = 20;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

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

/** Decimals of a number as written (Infinity for exponent notation): bounds keep decimal text exact. */
export const decimalPlaces = (n: number) => {
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
  if (!(t.shipping >= 0 && t.shipping <= 1_000_000) || decimalPlaces(t.shipping) > 2) return { key: 'priceTemplateShipping' };
  if (!(t.exchange_rate > 0 && t.exchange_rate <= 100_000) || decimalPlaces(t.exchange_rate) > 6)
    return { key: 'priceTemplateExchangeRate' };
  for (const field of PRICE_FRACTION_FIELDS) {
    const v = t[field];
    if (!(v >= 0 && v < 1) || decimalPlaces(v) > 4) return { key: 'priceTemplateFraction', params: { field } };
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
  /** The template's price rules, in the order they apply (docs/listing-tools.md#price-rules). */
  rule_ids: z.array(id).max(PRICE_TEMPLATE_RULES_MAX),
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
  /** Its price rules, in the order they apply. */
  rule_ids: z.array(z.number().int()),
  owner_id: z.number().int(),
  /** The owning account (a parent sees its sub-accounts' templates). */
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type PriceTemplate = z.infer<typeof priceTemplate>;

/**
 * An exchange rate (docs/pricing-templates.md#exchange-rates): CNY per one unit of `currency`, as decimal text
 * read back as a number, valid from `valid_from` (YYYY-MM-DD, UTC) until a later rate of the currency.
 */
export const exchangeRate = z.object({
  currency: z.string(),
  cny_per_unit: z.number(),
  valid_from: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const priceTemplateRoutes = {
  priceTemplateList: defineRoute({
    method: 'GET',
    path: '/api/price_template/getlist',
    summary: "The caller's pricing templates (a parent's include its sub-accounts'), newest first",
    tag: 'price_template',
    auth: true,
    query: z.object({
      platform_type: num(z.number().int()).optional(),
      /** The templates that fit a shop of this marketplace (`priceTypesFor`): the export dialog's and publish tab's list. */
      for_platform: num(z.number().int()).optional(),
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
      rule_ids: fields.rule_ids.default([]),
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
      rule_ids: fields.rule_ids.optional(),
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
  priceTemplateRates: defineRoute({
    method: 'GET',
    path: '/api/price_template/rates',
    summary: 'The exchange rates in effect today (CNY per unit, with the date each is valid from), as template 0 converts',
    tag: 'price_template',
    auth: true,
    query: z.object({}),
    data: z.object({ list: z.array(exchangeRate) }),
  }),
} as const;
