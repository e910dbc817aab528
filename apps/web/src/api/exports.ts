import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPORT_RECORD_PAGE_SIZE_MAX,
  type ExportPreviewRequest,
  type ExportRecord,
  type FinishedExportsQuery,
  type QueryOf,
  type routes,
} from '@app/contract';
import { call } from './client';
import { JOB_POLL_INTERVAL_MS } from './jobs';
import { queryKeys } from './queryKeys';

/** Which of the three export calls (docs/api.md#export-and-shops) a dialog makes. */
export type ExportCall =
  { kind: 'exports'; query: FinishedExportsQuery } | { kind: 'amazon' | 'walmart'; query: QueryOf<typeof routes.finishedAmazonExports> };

/**
 * Starts an export job (GET /api/finished/exports | amazonExports | walmartExports) and answers
 * `{export_id, job_id}`; the records list is fetched again so the new one shows at once.
 */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: ExportCall) =>
      c.kind === 'exports'
        ? call('finishedExports', { query: c.query })
        : call(c.kind === 'amazon' ? 'finishedAmazonExports' : 'finishedWalmartExports', { query: c.query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exports.all }),
  });
}

/**
 * The rows the first product of an export would get (POST /api/finished/getFirstPreview), asked for as
 * soon as the dialog's form is complete; no request without one (`request` null).
 */
export function useFirstPreview(request: ExportPreviewRequest | null) {
  return useQuery({
    queryKey: queryKeys.exports.preview(request),
    queryFn: ({ signal }) => call('finishedFirstPreview', { body: { exportProducts: request! }, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Every selected product built as the export would build it (POST /api/finished/exportPreflight): the ones it
 * would refuse and why, each title; asked for with the first-product preview, from the same request.
 */
export function useExportPreflight(request: ExportPreviewRequest | null) {
  return useQuery({
    queryKey: [...queryKeys.exports.preview(request), 'preflight'],
    queryFn: ({ signal }) => call('finishedExportPreflight', { body: { exportProducts: request! }, signal }),
    enabled: request !== null,
    retry: false,
  });
}

/** The image domains an export can write its image URLs on (GET /api/common/getImgDomain). */
export function useImageDomains() {
  return useQuery({
    queryKey: queryKeys.exports.domains(),
    queryFn: ({ signal }) => call('imageDomains', { signal }),
    select: (d) => d.list,
    staleTime: Infinity,
  });
}

/** A record the server is still writing. */
export const isExportRunning = (r: Pick<ExportRecord, 'status'>) => r.status === 'pending' || r.status === 'running';

/** How many times a records page is asked for again while a record stays unsettled (ten minutes at the interval). */
export const EXPORTS_POLL_LIMIT = 400;

/**
 * When to ask for a records page again: while one of its records is pending or running, after the job-poll
 * interval — up to EXPORTS_POLL_LIMIT answers, so a record whose job was lost does not keep a tab polling
 * forever (a reload shows it as it is).
 */
export const nextExportsPoll = (rows: readonly Pick<ExportRecord, 'status'>[] | undefined, answers = 0): number | false =>
  answers < EXPORTS_POLL_LIMIT && rows?.some(isExportRunning) ? JOB_POLL_INTERVAL_MS : false;

/**
 * One page of export records (GET /api/export/getlist), asked for again while one of its records is still
 * being written (nextExportsPoll), so progress and the final state appear on their own.
 */
export function useExportRecords(query: { pageNumber: number; pageSize: number; store_id?: number | undefined }) {
  return useQuery({
    queryKey: queryKeys.exports.list(query),
    queryFn: ({ signal }) => call('exportList', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => nextExportsPoll(q.state.data?.list, q.state.dataUpdateCount),
  });
}

/**
 * How an export ended, once its job is done: its record, looked up on the newest page of records (where a
 * new export is), or null if it is not there. A job can finish with a failed record: every product refused.
 */
export function useExportOutcome(exportId: number | undefined, jobDone: boolean) {
  return useQuery({
    queryKey: queryKeys.exports.detail(exportId ?? 0),
    queryFn: async ({ signal }) => {
      const page = await call('exportList', { query: { pageNumber: 1, pageSize: EXPORT_RECORD_PAGE_SIZE_MAX }, signal });
      return { record: page.list.find((r) => r.id === exportId) ?? null };
    },
    enabled: exportId !== undefined && jobDone,
    staleTime: 0,
  });
}

/** Deletes export records and their files (POST /api/export/del). */
export function useDeleteExports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call('exportDel', { body: { ids: ids.join(',') } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exports.all }),
  });
}
