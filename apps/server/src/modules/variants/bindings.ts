import type { Kysely, Selectable } from 'kysely';
import { PUBLISH_PLATFORMS } from '@app/contract';
import type { Database, SkuBindingTable } from '../../db/schema.js';
import { ownedBy } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/text.js';

/** A binding as the calls answer it (contract `skuBinding`). */
export interface SkuBinding {
  id: number;
  key_id: string;
  store_id: number;
  remote_sku_id: string;
  remote_product_id: string | null;
  createtime: number;
}

const view = (r: Selectable<SkuBindingTable>): SkuBinding => ({
  id: Number(r.id),
  key_id: r.key_id,
  store_id: Number(r.store_id),
  remote_sku_id: r.remote_sku_id,
  remote_product_id: r.remote_product_id,
  createtime: Number(r.createtime),
});

/**
 * SKU bindings (SPEC §7.1 bindSkuCompare / delSkuCompare; docs/variants.md#sku-bindings): one of our variants
 * (its key_id) bound to a remote SKU of a marketplace A or B shop; one per (shop, variant) — binding again
 * replaces — and one per (shop, remote SKU). The calls act in the caller's scope; `record` and `forProduct`
 * are the publish job's (it has already checked its product and shop).
 */
export function createSkuBindings(deps: { db: Kysely<Database>; now: () => number }) {
  const { db } = deps;
  const seconds = () => Math.floor(deps.now() / 1000);
  /** Bindings whose shop still exists (a deleted shop's are not shown). */
  const shown = () => db.selectFrom('sku_binding').innerJoin('store', 'store.id', 'sku_binding.store_id').selectAll('sku_binding');
  /** The caller's shops: a binding is the caller's only when its shop is too (docs/variants.md#sku-bindings). */
  const shopsOf = (caller: Caller) => db.selectFrom('store').select('store.id').where(ownedBy(caller.scope, 'store.owner_id'));

  async function bind(caller: Caller, body: { key_id: string; store_id: number | string; remote_sku_id: string }): Promise<SkuBinding> {
    const keyId = body.key_id.trim();
    const remote = body.remote_sku_id.trim();
    const storeId = Number(body.store_id);
    // The contract trims; a blank id arrives empty (docs/variants.md#sku-bindings).
    if (keyId === '') throw new AppError(400, 'skuBindingKeyIdEmpty');
    if (remote === '') throw new AppError(400, 'skuBindingRemoteEmpty');
    const variant = await db
      .selectFrom('finished_attr')
      .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
      .select(['finished_attr.key_id', 'finished_attr.finished_id', 'finished.owner_id'])
      .where(ownedBy(caller.scope, 'finished.owner_id'))
      .where('finished_attr.key_id', '=', keyId)
      .executeTakeFirst();
    if (!variant) throw new AppError(404, 'skuBindingVariantNotFound', { key_id: keyId });
    const store = await db
      .selectFrom('store')
      .select(['id', 'platform', 'owner_id'])
      .where(ownedBy(caller.scope, 'owner_id'))
      .where('id', '=', storeId)
      .executeTakeFirst();
    if (!store) throw new AppError(404, 'skuBindingStoreNotFound');
    if (!(PUBLISH_PLATFORMS as readonly number[]).includes(Number(store.platform))) throw new AppError(400, 'skuBindingWrongPlatform');
    // A parent sees its sub-accounts' variants and shops, but a binding joins one account's variant to that
    // same account's shop, so every account that sees the binding sees both (docs/variants.md#sku-bindings).
    if (Number(store.owner_id) !== Number(variant.owner_id)) throw new AppError(400, 'skuBindingOtherAccount', { key_id: keyId });
    try {
      return await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('sku_binding')
          .select('key_id')
          .where('store_id', '=', storeId)
          .where('remote_sku_id', '=', remote)
          .where('key_id', '<>', keyId)
          .executeTakeFirst();
        if (taken) throw new AppError(409, 'skuBindingRemoteTaken', { remote_sku_id: remote, key_id: taken.key_id });
        // Binding again replaces (docs/variants.md#sku-bindings).
        await trx.deleteFrom('sku_binding').where('store_id', '=', storeId).where('key_id', '=', keyId).execute();
        const row = await trx
          .insertInto('sku_binding')
          .values({
            owner_id: Number(variant.owner_id),
            finished_id: Number(variant.finished_id),
            key_id: keyId,
            store_id: storeId,
            remote_sku_id: remote,
            remote_product_id: null,
            createtime: seconds(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return view(row);
      });
    } catch (e) {
      // Two binds of one remote SKU at once: the unique index decides.
      if (isUniqueViolation(e)) throw new AppError(409, 'skuBindingRemoteTaken', { remote_sku_id: remote, key_id: keyId });
      throw e;
    }
  }

  async function del(caller: Caller, id: number) {
    const r = await db
      .deleteFrom('sku_binding')
      .where('id', '=', id)
      .where(ownedBy(caller.scope, 'owner_id'))
      .where('store_id', 'in', shopsOf(caller))
      .executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw new AppError(404, 'skuBindingNotFound');
    return { id };
  }

  async function list(caller: Caller, finishedId: number) {
    const product = await db
      .selectFrom('finished')
      .select('id')
      .where(ownedBy(caller.scope, 'owner_id'))
      .where('id', '=', finishedId)
      .executeTakeFirst();
    if (!product) throw new AppError(404, 'variantProductNotFound', { id: finishedId });
    const rows = await shown()
      .where('sku_binding.finished_id', '=', finishedId)
      .where(ownedBy(caller.scope, 'store.owner_id'))
      .orderBy('sku_binding.key_id')
      .orderBy('sku_binding.store_id')
      .execute();
    return { list: rows.map(view) };
  }

  /**
   * The publish job's record of what the marketplace created: `skuIds` maps each variant's key_id
   * (finished_attr.key_id) to its remote SKU id. Replaces the shop's bindings of those variants and of those
   * remote SKUs, in one transaction.
   */
  async function record(
    ownerId: number,
    storeId: number,
    finishedId: number,
    remoteProductId: string | null,
    skuIds: Record<string, string>,
  ) {
    const entries = Object.entries(skuIds);
    if (entries.length === 0) return;
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('sku_binding')
        .where('store_id', '=', storeId)
        .where((eb) =>
          eb.or([
            eb(
              'key_id',
              'in',
              entries.map(([k]) => k),
            ),
            eb(
              'remote_sku_id',
              'in',
              entries.map(([, v]) => v),
            ),
          ]),
        )
        .execute();
      const at = seconds();
      await trx
        .insertInto('sku_binding')
        .values(
          entries.map(([key_id, remote_sku_id]) => ({
            owner_id: ownerId,
            finished_id: finishedId,
            key_id,
            store_id: storeId,
            remote_sku_id,
            remote_product_id: remoteProductId,
            createtime: at,
          })),
        )
        .execute();
    });
  }

  /** A product's bindings in one shop (the publish job: bound means update instead of create). */
  async function forProduct(storeId: number, finishedId: number): Promise<SkuBinding[]> {
    const rows = await shown()
      .where('sku_binding.store_id', '=', storeId)
      .where('sku_binding.finished_id', '=', finishedId)
      .orderBy('sku_binding.key_id')
      .execute();
    return rows.map(view);
  }

  return { bind, del, list, record, forProduct };
}
export type SkuBindings = ReturnType<typeof createSkuBindings>;

/**
 * The shops a finished product reached (docs/variants.md#the-shop-column): the export job records them on
 * success, the publish job on publish; the finished list's 店铺 column reads them. A combination's row is
 * recorded with its childs, so the row the list shows carries the shop.
 */
export function createListingShops(deps: { db: Kysely<Database>; now: () => number }) {
  const { db } = deps;
  async function record(finishedIds: number[], storeId: number, via: 'export' | 'publish') {
    const ids = [...new Set(finishedIds)];
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const rows = await db.selectFrom('finished').select(['id', 'owner_id', 'combined_into']).where('id', 'in', part).execute();
      const byId = new Map<number, number>();
      for (const r of rows) {
        byId.set(Number(r.id), Number(r.owner_id));
        if (r.combined_into !== null) byId.set(Number(r.combined_into), Number(r.owner_id));
      }
      if (byId.size === 0) continue;
      const at = deps.now();
      await db
        .insertInto('finished_store')
        .values([...byId].map(([finished_id, owner_id]) => ({ finished_id, store_id: storeId, owner_id, via, last_at: at })))
        .onConflict((oc) => oc.columns(['finished_id', 'store_id']).doUpdateSet({ via, last_at: at }))
        .execute();
    }
  }
  return { record };
}
export type ListingShops = ReturnType<typeof createListingShops>;
