import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The product-template kinds a shop offers the export dialog (docs/api.md#export-and-shops). */
export type ExportTemplateKind = 'amazon' | 'simple' | 'walmart';

/** A template as the export dialog's cascader lists it; `format` (6 or 9) only for the simple kind. */
export interface ExportTemplateOption {
  id: number;
  name: string;
  format?: number;
}

function fetchTemplates(kind: ExportTemplateKind, store_id: number, signal: AbortSignal): Promise<ExportTemplateOption[]> {
  if (kind === 'amazon') return call('amazonTemplatesByStore', { query: { store_id }, signal }).then((d) => d.list);
  if (kind === 'simple') return call('templatesByStore', { query: { store_id }, signal }).then((d) => d.list);
  // One shop's Walmart templates are few; the first page (the largest size) holds them.
  return call('walmartList', { query: { store_id }, signal }).then((d) => d.list.map((w) => ({ id: w.id, name: w.name })));
}

/**
 * One shop's product templates of a kind, for the export dialog's template cascader:
 * GET /api/finished/getAmazonTemplatesByStoreid, /api/finished/getTemplatesByStoreid or /api/walmart/getlist
 * with `store_id`. No request until a shop is chosen.
 */
export function useExportTemplates(kind: ExportTemplateKind, storeId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.exports.templates(kind, storeId ?? 0),
    queryFn: ({ signal }) => fetchTemplates(kind, storeId!, signal),
    enabled: storeId !== undefined,
  });
}
