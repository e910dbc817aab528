import {
  AMAZON_PLATFORM,
  SIMPLE_EXPORT_COLUMNS,
  SIMPLE_TEMPLATE_FORMATS,
  SKU_PREFIX_PATTERN,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SITES,
  VARIATION_THEMES,
  WALMART_PLATFORM,
  itemTypesOfFeed,
  templateCategory,
  templateFeedType,
  templateItemType,
  type AmazonTemplateBody,
  type Lang,
  type ParsedQueryOf,
  type routes,
  type SimpleTemplateBody,
  type TemplateKind,
  type TemplateOption,
  type WalmartTemplateBody,
} from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { overParseLimits, workerModule, type ParsePool } from '../../parsing/pool.js';
import type { createShopRepo } from '../shops/index.js';
import type { TemplateRecord, TemplateRepo } from './repo.js';
import type { DiyAnswer } from './diyWorker.js';
import {
  amazonDetail,
  amazonFields,
  amazonView,
  parseJson,
  simpleView,
  walmartView,
  type TemplateForExport,
  type TemplateRow,
} from './views.js';

const DIY_WORKER = workerModule(import.meta.url, 'diyWorker');

const chars = (s: string) => [...s].length;
const options = (list: TemplateOption[] | undefined, lang: Lang) => ({
  list: (list ?? []).map((o) => ({ value: o.value, label: o.label[lang] })),
});

/**
 * Product templates (docs/templates.md, docs/api.md#listing-settings): owned rows scoped like every other (a parent
 * reads and changes its sub-accounts'; another family's id is not found); each on a shop of the caller's
 * scope, of the kind's marketplace (Amazon 1, Walmart 3; the simple kind any). Names unique per owner and kind.
 */
export function createTemplateService(deps: {
  repo: TemplateRepo;
  /** A template's shop is checked against the caller's scope. */
  shops: Pick<ReturnType<typeof createShopRepo>, 'inScope'>;
  now: () => number;
  parsing: ParsePool;
}) {
  const { repo, shops, now, parsing } = deps;

  function checkName(raw: string): string {
    const name = raw.trim();
    if (name === '') throw new AppError(400, 'templateNameEmpty');
    if (chars(name) > TEMPLATE_NAME_MAX) throw new AppError(400, 'templateNameTooLong', { max: TEMPLATE_NAME_MAX });
    return name;
  }

  /** The shop must be in the caller's scope (else it is not found) and on the kind's marketplace. */
  async function checkShop(caller: Caller, kind: TemplateKind, shopId: number) {
    const shop = await shops.inScope(caller.scope, shopId);
    if (!shop) throw new AppError(404, 'storeNotFound');
    if (kind === 'amazon' && shop.platform !== AMAZON_PLATFORM) throw new AppError(400, 'templateStoreNotAmazon');
    if (kind === 'walmart' && shop.platform !== WALMART_PLATFORM) throw new AppError(400, 'templateStoreNotWalmart');
    return shop;
  }

  function checkText(field: string, value: string, max: number): string {
    const v = value.trim();
    if (chars(v) > max) throw new AppError(400, 'templateTextTooLong', { field, max });
    return v;
  }
  function checkQuantity(q: number) {
    if (!Number.isInteger(q) || q < 0 || q > TEMPLATE_LIMITS.quantityMax) throw new AppError(400, 'templateQuantity');
    return q;
  }
  function checkSkuPrefix(p: string) {
    const v = p.trim();
    if (!SKU_PREFIX_PATTERN.test(v)) throw new AppError(400, 'templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix });
    return v;
  }
  function checkDescription(d: string) {
    const v = d.trim();
    if (chars(v) > TEMPLATE_LIMITS.description) throw new AppError(400, 'templateDescriptionTooLong', { max: TEMPLATE_LIMITS.description });
    return v;
  }

  const taken = (name: string) => new AppError(409, 'templateNameTaken', { name });

  async function get(caller: Caller, kind: TemplateKind, id: number): Promise<TemplateRecord> {
    const row = await repo.get(caller.scope, kind, id);
    if (!row) throw new AppError(404, 'templateNotFound');
    return row;
  }

  /** Inserts (no id) or replaces (id) a template of the caller's scope; the name's uniqueness is the owner's. */
  async function save(caller: Caller, kind: TemplateKind, id: number | undefined, cols: Record<string, unknown> & { name: string }) {
    const at = now();
    const ownerId = id === undefined ? caller.id : (await get(caller, kind, id)).owner_id;
    if (await repo.nameTaken(ownerId, kind, cols.name, id)) throw taken(cols.name);
    try {
      if (id === undefined) {
        const res = await repo.insert({ owner_id: caller.id, kind, ...cols, created_at: at, updated_at: at } as never);
        return res.id;
      }
      if ((await repo.update(caller.scope, kind, id, { ...cols, updated_at: at })) !== 1) throw new AppError(404, 'templateNotFound');
      return id;
    } catch (e) {
      // Two saves of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw taken(cols.name);
      throw e;
    }
  }

  async function remove(caller: Caller, kind: TemplateKind, id: number) {
    if ((await repo.remove(caller.scope, kind, id)) !== 1) throw new AppError(404, 'templateNotFound');
    return { id };
  }

  const pageOf = async <T>(caller: Caller, kind: TemplateKind, q: ListQuery, view: (r: TemplateRecord) => T) => {
    const { pageSize, pageNumber } = q;
    const { list, count } = await repo.page(
      caller.scope,
      kind,
      { shopId: q.store_id, name: q.name },
      pageSize,
      (pageNumber - 1) * pageSize,
    );
    return { count, list: list.map(view) };
  };

  // ---- simple (format 6 / 9)

  /**
   * The calls every kind has: list, detail, add, update and delete. An update finds the row in the
   * caller's scope before checking the body, so another account's id is a 404, never a field message.
   */
  function kindCalls<B, L, D>(
    kind: TemplateKind,
    columnsOf: (caller: Caller, body: B) => Promise<Record<string, unknown> & { name: string }>,
    listView: (r: TemplateRecord) => L,
    detailView: (r: TemplateRecord) => D,
  ) {
    const show = async (caller: Caller, id: number) => detailView(await get(caller, kind, id));
    return {
      list: (caller: Caller, q: ListQuery) => pageOf(caller, kind, q, listView),
      detail: show,
      add: async (caller: Caller, body: B) => show(caller, await save(caller, kind, undefined, await columnsOf(caller, body))),
      async update(caller: Caller, body: B & { id: number }) {
        await get(caller, kind, body.id);
        return show(caller, await save(caller, kind, body.id, await columnsOf(caller, body)));
      },
      del: (caller: Caller, id: number) => remove(caller, kind, id),
    };
  }

  async function simpleColumns(caller: Caller, body: SimpleTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'simple', body.store_id);
    const format = body.format;
    if (!(SIMPLE_TEMPLATE_FORMATS as readonly number[]).includes(format)) throw new AppError(400, 'templateFormat');
    if (body.columns.length === 0) throw new AppError(400, 'templateColumnsEmpty');
    const seen = new Set<string>();
    for (const column of body.columns) {
      if (!(SIMPLE_EXPORT_COLUMNS as readonly string[]).includes(column)) throw new AppError(400, 'templateColumnUnknown', { column });
      if (seen.has(column)) throw new AppError(400, 'templateColumnDuplicate', { column });
      seen.add(column);
    }
    const fixed: Record<string, string> = {};
    for (const [column, value] of Object.entries(body.fixed_values ?? {})) {
      if (!seen.has(column)) throw new AppError(400, 'templateFixedValueColumn', { column });
      if (chars(value) > TEMPLATE_LIMITS.fixedValue)
        throw new AppError(400, 'templateFixedValueTooLong', { column, max: TEMPLATE_LIMITS.fixedValue });
      // An empty fixed value means "none": the row's own value is written.
      if (value !== '') fixed[column] = value;
    }
    return { name, store_id: body.store_id, format, columns: JSON.stringify(body.columns), fixed_values: JSON.stringify(fixed) };
  }

  const simple = kindCalls('simple', simpleColumns, simpleView, simpleView);

  // ---- Amazon (large-marketplace flat file)

  async function amazonColumns(caller: Caller, body: AmazonTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'amazon', body.store_id);
    if (!TEMPLATE_SITES.some((s) => s.value === body.site)) throw new AppError(400, 'templateSiteUnknown');
    if (!templateCategory(body.category)) throw new AppError(400, 'templateCategoryUnknown');
    if (!templateFeedType(body.category, body.feed_product_type)) throw new AppError(400, 'templateFeedTypeUnknown');
    if (!templateItemType(body.category, body.feed_product_type, body.item_type)) throw new AppError(400, 'templateItemTypeUnknown');
    const bullets: Record<string, string> = {};
    for (const n of [1, 2, 3, 4, 5] as const) {
      const v = body[`bullet_point${n}`].trim();
      if (chars(v) > TEMPLATE_LIMITS.bullet) throw new AppError(400, 'templateBulletTooLong', { n, max: TEMPLATE_LIMITS.bullet });
      bullets[`bullet_point${n}`] = v;
    }
    const keywords = body.generic_keywords.trim();
    const bytes = Buffer.byteLength(keywords, 'utf8');
    if (bytes > TEMPLATE_LIMITS.keywordsBytes)
      throw new AppError(400, 'templateKeywordsTooLong', { max: TEMPLATE_LIMITS.keywordsBytes, bytes });
    const theme = body.variation_theme.trim();
    if (theme !== '' && !(VARIATION_THEMES as readonly string[]).includes(theme)) throw new AppError(400, 'templateVariationTheme');
    return {
      name,
      store_id: body.store_id,
      format: 3,
      site: body.site,
      category: body.category,
      feed_product_type: body.feed_product_type,
      item_type: body.item_type,
      brand_name: checkText('brand_name', body.brand_name, TEMPLATE_LIMITS.text),
      manufacturer: checkText('manufacturer', body.manufacturer, TEMPLATE_LIMITS.text),
      department_name: checkText('department_name', body.department_name, TEMPLATE_LIMITS.text),
      ...bullets,
      generic_keywords: keywords,
      product_description: checkDescription(body.product_description),
      quantity: checkQuantity(body.quantity),
      variation_theme: theme,
      sku_prefix: checkSkuPrefix(body.sku_prefix),
    };
  }

  /** Reads a seller's own template (diyWorker.ts) on a parsing thread: never on the event loop. */
  async function readDiy(file: Buffer, filename: string): Promise<string[][]> {
    let answer: DiyAnswer;
    try {
      answer = await parsing.run<DiyAnswer>(DIY_WORKER, 'readDiyTemplateTask', { file, filename });
    } catch (err) {
      if (overParseLimits(err)) throw new AppError(413, 'templateDiyTooBig');
      throw err;
    }
    if (!answer.ok) throw new AppError(answer.status, answer.key, answer.params);
    return answer.rows;
  }

  const amazon = {
    ...kindCalls('amazon', amazonColumns, amazonView, amazonDetail),

    /**
     * diyImport: a new Amazon template from the file (store_id + name; its other fields empty until the
     * seller fills them) or the header rows of an existing one replaced (id). Checked before parsing.
     */
    async diyImport(caller: Caller, file: { data: Buffer; filename: string }, fields: { id?: number; store_id?: number; name?: string }) {
      if (fields.id !== undefined) {
        await get(caller, 'amazon', fields.id);
        const rows = await readDiy(file.data, file.filename);
        if ((await repo.update(caller.scope, 'amazon', fields.id, { header_rows: JSON.stringify(rows), updated_at: now() })) !== 1)
          throw new AppError(404, 'templateNotFound');
        return amazonDetail(await get(caller, 'amazon', fields.id));
      }
      if (fields.store_id === undefined || fields.name === undefined) throw new AppError(400, 'templateDiyNameOrId');
      const name = checkName(fields.name);
      await checkShop(caller, 'amazon', fields.store_id);
      if (await repo.nameTaken(caller.id, 'amazon', name)) throw taken(name);
      const rows = await readDiy(file.data, file.filename);
      const id = await save(caller, 'amazon', undefined, { name, store_id: fields.store_id, format: 3, header_rows: JSON.stringify(rows) });
      return amazonDetail(await get(caller, 'amazon', id));
    },
  };

  // ---- Walmart-style

  async function walmartColumns(caller: Caller, body: WalmartTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'walmart', body.store_id);
    const productType = checkText('product_type', body.product_type, TEMPLATE_LIMITS.text);
    if (productType === '') throw new AppError(400, 'templateProductTypeEmpty');
    return {
      name,
      store_id: body.store_id,
      format: 3,
      product_type: productType,
      brand_name: checkText('brand_name', body.brand_name, TEMPLATE_LIMITS.text),
      manufacturer: checkText('manufacturer', body.manufacturer, TEMPLATE_LIMITS.text),
      quantity: checkQuantity(body.quantity),
      sku_prefix: checkSkuPrefix(body.sku_prefix),
      product_description: checkDescription(body.product_description),
    };
  }

  const walmart = kindCalls('walmart', walmartColumns, walmartView, walmartView);

  // ---- option lists (seeded constants, @app/contract templates.ts)

  const optionLists = {
    sites: (lang: Lang) => options(TEMPLATE_SITES, lang),
    categories(site: string | undefined, lang: Lang) {
      if (site && !TEMPLATE_SITES.some((s) => s.value === site)) throw new AppError(400, 'templateSiteUnknown');
      return options(TEMPLATE_CATEGORIES, lang);
    },
    feedTypes(category: string, lang: Lang) {
      const c = templateCategory(category);
      if (!c) throw new AppError(400, 'templateCategoryUnknown');
      return options(c.feedTypes, lang);
    },
    itemTypes(feedType: string, lang: Lang) {
      const list = itemTypesOfFeed(feedType);
      if (!list) throw new AppError(400, 'templateFeedTypeUnknown');
      return options(list, lang);
    },
  };

  // ---- the export dialog's cascaders and the export's read

  /** A shop's templates of one kind for the export dialog's cascader; a shop outside the scope is not found. */
  async function ofShop(caller: Caller, kind: 'simple' | 'amazon', shopId: number) {
    if (!(await shops.inScope(caller.scope, shopId))) throw new AppError(404, 'storeNotFound');
    return (await repo.page(caller.scope, kind, { shopId }, 1000, 0)).list;
  }
  const byShop = {
    simple: async (caller: Caller, shopId: number) => ({
      list: (await ofShop(caller, 'simple', shopId)).map((r) => ({ id: r.id, name: r.name, format: r.format })),
    }),
    amazon: async (caller: Caller, shopId: number) => ({
      list: (await ofShop(caller, 'amazon', shopId)).map((r) => ({ id: r.id, name: r.name, custom: r.header_rows !== null })),
    }),
  };

  /**
   * The template an export writes with: one of the scope's templates of this kind on shop `shopId`, or why
   * not — 'missing' (not there or another family's, answered as not found), 'kind' (another kind), 'store'
   * (another shop's). The export module keeps the row in its job's parameters as stored.
   */
  async function rowForExport(
    scope: Scope,
    kind: TemplateKind,
    id: number,
    shopId: number,
  ): Promise<TemplateRow | 'missing' | 'kind' | 'store'> {
    const row = await repo.anyKind(scope, id);
    if (!row) return 'missing';
    if (row.kind !== kind) return 'kind';
    if (row.store_id !== shopId) return 'store';
    return row;
  }

  /** rowForExport with its JSON columns parsed; any refusal is AppError 404 templateNotFound (another family's looks like a missing one). */
  async function forExport(caller: Caller, kind: TemplateKind, id: number, shopId: number): Promise<TemplateForExport> {
    const r = await rowForExport(caller.scope, kind, id, shopId);
    if (typeof r === 'string') throw new AppError(404, 'templateNotFound');
    return {
      id: r.id,
      owner_id: r.owner_id,
      store_id: r.store_id,
      kind: r.kind,
      name: r.name,
      format: r.format,
      columns: parseJson<string[]>(r.columns, []),
      fixed_values: parseJson<Record<string, string>>(r.fixed_values, {}),
      ...amazonFields(r),
      product_type: r.product_type,
      header_rows: parseJson<string[][] | null>(r.header_rows, null),
    };
  }

  return { simple, amazon, walmart, optionLists, byShop, rowForExport, forExport };
}
export type TemplateService = ReturnType<typeof createTemplateService>;

/** The list calls' query, as the routes parse it (the three kinds share it). */
type ListQuery = ParsedQueryOf<typeof routes.templateList>;
