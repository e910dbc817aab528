import type { Layout, Reason, RowContext } from './context.js';

/** Each layout's column for a made-to-order shop's handling days (the simplified files carry no stock at all). */
const HANDLING_COLUMN: Partial<Record<Layout, string>> = { amazon: 'fulfillment_latency', walmart: 'fulfillmentLagTime' };

/**
 * What the seller should know about the whole file (docs/exports.md#stock): a made-to-order shop's handling days
 * written nowhere, because the template's columns (a flat file's diyImport header) have no place for them. The
 * quantity still goes out as 999,999, so the marketplace would ship on its default handling time unless told.
 */
export function fileWarnings(ctx: Pick<RowContext, 'layout' | 'stock'>, fields: string[]): Reason[] {
  const column = HANDLING_COLUMN[ctx.layout];
  if (!column || ctx.stock.handlingDays === null || fields.includes(column)) return [];
  return [{ key: 'exportHandlingNotInFile', params: { days: ctx.stock.handlingDays, column } }];
}
