import type { Dayjs } from 'dayjs';

/** The creation range's format: year-month-day hour:minute:second (docs/finished.md#the-list). */
export const RANGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export type CreatedRangeValue = [Dayjs | null, Dayjs | null] | null;
