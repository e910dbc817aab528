// The personal product library (收藏, docs/mobile.md#the-personal-product-library).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Saves a blank to the library (收藏) or takes it out; the library and the blank's detail follow. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, favorite }: { productId: number; favorite: boolean }) =>
      call(favorite ? 'productFavorite' : 'productUnfavorite', { body: { product_id: productId } }),
    onSuccess: (_data, { productId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(productId) }),
      ]),
  });
}
