import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { isJobSettled, type JobView } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** How often a job that has not settled is asked about. */
export const JOB_POLL_INTERVAL_MS = 1500;

/** When to ask about a job again: not once it is done or failed; until then (or while unknown), after the interval. */
export const nextJobPoll = (job: JobView | undefined): number | false => (job && isJobSettled(job.status) ? false : JOB_POLL_INTERVAL_MS);

/** One job of any kind followed by its id (GET /api/synthesis/getStatus?id=) until it settles. */
export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.jobs.detail(id),
    queryFn: ({ signal }) => call('jobStatus', { query: { id }, signal }),
    select: (d): JobView | undefined => d.list[0],
    refetchInterval: (query) => nextJobPoll(query.state.data?.list[0]),
  });
}

/** Follows a job to done or failed; `data` is its latest view (undefined until the first answer). */
export function useJob(id: string | undefined) {
  return useQuery({ ...jobQueryOptions(id ?? ''), enabled: id !== undefined });
}

/** `useJob` for a list of jobs (one query each), in the order of `ids`. */
export function useJobs(ids: readonly string[]) {
  return useQueries({ queries: ids.map(jobQueryOptions) });
}
