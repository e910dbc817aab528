import { useQuery } from '@tanstack/react-query';
import { routes, type ProductDetail } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The category tree (GET /api/product/getCategoryList), for the finished list's left panel. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.catalogue.categories(),
    queryFn: ({ signal }) => call(routes.categoryList, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** A blank with its colours, sizes, design areas and cutpieces (GET /api/product/getDetail). */
export const fetchProduct = (productId: number, signal?: AbortSignal): Promise<ProductDetail> =>
  call(routes.productDetail, { query: { product_id: productId }, signal });
