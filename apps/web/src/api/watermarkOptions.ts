import { useQuery } from '@tanstack/react-query';
import { routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The watermarks the export dialog offers (GET /api/watermark/getlist → data.datalist; SPEC §9 page size 100). */
export function useWatermarkOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.exports.watermarks(),
    queryFn: ({ signal }) => call(routes.watermarkList, { query: { pageNumber: 1, pageSize: 100 }, signal }),
    select: (d) => d.datalist.map((w) => ({ id: w.id, name: w.name })),
    enabled,
  });
}
