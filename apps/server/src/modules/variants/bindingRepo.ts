import type { Insertable, Kysely } from 'kysely';
import type { Database, SkuBindingTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of the SKU bindings (sku_binding, migration 0020; docs/variants.md#sku-bindings). */
export function createSkuBindingRepo(db: Kysely<Database>) {
  /** Bindings whose shop still exists (a deleted shop's are not shown). */
  const shown = () => db.selectFrom('sku_binding').innerJoin('store', 'store.id', 'sku_binding.store_id').selectAll('sku_binding');

  return {
    /** A variant (by its key_id) of a product in the scope, with the product's owner. */
    variantInScope: (scope: Scope, keyId: string) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.key_id', 'finished_attr.finished_id', 'finished.owner_id'])
        .where(ownedBy(scope, 'finished.owner_id'))
        .where('finished_attr.key_id', '=', keyId)
        .executeTakeFirst(),

    /** Whether the finished product is in the scope. */
    productInScope: async (scope: Scope, finishedId: number) =>
      (await db.selectFrom('finished').select('id').where(ownedBy(scope, 'owner_id')).where('id', '=', finishedId).executeTakeFirst()) !==
      undefined,

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

    /** Deletes a binding of the scope whose shop is the scope's too; false when there is none. */
    async deleteInScope(scope: Scope, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('sku_binding')
        .where('id', '=', id)
        .where(ownedBy(scope, 'owner_id'))
        .where('store_id', 'in', db.selectFrom('store').select('store.id').where(ownedBy(scope, 'store.owner_id')))
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** A product's bindings on the scope's shops, by variant then shop. */
    ofProduct: (scope: Scope, finishedId: number) =>
      shown()
        .where('sku_binding.finished_id', '=', finishedId)
        .where(ownedBy(scope, 'store.owner_id'))
        .orderBy('sku_binding.key_id')
        .orderBy('sku_binding.store_id')
        .execute(),

    /** A product's bindings in one shop, by variant. */
    inShop: (shopId: number, finishedId: number) =>
      shown()
        .where('sku_binding.store_id', '=', shopId)
        .where('sku_binding.finished_id', '=', finishedId)
        .orderBy('sku_binding.key_id')
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

    /** A deleted shop's bindings (docs/variants.md#sku-bindings). */
    deleteForShop: (shopId: number) => db.deleteFrom('sku_binding').where('store_id', '=', shopId).execute(),
  };
}
export type SkuBindingRepo = ReturnType<typeof createSkuBindingRepo>;

/** Queries of the shops a finished product reached (finished_store; docs/variants.md#the-shop-column). */
export function createListingShopRepo(db: Kysely<Database>) {
  return {
    /** These products' owners and the combinations they are in. */
    products: (ids: number[]) => db.selectFrom('finished').select(['id', 'owner_id', 'combined_into']).where('id', 'in', ids).execute(),

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
  };
}
export type ListingShopRepo = ReturnType<typeof createListingShopRepo>;
