import {
  builtInTemplate,
  priceTemplateProblem,
  priceTypesFor,
  type ExchangeRate,
  type PriceRuleNumbers,
  type ParsedBodyOf,
  type PriceRounding,
  type PriceTemplate,
  type PriceTemplateFields,
  type PriceTemplateNumbers,
  type ParsedQueryOf,
  type routes,
} from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import type { PriceTemplateRecord, PriceTemplateRepo } from './repo.js';

/** A stored decimal text back to the number it was written from (String(n) round-trips exactly). */
const numbersOf = (r: PriceTemplateRecord): PriceTemplateNumbers => ({
  currency_code: r.currency_code,
  shipping: Number(r.shipping),
  exchange_rate: Number(r.exchange_rate),
  margin: Number(r.margin),
  platform_fee: Number(r.platform_fee),
  tax_rate: Number(r.tax_rate),
  discount: Number(r.discount),
  rounding: r.rounding as PriceRounding,
  crossed_out_rounding: r.crossed_out_rounding as PriceRounding,
});

const view = (r: PriceTemplateRecord): PriceTemplate => ({
  id: r.id,
  name: r.name,
  platform_type: r.platform_type,
  ...numbersOf(r),
  rule_ids: parseJsonColumn<number[]>(r.rule_ids, []),
  owner_id: r.owner_id,
  username: r.username,
  createtime: Math.floor(r.created_at / 1000),
  updated_at: Math.floor(r.updated_at / 1000),
});

/** The columns of a valid template: numbers as their shortest decimal text. */
const columnsOf = (t: PriceTemplateFields) => ({
  name: t.name.trim(),
  platform_type: t.platform_type,
  currency_code: t.currency_code,
  shipping: String(t.shipping),
  exchange_rate: String(t.exchange_rate),
  margin: String(t.margin),
  platform_fee: String(t.platform_fee),
  tax_rate: String(t.tax_rate),
  discount: String(t.discount),
  rounding: t.rounding,
  crossed_out_rounding: t.crossed_out_rounding,
});

/** What a listing is priced with: the template's numbers (template 0's built in) and its rules in order. */
export interface Pricing {
  template: PriceTemplateNumbers;
  rules: PriceRuleNumbers[];
}

/** The marketplace (platform code) and currency template 0 prices a listing for. */
export interface ListingMarket {
  platform: number;
  currency: string;
}

/**
 * Pricing templates (docs/pricing-templates.md, docs/api.md#listing-settings): owned rows, scoped like every other (a parent reads and
 * changes its sub-accounts' templates; another family's id is not found). Names are unique per owner. A template
 * chains its own owner's price rules (the price rules module's `chainOf`); template 0 is built in and converts at
 * the exchange-rate table's rates.
 */
export function createPriceTemplateService(deps: {
  repo: Pick<PriceTemplateRepo, 'get' | 'inTransaction' | 'insert' | 'nameTaken' | 'page' | 'update'>;
  /** The scope's price rules `ids` in that order, and the first id not found (the price rules module's). */
  rules: {
    chainOf(scope: Scope, ids: number[]): Promise<{ rules: (PriceRuleNumbers & { owner_id: number })[]; missing?: number }>;
  };
  rates: { inEffect(): Promise<ExchangeRate[]> };
  now: () => number;
}) {
  const { repo, now } = deps;

  /** The rule ids a template is saved with: each once, each found, each of the template's owner. */
  const checkRules = async (scope: Scope, ownerId: number, ids: number[]) => {
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new AppError(400, 'priceTemplateRuleTwice', { id: twice });
    const { rules, missing } = await deps.rules.chainOf(scope, ids);
    if (missing !== undefined) throw new AppError(404, 'priceTemplateRuleNotFound', { id: missing });
    const other = rules.find((r) => r.owner_id !== ownerId);
    if (other) throw new AppError(400, 'priceTemplateRuleOtherAccount', { id: other.id });
  };
  const { inTransaction } = repo;

  /**
   * The template's rules checked again in the transaction that saves it (docs/listing-tools.md#price-rules): a
   * rule deleted since `checkRules` refuses the save as that check would have; one not yet deleted stays until
   * the save ends, and its deletion then sees the template and is refused.
   */
  const rulesStillThere = async (r: Pick<PriceTemplateRepo, 'rulesStillThere'>, ids: number[]) => {
    const there = await r.rulesStillThere(ids);
    const gone = ids.find((id) => !there.has(id));
    if (gone !== undefined) throw new AppError(404, 'priceTemplateRuleNotFound', { id: gone });
  };

  const check = (t: PriceTemplateFields) => {
    const problem = priceTemplateProblem(t);
    if (problem) throw new AppError(400, problem.key, problem.params);
  };

  async function list(caller: Caller, q: ParsedQueryOf<typeof routes.priceTemplateList>) {
    const { pageNumber, pageSize } = q;
    const { list, count } = await repo.page(
      caller.scope,
      {
        platformType: q.platform_type,
        platformTypes: q.for_platform === undefined ? undefined : priceTypesFor(q.for_platform),
        name: q.name,
        username: q.username?.trim(),
      },
      pageSize,
      (pageNumber - 1) * pageSize,
    );
    return { count, list: list.map(view) };
  }

  async function get(caller: Caller, id: number): Promise<PriceTemplate> {
    const row = await repo.get(caller.scope, id);
    if (!row) throw new AppError(404, 'priceTemplateNotFound');
    return view(row);
  }

  /**
   * What the export, the publish and the preview price with: the template's numbers and its rules in order; for
   * id 0 the built-in template of `market` at today's rate (docs/pricing-templates.md#template-0). Another
   * family's template is not found; a currency without a rate is refused (409 priceRateMissing).
   */
  async function forPricing(caller: Caller, id: number, market: ListingMarket): Promise<Pricing> {
    if (id === 0) {
      const rates = Object.fromEntries((await deps.rates.inEffect()).map((r) => [r.currency, r.cny_per_unit]));
      const template = builtInTemplate(market.platform, market.currency, rates);
      if (!template) throw new AppError(409, 'priceRateMissing', { currency: market.currency });
      return { template, rules: [] };
    }
    const row = await repo.get(caller.scope, id);
    if (!row) throw new AppError(404, 'priceTemplateNotFound');
    const { rules } = await deps.rules.chainOf(caller.scope, parseJsonColumn<number[]>(row.rule_ids, []));
    return { template: numbersOf(row), rules: rules.map(({ owner_id: _owner, ...r }) => r) };
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.priceTemplateAdd>) {
    const t: PriceTemplateFields = {
      name: body.name,
      platform_type: body.platform_type,
      currency_code: body.currency_code,
      shipping: body.shipping,
      exchange_rate: body.exchange_rate,
      margin: body.margin,
      platform_fee: body.platform_fee,
      tax_rate: body.tax_rate,
      discount: body.discount,
      rounding: body.rounding as PriceRounding,
      // The crossed-out price rounds as the listed one unless told otherwise.
      crossed_out_rounding: (body.crossed_out_rounding ?? body.rounding) as PriceRounding,
    };
    check(t);
    const cols = columnsOf(t);
    if (await repo.nameTaken(caller.id, cols.name)) throw conflict('priceTemplateNameTaken');
    await checkRules(caller.scope, caller.id, body.rule_ids);
    const at = now();
    try {
      const id = await inTransaction(async (r) => {
        await rulesStillThere(r, body.rule_ids);
        const row = { owner_id: caller.id, ...cols, rule_ids: JSON.stringify(body.rule_ids), created_at: at, updated_at: at };
        return (await r.insert(row)).id;
      });
      return get(caller, id);
    } catch (e) {
      // Two adds of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('priceTemplateNameTaken');
      throw e;
    }
  }

  async function update(caller: Caller, body: ParsedBodyOf<typeof routes.priceTemplateUpdate>) {
    const id = body.id;
    const stored = await repo.get(caller.scope, id);
    if (!stored) throw new AppError(404, 'priceTemplateNotFound');
    const was = view(stored);
    const pick = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
    const t: PriceTemplateFields = {
      name: pick(body.name, was.name),
      platform_type: pick(body.platform_type, was.platform_type),
      currency_code: pick(body.currency_code, was.currency_code),
      shipping: pick(body.shipping, was.shipping),
      exchange_rate: pick(body.exchange_rate, was.exchange_rate),
      margin: pick(body.margin, was.margin),
      platform_fee: pick(body.platform_fee, was.platform_fee),
      tax_rate: pick(body.tax_rate, was.tax_rate),
      discount: pick(body.discount, was.discount),
      rounding: pick(body.rounding, was.rounding) as PriceRounding,
      crossed_out_rounding: pick(body.crossed_out_rounding, was.crossed_out_rounding) as PriceRounding,
    };
    check(t);
    const cols = columnsOf(t);
    // The name is unique among its owner's templates (a parent editing a sub-account's checks the sub's).
    if (await repo.nameTaken(was.owner_id, cols.name, id)) throw conflict('priceTemplateNameTaken');
    if (body.rule_ids) await checkRules(caller.scope, was.owner_id, body.rule_ids);
    const ruleIds = body.rule_ids ? { rule_ids: JSON.stringify(body.rule_ids) } : {};
    try {
      await inTransaction(async (r) => {
        if (body.rule_ids) await rulesStillThere(r, body.rule_ids);
        if ((await r.update(caller.scope, id, { ...cols, ...ruleIds, updated_at: now() })) !== 1)
          throw new AppError(404, 'priceTemplateNotFound');
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('priceTemplateNameTaken');
      throw e;
    }
    return get(caller, id);
  }

  async function del(caller: Caller, body: ParsedBodyOf<typeof routes.priceTemplateDel>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return inTransaction(async (r) => {
      // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
      if ((await r.remove(caller.scope, ids)) !== ids.length) throw new AppError(404, 'priceTemplateNotFound');
      return { deleted: ids.length };
    });
  }

  /** The exchange rates in effect today (GET /price_template/rates). */
  const rates = async () => ({ list: await deps.rates.inEffect() });

  return { list, get, forPricing, add, update, del, rates };
}
export type PriceTemplateService = ReturnType<typeof createPriceTemplateService>;
