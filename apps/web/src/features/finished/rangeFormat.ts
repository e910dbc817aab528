import type { Dayjs } from 'dayjs';

/** The creation range's format: year-month-day hour:minute:second (docs/finished.md#the-list). */
export const RANGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The format of a range of whole days (the wallet's bills, docs/orders.md#the-wallet). */
export const DAYS_FORMAT = 'YYYY-MM-DD';
export type CreatedRangeValue = [Dayjs | null, Dayjs | null] | null;
