import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** Title templates and keyword sets (docs/listing-tools.md): the lists, their edits, the preview and a shop's defaults. */

/** One page of title templates (GET /api/title_template/getlist). */
export function useTitleTemplates(query: QueryOf<typeof routes.titleTemplateList>) {
  return useQuery({
    queryKey: queryKeys.titles.list({ kind: 'templates', ...query }),
    queryFn: ({ signal }) => call('titleTemplateList', { query, signal }),
  });
}

/** One page of keyword sets (GET /api/keywords/getlist). */
export function useKeywordSets(query: QueryOf<typeof routes.keywordSetList>) {
  return useQuery({
    queryKey: queryKeys.titles.list({ kind: 'keywords', ...query }),
    queryFn: ({ signal }) => call('keywordSetList', { query, signal }),
  });
}

function useTitlesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.titles.all });
      // A deleted template or set stops being a shop's default.
      await queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}

export const useAddTitleTemplate = () =>
  useTitlesMutation((body: BodyOf<typeof routes.titleTemplateAdd>) => call('titleTemplateAdd', { body }));
export const useUpdateTitleTemplate = () =>
  useTitlesMutation((body: BodyOf<typeof routes.titleTemplateUpdate>) => call('titleTemplateUpdate', { body }));
export const useDeleteTitleTemplate = () => useTitlesMutation((id: number) => call('titleTemplateDel', { body: { ids: String(id) } }));
export const useAddKeywordSet = () => useTitlesMutation((body: BodyOf<typeof routes.keywordSetAdd>) => call('keywordSetAdd', { body }));
export const useUpdateKeywordSet = () =>
  useTitlesMutation((body: BodyOf<typeof routes.keywordSetUpdate>) => call('keywordSetUpdate', { body }));
export const useDeleteKeywordSet = () => useTitlesMutation((id: number) => call('keywordSetDel', { body: { ids: String(id) } }));

/** The titles a template makes for one finished product (POST /api/title_template/preview); none asked while `body` is null. */
export function useTitlePreview(body: BodyOf<typeof routes.titleTemplatePreview> | null) {
  return useQuery({
    queryKey: queryKeys.titles.preview(body),
    queryFn: ({ signal }) => call('titleTemplatePreview', { body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A shop's default title template and keyword set (POST /api/store/titleDefaults). */
export function useSetShopTitleDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.storeTitleDefaults>) => call('storeTitleDefaults', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}
