import {
  isPriceCurrency,
  priceChain,
  priceRuleProblem,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type PriceRule,
  type PriceRuleFields,
  type PriceRuleNumbers,
  type routes,
} from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import type { PriceTemplateService } from '../priceTemplates/index.js';
import type { PriceRuleRecord, PriceRuleRepo } from './repo.js';

/** A stored rule as the chain reads it (decimal text back to the number it was written from). */
export const numbersOfRule = (r: PriceRuleRecord): PriceRuleNumbers => ({
  id: r.id,
  name: r.name,
  action: r.action as PriceRuleNumbers['action'],
  unit: r.unit as PriceRuleNumbers['unit'],
  value: Number(r.value),
  sizes: parseJsonColumn<string[]>(r.sizes, []),
  colors: parseJsonColumn<string[]>(r.colors, []),
  category_ids: parseJsonColumn<number[]>(r.category_ids, []),
  price_min: r.price_min === null ? null : Number(r.price_min),
  price_max: r.price_max === null ? null : Number(r.price_max),
});

const view = (r: PriceRuleRecord): PriceRule => ({
  ...numbersOfRule(r),
  owner_id: r.owner_id,
  username: r.username,
  createtime: Math.floor(r.created_at / 1000),
  updated_at: Math.floor(r.updated_at / 1000),
});

/** The columns of a valid rule: numbers as their shortest decimal text, lists trimmed, each entry once. */
const columnsOf = (r: PriceRuleFields) => ({
  name: r.name.trim(),
  action: r.action,
  unit: r.unit,
  value: String(r.value),
  sizes: JSON.stringify([...new Set(r.sizes.map((s) => s.trim()))]),
  colors: JSON.stringify([...new Set(r.colors.map((s) => s.trim()))]),
  category_ids: JSON.stringify([...new Set(r.category_ids)]),
  price_min: r.price_min === null ? null : String(r.price_min),
  price_max: r.price_max === null ? null : String(r.price_max),
});

/**
 * Price rules (docs/listing-tools.md#price-rules): owned rows, scoped like every other (a parent reads and changes
 * its sub-accounts' rules; another family's id is not found). Names are unique per owner. A rule a pricing
 * template uses cannot be deleted. `chainOf` gives the pricing templates module a template's rules in order.
 */
export function createPriceRuleService(deps: {
  repo: PriceRuleRepo;
  /** The pricing template a preview prices with (the pricing templates module's). */
  pricing: Pick<PriceTemplateService, 'forPricing'>;
  /** A blank category and every category above it (leaf first); undefined for an unknown id. */
  categoryPath(id: number): Promise<number[] | undefined>;
  now: () => number;
}) {
  const { repo, now } = deps;

  const check = async (r: PriceRuleFields) => {
    const problem = priceRuleProblem(r);
    if (problem) throw new AppError(400, problem.key, problem.params);
    for (const id of r.category_ids) if (!(await deps.categoryPath(id))) throw new AppError(400, 'priceRuleCategory', { id });
  };

  async function get(caller: Caller, id: number): Promise<PriceRule> {
    const row = await repo.get(caller.scope, id);
    if (!row) throw new AppError(404, 'priceRuleNotFound');
    return view(row);
  }

  /** The scope's rules `ids` in that order, with their owners; `missing` names the first id not found. */
  async function chainOf(scope: Scope, ids: number[]): Promise<{ rules: (PriceRuleNumbers & { owner_id: number })[]; missing?: number }> {
    const rows = new Map((await repo.byIds(scope, [...new Set(ids)])).map((r) => [r.id, r]));
    const missing = ids.find((id) => !rows.has(id));
    return {
      rules: ids.filter((id) => rows.has(id)).map((id) => ({ ...numbersOfRule(rows.get(id)!), owner_id: rows.get(id)!.owner_id })),
      missing,
    };
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.priceRuleAdd>) {
    await check(body);
    const cols = columnsOf(body);
    if (await repo.nameTaken(caller.id, cols.name)) throw conflict('priceRuleNameTaken');
    const at = now();
    try {
      const { id } = await repo.insert({ owner_id: caller.id, ...cols, created_at: at, updated_at: at });
      return get(caller, id);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('priceRuleNameTaken');
      throw e;
    }
  }

  async function update(caller: Caller, body: ParsedBodyOf<typeof routes.priceRuleUpdate>) {
    const stored = await repo.get(caller.scope, body.id);
    if (!stored) throw new AppError(404, 'priceRuleNotFound');
    const was = numbersOfRule(stored);
    const r: PriceRuleFields = {
      name: body.name ?? was.name,
      action: body.action ?? was.action,
      unit: body.unit ?? was.unit,
      value: body.value ?? was.value,
      sizes: body.sizes ?? was.sizes,
      colors: body.colors ?? was.colors,
      category_ids: body.category_ids ?? was.category_ids,
      price_min: body.price_min === undefined ? was.price_min : body.price_min,
      price_max: body.price_max === undefined ? was.price_max : body.price_max,
    };
    await check(r);
    const cols = columnsOf(r);
    if (await repo.nameTaken(stored.owner_id, cols.name, body.id)) throw conflict('priceRuleNameTaken');
    try {
      if ((await repo.update(caller.scope, body.id, { ...cols, updated_at: now() })) !== 1) throw new AppError(404, 'priceRuleNotFound');
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('priceRuleNameTaken');
      throw e;
    }
    return get(caller, body.id);
  }

  async function del(caller: Caller, body: ParsedBodyOf<typeof routes.priceRuleDel>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
    const { rules, missing } = await chainOf(caller.scope, ids);
    if (missing !== undefined) throw new AppError(404, 'priceRuleNotFound');
    // Removed, then checked unused, in one transaction: a template that took a rule meanwhile is seen and
    // nothing is removed (refused with its name); a check before the transaction let such a rule be deleted.
    return repo.inTransaction(async (r) => {
      if ((await r.remove(caller.scope, ids)) !== ids.length) throw new AppError(404, 'priceRuleNotFound');
      const used = await r.templateUsing([...new Set(rules.map((x) => x.owner_id))], ids);
      if (used) throw new AppError(409, 'priceRuleInUse', { name: rules.find((x) => x.id === used.ruleId)!.name, template: used.template });
      return { deleted: ids.length };
    });
  }

  /** A sample variant priced step by step, exactly as the export and the publish price it (priceChain). */
  async function preview(caller: Caller, body: ParsedBodyOf<typeof routes.priceRulePreview>) {
    if (!isPriceCurrency(body.currency)) throw new AppError(400, 'priceRuleCurrency');
    const pricing = await deps.pricing.forPricing(caller, body.pricing_template_id, {
      platform: body.platform_type,
      currency: body.currency,
    });
    let rules: PriceRuleNumbers[] = pricing.rules;
    if (body.rule_ids) {
      const chain = await chainOf(caller.scope, body.rule_ids);
      if (chain.missing !== undefined) throw new AppError(404, 'priceRuleNotFound');
      rules = chain.rules;
    }
    let categoryIds: number[] = [];
    if (body.category_id > 0) {
      const path = await deps.categoryPath(body.category_id);
      if (!path) throw new AppError(400, 'priceRuleCategory', { id: body.category_id });
      categoryIds = path;
    }
    const result = priceChain(pricing.template, body.cost, { rules, variant: { size: body.size, color: body.color, categoryIds } });
    return { currency: pricing.template.currency_code, ...result };
  }

  return {
    list: async (caller: Caller, q: ParsedQueryOf<typeof routes.priceRuleList>) => {
      const { list, count } = await repo.page(caller.scope, q.name, q.pageSize, (q.pageNumber - 1) * q.pageSize);
      return { count, list: list.map(view) };
    },
    add,
    update,
    del,
    preview,
    chainOf,
  };
}
export type PriceRuleService = ReturnType<typeof createPriceRuleService>;
