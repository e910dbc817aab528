import Decimal from 'decimal.js';
import type { ParsedBodyOf, CartItem, ParsedQueryOf, routes } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { CatalogueRepo } from '../catalogue/index.js';
import type { DesignService } from '../design/index.js';
import type { CartItemRecord, CartRepo } from './repo.js';

/**
 * The cart: a design on a SKU with a quantity, kept apart from finished products (save mode 7 never
 * overwrites one). Its mockups are composed when it is added, so the cart shows what was designed.
 */
export function createCartService(deps: {
  repo: Pick<CartRepo, 'inTransaction' | 'insert' | 'itemInScope' | 'page' | 'count' | 'setQuantity'>;
  /** A cart item's mockups are the design's preview. */
  design: Pick<DesignService, 'mockupPreview'>;
  /** An item's blank: its name, colour, size and price (the catalogue owns them). */
  blanks: Pick<CatalogueRepo, 'productNames' | 'skusById' | 'blankWeights'>;
  now: () => number;
}) {
  const { repo, design, blanks, now } = deps;
  const { inTransaction } = repo;

  /**
   * The items as listed, with their blanks. An item whose blank or SKU the catalogue no longer has stays listed,
   * marked unavailable (docs/domain.md#cart): the seller sees it and removes it, rather than it vanishing.
   */
  async function views(rows: CartItemRecord[]): Promise<CartItem[]> {
    const [names, skus, weights] = await Promise.all([
      blanks.productNames(rows.map((r) => r.product_id)),
      blanks.skusById(rows.map((r) => r.attr_id)),
      blanks.blankWeights(rows.map((r) => r.product_id)),
    ]);
    return rows.map((r) => {
      const name = names.get(r.product_id);
      const sku = skus.get(r.attr_id);
      return {
        id: r.id,
        product_id: r.product_id,
        attr_id: r.attr_id,
        product_name: name ?? '',
        color: sku?.color ?? '',
        size: sku?.size ?? '',
        price: new Decimal(sku?.price ?? 0).toFixed(2),
        available: name !== undefined && sku !== undefined,
        num: r.num,
        weight_g: weights.get(r.product_id) ?? 0,
        img_urls: parseJsonColumn<string[]>(r.img_urls, []),
        createtime: Math.floor(r.created_at / 1000),
      };
    });
  }

  /** Adds a design on a SKU; `fromVariant`: the finished variant it is (so an order of it counts for that product). */
  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.cartAdd>, fromVariant = 0) {
    const preview = await design.mockupPreview(caller, { product_id: body.product_id, sku_ids: [body.attr_id], extends: body.extends });
    const t = now();
    const row = await repo.insert({
      owner_id: caller.id,
      product_id: body.product_id,
      attr_id: body.attr_id,
      num: body.num,
      extends: body.extends,
      source_ids: body.source_ids,
      layerlogs: body.layerlogs,
      img_urls: JSON.stringify(preview.list[0]?.images ?? []),
      finished_attr_id: fromVariant,
      created_at: t,
      updated_at: t,
    });
    return { id: row.id };
  }

  async function list(caller: Caller, q: ParsedQueryOf<typeof routes.cartList>) {
    const { pageNumber, pageSize, ids } = q;
    const { rows, count } = await repo.page(caller.scope, pageSize, (pageNumber - 1) * pageSize, ids);
    return { count, list: await views(rows) };
  }

  const count = async (caller: Caller) => ({ count: await repo.count(caller.scope) });

  async function update(caller: Caller, body: ParsedBodyOf<typeof routes.cartUpdate>) {
    const row = await repo.itemInScope(caller.scope, body.id);
    if (!row) throw new AppError(404, 'cartItemNotFound');
    const [item] = await views([row]);
    // An item whose blank is gone can only be removed (docs/domain.md#cart).
    if (!item!.available) throw new AppError(409, 'cartItemUnavailable');
    if ((await repo.setQuantity(caller.scope, body.id, body.num, now())) !== 1) throw new AppError(404, 'cartItemNotFound');
    return { ...item!, num: body.num };
  }

  async function del(caller: Caller, body: ParsedBodyOf<typeof routes.cartDel>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return inTransaction(async (r) => {
      // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
      if ((await r.remove(caller.scope, ids)) !== ids.length) throw new AppError(404, 'cartItemNotFound');
      return { deleted: ids.length };
    });
  }

  return { add, list, count, update, del };
}
export type CartService = ReturnType<typeof createCartService>;
