import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from './ApiError';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The notices in force, newest first (GET /api/notice/getlist); readable logged out. */
export const noticesQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.notices.list({ page, limit }),
    queryFn: ({ signal }) => call('noticeList', { query: { page, limit }, signal }),
    staleTime: 60_000,
  });

export function useNotices(page: number, limit: number) {
  return useQuery({ ...noticesQuery(page, limit), placeholderData: keepPreviousData });
}

/** One notice (GET /api/notice/getDetail); a withdrawn or unknown one is an answer the page shows, not a retry. */
export function useNotice(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.notices.detail(id ?? 0),
    queryFn: ({ signal }) => call('noticeDetail', { query: { id: id! }, signal }),
    enabled: id !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
  });
}
