import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** One page of pricing templates (GET /api/price_template/getlist). */
export function usePriceTemplates(query: QueryOf<typeof routes.priceTemplateList>) {
  return useQuery({
    queryKey: queryKeys.priceTemplates.list(query),
    queryFn: ({ signal }) => call('priceTemplateList', { query, signal }),
  });
}

/** One template for its edit page (GET /api/price_template/update?id=); no request without an id. */
export function usePriceTemplate(id: number | null) {
  return useQuery({
    queryKey: queryKeys.priceTemplates.detail(id ?? 0),
    queryFn: ({ signal }) => call('priceTemplateGet', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

function usePriceTemplateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.priceTemplates.all }) });
}

export const useAddPriceTemplate = () =>
  usePriceTemplateMutation((body: BodyOf<typeof routes.priceTemplateAdd>) => call('priceTemplateAdd', { body }));
export const useUpdatePriceTemplate = () =>
  usePriceTemplateMutation((body: BodyOf<typeof routes.priceTemplateUpdate>) => call('priceTemplateUpdate', { body }));
export const useDeletePriceTemplate = () =>
  usePriceTemplateMutation((id: number) => call('priceTemplateDel', { body: { ids: String(id) } }));
