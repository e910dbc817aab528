import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductDetail, ProductListQuery } from '@app/contract';
import { ApiError } from './ApiError';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The category tree (GET /api/product/getCategoryList), for the finished list's and the catalogue's left panel. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.catalogue.categories(),
    queryFn: ({ signal }) => call('categoryList', { signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * Product search (GET /api/product/getlist), each product with the caller's `favorite`; the previous page stays on screen
 * while the next loads. Not fetched while `enabled` is false (the catalogue showing the library instead).
 */
export function useProducts(query: ProductListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.catalogue.list(query),
    queryFn: ({ signal }) => call('productList', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** A blank with its colours, sizes, design areas and cutpieces (GET /api/product/getDetail). */
export const fetchProduct = (productId: number, signal?: AbortSignal): Promise<ProductDetail> =>
  call('productDetail', { query: { product_id: productId }, signal });

/** One blank for its detail page; an unknown id is an answer (the page says so), not a retry. */
export function useProduct(productId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.catalogue.detail(productId ?? 0),
    queryFn: ({ signal }) => fetchProduct(productId!, signal),
    enabled: productId !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
    staleTime: 60_000,
  });
}
