import type { Kysely } from 'kysely';
import type { BodyOf, CartItem, QueryOf, routes } from '@app/contract';
import type { Database } from '../../db/schema.js';
import { ownedBy } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { DesignService } from '../design/index.js';

/**
 * The cart: a design on a SKU with a quantity, kept apart from finished products (save mode 7 never
 * overwrites one). Its mockups are composed when it is added, so the cart shows what was designed.
 */
export function createCartService(deps: { db: Kysely<Database>; design: DesignService; now: () => number }) {
  const { db, design, now } = deps;

  const items = () =>
    db
      .selectFrom('cart_item')
      .innerJoin('product_sku', 'product_sku.id', 'cart_item.attr_id')
      .innerJoin('product', 'product.id', 'cart_item.product_id')
      .select([
        'cart_item.id',
        'cart_item.product_id',
        'cart_item.attr_id',
        'cart_item.num',
        'cart_item.img_urls',
        'cart_item.created_at',
        'product.name as product_name',
        'product_sku.color',
        'product_sku.size',
        'product_sku.price',
      ]);
  const view = (r: Awaited<ReturnType<ReturnType<typeof items>['executeTakeFirstOrThrow']>>): CartItem => ({
    id: r.id,
    product_id: r.product_id,
    attr_id: r.attr_id,
    product_name: r.product_name,
    color: r.color,
    size: r.size,
    price: Number(r.price),
    num: r.num,
    img_urls: JSON.parse(r.img_urls) as string[],
    createtime: Math.floor(r.created_at / 1000),
  });

  async function add(caller: Caller, body: BodyOf<typeof routes.cartAdd>) {
    const preview = await design.mockupPreview(caller, { product_id: body.product_id, sku_ids: [body.attr_id], extends: body.extends });
    const t = now();
    const row = await db
      .insertInto('cart_item')
      .values({
        owner_id: caller.id,
        product_id: Number(body.product_id),
        attr_id: Number(body.attr_id),
        num: Number(body.num),
        extends: body.extends,
        source_ids: body.source_ids ?? '',
        layerlogs: body.layerlogs ?? '',
        img_urls: JSON.stringify(preview.list[0]?.images ?? []),
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }

  async function list(caller: Caller, q: QueryOf<typeof routes.cartList>) {
    const pageNumber = Number(q?.pageNumber ?? 1);
    const pageSize = Number(q?.pageSize ?? 20);
    const [rows, total] = await Promise.all([
      items()
        .where(ownedBy(caller.scope, 'cart_item.owner_id'))
        .orderBy('cart_item.id', 'desc')
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute(),
      db
        .selectFrom('cart_item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(ownedBy(caller.scope, 'cart_item.owner_id'))
        .executeTakeFirstOrThrow(),
    ]);
    return { count: Number(total.n), list: rows.map(view) };
  }

  async function update(caller: Caller, body: BodyOf<typeof routes.cartUpdate>) {
    const res = await db
      .updateTable('cart_item')
      .set({ num: Number(body.num), updated_at: now() })
      .where('id', '=', Number(body.id))
      .where(ownedBy(caller.scope, 'owner_id'))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(404, 'cartItemNotFound');
    return view(await items().where('cart_item.id', '=', Number(body.id)).executeTakeFirstOrThrow());
  }

  async function del(caller: Caller, body: BodyOf<typeof routes.cartDel>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('cart_item').where('id', 'in', ids).where(ownedBy(caller.scope, 'owner_id')).executeTakeFirst();
      // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
      if (Number(res.numDeletedRows) !== ids.length) throw new AppError(404, 'cartItemNotFound');
      return { deleted: ids.length };
    });
  }

  return { add, list, update, del };
}
export type CartService = ReturnType<typeof createCartService>;
