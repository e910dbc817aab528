import { useCallback, useMemo } from 'react';
import type { BillFilterQuery, BillListQuery } from '@app/contract';
import { useUrlList } from '../../app/urlList';

/** The bills' filters as they live in the address (docs/orders.md#bills: the same for the list and its statistics). */
const FILTER_KEYS = ['type', 'start_time', 'end_time', 'userids', 'office_id'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type BillFilters = Partial<Record<FilterKey, string>>;

const NUMERIC: readonly FilterKey[] = ['type', 'start_time', 'end_time', 'office_id'];

/**
 * The wallet page's bill filters and page, kept in the address by the app's list mechanism (app/urlList.ts) as the
 * order list keeps its own, so Back, Reload and a shared link show the same bills. A new filter goes back to page 1.
 * `filter` is what the statistics are asked with; `query` adds the page.
 */
export function useBillsState() {
  const list = useUrlList();
  const { params, setParam, pageNumber, pageSize } = list;

  const filters = useMemo(() => {
    const f: BillFilters = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v !== null && v !== '') f[k] = v;
    }
    return f;
  }, [params]);

  const filter = useMemo(() => {
    const q: Partial<BillFilterQuery> = {};
    for (const [k, v] of Object.entries(filters) as [FilterKey, string][]) Object.assign(q, { [k]: NUMERIC.includes(k) ? Number(v) : v });
    return q;
  }, [filters]);

  const query = useMemo((): Partial<BillListQuery> => ({ ...filter, pageNumber, pageSize }), [filter, pageNumber, pageSize]);

  const setFilters = useCallback((next: BillFilters) => setParam({ page: undefined, ...next }), [setParam]);

  return { filters, filter, query, setFilters, pagination: list.pagination };
}
