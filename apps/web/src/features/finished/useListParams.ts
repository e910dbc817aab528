import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FINISHED_DEFAULT_PAGE_SIZE, FINISHED_PAGE_SIZES, type FinishedListQuery } from '@app/contract';

/** The list's filters as they live in the URL (SPEC §2.1): every one a plain search parameter. */
export const FILTER_KEYS = [
  'name',
  'key_id',
  'task_id',
  'material_img_name',
  'start_time',
  'end_time',
  'userids',
  'group_id',
  'cid',
  'combine_rule_type',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

const positiveInt = (s: string | null, fallback: number) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Filters and page in the URL, so that Back, Reload and a shared link show the same list. Changing a
 * filter goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => {
    const f: Filters = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v !== null && v !== '') f[k] = v;
    }
    return f;
  }, [params]);
  const pageNumber = positiveInt(params.get('page'), 1);
  const size = positiveInt(params.get('size'), FINISHED_DEFAULT_PAGE_SIZE);
  const pageSize = (FINISHED_PAGE_SIZES as readonly number[]).includes(size) ? size : FINISHED_DEFAULT_PAGE_SIZE;

  const query: FinishedListQuery = useMemo(
    () => ({
      pageNumber,
      pageSize,
      is_online: 0,
      ...(filters.name ? { name: filters.name } : {}),
      ...(filters.key_id ? { key_id: filters.key_id } : {}),
      ...(filters.task_id ? { task_id: filters.task_id } : {}),
      ...(filters.material_img_name ? { material_img_name: filters.material_img_name } : {}),
      ...(filters.start_time ? { start_time: Number(filters.start_time) } : {}),
      ...(filters.end_time ? { end_time: Number(filters.end_time) } : {}),
      ...(filters.userids ? { userids: filters.userids } : {}),
      ...(filters.group_id ? { group_id: Number(filters.group_id) } : {}),
      ...(filters.cid ? { cid: Number(filters.cid) } : {}),
      ...(filters.combine_rule_type ? { combine_rule_type: Number(filters.combine_rule_type) } : {}),
    }),
    [filters, pageNumber, pageSize],
  );

  /** Replaces the given filters (undefined or '' removes one) and returns to page 1. */
  const setFilters = useCallback(
    (next: Filters, opts: { replaceAll?: boolean } = {}) =>
      setParams((prev) => {
        const p = new URLSearchParams(opts.replaceAll ? '' : prev);
        if (opts.replaceAll && prev.get('size')) p.set('size', prev.get('size')!);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '') p.delete(k);
          else p.set(k, v);
        }
        p.delete('page');
        return p;
      }),
    [setParams],
  );

  const setPage = useCallback(
    (page: number, size: number) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        const sizeChanged = size !== pageSize;
        if (size === FINISHED_DEFAULT_PAGE_SIZE) p.delete('size');
        else p.set('size', String(size));
        const target = sizeChanged ? 1 : page;
        if (target === 1) p.delete('page');
        else p.set('page', String(target));
        return p;
      }),
    [setParams, pageSize],
  );

  return { filters, query, pageNumber, pageSize, setFilters, setPage };
}
