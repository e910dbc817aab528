import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { cartChanged } from './cart';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The checkout (docs/orders.md#checkout): the chosen cart lines, where they can go and how, and the order. */

/** The chosen cart lines, all of them (GET /api/cart/getlist with ids). */
export const useCheckoutLines = (ids: readonly number[]) =>
  useQuery({
    queryKey: queryKeys.cart.list({ ids }),
    queryFn: ({ signal }) => call('cartList', { query: { ids: ids.join(',') }, signal }),
    enabled: ids.length > 0,
  });

/** The countries orders ship to (ISO codes; their names come from the browser). */
export const useShippingCountries = () =>
  useQuery({
    queryKey: queryKeys.checkout.countries(),
    queryFn: ({ signal }) => call('shippingCountries', { signal }),
    select: (d) => d.list,
    staleTime: Infinity,
  });

/** The shipping methods to a country for a parcel's weight, cheapest first. */
export const useShippingMethods = (country: string | undefined, grams: number) =>
  useQuery({
    queryKey: queryKeys.checkout.methods(country ?? '', grams),
    queryFn: ({ signal }) => call('shippingMethods', { query: { country: country!, weight: grams }, signal }),
    select: (d) => d.list,
    enabled: Boolean(country) && grams > 0,
  });

/** The addresses the seller shipped to, the latest first. */
export const useSavedAddresses = () =>
  useQuery({ queryKey: queryKeys.checkout.addresses(), queryFn: ({ signal }) => call('addressList', { signal }), select: (d) => d.list });

/** Places the order (POST /api/order/create): its lines leave the cart, the address is remembered. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.orderCreate>) => call('orderCreate', { body }),
    // Not awaited: the placed order shows at once, the cart and addresses refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkout.addresses() });
      void cartChanged(queryClient);
    },
  });
}
