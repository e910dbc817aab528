import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Lang, MessageKey } from '@app/contract';
import { getLang, LOCALE_TAG, setLang, subscribeLang } from './language';
import { messageText, translate, type Params, type StringKey } from './strings';

export interface I18n {
  lang: Lang;
  /** zh-CN or en-US. */
  locale: string;
  /** A text of the app's own catalogue. */
  t: (key: StringKey, params?: Params) => string;
  /** A text of the shared catalogue in @app/contract (docs/messages.md and the server's messages). */
  m: (key: MessageKey, params?: Params) => string;
  setLang: (lang: Lang) => void;
}

export function useI18n(): I18n {
  const lang = useSyncExternalStore(subscribeLang, getLang);
  const t = useCallback((key: StringKey, params?: Params) => translate(lang, key, params), [lang]);
  const m = useCallback((key: MessageKey, params?: Params) => messageText(lang, key, params), [lang]);
  return useMemo(() => ({ lang, locale: LOCALE_TAG[lang], t, m, setLang }), [lang, t, m]);
}
