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

/** The exchange rates in effect, with their dates (GET /api/price_template/rates; docs/pricing-templates.md#exchange-rates). */
export function useExchangeRates() {
  return useQuery({
    queryKey: [...queryKeys.priceTemplates.all, 'rates'] as const,
    queryFn: ({ signal }) => call('priceTemplateRates', { query: {}, signal }),
    staleTime: 60_000,
  });
}

/** The caller's price rules (GET /api/price_rules/getlist; docs/listing-tools.md#price-rules), the first 100. */
export function usePriceRules(query: QueryOf<typeof routes.priceRuleList> = {}) {
  return useQuery({
    queryKey: [...queryKeys.priceTemplates.all, 'rules', query] as const,
    queryFn: ({ signal }) => call('priceRuleList', { query, signal }),
  });
}

// A rule's change shows in the templates that chain it: both live under the pricing templates' keys.
export const useAddPriceRule = () => usePriceTemplateMutation((body: BodyOf<typeof routes.priceRuleAdd>) => call('priceRuleAdd', { body }));
export const useUpdatePriceRule = () =>
  usePriceTemplateMutation((body: BodyOf<typeof routes.priceRuleUpdate>) => call('priceRuleUpdate', { body }));
export const useDeletePriceRule = () => usePriceTemplateMutation((id: number) => call('priceRuleDel', { body: { ids: String(id) } }));
