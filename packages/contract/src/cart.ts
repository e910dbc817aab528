import { z } from 'zod';
import { CART_CHECKOUT_MAX, CART_PAGE_SIZES, CART_QUANTITY_MAX } from './constants.js';
import { commaJoinedIds, distinctIds, num } from './numbers.js';
import { defineRoute } from './route.js';

/** The cart (docs/domain.md#save-modes): the editor's "add to cart (no overwrite)" (save mode 7) is its first user. */

const id = num(z.number().int().positive());
const quantity = num(z.number().int().min(1).max(CART_QUANTITY_MAX));

/**
 * A cart line. When its blank or SKU is gone from the catalogue it is still listed, `available: false`
 * (shown as 已失效; it can be removed, not changed): what is still known is given, the rest is empty ("" and
 * price "0.00"). docs/domain.md#cart.
 */
export const cartItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  attr_id: z.number().int(),
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
  /** The blank's unit price in CNY, as decimal text ("39.90"; money is never a float, docs/orders.md). */
  price: z.string(),
  /** Whether the blank and its SKU are still in the catalogue. */
  available: z.boolean(),
  num: z.number().int(),
  /** Grams of one unit, packed: the checkout weighs the parcel for its shipping methods (docs/orders.md#shipping). */
  weight_g: z.number().int(),
  /** The composed mockups of the item's colour. */
  img_urls: z.array(z.string()),
  /** Unix seconds. */
  createtime: z.number().int(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartRoutes = {
  cartAdd: defineRoute({
    method: 'POST',
    path: '/api/cart/add',
    summary: 'Add a design on a SKU to the cart without touching any finished product (save mode 7)',
    tag: 'cart',
    auth: true,
    body: z.strictObject({
      product_id: id,
      attr_id: id,
      num: quantity,
      /** The design document (JSON text). */
      extends: z.string().min(2).max(2_000_000),
      source_ids: z.string().max(10_000).default(''),
      /** The editor's layer record (JSON text), kept to re-open the design. */
      layerlogs: z.string().max(2_000_000).default(''),
    }),
    data: z.object({ id: z.number().int() }),
  }),
  cartList: defineRoute({
    method: 'GET',
    path: '/api/cart/getlist',
    summary: "The caller's cart, newest first",
    tag: 'cart',
    auth: true,
    query: z.object({
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(CART_PAGE_SIZES.at(-1)!)).default(20),
      /** Only these lines (the checkout's), all of them on one page whatever the size; comma-joined. */
      ids: distinctIds(CART_CHECKOUT_MAX).optional(),
    }),
    data: z.object({ count: z.number().int(), list: z.array(cartItem) }),
  }),
  cartCount: defineRoute({
    method: 'GET',
    path: '/api/cart/count',
    summary: "How many lines the caller's cart holds (the header's badge), unavailable ones included",
    tag: 'cart',
    auth: true,
    data: z.object({ count: z.number().int() }),
  }),
  cartUpdate: defineRoute({
    method: 'POST',
    path: '/api/cart/update',
    summary: "Change a cart item's quantity (refused when its blank or SKU is gone from the catalogue)",
    tag: 'cart',
    auth: true,
    body: z.strictObject({ id, num: quantity }),
    data: cartItem,
  }),
  cartDel: defineRoute({
    method: 'POST',
    path: '/api/cart/del',
    summary: 'Remove cart items (ids comma-joined); all or nothing',
    tag: 'cart',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds() }),
    data: z.object({ deleted: z.number().int() }),
  }),
} as const;
