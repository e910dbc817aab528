import { useCallback, useMemo } from 'react';
import { FINISHED_DEFAULT_PAGE_SIZE, FINISHED_PAGE_SIZES, type FinishedListQuery } from '@app/contract';
import { useUrlList, type ParamChanges } from '../../app/urlList';

/** The list's filters as they live in the address: every one a plain search parameter. */
export const FILTER_KEYS = [
  'name',
  'key_id',
  'task_id',
  'material_img_name',
  'start_time',
  'end_time',
  'userids',
  'office_id',
  'group_id',
  'cid',
  'combine_rule_type',
  'ordered',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** The filters' numeric parameters, sent to the list call as numbers. */
const NUMERIC: readonly FilterKey[] = ['start_time', 'end_time', 'office_id', 'group_id', 'cid', 'combine_rule_type', 'ordered'];

/**
 * The finished list's filters and page, kept in the address by the app's one list mechanism (app/urlList.ts),
 * so that Back, Reload, a shared link and the dialogs opened over the list (child routes) show the same list.
 * Changing a filter goes back to page 1.
 */
export function useFinishedListState() {
  const list = useUrlList({ sizes: FINISHED_PAGE_SIZES, defaultSize: FINISHED_DEFAULT_PAGE_SIZE });
  const { params, setParam, pageNumber, pageSize } = list;

  const filters = useMemo(() => {
    const f: Filters = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v !== null && v !== '') f[k] = v;
    }
    return f;
  }, [params]);

  const query: FinishedListQuery = useMemo(() => {
    const q: FinishedListQuery = { pageNumber, pageSize, is_online: 0 };
    for (const [k, v] of Object.entries(filters) as [FilterKey, string][]) Object.assign(q, { [k]: NUMERIC.includes(k) ? Number(v) : v });
    return q;
  }, [filters, pageNumber, pageSize]);

  /** Replaces the given filters (undefined or '' removes one; `replaceAll` removes the others) and returns to page 1. */
  const setFilters = useCallback(
    (next: Filters, opts: { replaceAll?: boolean } = {}) => {
      const changes: ParamChanges = { page: undefined };
      if (opts.replaceAll) for (const k of FILTER_KEYS) changes[k] = undefined;
      setParam({ ...changes, ...next });
    },
    [setParam],
  );

  return { filters, query, setFilters, pager: list.pager };
}
