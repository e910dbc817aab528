import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The caller's shops as the marketplace tree (GET /api/store/getlist), one marketplace with `type`. */
export function useStores(type?: number) {
  return useQuery({
    queryKey: queryKeys.stores.list({ type }),
    queryFn: ({ signal }) => call('storeList', { query: type === undefined ? {} : { type }, signal }),
    select: (d) => d.list,
  });
}

/** A shop edit: every shop list is fetched again. */
function useStoreMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }) });
}

export const useAddStore = () => useStoreMutation((body: BodyOf<typeof routes.storeAdd>) => call('storeAdd', { body }));
export const useRenameStore = () => useStoreMutation((body: BodyOf<typeof routes.storeUpdate>) => call('storeUpdate', { body }));
export const useDeleteStore = () => useStoreMutation((id: number) => call('storeDel', { body: { id } }));
export const useConnectStore = () => useStoreMutation((body: BodyOf<typeof routes.storeConnect>) => call('storeConnect', { body }));
export const useDisconnectStore = () => useStoreMutation((id: number) => call('storeDisconnect', { body: { id } }));
export const useStoreStock = () => useStoreMutation((body: BodyOf<typeof routes.storeStock>) => call('storeStock', { body }));
