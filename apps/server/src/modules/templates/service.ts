import { AMAZON_PLATFORM, WALMART_PLATFORM, type ParsedQueryOf, type routes, type TemplateKind } from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { overParseLimits, workerModule, type ParsePool } from '../../parsing/pool.js';
import type { createShopRepo } from '../shops/index.js';
import { checkName, templateColumns } from './columns.js';
import type { DiyAnswer } from './diyWorker.js';
import { optionLists } from './options.js';
import type { TemplateRecord, TemplateRepo } from './repo.js';
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

/**
 * Product templates (docs/templates.md, docs/api.md#listing-settings): owned rows scoped like every other (a parent
 * reads and changes its sub-accounts'; another family's id is not found); each on a shop of the caller's
 * scope, of the kind's marketplace (Amazon 1, Walmart 3; the simple kind any). Names unique per owner and kind.
 */
export function createTemplateService(deps: {
  repo: Pick<TemplateRepo, 'anyKind' | 'get' | 'insert' | 'nameTaken' | 'page' | 'remove' | 'update'>;
  /** A template's shop is checked against the caller's scope. */
  shops: Pick<ReturnType<typeof createShopRepo>, 'inScope'>;
  now: () => number;
  parsing: Pick<ParsePool, 'run'>;
}) {
  const { repo, shops, now, parsing } = deps;

  /** The shop must be in the caller's scope (else it is not found) and on the kind's marketplace. */
  async function checkShop(caller: Caller, kind: TemplateKind, shopId: number) {
    const shop = await shops.inScope(caller.scope, shopId);
    if (!shop) throw new AppError(404, 'storeNotFound');
    if (kind === 'amazon' && shop.platform !== AMAZON_PLATFORM) throw new AppError(400, 'templateStoreNotAmazon');
    if (kind === 'walmart' && shop.platform !== WALMART_PLATFORM) throw new AppError(400, 'templateStoreNotWalmart');
    return shop;
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

  // ---- the three kinds: simple (format 6 / 9), Amazon (large-marketplace flat file), Walmart-style

  const columns = templateColumns(checkShop);
  const simple = kindCalls('simple', columns.simple, simpleView, simpleView);

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
    ...kindCalls('amazon', columns.amazon, amazonView, amazonDetail),

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

  const walmart = kindCalls('walmart', columns.walmart, walmartView, walmartView);

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
