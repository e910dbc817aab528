import { z } from 'zod';
import { plainName } from './sellerText.js';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import { PRICE_ROUNDINGS, PRICE_RULE_ACTIONS, PRICE_RULE_UNITS, type PriceRuleNumbers } from './pricing.js';
import { decimalPlaces, type PriceTemplateProblem } from './priceTemplates.js';

/**
 * Price rules (`/price_rules/*`; docs/listing-tools.md#price-rules): adjustments a pricing template applies, in
 * its order, to its computed price per variant — add or subtract an amount or a percentage when the variant's
 * size, colour, blank category or the price so far matches — before the template's rounding. The chain itself
 * is pricing.ts (priceChain).
 */

export const PRICE_RULE_NAME_MAX = 50;
/** Longest size or colour name a condition lists, and how many it lists. */
export const PRICE_RULE_ITEM_MAX = 50;
export const PRICE_RULE_LIST_MAX = 100;
export const PRICE_RULE_PAGE_SIZE_MAX = 100;
/** Bounds: an amount (listing currency), a percentage, a price bound. */
const AMOUNT_MAX = 100_000;
const PERCENT_MAX = 1000;
const PRICE_BOUND_MAX = 10_000_000;

/** What a seller sets of a rule (the chain's PriceRuleNumbers without the id). */
export type PriceRuleFields = Omit<PriceRuleNumbers, 'id' | 'action' | 'unit'> & { action: string; unit: string };

/**
 * The first thing wrong with a rule, as a catalogue message, or null; the server refuses with it, the rule form
 * shows it before sending. Values are kept exact as decimal text (2 decimals).
 */
export function priceRuleProblem(r: PriceRuleFields): PriceTemplateProblem | null {
  const name = r.name.trim();
  if (name === '') return { key: 'priceRuleNameRequired' };
  if ([...name].length > PRICE_RULE_NAME_MAX) return { key: 'priceRuleNameTooLong', params: { max: PRICE_RULE_NAME_MAX } };
  if (!(PRICE_RULE_ACTIONS as readonly string[]).includes(r.action)) return { key: 'priceRuleAction' };
  if (!(PRICE_RULE_UNITS as readonly string[]).includes(r.unit)) return { key: 'priceRuleUnit' };
  const max = r.unit === 'percent' ? PERCENT_MAX : AMOUNT_MAX;
  if (!(r.value > 0 && r.value <= max) || decimalPlaces(r.value) > 2) return { key: 'priceRuleValue' };
  if (r.action === 'subtract' && r.unit === 'percent' && r.value >= 100) return { key: 'priceRuleSubtractPercent' };
  for (const field of ['sizes', 'colors'] as const)
    for (const item of r[field])
      if (item.trim() === '' || [...item.trim()].length > PRICE_RULE_ITEM_MAX)
        return { key: 'priceRuleListItem', params: { field, max: PRICE_RULE_ITEM_MAX } };
  const bound = (b: number | null) => b === null || (b >= 0 && b <= PRICE_BOUND_MAX && decimalPlaces(b) <= 2);
  if (!bound(r.price_min) || !bound(r.price_max)) return { key: 'priceRuleRange' };
  if (r.price_min !== null && r.price_max !== null && r.price_min > r.price_max) return { key: 'priceRuleRange' };
  return null;
}

const id = num(z.number().int().positive());
const amount = num(z.number());
const textField = z.string().max(1000);
const list = z.array(z.string().max(1000)).max(PRICE_RULE_LIST_MAX);
const bound = z.union([amount, z.null()]);

const fields = {
  name: plainName(textField),
  action: textField,
  unit: textField,
  value: amount,
  sizes: list,
  colors: list,
  category_ids: z.array(id).max(PRICE_RULE_LIST_MAX),
  price_min: bound,
  price_max: bound,
};

export const priceRule = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(PRICE_RULE_ACTIONS),
  unit: z.enum(PRICE_RULE_UNITS),
  value: z.number(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  owner_id: z.number().int(),
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type PriceRule = z.infer<typeof priceRule>;

export const priceStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('template'), price: z.number() }),
  z.object({ kind: z.literal('rule'), ruleId: z.number().int(), name: z.string(), applied: z.boolean(), price: z.number() }),
  z.object({ kind: z.literal('rounding'), rounding: z.enum(PRICE_ROUNDINGS), price: z.number() }),
]);

export const priceRuleRoutes = {
  priceRuleList: defineRoute({
    method: 'GET',
    path: '/api/price_rules/getlist',
    summary: "The caller's price rules (a parent's include its sub-accounts'), newest first",
    tag: 'price_rules',
    auth: true,
    query: z.object({
      name: z.string().max(200).optional(),
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(PRICE_RULE_PAGE_SIZE_MAX)).default(PRICE_RULE_PAGE_SIZE_MAX),
    }),
    data: z.object({ count: z.number().int(), list: z.array(priceRule) }),
  }),
  priceRuleAdd: defineRoute({
    method: 'POST',
    path: '/api/price_rules/add',
    summary: 'Create a price rule; conditions left out hold for every variant',
    tag: 'price_rules',
    auth: true,
    body: z.strictObject({
      ...fields,
      sizes: fields.sizes.default([]),
      colors: fields.colors.default([]),
      category_ids: fields.category_ids.default([]),
      price_min: fields.price_min.default(null),
      price_max: fields.price_max.default(null),
    }),
    data: priceRule,
  }),
  priceRuleUpdate: defineRoute({
    method: 'POST',
    path: '/api/price_rules/update',
    summary: 'Change a price rule: the fields sent replace the stored ones',
    tag: 'price_rules',
    auth: true,
    body: z.strictObject({
      id,
      name: fields.name.optional(),
      action: fields.action.optional(),
      unit: fields.unit.optional(),
      value: fields.value.optional(),
      sizes: fields.sizes.optional(),
      colors: fields.colors.optional(),
      category_ids: fields.category_ids.optional(),
      price_min: fields.price_min.optional(),
      price_max: fields.price_max.optional(),
    }),
    data: priceRule,
  }),
  priceRuleDel: defineRoute({
    method: 'POST',
    path: '/api/price_rules/del',
    summary: 'Delete price rules (ids comma-joined); all or nothing, refused while a template uses one',
    tag: 'price_rules',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds(10_000) }),
    data: z.object({ deleted: z.number().int() }),
  }),
  priceRulePreview: defineRoute({
    method: 'POST',
    path: '/api/price_rules/preview',
    summary: "A sample variant priced step by step: the template's price, each rule, the rounding",
    tag: 'price_rules',
    auth: true,
    body: z.strictObject({
      /** 0: the built-in default, for `platform_type` in `currency`. */
      pricing_template_id: num(z.number().int().min(0)),
      /** The chain to try, in order; left out: the template's own. */
      rule_ids: z.array(id).max(PRICE_RULE_LIST_MAX).optional(),
      /** The sample's cost in CNY. */
      cost: num(z.number().min(0).max(PRICE_BOUND_MAX)),
      size: z.string().max(200).default(''),
      color: z.string().max(200).default(''),
      /** The sample's blank category (its parents count too); 0: none. */
      category_id: num(z.number().int().min(0)).default(0),
      platform_type: num(z.number().int()).default(1),
      currency: z.string().max(10).default('USD'),
    }),
    data: z.object({
      currency: z.string(),
      price: z.number(),
      crossedOut: z.number().nullable(),
      steps: z.array(priceStep),
    }),
  }),
} as const;
