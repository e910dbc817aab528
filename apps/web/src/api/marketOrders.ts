import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/**
 * Marketplace buyers' orders (docs/market-orders.md): each shop's order settings, an import on demand, the orders no
 * order could be made of, and their retry. They live beside the orders: a change fetches the orders again too.
 */
export const useMarketShopSettings = (storeId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.orders.detail(`shop-${storeId ?? 0}`),
    queryFn: ({ signal }) => call('marketShopSettings', { query: { store_id: storeId! }, signal }),
    enabled: storeId !== undefined,
  });

export function useSaveMarketShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.marketShopSettingsSave>) => call('marketShopSettingsSave', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export function useSyncMarketOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: number) => call('marketOrderSync', { body: { store_id: storeId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export const useMarketExceptions = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.orders.list({ marketExceptions: 1 }),
    queryFn: ({ signal }) => call('marketOrderExceptions', { query: {}, signal }),
    enabled,
  });

export function useRetryMarketOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('marketOrderRetry', { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
