import type { Lang } from '@app/contract';

/** A date (unix seconds) as the seller reads it: 2026-11-28 in Chinese, 28 Nov 2026 in English. */
export function formatDay(seconds: number, lang: Lang): string {
  const d = new Date(seconds * 1000);
  if (lang === 'en') return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
