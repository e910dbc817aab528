import { useMutation } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';

/** Puts one variant of a finished product in the cart (POST /api/finished/addToCarts). */
export function useAddVariantToCart() {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.addToCarts>) => call('addToCarts', { body }) });
}

/** Puts a design on a SKU in the cart, overwriting no finished product (POST /api/cart/add, save mode 7). */
export const addDesignToCart = (body: BodyOf<typeof routes.cartAdd>) => call('cartAdd', { body });
