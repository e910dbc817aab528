import type { Selectable } from 'kysely';
import { PUBLISH_PLATFORMS, type ParsedBodyOf, type routes } from '@app/contract';
import type { SkuBindingTable } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/text.js';
import type { FinishedRepo } from '../finished/index.js';
import type { ShopRepo } from '../shops/index.js';
import type { ListingShopRepo, SkuBindingRepo } from './bindingRepo.js';

/** A binding as the calls answer it (contract `skuBinding`). */
export interface SkuBinding {
  id: number;
  key_id: string;
  store_id: number;
  remote_sku_id: string;
  remote_product_id: string | null;
  createtime: number;
}

/** A variant's SKU as a publish created it: the marketplace's id, and the seller SKU it was sent with. */
export interface RemoteSku {
  remoteSkuId: string;
  sellerSku: string;
}

const view = (r: Selectable<SkuBindingTable>): SkuBinding => ({
  id: r.id,
  key_id: r.key_id,
  store_id: r.store_id,
  remote_sku_id: r.remote_sku_id,
  remote_product_id: r.remote_product_id,
  createtime: r.createtime,
});

/**
 * SKU bindings (bindSkuCompare / delSkuCompare; docs/variants.md#sku-bindings): one of our variants
 * (its key_id) bound to a remote SKU of a marketplace A or B shop; one per (shop, variant) — binding again
 * replaces — and one per (shop, remote SKU). The calls act in the caller's scope; `record` and `forProduct`
 * are the publish job's (it has already checked its product and shop).
 */
export function createSkuBindings(deps: {
  repo: SkuBindingRepo;
  shops: Pick<ShopRepo, 'inScope' | 'idsInScope' | 'namesOf'>;
  /** The variants and products bound (the finished module's). */
  products: Pick<FinishedRepo, 'variantInScope' | 'productsInScope'>;
  now: () => number;
}) {
  const { repo, products } = deps;
  const seconds = () => Math.floor(deps.now() / 1000);

  async function bind(caller: Caller, body: ParsedBodyOf<typeof routes.finishedBindSkuCompare>): Promise<SkuBinding> {
    const keyId = body.key_id;
    const remote = body.remote_sku_id;
    const shopId = body.store_id;
    // The contract trims; a blank id arrives empty (docs/variants.md#sku-bindings).
    if (keyId === '') throw new AppError(400, 'skuBindingKeyIdEmpty');
    if (remote === '') throw new AppError(400, 'skuBindingRemoteEmpty');
    const variant = await products.variantInScope(caller.scope, keyId);
    if (!variant) throw new AppError(404, 'skuBindingVariantNotFound', { key_id: keyId });
    const shop = await deps.shops.inScope(caller.scope, shopId);
    if (!shop) throw new AppError(404, 'skuBindingStoreNotFound');
    if (!(PUBLISH_PLATFORMS as readonly number[]).includes(shop.platform)) throw new AppError(400, 'skuBindingWrongPlatform');
    // A parent sees its sub-accounts' variants and shops, but a binding joins one account's variant to that
    // same account's shop, so every account that sees the binding sees both (docs/variants.md#sku-bindings).
    if (shop.owner_id !== variant.owner_id) throw new AppError(400, 'skuBindingOtherAccount', { key_id: keyId });
    let done;
    try {
      // Binding again replaces (docs/variants.md#sku-bindings).
      done = await repo.bind({
        owner_id: variant.owner_id,
        finished_id: variant.finished_id,
        key_id: keyId,
        store_id: shopId,
        remote_sku_id: remote,
        remote_product_id: null,
        createtime: seconds(),
      });
    } catch (e) {
      // Two binds of one remote SKU at once: the unique index decides.
      if (isUniqueViolation(e)) throw new AppError(409, 'skuBindingRemoteTaken', { remote_sku_id: remote, key_id: keyId });
      throw e;
    }
    if (done.taken !== undefined) throw new AppError(409, 'skuBindingRemoteTaken', { remote_sku_id: remote, key_id: done.taken });
    return view(done.row);
  }

  async function del(caller: Caller, id: number) {
    // Only a binding on one of the scope's shops.
    if (!(await repo.deleteInScope(caller.scope, id, await deps.shops.idsInScope(caller.scope))))
      throw new AppError(404, 'skuBindingNotFound');
    return { id };
  }

  async function list(caller: Caller, finishedId: number) {
    if ((await products.productsInScope(caller.scope, [finishedId])).length === 0)
      throw new AppError(404, 'variantProductNotFound', { id: finishedId });
    // The product's bindings on the scope's shops.
    return { list: (await repo.ofProduct(finishedId, await deps.shops.idsInScope(caller.scope))).map(view) };
  }

  /**
   * The publish job's record of what the marketplace created: `skuIds` maps each variant's key_id
   * (finished_attr.key_id) to its remote SKU id. Replaces the shop's bindings of those variants and of those
   * remote SKUs, in one transaction.
   */
  async function record(
    ownerId: number,
    shopId: number,
    finishedId: number,
    remoteProductId: string | null,
    skus: Record<string, RemoteSku>,
  ) {
    const entries = Object.entries(skus);
    if (entries.length === 0) return;
    const at = seconds();
    await repo.replace(
      shopId,
      entries.map(([key_id, sku]) => ({
        owner_id: ownerId,
        finished_id: finishedId,
        key_id,
        store_id: shopId,
        remote_sku_id: sku.remoteSkuId,
        seller_sku: sku.sellerSku,
        remote_product_id: remoteProductId,
        createtime: at,
      })),
    );
  }

  /** A product's bindings in one shop (the publish job: bound means update instead of create). */
  async function forProduct(shopId: number, finishedId: number): Promise<SkuBinding[]> {
    // A shop deleted since has no bindings to show.
    if ((await deps.shops.namesOf([shopId])).size === 0) return [];
    return (await repo.inShop(shopId, finishedId)).map(view);
  }

  return { bind, del, list, record, forProduct };
}
export type SkuBindings = ReturnType<typeof createSkuBindings>;

/**
 * The shops a finished product reached (docs/variants.md#the-shop-column): the export job records them on
 * success, the publish job on publish; the finished list's 店铺 column reads them. A combination's row is
 * recorded with its childs, so the row the list shows carries the shop.
 */
export function createListingShops(deps: {
  repo: Pick<ListingShopRepo, 'record'>;
  /** The products' owners and combinations (the finished module's). */
  products: Pick<FinishedRepo, 'ownersOf'>;
  now: () => number;
}) {
  const { repo } = deps;
  async function record(finishedIds: number[], shopId: number, via: 'export' | 'publish') {
    const ids = [...new Set(finishedIds)];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await deps.products.ownersOf(ids.slice(i, i + 500));
      const byId = new Map<number, number>();
      for (const r of rows) {
        byId.set(r.id, r.owner_id);
        if (r.combined_into !== null) byId.set(r.combined_into, r.owner_id);
      }
      if (byId.size === 0) continue;
      await repo.record(
        [...byId].map(([finished_id, owner_id]) => ({ finished_id, owner_id })),
        shopId,
        via,
        deps.now(),
      );
    }
  }
  return { record };
}
export type ListingShops = ReturnType<typeof createListingShops>;
