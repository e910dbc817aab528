import type { Insertable, Kysely } from 'kysely';
import type { Database, SkuBindingTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/**
 * Queries of the SKU bindings (sku_binding, migration 0020; docs/variants.md#sku-bindings). Which shops are the
 * scope's, and which still exist, the shops module answers; the variants, the finished module.
 */
export function createSkuBindingRepo(db: Kysely<Database>) {
  return {
    /**
     * Binds a variant to a remote SKU of a shop, replacing the variant's binding there, in one transaction;
     * `taken` (nothing written) when another variant of the shop holds that remote SKU.
     */
    bind: (row: Insertable<SkuBindingTable>) =>
      db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('sku_binding')
          .select('key_id')
          .where('store_id', '=', row.store_id)
          .where('remote_sku_id', '=', row.remote_sku_id)
          .where('key_id', '<>', row.key_id)
          .executeTakeFirst();
        if (taken) return { taken: taken.key_id } as const;
        await trx.deleteFrom('sku_binding').where('store_id', '=', row.store_id).where('key_id', '=', row.key_id).execute();
        return { row: await trx.insertInto('sku_binding').values(row).returningAll().executeTakeFirstOrThrow() } as const;
      }),

    /** Deletes a binding of the scope on one of these shops (the scope's: the shops module's answer); false when there is none. */
    async deleteInScope(scope: Scope, id: number, shopIds: number[]): Promise<boolean> {
      if (shopIds.length === 0) return false;
      const r = await db
        .deleteFrom('sku_binding')
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .where('store_id', 'in', shopIds)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** A product's bindings on these shops, by variant then shop. */
    ofProduct: (finishedId: number, shopIds: number[]) =>
      db
        .selectFrom('sku_binding')
        .selectAll()
        .where('finished_id', '=', finishedId)
        .where('store_id', 'in', shopIds.length ? shopIds : [-1])
        .orderBy('key_id')
        .orderBy('store_id')
        .execute(),

    /** A product's bindings in one shop, by variant. */
    inShop: (shopId: number, finishedId: number) =>
      db
        .selectFrom('sku_binding')
        .selectAll()
        .where('store_id', '=', shopId)
        .where('finished_id', '=', finishedId)
        .orderBy('key_id')
        .execute(),

    /** Replaces the shop's bindings of these variants and of these remote SKUs with `rows`, in one transaction. */
    async replace(shopId: number, rows: Insertable<SkuBindingTable>[]) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sku_binding')
          .where('store_id', '=', shopId)
          .where((eb) =>
            eb.or([
              eb(
                'key_id',
                'in',
                rows.map((r) => r.key_id),
              ),
              eb(
                'remote_sku_id',
                'in',
                rows.map((r) => r.remote_sku_id),
              ),
            ]),
          )
          .execute();
        await trx.insertInto('sku_binding').values(rows).execute();
      });
    },

    /**
     * The shop's bindings a marketplace order's lines may name: by the remote SKU id, or by the seller SKU (marketplace
     * A's lines carry only that; a binding made by hand for A holds it as its remote SKU).
     */
    forOrderLines: (shopId: number, remoteSkuIds: string[], sellerSkus: string[]) => {
      const remote = [...new Set([...remoteSkuIds, ...sellerSkus].filter(Boolean))];
      const seller = [...new Set(sellerSkus.filter(Boolean))];
      if (remote.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('sku_binding')
        .select(['key_id', 'finished_id', 'owner_id', 'remote_sku_id', 'seller_sku'])
        .where('store_id', '=', shopId)
        .where((eb) => eb.or([eb('remote_sku_id', 'in', remote), ...(seller.length ? [eb('seller_sku', 'in', seller)] : [])]))
        .execute();
    },

    /** A deleted shop's bindings (docs/variants.md#sku-bindings). */
    deleteForShop: (shopId: number) => db.deleteFrom('sku_binding').where('store_id', '=', shopId).execute(),

    /** Deleted products' bindings. */
    deleteForProducts: (finishedIds: number[]) => db.deleteFrom('sku_binding').where('finished_id', 'in', finishedIds).execute(),
  };
}
export type SkuBindingRepo = ReturnType<typeof createSkuBindingRepo>;

/** Queries of the shops a finished product reached (finished_store; docs/variants.md#the-shop-column). */
export function createListingShopRepo(db: Kysely<Database>) {
  return {
    /** Records (or refreshes) that each product reached the shop. */
    async record(rows: { finished_id: number; owner_id: number }[], shopId: number, via: 'export' | 'publish', at: number) {
      await db
        .insertInto('finished_store')
        .values(rows.map((r) => ({ ...r, store_id: shopId, via, last_at: at })))
        .onConflict((oc) => oc.columns(['finished_id', 'store_id']).doUpdateSet({ via, last_at: at }))
        .execute();
    },

    /** A deleted shop leaves the 店铺 column. */
    deleteForShop: (shopId: number) => db.deleteFrom('finished_store').where('store_id', '=', shopId).execute(),

    /** Deleted products leave it too. */
    deleteForProducts: (finishedIds: number[]) => db.deleteFrom('finished_store').where('finished_id', 'in', finishedIds).execute(),
  };
}
export type ListingShopRepo = ReturnType<typeof createListingShopRepo>;
