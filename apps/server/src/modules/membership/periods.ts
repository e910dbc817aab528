/** China time (UTC+8): the sellers' calendar, whatever the server's zone. */
const CHINA_MS = 8 * 3600 * 1000;

/**
 * `ms` plus whole calendar months in China time (docs/membership.md#periods): the same day of the month and the same
 * time of day, or the month's last day when it is shorter (Jan 31 + 1 month is Feb 28, or 29).
 */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms + CHINA_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()) - CHINA_MS;
}

/** A moment as its China date, e.g. 2026-12-01 (what a seller is told a level runs until). */
export const chinaDate = (ms: number) => new Date(ms + CHINA_MS).toISOString().slice(0, 10);
