import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call, upload } from './client';
import { queryKeys } from './queryKeys';

/** One page of each kind of product template (GET /api/template/getlist, getAmazonlist, /api/walmart/getlist). */
export function useSimpleTemplates(query: QueryOf<typeof routes.templateList>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.templates.list({ kind: 'simple', ...query }),
    queryFn: ({ signal }) => call('templateList', { query, signal }),
    enabled,
  });
}
export function useAmazonTemplates(query: QueryOf<typeof routes.templateAmazonList>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.templates.list({ kind: 'amazon', ...query }),
    queryFn: ({ signal }) => call('templateAmazonList', { query, signal }),
    enabled,
  });
}
export function useWalmartTemplates(query: QueryOf<typeof routes.walmartList>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.templates.list({ kind: 'walmart', ...query }),
    queryFn: ({ signal }) => call('walmartList', { query, signal }),
    enabled,
  });
}

/** One Amazon template with its imported header rows, for its edit drawer; no request without an id. */
export function useAmazonTemplate(id: number | null) {
  return useQuery({
    queryKey: queryKeys.templates.detail(id ?? 0),
    queryFn: ({ signal }) => call('templateAmazonDetail', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The option lists of the Amazon kind, each asked only once its parent is chosen (site → category → feed type → item type). */
export function useTemplateOptions(list: 'site' | 'category' | 'feedType' | 'itemType', parent: string | undefined) {
  return useQuery({
    queryKey: queryKeys.templates.list({ options: list, parent }),
    queryFn: ({ signal }) => {
      if (list === 'site') return call('templateSiteList', { signal });
      if (list === 'category') return call('templateCategoryList', { query: { site: parent }, signal });
      if (list === 'feedType') return call('templateFeedTypeList', { query: { category: parent! }, signal });
      return call('templateItemTypeList', { query: { feed_product_type: parent! }, signal });
    },
    enabled: list === 'site' || !!parent,
    staleTime: Infinity,
    select: (d) => d.list,
  });
}

/** A template edit: every template list is fetched again. */
function useTemplateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }) });
}

export const useSaveSimpleTemplate = () =>
  useTemplateMutation((body: BodyOf<typeof routes.templateAdd> & { id?: number }) =>
    body.id ? call('templateUpdate', { body: { ...body, id: body.id } }) : call('templateAdd', { body }),
  );
export const useSaveAmazonTemplate = () =>
  useTemplateMutation((body: BodyOf<typeof routes.templateAmazonAdd> & { id?: number }) =>
    body.id ? call('templateAmazonUpdate', { body: { ...body, id: body.id } }) : call('templateAmazonAdd', { body }),
  );
export const useSaveWalmartTemplate = () =>
  useTemplateMutation((body: BodyOf<typeof routes.walmartAdd> & { id?: number }) =>
    body.id ? call('walmartUpdate', { body: { ...body, id: body.id } }) : call('walmartAdd', { body }),
  );
export const useDeleteTemplate = () =>
  useTemplateMutation(({ kind, id }: { kind: 'simple' | 'amazon' | 'walmart'; id: number }) =>
    call(kind === 'simple' ? 'templateDelete' : kind === 'amazon' ? 'templateAmazonDelete' : 'walmartDel', { body: { id } }),
  );

/** diyImport (multipart): a new Amazon template from the file (store_id + name), or an existing one's header rows replaced (id). */
export const useDiyImport = () =>
  useTemplateMutation(({ file, ...fields }: { file: File; id?: number; store_id?: number; name?: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
    form.append('file', file);
    return upload('templateDiyImport', form);
  });
