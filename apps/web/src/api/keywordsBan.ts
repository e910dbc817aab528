import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** A page of the caller's banned words (GET /api/keywords_ban/getlist). */
export function useBannedWords(query: QueryOf<typeof routes.keywordBanList>) {
  return useQuery({
    queryKey: queryKeys.keywordsBan.list(query),
    queryFn: ({ signal }) => call('keywordBanList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to the list: every page of it is fetched again. */
function useBannedWordsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordsBan.all }) });
}

export const useAddBannedWords = () =>
  useBannedWordsMutation((body: BodyOf<typeof routes.keywordBanAdd>) => call('keywordBanAdd', { body }));
export const useDeleteBannedWords = () =>
  useBannedWordsMutation((ids: readonly number[]) => call('keywordBanDel', { body: { ids: ids.join(',') } }));
/** Which banned words occur in these texts (POST /api/keywords_ban/check); changes nothing. */
export const useCheckBannedWords = () =>
  useMutation({ mutationFn: (body: BodyOf<typeof routes.keywordBanCheck>) => call('keywordBanCheck', { body }) });
