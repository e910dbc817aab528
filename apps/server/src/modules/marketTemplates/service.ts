import {
  ALIEXPRESS_ATTR_FORBIDDEN,
  ALIEXPRESS_LANGUAGES,
  ALIEXPRESS_LIMITS,
  ALIEXPRESS_PLATFORM,
  TEMPLATE_NAME_MAX,
  TIKTOK_DIMENSION_UNITS,
  TIKTOK_LIMITS,
  TIKTOK_PLATFORM,
  TIKTOK_SAVE_MODES,
  TIKTOK_UNIT_PAIRS,
  TIKTOK_WEIGHT_UNITS,
  TITLE_PLACEHOLDER,
  type AliexpressAttribute,
  type AliexpressTemplate,
  type AliexpressTemplateBody,
  type MarketTemplateOf,
  type MessageKey,
  type ParsedQueryOf,
  type PublishPlatform,
  type routes,
  type TiktokTemplate,
  type TiktokTemplateBody,
} from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { StoreRepo } from '../stores/index.js';
import { descriptionProblem } from './descriptionHtml.js';
import type { MarketRecord, MarketTable, MarketTemplateRepo } from './repo.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const chars = (s: string) => [...s].length;

const owned = (r: MarketRecord<MarketTable>) => ({
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  name: r.name,
  owner_id: r.owner_id,
  username: r.username,
  category_id: r.category_id,
  createtime: seconds(r.created_at),
  updated_at: seconds(r.updated_at),
});

const aliexpressView = (r: MarketRecord<'aliexpress_template'>): AliexpressTemplate => ({
  ...owned(r),
  attributes: JSON.parse(r.attributes) as AliexpressAttribute[],
  freight_template_id: r.freight_template_id,
  promise_template_id: r.promise_template_id,
  product_unit: r.product_unit,
  weight: r.weight,
  package_length: r.package_length,
  package_width: r.package_width,
  package_height: r.package_height,
  language: r.language,
  brand_name: r.brand_name,
});

const tiktokView = (r: MarketRecord<'tiktok_template'>): TiktokTemplate => ({
  ...owned(r),
  brand_id: r.brand_id,
  warehouse_id: r.warehouse_id,
  package_weight: r.package_weight,
  weight_unit: r.weight_unit,
  package_length: r.package_length,
  package_width: r.package_width,
  package_height: r.package_height,
  dimension_unit: r.dimension_unit,
  size_chart_uri: r.size_chart_uri,
  description_template: r.description_template,
  save_mode: r.save_mode,
});

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const SIDES = ['package_length', 'package_width', 'package_height'] as const;
const PLACEHOLDER = /\{(\w+)\}/g;

/** Why a template cannot be used for a publish (templateForShop), as a seller message. */
export type TemplateRefusal = { ok: false; status: 400 | 404; key: MessageKey; params?: Record<string, string | number> };

/** Who reads a template for a publish: the caller, or the scope of the publish's owner (a job has no caller). */
export type TemplateReader = Caller | Scope;
const scopeOf = (who: TemplateReader): Scope => ('scope' in who ? who.scope : who);
/** A marketplace's template repository as the service uses it (a shop's deletion is the stores module's). */
type TemplateRepoOf<T extends MarketTable> = Omit<MarketTemplateRepo<T>, 'deleteForShop'>;

/**
 * The marketplaces' product templates (issue 15; docs/market-templates.md): owned rows scoped like every
 * other (a parent reads and changes its sub-accounts'; another family's id is not found); each on a shop
 * of its marketplace in the caller's scope, and owned by that shop's account. Names unique per shop.
 */
export function createMarketTemplateService(deps: {
  /** One repository per marketplace's table. */
  repos: { aliexpress: TemplateRepoOf<'aliexpress_template'>; tiktok: TemplateRepoOf<'tiktok_template'> };
  stores: Pick<StoreRepo, 'inScope'>;
  now: () => number;
}) {
  const { now, stores } = deps;

  function checkName(raw: string): string {
    const name = raw.trim();
    if (name === '') throw new AppError(400, 'templateNameEmpty');
    if (chars(name) > TEMPLATE_NAME_MAX) throw new AppError(400, 'templateNameTooLong', { max: TEMPLATE_NAME_MAX });
    return name;
  }
  function checkCategory(n: number) {
    if (!isPositiveInt(n)) throw new AppError(400, 'marketTemplateCategory');
    return n;
  }

  // ---- marketplace A (AliExpress)

  function checkAttributes(list: AliexpressTemplateBody['attributes']): AliexpressAttribute[] {
    if (list.length > ALIEXPRESS_LIMITS.attributes)
      throw new AppError(400, 'aliexpressAttributesTooMany', { max: ALIEXPRESS_LIMITS.attributes });
    const seen = new Set<string>();
    return list.map((a, i) => {
      const n = i + 1;
      if (!isPositiveInt(a.attr_name_id)) throw new AppError(400, 'aliexpressAttrNameId', { n });
      const value = a.attr_value?.trim() ?? '';
      if (a.attr_value_id === undefined && value === '') throw new AppError(400, 'aliexpressAttrValueMissing', { n });
      if (a.attr_value_id !== undefined && !isPositiveInt(a.attr_value_id)) throw new AppError(400, 'aliexpressAttrValueId', { n });
      if (ALIEXPRESS_ATTR_FORBIDDEN.test(value)) throw new AppError(400, 'aliexpressAttrValueChars', { n });
      if (chars(value) > ALIEXPRESS_LIMITS.attrValue)
        throw new AppError(400, 'aliexpressAttrValueTooLong', { n, max: ALIEXPRESS_LIMITS.attrValue });
      const key = JSON.stringify([a.attr_name_id, a.attr_value_id ?? null, value]);
      if (seen.has(key)) throw new AppError(400, 'aliexpressAttrDuplicate', { n });
      seen.add(key);
      return {
        attr_name_id: a.attr_name_id,
        ...(a.attr_value_id !== undefined ? { attr_value_id: a.attr_value_id } : {}),
        ...(value !== '' ? { attr_value: value } : {}),
      };
    });
  }

  function aliexpressColumns(b: AliexpressTemplateBody) {
    const category_id = checkCategory(b.category_id);
    const attributes = checkAttributes(b.attributes);
    if (!isPositiveInt(b.freight_template_id)) throw new AppError(400, 'aliexpressFreightRequired');
    if (!isPositiveInt(b.promise_template_id)) throw new AppError(400, 'aliexpressPromiseRequired');
    if (!isPositiveInt(b.product_unit)) throw new AppError(400, 'aliexpressProductUnit');
    const { weightMin, weightMax, sideMin, sideMax } = ALIEXPRESS_LIMITS;
    const grams = b.weight * 1000;
    if (!(b.weight >= weightMin && b.weight <= weightMax) || Math.abs(grams - Math.round(grams)) > 1e-6)
      throw new AppError(400, 'aliexpressWeight', { min: weightMin, max: weightMax });
    for (const field of SIDES) {
      const v = b[field];
      if (!Number.isInteger(v) || v < sideMin || v > sideMax)
        throw new AppError(400, 'aliexpressSide', { field, min: sideMin, max: sideMax });
    }
    const language = b.language.trim();
    if (!(ALIEXPRESS_LANGUAGES as readonly string[]).includes(language)) throw new AppError(400, 'aliexpressLanguage', { language });
    const brand_name = b.brand_name.trim();
    if (chars(brand_name) > ALIEXPRESS_LIMITS.brandName)
      throw new AppError(400, 'aliexpressBrandTooLong', { max: ALIEXPRESS_LIMITS.brandName });
    return {
      category_id,
      attributes: JSON.stringify(attributes),
      freight_template_id: b.freight_template_id,
      promise_template_id: b.promise_template_id,
      product_unit: b.product_unit,
      weight: Math.round(grams) / 1000,
      package_length: b.package_length,
      package_width: b.package_width,
      package_height: b.package_height,
      language,
      brand_name,
    };
  }

  // ---- marketplace B (TikTok Shop)

  function checkDigits(field: 'brand_id' | 'warehouse_id', raw: string) {
    const v = raw.trim();
    if (v !== '' && !new RegExp(`^\\d{1,${TIKTOK_LIMITS.idChars}}$`).test(v))
      throw new AppError(400, 'tiktokIdDigits', { field, max: TIKTOK_LIMITS.idChars });
    return v;
  }

  /** B's description: its tags, no script or style attributes, ≤ 10,000 characters, {title} the only placeholder. */
  function checkDescription(raw: string) {
    const v = raw.trim();
    if (v === '') throw new AppError(400, 'tiktokDescriptionEmpty');
    const n = chars(v);
    if (n > TIKTOK_LIMITS.description) throw new AppError(400, 'tiktokDescriptionTemplateTooLong', { max: TIKTOK_LIMITS.description, n });
    // Tags and attributes by whitelist, read as a browser reads them (docs/market-templates.md#description-template).
    const problem = descriptionProblem(v);
    if (problem) throw new AppError(400, problem.key, problem.params);
    for (const [whole] of v.matchAll(PLACEHOLDER)) {
      if (whole !== TITLE_PLACEHOLDER) throw new AppError(400, 'tiktokDescriptionPlaceholder', { placeholder: whole });
    }
    return v;
  }

  function tiktokColumns(b: TiktokTemplateBody) {
    const category_id = checkCategory(b.category_id);
    const brand_id = checkDigits('brand_id', b.brand_id);
    const warehouse_id = checkDigits('warehouse_id', b.warehouse_id);
    if (!(Number.isFinite(b.package_weight) && b.package_weight > 0)) throw new AppError(400, 'tiktokWeight');
    const weight_unit = b.weight_unit as (typeof TIKTOK_WEIGHT_UNITS)[number];
    if (!TIKTOK_WEIGHT_UNITS.includes(weight_unit)) throw new AppError(400, 'tiktokWeightUnit');
    const dimension_unit = b.dimension_unit as (typeof TIKTOK_DIMENSION_UNITS)[number];
    if (!TIKTOK_DIMENSION_UNITS.includes(dimension_unit)) throw new AppError(400, 'tiktokDimensionUnit');
    if (TIKTOK_UNIT_PAIRS[weight_unit] !== dimension_unit) throw new AppError(400, 'tiktokUnitPair');
    for (const field of SIDES) {
      const v = b[field];
      if (!(Number.isFinite(v) && v > 0)) throw new AppError(400, 'tiktokSide', { field });
    }
    const size_chart_uri = b.size_chart_uri.trim();
    if (chars(size_chart_uri) > TIKTOK_LIMITS.sizeChartUri)
      throw new AppError(400, 'tiktokSizeChartTooLong', { max: TIKTOK_LIMITS.sizeChartUri });
    const description_template = checkDescription(b.description_template);
    const save_mode = b.save_mode as (typeof TIKTOK_SAVE_MODES)[number];
    if (!TIKTOK_SAVE_MODES.includes(save_mode)) throw new AppError(400, 'tiktokSaveMode');
    return {
      category_id,
      brand_id,
      warehouse_id,
      package_weight: b.package_weight,
      weight_unit,
      package_length: b.package_length,
      package_width: b.package_width,
      package_height: b.package_height,
      dimension_unit,
      size_chart_uri,
      description_template,
      save_mode,
    };
  }

  // ---- the calls both marketplaces have

  /**
   * add, update, del, getlist and the picker of one marketplace. An update finds the row in the caller's
   * scope before checking the body, so another account's id is a 404, never a field message.
   */
  function kindCalls<T extends MarketTable, B extends { store_id: number; name: string }, V>(spec: {
    repo: TemplateRepoOf<T>;
    platform: number;
    notFound: MessageKey;
    wrongShop: MessageKey;
    columns: (body: B) => Record<string, unknown>;
    view: (r: MarketRecord<T>) => V;
  }) {
    const { repo } = spec;

    async function get(caller: Caller, id: number) {
      const row = await repo.get(caller.scope, id);
      if (!row) throw new AppError(404, spec.notFound);
      return row;
    }

    /** The shop must be in the caller's scope (else it is not found) and on the marketplace. */
    async function shop(scope: Scope, storeId: number) {
      const store = await stores.inScope(scope, storeId);
      if (!store) throw new AppError(404, 'storeNotFound');
      if (store.platform !== spec.platform) throw new AppError(400, spec.wrongShop);
      return store;
    }

    async function save(caller: Caller, id: number | undefined, body: B) {
      const name = checkName(body.name);
      const store = await shop(caller.scope, body.store_id);
      const cols = spec.columns(body);
      if (await repo.nameTaken(store.id, name, id)) throw new AppError(409, 'marketTemplateNameTaken', { name });
      const at = now();
      // A template belongs to its shop's account (a parent adding one on a sub-account's shop adds it for that account).
      const row = { ...cols, name, store_id: store.id, owner_id: store.owner_id, updated_at: at };
      try {
        if (id === undefined) return await repo.insert({ ...row, created_at: at } as never);
        if ((await repo.update(caller.scope, id, row as never)) !== 1) throw new AppError(404, spec.notFound);
        return id;
      } catch (e) {
        // Two saves of one name at once: the unique index decides.
        if (isUniqueViolation(e)) throw new AppError(409, 'marketTemplateNameTaken', { name });
        throw e;
      }
    }

    const show = async (caller: Caller, id: number) => spec.view(await get(caller, id));

    return {
      repo,
      shop,
      add: async (caller: Caller, body: B) => show(caller, await save(caller, undefined, body)),
      async update(caller: Caller, body: B & { id: number }) {
        await get(caller, body.id);
        return show(caller, await save(caller, body.id, body));
      },
      async del(caller: Caller, id: number) {
        if ((await repo.remove(caller.scope, id)) !== 1) throw new AppError(404, spec.notFound);
        return { id };
      },
      async list(caller: Caller, q: ParsedQueryOf<typeof routes.aliexpressTemplateList>) {
        const { pageSize, pageNumber } = q;
        const { list, count } = await repo.page(caller.scope, { storeId: q.store_id, name: q.name }, pageSize, (pageNumber - 1) * pageSize);
        return { count, list: list.map(spec.view) };
      },
      /** The Publish Online tab's picker: the shop's templates, by name; a shop outside the scope is not found. */
      async byStore(caller: Caller, storeId: number) {
        await shop(caller.scope, storeId);
        const { list } = await repo.page(caller.scope, { storeId }, 1000, 0);
        return {
          list: list.map((r) => ({ id: r.id, name: r.name, category_id: r.category_id })).sort((a, b) => a.name.localeCompare(b.name)),
        };
      },
      /** The row as the publish job reads it, or undefined outside the scope. */
      read: async (scope: Scope, id: number) => {
        const r = await repo.get(scope, id);
        return r ? spec.view(r) : undefined;
      },
    };
  }

  const aliexpress = kindCalls({
    repo: deps.repos.aliexpress,
    platform: ALIEXPRESS_PLATFORM,
    notFound: 'aliexpressTemplateNotFound',
    wrongShop: 'marketTemplateStoreNotAliexpress',
    columns: aliexpressColumns,
    view: aliexpressView,
  });
  const tiktok = kindCalls({
    repo: deps.repos.tiktok,
    platform: TIKTOK_PLATFORM,
    notFound: 'tiktokTemplateNotFound',
    wrongShop: 'marketTemplateStoreNotTiktok',
    columns: tiktokColumns,
    view: tiktokView,
  });

  /**
   * The template a publish uses (docs/market-templates.md#for-the-publish-job): the marketplace's row in the
   * reader's scope (the caller, or `{ accountIds: [owner] }` inside a job), parsed; undefined when it is not
   * there or another family's.
   */
  async function forPublish<P extends PublishPlatform>(
    who: TemplateReader,
    platform: P,
    templateId: number,
  ): Promise<MarketTemplateOf<P> | undefined> {
    const scope = scopeOf(who);
    const row = platform === 2 ? await aliexpress.read(scope, templateId) : await tiktok.read(scope, templateId);
    return row as MarketTemplateOf<P> | undefined;
  }

  /**
   * forPublish for one shop: the template when it is on `storeId`, else why not — not found (404, the
   * marketplace's "template not found") or on another shop (400 marketTemplateOtherShop, naming that shop).
   */
  async function templateForShop<P extends PublishPlatform>(
    who: TemplateReader,
    platform: P,
    storeId: number,
    templateId: number,
  ): Promise<{ ok: true; template: MarketTemplateOf<P> } | TemplateRefusal> {
    const template = await forPublish(who, platform, templateId);
    if (!template) return { ok: false, status: 404, key: platform === 2 ? 'aliexpressTemplateNotFound' : 'tiktokTemplateNotFound' };
    if (template.store_id !== storeId)
      return { ok: false, status: 400, key: 'marketTemplateOtherShop', params: { store: template.store_name } };
    return { ok: true, template };
  }

  return { aliexpress, tiktok, forPublish, templateForShop };
}
export type MarketTemplateService = ReturnType<typeof createMarketTemplateService>;
