import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BodyOf, CartItem, DataOf, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/**
 * The cart changed (docs/domain.md#cart): other tabs and the design popup's frame (same origin) hear it on this
 * channel and refresh their badge and list. A tab's own listener is another BroadcastChannel object, so it hears
 * the tab's own changes too.
 */
const CART_CHANNEL = 'pod-cart-changed';

function announceCartChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CART_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

const refreshCart = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });

/** After a change: this tab's cart queries are fetched again, and every other tab is told. */
export function cartChanged(queryClient: QueryClient) {
  announceCartChange();
  return refreshCart(queryClient);
}

/** Refreshes the cart when another tab or the design popup changed it (mounted once, by the header's cart). */
export function useCartSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CART_CHANNEL);
    channel.onmessage = () => void refreshCart(queryClient);
    return () => channel.close();
  }, [queryClient]);
}

/** How many lines the cart holds (GET /api/cart/count): the header's badge. */
export const useCartCount = () =>
  useQuery({ queryKey: queryKeys.cart.count(), queryFn: ({ signal }) => call('cartCount', { signal }), select: (d) => d.count });

/** A page of the cart, newest first (GET /api/cart/getlist). */
export const useCartList = (query: QueryOf<typeof routes.cartList>) =>
  useQuery({
    queryKey: queryKeys.cart.list(query),
    queryFn: ({ signal }) => call('cartList', { query, signal }),
    placeholderData: keepPreviousData,
  });

type CartPage = DataOf<typeof routes.cartList>;

/**
 * Sets a line's quantity (POST /api/cart/update), shown at once: every cached page holding the line shows the new
 * quantity, and goes back to what it was when the server refuses (its msg is shown by the global handler).
 */
export function useSetCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; num: number }) => call('cartUpdate', { body }),
    onMutate: async ({ id, num }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.cart.lists() });
      const before = queryClient.getQueriesData<CartPage>({ queryKey: queryKeys.cart.lists() });
      const withNum = (i: CartItem) => (i.id === id ? { ...i, num } : i);
      queryClient.setQueriesData<CartPage>({ queryKey: queryKeys.cart.lists() }, (d) => d && { ...d, list: d.list.map(withNum) });
      return { before };
    },
    onError: (_e, _v, ctx) => ctx?.before.forEach(([key, data]) => queryClient.setQueryData(key, data)),
    onSettled: () => cartChanged(queryClient),
  });
}

/** Removes lines (POST /api/cart/del, all or nothing). */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => call('cartDel', { body: { ids: ids.join(',') } }),
    onSuccess: () => cartChanged(queryClient),
  });
}

/** Puts one variant of a finished product in the cart (POST /api/finished/addToCarts). */
export function useAddVariantToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.addToCarts>) => call('addToCarts', { body }),
    onSuccess: () => cartChanged(queryClient),
  });
}

/**
 * Puts a design on a SKU in the cart, overwriting no finished product (POST /api/cart/add, save mode 7). The editor
 * runs in its own tab or the design popup's frame: the tabs showing the cart hear of it on the channel.
 */
export const addDesignToCart = async (body: BodyOf<typeof routes.cartAdd>) => {
  const added = await call('cartAdd', { body });
  announceCartChange();
  return added;
};
