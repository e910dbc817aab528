// The personal product library (收藏, docs/mobile.md#the-personal-product-library).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FavoriteItem, ProductSearchItem } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

const FAVORITES_PAGE = 20;

/** The personal product library (GET /api/product/getFavoriteList), last saved first, a page after the other. */
export function useFavoritePages() {
  return useInfiniteQuery({
    queryKey: queryKeys.favorites.list(),
    queryFn: ({ signal, pageParam }) => call('productFavoriteList', { query: { page: pageParam, limit: FAVORITES_PAGE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * FAVORITES_PAGE < last.total ? pages.length + 1 : undefined),
  });
}

/** One numbered page of the library, for a paged list (the back office's 只看收藏); the previous page stays while the next loads. */
export function useFavoritePage(page: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.favorites.list({ page, limit }),
    queryFn: ({ signal }) => call('productFavoriteList', { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type Saved = { favorite: 0 | 1 };
/** A page of products as a query holds it: product search's, the library's, or an endless list of either. */
type Cached = { product_list: ProductSearchItem[] } | { list: FavoriteItem[] } | { pages: Cached[] };

/**
 * Sets one blank's `favorite` wherever the cache shows it: its detail, the search pages and the library's pages (a
 * back-office page or a phone's endless list), so every card and button says the same at once.
 */
function markFavorite(queryClient: QueryClient, productId: number, favorite: boolean) {
  const flag = favorite ? 1 : 0;
  const items = <T extends Saved & { id: number }>(list: T[]): T[] =>
    list.some((p) => p.id === productId && p.favorite !== flag)
      ? list.map((p) => (p.id === productId ? { ...p, favorite: flag } : p))
      : list;
  const mark = (data: unknown): unknown => {
    if (typeof data !== 'object' || data === null) return data;
    const page = data as Cached;
    if ('product_list' in page) return { ...page, product_list: items(page.product_list) };
    if ('list' in page) return { ...page, list: items(page.list) };
    if ('pages' in page) return { ...page, pages: page.pages.map(mark) };
    return data;
  };
  queryClient.setQueriesData({ queryKey: queryKeys.catalogue.lists() }, mark);
  queryClient.setQueriesData({ queryKey: queryKeys.favorites.lists() }, mark);
  queryClient.setQueryData<Saved>(queryKeys.catalogue.detail(productId), (d) => (d ? { ...d, favorite: flag } : d));
}

/**
 * Saves a blank to the library (收藏) or takes it out. Optimistic: every card and detail showing the blank says so at
 * once, and says the opposite again if the call fails; the library and the blank's detail are then fetched again.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, favorite }: { productId: number; favorite: boolean }) =>
      call(favorite ? 'productFavorite' : 'productUnfavorite', { body: { product_id: productId } }),
    onMutate: async ({ productId, favorite }) => {
      // A detail on its way would overwrite the new flag with the old one.
      await queryClient.cancelQueries({ queryKey: queryKeys.catalogue.detail(productId) });
      markFavorite(queryClient, productId, favorite);
    },
    onError: (_error, { productId, favorite }) => {
      markFavorite(queryClient, productId, !favorite);
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(productId) });
    },
    onSuccess: (_data, { productId, favorite }) => {
      // A list page fetched while the call was on its way may have brought the old flag back.
      markFavorite(queryClient, productId, favorite);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(productId) }),
      ]);
    },
  });
}
