import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderListQuery } from '@app/contract';
import { ApiError } from './ApiError';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** A page of orders with the count per status over the same filters (GET /api/order/getlist, docs/orders.md). */
export const useOrderList = (query: Partial<OrderListQuery>) =>
  useQuery({
    queryKey: queryKeys.orders.list(query),
    queryFn: ({ signal }) => call('orderList', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** An order's lines, amounts, address, history and tracking (GET /api/order/getDetail). */
export const useOrderDetail = (id: number | undefined) =>
  useQuery({
    queryKey: queryKeys.orders.detail(id ?? 0),
    queryFn: ({ signal }) => call('orderDetail', { query: { id: id! }, signal }),
    enabled: id !== undefined,
  });

/** A payment or a cancel moves an order and money: the orders (lists, counts, details) and the wallet are fetched again. */
const ordersChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
  ]);

/** Pays a pending order from the wallet (POST /api/order/pay); a refusal's msg is shown by the global handler. */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('orderPay', { body: { id } }),
    onSettled: () => ordersChanged(queryClient),
  });
}

/** Sends an order the factory refused to production again (POST /api/order/retryProduction). */
export function useRetryProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('orderRetryProduction', { body: { id } }),
    onSettled: () => ordersChanged(queryClient),
  });
}

/** Cancels an order before production (POST /api/order/cancel); a paid one is refunded to the wallet at once. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('orderCancel', { body: { id } }),
    onSettled: () => ordersChanged(queryClient),
  });
}

/** How a batch payment ended: how many were paid, and the refusal that stopped it (its server msg), if one did. */
export interface BatchPayOutcome {
  paid: number;
  /** The server's message of the payment that stopped the batch. */
  stoppedBy?: { msg: string; shortfall: boolean };
}

/**
 * Pays orders one after the other (docs/orders.md#the-wallet: payments of one wallet run one at a time anyway), stopping
 * at the first refusal: on a shortfall the orders after it cannot be paid either. The refusal is returned, not thrown, so
 * the page says it once with what was paid (the global handler's toast would say it apart).
 */
export async function payOrdersInTurn(ids: readonly number[], pay: (id: number) => Promise<unknown>): Promise<BatchPayOutcome> {
  let paid = 0;
  for (const id of ids) {
    try {
      await pay(id);
      paid += 1;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return { paid, stoppedBy: { msg: e.msg, shortfall: e.status === 402 } };
    }
  }
  return { paid };
}

/** 批量付款: the selected pending orders paid in turn; the orders and the wallet are fetched again after. */
export function usePayOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => payOrdersInTurn(ids, (id) => call('orderPay', { body: { id } })),
    onSettled: () => ordersChanged(queryClient),
  });
}
