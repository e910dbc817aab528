import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The marketplaces whose product templates the app keeps (docs/market-templates.md): A = AliExpress, B = TikTok Shop. */
export type TemplateMarket = 'aliexpress' | 'tiktok';

/** One page of a marketplace's product templates (GET /api/aliexpress/template/getlist, /api/tiktok/template/getlist). */
export function useAliexpressTemplates(query: QueryOf<typeof routes.aliexpressTemplateList>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.marketTemplates.list({ market: 'aliexpress', ...query }),
    queryFn: ({ signal }) => call('aliexpressTemplateList', { query, signal }),
    enabled,
  });
}
export function useTiktokTemplates(query: QueryOf<typeof routes.tiktokTemplateList>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.marketTemplates.list({ market: 'tiktok', ...query }),
    queryFn: ({ signal }) => call('tiktokTemplateList', { query, signal }),
    enabled,
  });
}

/** A shop's templates of its marketplace, for the Publish Online tab's picker; no request without a shop. */
export function useMarketTemplatesByStore(market: TemplateMarket, storeId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.marketTemplates.list({ market, byStore: storeId }),
    queryFn: ({ signal }) =>
      call(market === 'aliexpress' ? 'aliexpressTemplatesByStore' : 'tiktokTemplatesByStore', {
        query: { store_id: storeId! },
        signal,
      }),
    enabled: storeId !== undefined && storeId > 0,
    select: (d) => d.list,
  });
}

/** A template edit: every marketplace template list and picker is fetched again. */
function useMarketTemplateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketTemplates.all }) });
}

export const useSaveAliexpressTemplate = () =>
  useMarketTemplateMutation((body: BodyOf<typeof routes.aliexpressTemplateAdd> & { id?: number }) =>
    body.id ? call('aliexpressTemplateUpdate', { body: { ...body, id: body.id } }) : call('aliexpressTemplateAdd', { body }),
  );
export const useSaveTiktokTemplate = () =>
  useMarketTemplateMutation((body: BodyOf<typeof routes.tiktokTemplateAdd> & { id?: number }) =>
    body.id ? call('tiktokTemplateUpdate', { body: { ...body, id: body.id } }) : call('tiktokTemplateAdd', { body }),
  );
export const useDeleteMarketTemplate = () =>
  useMarketTemplateMutation(({ market, id }: { market: TemplateMarket; id: number }) =>
    call(market === 'aliexpress' ? 'aliexpressTemplateDel' : 'tiktokTemplateDel', { body: { id } }),
  );
