import type { Lang } from '@app/contract';

/** The BCP 47 tag of each language: sent as Accept-Language, set on <html lang>. */
export const LOCALE_TAG: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };

const STORAGE_KEY = 'pod.locale';
const listeners = new Set<() => void>();

function readStored(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === LOCALE_TAG.en ? 'en' : 'zh';
  } catch {
    // Storage can be unavailable (privacy modes); Chinese is the product's default.
    return 'zh';
  }
}

let current: Lang = readStored();

/**
 * The chosen language lives outside React so that the API client (Accept-Language) and the global
 * error handler read the same value the screens render with.
 */
export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  if (lang === current) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, LOCALE_TAG[lang]);
  } catch {
    // Not persisted; the choice still holds for this tab.
  }
  for (const listener of listeners) listener();
}

export function subscribeLang(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
