import type { ExportRecord } from '@app/contract';
import type { StringKey } from '../../app/i18n';

/** The Walmart-style marketplace's platform code (@app/contract MARKETPLACES): its shops export bulk items. */
export const WALMART_MARKETPLACE = 3;

/** A record's format as the seller reads it: the format codes (docs/limits.md#export), or the Walmart bulk-items file. */
export function formatKey(r: Pick<ExportRecord, 'format' | 'kind'>): StringKey {
  if (r.kind === 'walmart') return 'export.format.walmart';
  return r.format === 6 ? 'export.format.6' : r.format === 9 ? 'export.format.9' : 'export.format.3';
}

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** Bytes as a person reads them: 0 B, 812 B, 14.2 KB, 3.1 MB (one decimal below 100, none above). */
export function humanSize(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || n >= 100 ? 0 : 1;
  return `${n.toFixed(digits)} ${UNITS[unit]}`;
}
