import dayjs, { type Dayjs } from 'dayjs';

/** The creation range's format: year-month-day hour:minute:second (docs/finished.md#the-list). */
export const RANGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The format of a range of whole days (the wallet's bills, docs/orders.md#the-wallet). */
export const DAYS_FORMAT = 'YYYY-MM-DD';
export type CreatedRangeValue = [Dayjs | null, Dayjs | null] | null;

/** A range kept in the address as unix seconds (`start_time`, `end_time`), as the range field shows it. */
export function rangeValue(start: string | undefined, end: string | undefined): CreatedRangeValue {
  if (!start && !end) return null;
  return [start ? dayjs.unix(Number(start)) : null, end ? dayjs.unix(Number(end)) : null];
}
