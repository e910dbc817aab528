import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The key of a product's listing names, under its detail (a save of the drawer refreshes it too). */
const listingNamesKey = (id: number) => [...queryKeys.finished.detail(id), 'listing-names'] as const;

/** A finished product's colours and sizes with the English names and families its listings use (docs/finished.md#listing-names). */
export function useListingNames(id: number) {
  return useQuery({
    queryKey: listingNamesKey(id),
    queryFn: ({ signal }) => call('finishedListingNames', { query: { id }, signal }),
  });
}

/** Renames a product's colours and sizes as its listings name them; the answer is the product's names now. */
export function useSetListingNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.finishedSetListingNames>) => call('finishedSetListingNames', { body }),
    onSuccess: (data) => queryClient.setQueryData(listingNamesKey(data.id), data),
  });
}
