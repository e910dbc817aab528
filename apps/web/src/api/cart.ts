import { useMutation } from '@tanstack/react-query';
import { cartRoutes, finishedRoutes, type BodyOf } from '@app/contract';
import { call } from './client';

// The feature's own route groups, not the whole `routes` (docs/web.md#where-the-bytes-go).
const routes = { ...cartRoutes, ...finishedRoutes };

/** Puts one variant of a finished product in the cart (POST /api/finished/addToCarts). */
export function useAddVariantToCart() {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.addToCarts>) => call(routes.addToCarts, { body }) });
}

/** Puts a design on a SKU in the cart, overwriting no finished product (POST /api/cart/add, save mode 7). */
export const addDesignToCart = (body: BodyOf<typeof routes.cartAdd>) => call(routes.cartAdd, { body });
