import {
  CONNECTABLE_MARKETPLACES,
  isMarketplaceCode,
  MARKETPLACES,
  STORE_CREDENTIAL_LABELS,
  STORE_NAME_MAX,
  type Lang,
  type ParsedBodyOf,
  type routes,
  type Store,
  type StoreCredential,
  type StoreMarketplace,
  stockProblem,
  type StockMode,
  type MessageKey,
} from '@app/contract';
import type { Sealer } from '../../secrets/index.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { InShopTransaction, ShopRecord, ShopRepo, StoredConnection } from './repo.js';

const toShop = (r: ShopRecord): Store => ({
  id: r.id,
  name: r.name,
  pid: r.platform,
  owner_id: r.owner_id,
  username: r.username,
  createtime: r.createtime,
  connected: r.token_expires_at !== null,
  token_expires_at: r.token_expires_at,
  needs_reconnect: r.needs_reconnect === 1,
  stock_mode: r.stock_mode === 'made_to_order' ? 'made_to_order' : 'quantity',
  stock_quantity: r.stock_quantity,
  handling_days: r.handling_days,
  title_template_id: r.title_template_id ?? 0,
  keyword_set_id: r.keyword_set_id ?? 0,
  barcode_maker_id: r.barcode_maker_id,
});

/** A shop's connection, decrypted (the stored fields, secrets opened; expiry in unix seconds): for the marketplace adapters only, never routed. */
export type ShopConnection = StoredConnection & {
  platform: number;
};

/**
 * Asks the marketplace whether a connection's credentials work (a harmless call: docs/publishing.md#connecting):
 * null when they do, else the seller's message. Given by services.ts from the marketplace adapters; absent only
 * where no marketplace is configured (a test app without MARKETPLACE_A_URL / _B_URL), where nothing is asked.
 */
export type ConnectionCheck = (
  conn: ShopConnection,
) => Promise<{ key: MessageKey; params?: Record<string, string | number>; status?: number } | null>;

/**
 * Shops: each on one marketplace, owned like every owned row (docs/domain.md#accounts-and-scope):
 * a parent lists, renames and deletes its sub-accounts' shops too; a new shop is the caller's. A name is
 * 1–STORE_NAME_MAX characters after trimming and unique per owner and marketplace.
 */
export function createShopService(deps: {
  repo: Omit<ShopRepo, 'remove' | 'saveConnection'>;
  /** A shop's deletion and a connection's save, each in one transaction (shopTransactions in repo.ts). */
  inTransaction: InShopTransaction;
  now: () => number;
  sealer: Sealer;
  /** The harmless marketplace call that checks a connection before it is stored, by platform code. */
  checkConnection?: Partial<Record<number, ConnectionCheck>>;
  /** Whether a title template or keyword set is one the accounts of `scope` can use (the titles module's). */
  titleDefaultUsable?: (scope: Scope, kind: 'title_template' | 'keyword_set', id: number) => Promise<boolean>;
  /** Whether one of the caller's barcode makers has this id (the barcodes module's). */
  barcodeMakerExists?: (caller: Caller, id: number) => Promise<boolean>;
}) {
  const { repo, inTransaction, now, sealer } = deps;
  const seconds = () => Math.floor(now() / 1000);

  function checkPlatform(code: number) {
    if (!isMarketplaceCode(code)) throw new AppError(400, 'storeUnknownPlatform');
  }

  function checkName(raw: string): string {
    const name = raw.trim();
    if (name === '') throw new AppError(400, 'storeNameEmpty');
    // Characters as a seller counts them (an emoji is one), not UTF-16 units.
    if ([...name].length > STORE_NAME_MAX) throw new AppError(400, 'storeNameTooLong', { max: STORE_NAME_MAX });
    return name;
  }

  async function inScope(caller: Caller, id: number): Promise<ShopRecord> {
    const row = await repo.inScope(caller.scope, id);
    if (!row) throw new AppError(404, 'storeNotFound');
    return row;
  }

  const taken = (name: string) => new AppError(409, 'storeNameTaken', { name });

  async function tree(caller: Caller, type: number | undefined, lang: Lang): Promise<{ list: StoreMarketplace[] }> {
    if (type !== undefined) checkPlatform(type);
    const rows = await repo.list(caller.scope, type);
    return {
      list: MARKETPLACES.filter((m) => type === undefined || m.code === type).map((m) => ({
        id: m.code,
        name: m.name[lang],
        stores: rows.filter((r) => r.platform === m.code).map(toShop),
      })),
    };
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.storeAdd>): Promise<Store> {
    const platform = body.pid;
    checkPlatform(platform);
    const name = checkName(body.name);
    if (await repo.nameTaken(caller.id, platform, name)) throw taken(name);
    try {
      const { id } = await repo.insert({ owner_id: caller.id, platform, name, now: seconds() });
      return toShop((await repo.inScope(caller.scope, id))!);
    } catch (e) {
      if (isUniqueViolation(e)) throw taken(name);
      throw e;
    }
  }

  async function rename(caller: Caller, body: ParsedBodyOf<typeof routes.storeUpdate>): Promise<Store> {
    const row = await inScope(caller, body.id);
    const name = checkName(body.name);
    // Unique within the shop's owner (a parent renaming a sub-account's shop checks that account's).
    if (await repo.nameTaken(row.owner_id, row.platform, name, row.id)) throw taken(name);
    try {
      await repo.rename(row.id, name, seconds());
    } catch (e) {
      if (isUniqueViolation(e)) throw taken(name);
      throw e;
    }
    return toShop({ ...row, name });
  }

  async function del(caller: Caller, id: number) {
    const row = await inScope(caller, id);
    // Its product templates go with it, in one transaction (docs/templates.md, "Deleting a shop";
    // docs/market-templates.md for the marketplaces' templates).
    // Its SKU bindings and its place in the finished list's 店铺 column go too (docs/variants.md): each
    // module deletes its own rows (the shopRows given in services.ts).
    await inTransaction(async (r) => {
      for (const rows of r.shopRows) await rows.deleteForShop(row.id);
      // remove() takes its marketplace connection too.
      await r.shops.remove(row.id);
    });
    return { id: row.id };
  }

  /**
   * Connects a marketplace A or B shop (docs/publishing.md#tokens), replacing any connection it had
   * and clearing needs_reconnect. A needs app key, secret and access token; B also the refresh token, shop
   * cipher and warehouse id. Secrets are sealed before they reach the database (docs/security.md#marketplace-secrets).
   */
  async function connect(caller: Caller, body: ParsedBodyOf<typeof routes.storeConnect>): Promise<Store> {
    const row = await inScope(caller, body.id);
    if (!CONNECTABLE_MARKETPLACES.includes(row.platform)) throw new AppError(400, 'storeNotConnectable');
    const b = row.platform === 15;
    const value = (field: StoreCredential, required: boolean): string => {
      const v = (body[field] ?? '').trim();
      if (required && v === '') throw new AppError(400, 'storeConnectFieldRequired', { field: STORE_CREDENTIAL_LABELS[field] });
      return v;
    };
    const app_key = value('app_key', true);
    const app_secret = value('app_secret', true);
    const access_token = value('access_token', true);
    const refresh_token = value('refresh_token', b);
    const shop_cipher = b ? value('shop_cipher', true) : '';
    const warehouse_id = b ? value('warehouse_id', true) : '';
    if (body.expires_at === undefined) throw new AppError(400, 'storeConnectExpiryRequired');
    const expires = body.expires_at;
    if (expires <= seconds()) throw new AppError(400, 'storeConnectExpiryPast');
    // What the marketplace refuses is refused here, in the seller's words, rather than shown as connected
    // until the first publish fails (docs/publishing.md#connecting).
    const check = deps.checkConnection?.[row.platform];
    if (check) {
      const conn = {
        platform: row.platform,
        app_key,
        app_secret,
        access_token,
        refresh_token,
        token_expires_at: expires,
        shop_cipher,
        warehouse_id,
      };
      const refused = await check(conn);
      if (refused) throw new AppError(refused.status ?? 400, refused.key, refused.params);
    }
    await inTransaction((r) =>
      r.shops.saveConnection(
        row.id,
        {
          app_key,
          app_secret: sealer.seal(app_secret),
          access_token: sealer.seal(access_token),
          refresh_token: sealer.seal(refresh_token),
          token_expires_at: expires,
          shop_cipher: sealer.seal(shop_cipher),
          warehouse_id,
        },
        seconds(),
      ),
    );
    return toShop({ ...row, token_expires_at: expires, needs_reconnect: 0 });
  }

  /**
   * The shop's stock setting (docs/publishing.md#stock): a quantity per SKU, or made to order with handling
   * days, each within its marketplace's bounds. Templates may override it.
   */
  async function setStock(caller: Caller, body: ParsedBodyOf<typeof routes.storeStock>): Promise<Store> {
    const row = await inScope(caller, body.id);
    const setting = { stock_mode: body.stock_mode as StockMode, stock_quantity: body.stock_quantity, handling_days: body.handling_days };
    const problem = stockProblem(row.platform, setting);
    if (problem) throw new AppError(400, problem.key, problem.params);
    // The other mode's figure is kept: switching back finds it as it was.
    const kept =
      setting.stock_mode === 'quantity'
        ? { ...setting, handling_days: row.handling_days }
        : { ...setting, stock_quantity: row.stock_quantity };
    await repo.setStock(row.id, kept, seconds());
    return toShop({ ...row, ...kept });
  }

  /**
   * The shop's default title template and keyword set (docs/listing-tools.md#shop-defaults; 0: none). Each must be
   * one the shop's owner can use, so the owner's dialog can start with it: the caller's scope for its own shop, the
   * sub-account's own rows for a sub-account's shop. Another family's id is not found (404).
   */
  async function setTitleDefaults(caller: Caller, body: ParsedBodyOf<typeof routes.storeTitleDefaults>): Promise<Store> {
    const row = await inScope(caller, body.id);
    const ownerScope: Scope = row.owner_id === caller.id ? caller.scope : { accountIds: [row.owner_id] };
    const usable = deps.titleDefaultUsable;
    const check = async (kind: 'title_template' | 'keyword_set', id: number) => {
      if (id === 0 || !usable) return;
      if (!(await usable(caller.scope, kind, id)))
        throw new AppError(404, kind === 'title_template' ? 'titleTemplateNotFound' : 'keywordSetNotFound');
      if (!(await usable(ownerScope, kind, id))) throw new AppError(400, 'titleDefaultNotUsable');
    };
    await check('title_template', body.title_template_id);
    await check('keyword_set', body.keyword_set_id);
    const d = { title_template_id: body.title_template_id || null, keyword_set_id: body.keyword_set_id || null };
    await repo.setTitleDefaults(row.id, d, seconds());
    return toShop({ ...row, ...d });
  }

  /**
   * Chooses the barcode maker a shop's exports and publishes take a code per variant from
   * (docs/listing-tools.md#barcodes): one of the caller's makers, or 0 for none.
   */
  async function setBarcodeMaker(caller: Caller, body: ParsedBodyOf<typeof routes.storeSetBarcodeMaker>): Promise<Store> {
    const row = await inScope(caller, body.id);
    if (body.maker_id !== 0 && !(await deps.barcodeMakerExists?.(caller, body.maker_id))) throw new AppError(404, 'barcodeMakerNotFound');
    await repo.setBarcodeMaker(row.id, body.maker_id, seconds());
    return toShop({ ...row, barcode_maker_id: body.maker_id });
  }

  /** Forgets a shop's connection (our call, POST /api/store/disconnect); the shop stays. */
  async function disconnect(caller: Caller, id: number): Promise<Store> {
    const row = await inScope(caller, id);
    await repo.removeConnection(row.id);
    return toShop({ ...row, token_expires_at: null, needs_reconnect: null });
  }

  /** The shop's connection, decrypted, or undefined when it has none. Server-only: for the adapters. */
  async function connectionFor(shopId: number): Promise<ShopConnection | undefined> {
    const c = await repo.connection(shopId);
    if (!c) return undefined;
    return {
      platform: c.platform,
      app_key: c.app_key,
      app_secret: sealer.open(c.app_secret),
      access_token: sealer.open(c.access_token),
      refresh_token: sealer.open(c.refresh_token),
      token_expires_at: c.token_expires_at,
      shop_cipher: sealer.open(c.shop_cipher),
      warehouse_id: c.warehouse_id,
    };
  }

  /** Whether a token refresh failed since the shop was connected (it shows 需重新授权). Server-only. */
  async function needsReconnect(shopId: number): Promise<boolean> {
    return (await repo.connection(shopId))?.needs_reconnect === 1;
  }

  /**
   * Stores the tokens a refresh gave (the publish job refreshes an expired token), sealed as
   * connect seals them. Server-only. docs/publishing.md#tokens.
   */
  async function updateTokens(shopId: number, t: { access_token: string; refresh_token: string; expires_at: number }): Promise<void> {
    await repo.saveTokens(
      shopId,
      { access_token: sealer.seal(t.access_token), refresh_token: sealer.seal(t.refresh_token), token_expires_at: t.expires_at },
      seconds(),
    );
  }

  /** A refresh failed: the shop shows 需重新授权 until the seller connects it again (connect clears it). Server-only. */
  async function markNeedsReconnect(shopId: number): Promise<void> {
    await repo.markNeedsReconnect(shopId, seconds());
  }

  return {
    tree,
    add,
    rename,
    del,
    connect,
    setStock,
    disconnect,
    setTitleDefaults,
    setBarcodeMaker,
    connectionFor,
    needsReconnect,
    updateTokens,
    markNeedsReconnect,
  };
}
export type ShopService = ReturnType<typeof createShopService>;
