import { useCallback, useMemo } from 'react';
import type { OrderListQuery } from '@app/contract';
import { useUrlList } from '../../app/urlList';

/** The list's filters as they live in the address: the status tab and the search's fields. */
const FILTER_KEYS = ['status', 'exception', 'keyword', 'start_time', 'end_time', 'userids', 'office_id'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type OrderFilters = Partial<Record<FilterKey, string>>;

const NUMERIC: readonly FilterKey[] = ['status', 'exception', 'start_time', 'end_time', 'office_id'];

/**
 * The order list's status tab, search and page, kept in the address by the app's list mechanism (app/urlList.ts), so
 * Back, Reload and a shared link show the same orders. A new filter or tab goes back to page 1.
 */
export function useOrdersListState() {
  const list = useUrlList();
  const { params, setParam, pageNumber, pageSize } = list;

  const filters = useMemo(() => {
    const f: OrderFilters = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v !== null && v !== '') f[k] = v;
    }
    return f;
  }, [params]);

  const query = useMemo(() => {
    const q: Partial<OrderListQuery> = { pageNumber, pageSize };
    for (const [k, v] of Object.entries(filters) as [FilterKey, string][]) Object.assign(q, { [k]: NUMERIC.includes(k) ? Number(v) : v });
    return q;
  }, [filters, pageNumber, pageSize]);

  const setFilters = useCallback((next: OrderFilters) => setParam({ page: undefined, ...next }), [setParam]);

  return { filters, query, setFilters, pagination: list.pagination, afterRemove: list.afterRemove };
}
