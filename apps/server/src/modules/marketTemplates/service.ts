import {
  ALIEXPRESS_PLATFORM,
  TIKTOK_PLATFORM,
  type MarketTemplateOf,
  type MessageKey,
  type ParsedQueryOf,
  type PublishPlatform,
  type routes,
} from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { ShopRepo } from '../shops/index.js';
import { aliexpressColumns, aliexpressView, checkName, tiktokColumns, tiktokView } from './columns.js';
import type { MarketRecord, MarketTable, MarketTemplateRepo } from './repo.js';

/** Why a template cannot be used for a publish (templateForShop), as a seller message. */
export type TemplateRefusal = { ok: false; status: 400 | 404; key: MessageKey; params?: Record<string, string | number> };

/** Who reads a template for a publish: the caller, or the scope of the publish's owner (a job has no caller). */
export type TemplateReader = Caller | Scope;
const scopeOf = (who: TemplateReader): Scope => ('scope' in who ? who.scope : who);
/** A marketplace's template repository as the service uses it (a shop's deletion is the shops module's). */
type TemplateRepoOf<T extends MarketTable> = Omit<MarketTemplateRepo<T>, 'deleteForShop'>;

/**
 * The marketplaces' product templates (docs/market-templates.md): owned rows scoped like every
 * other (a parent reads and changes its sub-accounts'; another family's id is not found); each on a shop
 * of its marketplace in the caller's scope, and owned by that shop's account. Names unique per shop.
 */
export function createMarketTemplateService(deps: {
  /** One repository per marketplace's table. */
  repos: { aliexpress: TemplateRepoOf<'aliexpress_template'>; tiktok: TemplateRepoOf<'tiktok_template'> };
  shops: Pick<ShopRepo, 'inScope'>;
  now: () => number;
}) {
  const { now, shops } = deps;

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
    async function shop(scope: Scope, shopId: number) {
      const found = await shops.inScope(scope, shopId);
      if (!found) throw new AppError(404, 'storeNotFound');
      if (found.platform !== spec.platform) throw new AppError(400, spec.wrongShop);
      return found;
    }

    async function save(caller: Caller, id: number | undefined, body: B) {
      const name = checkName(body.name);
      const target = await shop(caller.scope, body.store_id);
      const cols = spec.columns(body);
      if (await repo.nameTaken(target.id, name, id)) throw new AppError(409, 'marketTemplateNameTaken', { name });
      const at = now();
      // A template belongs to its shop's account (a parent adding one on a sub-account's shop adds it for that account).
      const row = { ...cols, name, store_id: target.id, owner_id: target.owner_id, updated_at: at };
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
        const { list, count } = await repo.page(caller.scope, { shopId: q.store_id, name: q.name }, pageSize, (pageNumber - 1) * pageSize);
        return { count, list: list.map(spec.view) };
      },
      /** The Publish Online tab's picker: the shop's templates, by name; a shop outside the scope is not found. */
      async byShop(caller: Caller, shopId: number) {
        await shop(caller.scope, shopId);
        const { list } = await repo.page(caller.scope, { shopId }, 1000, 0);
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
   * forPublish for one shop: the template when it is on `shopId`, else why not — not found (404, the
   * marketplace's "template not found") or on another shop (400 marketTemplateOtherShop, naming that shop).
   */
  async function templateForShop<P extends PublishPlatform>(
    who: TemplateReader,
    platform: P,
    shopId: number,
    templateId: number,
  ): Promise<{ ok: true; template: MarketTemplateOf<P> } | TemplateRefusal> {
    const template = await forPublish(who, platform, templateId);
    if (!template) return { ok: false, status: 404, key: platform === 2 ? 'aliexpressTemplateNotFound' : 'tiktokTemplateNotFound' };
    if (template.store_id !== shopId)
      return { ok: false, status: 400, key: 'marketTemplateOtherShop', params: { store: template.store_name } };
    return { ok: true, template };
  }

  return { aliexpress, tiktok, forPublish, templateForShop };
}
export type MarketTemplateService = ReturnType<typeof createMarketTemplateService>;
