import type { Kysely, Selectable } from 'kysely';
import type { Database, StoreConnectionTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

export interface ShopRecord {
  id: number;
  owner_id: number;
  platform: number;
  name: string;
  createtime: number;
  username: string;
  /** From store_connection: null when the shop is not connected. */
  token_expires_at: number | null;
  needs_reconnect: number | null;
  /** The shop's stock setting (docs/publishing.md#stock). */
  stock_mode: string;
  stock_quantity: number;
  handling_days: number;
  /** The shop's default title template and keyword set (docs/listing-tools.md#shop-defaults); null: none. */
  title_template_id: number | null;
  keyword_set_id: number | null;
  /** The barcode maker the shop draws codes from (docs/listing-tools.md#barcodes); 0: none. */
  barcode_maker_id: number;
}

/** A connection as stored: the secrets sealed. */
export type StoredConnection = Omit<Selectable<StoreConnectionTable>, 'store_id' | 'needs_reconnect' | 'updated_at'>;

/** Queries of the shops (store); the rules (names, marketplaces, scope) live in the service. */
export function createShopRepo(db: Kysely<Database>) {
  const withOwner = () =>
    db
      .selectFrom('store')
      .innerJoin('account', 'account.id', 'store.owner_id')
      .leftJoin('store_connection', 'store_connection.store_id', 'store.id')
      .select([
        'store.id',
        'store.owner_id',
        'store.platform',
        'store.name',
        'store.createtime',
        'account.username',
        'store.stock_mode',
        'store.stock_quantity',
        'store.handling_days',
        'store.title_template_id',
        'store.keyword_set_id',
        'store.barcode_maker_id',
        // Only these of the connection: the secrets never leave connectionFor.
        'store_connection.token_expires_at',
        'store_connection.needs_reconnect',
      ]);

  return {
    /** The shops in the scope, on one marketplace or all, oldest first. */
    list: (scope: Scope, platform: number | undefined): Promise<ShopRecord[]> => {
      let q = withOwner().where(ownedBy(scope, 'store.owner_id'));
      if (platform !== undefined) q = q.where('store.platform', '=', platform);
      return q.orderBy('store.id').execute();
    },

    inScope: (scope: Scope, id: number): Promise<ShopRecord | undefined> =>
      withOwner().where(ownedBy(scope, 'store.owner_id')).where('store.id', '=', id).executeTakeFirst(),

    /** The ids of the scope's shops (every marketplace). */
    idsInScope: async (scope: Scope) =>
      (await db.selectFrom('store').select('id').where(ownedBy(scope, 'owner_id')).execute()).map((r) => r.id),

    /** The names of these shops, by id; a shop deleted since is not among them. */
    async namesOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('store').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Whether the owner already has a shop of this name on the marketplace (other than `exceptId`). */
    async nameTaken(ownerId: number, platform: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('store').select('id').where('owner_id', '=', ownerId).where('platform', '=', platform).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: (s: { owner_id: number; platform: number; name: string; now: number }) =>
      db
        .insertInto('store')
        .values({ owner_id: s.owner_id, platform: s.platform, name: s.name, createtime: s.now, updated_at: s.now })
        .returning('id')
        .executeTakeFirstOrThrow(),

    async setStock(id: number, s: { stock_mode: string; stock_quantity: number; handling_days: number }, now: number) {
      await db
        .updateTable('store')
        .set({ ...s, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** A shop's marketplace and stock setting (the export and the publish read them; docs/publishing.md#stock). */
    async stockOf(
      id: number,
    ): Promise<{ platform: number; stock_mode: string; stock_quantity: number; handling_days: number } | undefined> {
      return db
        .selectFrom('store')
        .select(['platform', 'stock_mode', 'stock_quantity', 'handling_days'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The barcode maker a shop's exports and publishes draw from (0: none; 0 too for a shop gone). */
    barcodeMakerOf: async (shopId: number): Promise<number> =>
      (await db.selectFrom('store').select('barcode_maker_id').where('id', '=', shopId).executeTakeFirst())?.barcode_maker_id ?? 0,

    async setBarcodeMaker(id: number, makerId: number, now: number) {
      await db.updateTable('store').set({ barcode_maker_id: makerId, updated_at: now }).where('id', '=', id).execute();
    },

    async rename(id: number, name: string, now: number) {
      await db.updateTable('store').set({ name, updated_at: now }).where('id', '=', id).execute();
    },

    /** A shop and its connection; the rows other modules hold of it go first (see ShopRows). */
    async remove(id: number) {
      await db.deleteFrom('store_connection').where('store_id', '=', id).execute();
      await db.deleteFrom('store').where('id', '=', id).execute();
    },

    /** Replaces the shop's connection (a reconnect clears needs_reconnect). */
    async saveConnection(shopId: number, c: StoredConnection, now: number) {
      await db.deleteFrom('store_connection').where('store_id', '=', shopId).execute();
      await db
        .insertInto('store_connection')
        .values({ store_id: shopId, ...c, needs_reconnect: 0, updated_at: now })
        .execute();
    },

    /** New tokens after a refresh (sealed by the service); false when the shop has no connection any more. */
    async saveTokens(shopId: number, t: { access_token: string; refresh_token: string; token_expires_at: number }, now: number) {
      const res = await db
        .updateTable('store_connection')
        .set({ ...t, needs_reconnect: 0, updated_at: now })
        .where('store_id', '=', shopId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async markNeedsReconnect(shopId: number, now: number) {
      await db.updateTable('store_connection').set({ needs_reconnect: 1, updated_at: now }).where('store_id', '=', shopId).execute();
    },

    /** The shop's default title template and keyword set (null: none). */
    async setTitleDefaults(shopId: number, d: { title_template_id: number | null; keyword_set_id: number | null }, now: number) {
      await db
        .updateTable('store')
        .set({ ...d, updated_at: now })
        .where('id', '=', shopId)
        .execute();
    },

    /** Shops defaulting to deleted title templates or keyword sets default to none. */
    async forgetTitleDefaults(column: 'title_template_id' | 'keyword_set_id', ids: number[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('store')
        .set({ [column]: null })
        .where(column, 'in', ids)
        .execute();
    },

    async removeConnection(shopId: number) {
      await db.deleteFrom('store_connection').where('store_id', '=', shopId).execute();
    },

    /** The shop's connection as stored (secrets sealed), with the shop's marketplace and needs_reconnect; undefined when none. */
    connection: (shopId: number): Promise<(StoredConnection & { platform: number; needs_reconnect: number }) | undefined> =>
      db
        .selectFrom('store_connection')
        .innerJoin('store', 'store.id', 'store_connection.store_id')
        .select([
          'store.platform',
          'store_connection.app_key',
          'store_connection.app_secret',
          'store_connection.access_token',
          'store_connection.refresh_token',
          'store_connection.token_expires_at',
          'store_connection.shop_cipher',
          'store_connection.warehouse_id',
          'store_connection.needs_reconnect',
        ])
        .where('store_connection.store_id', '=', shopId)
        .executeTakeFirst(),

    /** The shop's account (whoever asks: the order import's). */
    ownerOf: async (shopId: number): Promise<number | undefined> =>
      (await db.selectFrom('store').select('owner_id').where('id', '=', shopId).executeTakeFirst())?.owner_id,

    /** Every shop connected to one of these marketplaces and not waiting to be reconnected (the order import's). */
    connectedShops: (platforms: number[]) =>
      db
        .selectFrom('store_connection')
        .innerJoin('store', 'store.id', 'store_connection.store_id')
        .select(['store.id', 'store.owner_id', 'store.platform', 'store.name'])
        .where('store.platform', 'in', platforms)
        .where('store_connection.needs_reconnect', '=', 0)
        .orderBy('store.id')
        .execute(),
  };
}
export type ShopRepo = ReturnType<typeof createShopRepo>;

/** What another module holds of a shop, deleted with it: that module's repository answers for its own table. */
export interface ShopRows {
  deleteForShop(shopId: number): Promise<unknown>;
}
/** The repositories a shop's deletion and a connection's save use, bound to one transaction. */
export interface ShopTransaction {
  shops: Pick<ShopRepo, 'remove' | 'saveConnection'>;
  shopRows: ShopRows[];
}
export type InShopTransaction = <T>(fn: (r: ShopTransaction) => Promise<T>) => Promise<T>;

/**
 * Runs `fn` in one transaction with the shops' repository and, from `shopRows`, each module's repository of
 * the rows a shop's deletion takes along (docs/templates.md, "Deleting a shop"; docs/variants.md).
 */
export function shopTransactions(db: Kysely<Database>, shopRows: ((trx: Kysely<Database>) => ShopRows)[]): InShopTransaction {
  return (fn) => db.transaction().execute((trx) => fn({ shops: createShopRepo(trx), shopRows: shopRows.map((make) => make(trx)) }));
}
