// The phone pages' catalogue lists (docs/mobile.md#addresses), apart from catalogue.ts so the back office's pages,
// which load that file, carry none of the endless-list code.
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NAV_LIST_PAGE_SIZE, type ProductListQuery } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The navigation's products of one tag (GET /api/product/getNavList: 1 new, 3 hot), 10 a page; readable logged out. */
export const navListQuery = (tag: 1 | 3, page = 1) =>
  queryOptions({
    queryKey: queryKeys.catalogue.nav(tag, page),
    queryFn: ({ signal }) => call('productNavList', { query: { tag, page, limit: NAV_LIST_PAGE_SIZE }, signal }),
    staleTime: 5 * 60_000,
  });

export function useNavList(tag: 1 | 3, page = 1) {
  return useQuery(navListQuery(tag, page));
}

/** Product search a page after the other, for a phone's endless list (GET /api/product/getlist). */
export function useProductPages(query: Omit<ProductListQuery, 'pageNumber'>) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.catalogue.list(query), 'pages'],
    queryFn: ({ signal, pageParam }) => call('productList', { query: { ...query, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * query.pageSize < last.total ? pages.length + 1 : undefined),
    staleTime: 60_000,
  });
}
