// The phone pages' endless lists of the seller's own rows (docs/mobile.md#addresses): finished products and orders,
// a page after the other as the seller scrolls. Apart from finished.ts and orders.ts so the back office's pages carry
// none of it.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FinishedListQuery, OrderListQuery } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** Rows a phone page asks for at once: a screenful and a half of cards. */
export const PHONE_LIST_PAGE = 20;

/** An endless list of a paged call answering {count, list}: the next page while fewer rows than `count` are loaded. */
function usePages<P extends { count: number; list: readonly unknown[] }>(
  queryKey: readonly unknown[],
  page: (pageNumber: number, signal: AbortSignal) => Promise<P>,
) {
  return useInfiniteQuery({
    queryKey: [...queryKey, 'pages'],
    queryFn: ({ signal, pageParam }) => page(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: P, pages: P[]) => (pages.reduce((n, p) => n + p.list.length, 0) < last.count ? pages.length + 1 : undefined),
  });
}

/** The finished products with the phone's fields (GET /api/finished/getlist, view=mobile). */
export function useFinishedPages(query: Omit<FinishedListQuery, 'pageNumber' | 'pageSize' | 'view'>) {
  const full = { ...query, pageSize: PHONE_LIST_PAGE, view: 'mobile' } as const;
  return usePages(queryKeys.finished.list(full), (pageNumber, signal) => call('finishedList', { query: { ...full, pageNumber }, signal }));
}

/** Orders of one status (all when undefined), newest first, with the count per status (GET /api/order/getlist). */
export function useOrderPages(query: Pick<Partial<OrderListQuery>, 'status' | 'exception'>) {
  const full = { ...query, pageSize: PHONE_LIST_PAGE };
  return usePages(queryKeys.orders.list(full), (pageNumber, signal) => call('orderList', { query: { ...full, pageNumber }, signal }));
}
