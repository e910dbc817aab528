import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, FinishedListQuery, FinishedRow, routes } from '@app/contract';
import { call } from './client';
import { JOB_POLL_INTERVAL_MS } from './jobs';
import { queryKeys } from './queryKeys';

/** How many times a list page is asked for again while a row stays pending (about two minutes at the interval). */
export const LIST_POLL_LIMIT = 80;

/**
 * When to ask for a list page again: while one of its rows is still being composed, after the job-poll
 * interval — up to LIST_POLL_LIMIT answers, so a row whose job was lost does not keep a tab polling forever
 * (the next search or page shows it as it is).
 */
export const nextListPoll = (rows: readonly Pick<FinishedRow, 'status'>[] | undefined, answers = 0): number | false =>
  answers < LIST_POLL_LIMIT && rows?.some((row) => row.status === 'pending') ? JOB_POLL_INTERVAL_MS : false;

/**
 * The finished-products list (GET /api/finished/getlist); the previous page stays on screen while the next loads.
 * While a shown product is still being composed (a seller arriving from the editor's save message), the page
 * is asked for again at the job-poll interval, so its mockups appear without a reload.
 */
export function useFinishedList(query: FinishedListQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.finished.list(query),
    enabled: opts.enabled,
    queryFn: ({ signal }) => call('finishedList', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => nextListPoll(q.state.data?.list, q.state.dataUpdateCount),
  });
}

export function useFinishedDetail(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.finished.detail(id ?? 0),
    queryFn: ({ signal }) => call('finishedDetail', { query: { id: id! }, signal }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** Fetches every finished list and detail again (after a change made elsewhere, e.g. in the editor). */
export function useRefreshFinished() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.finished.all }), [queryClient]);
}

/** A mutation on finished products: afterwards every list and detail is fetched again. */
function useFinishedMutation<I, O>(fn: (input: I) => Promise<O>) {
  const refresh = useRefreshFinished();
  return useMutation({ mutationFn: fn, onSuccess: refresh });
}

const ids = (list: number[]) => list.join(',');

export const useDeleteFinished = () => useFinishedMutation((list: number[]) => call('finishedDel', { body: { ids: ids(list) } }));
export const useWithdrawPublicImages = () =>
  useFinishedMutation((list: number[]) => call('withdrawPublicImages', { body: { ids: ids(list) } }));
export const useCombine = () => useFinishedMutation((list: number[]) => call('setGroup', { body: { ids: ids(list) } }));
export const useCancelCombine = () => useFinishedMutation((list: number[]) => call('cancelGroup', { body: { ids: ids(list) } }));
export const useJoinGroup = () =>
  useFinishedMutation((v: { ids: number[]; group_id: number }) => call('joinToGroup', { body: { ids: ids(v.ids), group_id: v.group_id } }));
export const useAddRemark = () => useFinishedMutation((body: BodyOf<typeof routes.addRemark>) => call('addRemark', { body }));
export const useUpdateFinished = () =>
  useFinishedMutation((list: BodyOf<typeof routes.updateFinished>['list']) => call('updateFinished', { body: { list } }));
export const useBatchEditSave = () =>
  useFinishedMutation((list: BodyOf<typeof routes.mutiUpdateFinishedSave>['list']) => call('mutiUpdateFinishedSave', { body: { list } }));
export const useRegenerate = () => useFinishedMutation((key_id: string) => call('regenerate', { body: { key_id, type: 2 } }));

/** A finished product's variants for the add-to-cart and re-design dialogs, searched by number, colour or size. */
export function useFinishedVariants(id: number | undefined, keywords: string) {
  return useQuery({
    queryKey: queryKeys.finished.variants(id ?? 0, keywords),
    queryFn: ({ signal }) => call('searchChildren', { query: { id: id!, keywords: keywords || undefined }, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
    select: (d) => d.list,
  });
}

export function useBatchEditPage(list: number[]) {
  return useQuery({
    queryKey: queryKeys.finished.batchEdit(list),
    queryFn: ({ signal }) => call('mutiUpdateFinishedPage', { query: { ids: ids(list) }, signal }),
    enabled: list.length > 0,
    select: (d) => d.list,
  });
}

/** A finished product's SKU bindings (GET /api/finished/getSkuCompare; docs/variants.md#sku-bindings). */
export function useSkuBindings(finishedId: number) {
  return useQuery({
    queryKey: queryKeys.finished.skuBindings(finishedId),
    queryFn: ({ signal }) => call('finishedSkuCompareList', { query: { finished_id: finishedId }, signal }),
    select: (d) => d.list,
  });
}

/** Binds or unbinds a variant's remote SKU; the product's bindings are fetched again. */
function useSkuBindingMutation<I, O>(finishedId: number, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.finished.skuBindings(finishedId) }),
  });
}
export const useBindSku = (finishedId: number) =>
  useSkuBindingMutation(finishedId, (body: BodyOf<typeof routes.finishedBindSkuCompare>) => call('finishedBindSkuCompare', { body }));
export const useUnbindSku = (finishedId: number) =>
  useSkuBindingMutation(finishedId, (id: number) => call('finishedDelSkuCompare', { body: { id } }));
