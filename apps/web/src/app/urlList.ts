import { useCallback } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';

/** A change of the address's parameters: a value of undefined or '' removes the parameter. */
export type ParamChanges = Record<string, string | number | undefined>;

export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The state of a list page that lives in the address (`page`, `size` and the page's own filters), so Back,
 * Reload and a shared link show the same list. One mechanism for every list page: read the page and its size,
 * change several parameters at once, bind the table's pagination, and step back a page when a delete empties
 * a later one.
 */
export function useUrlList(opts: { sizes?: readonly number[]; defaultSize?: number; replace?: boolean } = {}) {
  const { sizes = LIST_PAGE_SIZES, defaultSize = 20, replace = false } = opts;
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const asked = Number(params.get('size'));
  const pageSize = sizes.includes(asked) ? asked : defaultSize;

  const setParam = useCallback(
    (changes: ParamChanges) => {
      // From the address bar, not this render's params (which the router's updater also hands over): two
      // quick changes (a tag, then a level) would otherwise lose the first.
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      setParams(next, { replace });
    },
    [setParams, replace],
  );

  /** Shows `page` at `size` rows (page 1 and the default size are left out of the address). */
  const goTo = (page: number, size: number) =>
    setParam({ page: page > 1 ? page : undefined, size: size !== defaultSize ? size : undefined });

  /** Ant Design's table pagination, read from and written to the address. */
  const pagination = (total: number, showTotal?: (total: number) => string): TablePaginationConfig => ({
    current: pageNumber,
    pageSize,
    total,
    pageSizeOptions: [...sizes],
    showSizeChanger: sizes.length > 1,
    showTotal,
    onChange: goTo,
  });

  /** The plain pager's props (app/components/Pager.tsx), read from and written to the address the same way. */
  const pager = (total: number) => ({ page: pageNumber, pageSize, total, sizes, onChange: goTo });

  /** After `removed` rows of the `shown` on this page were deleted: a later page left empty shows the one before. */
  const afterRemove = (shown: number, removed: number) => {
    if (removed >= shown && pageNumber > 1) setParam({ page: pageNumber - 1 > 1 ? pageNumber - 1 : undefined });
  };

  return { params, setParam, pageNumber, pageSize, pagination, pager, afterRemove };
}
