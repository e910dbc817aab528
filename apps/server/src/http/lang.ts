import type { Lang } from '@app/contract';

/** The language to answer in: English when the caller prefers it, Chinese (the product's default) otherwise. */
export function langOf(acceptLanguage: string | undefined): Lang {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
