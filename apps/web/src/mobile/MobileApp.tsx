import { useMemo, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { ConfigProvider } from './shell/firstScreenKit';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { ApiError, clearReadableSessionCookies } from '../api';
import { createAppQueryClient } from '../app/queryClient';
import { getLang, messageText, subscribeLang } from '../app/i18n';
import { registerTexts } from '../app/i18n/strings';
import { texts } from '../app/i18n/mobileStrings';
import { phoneLoginUrl } from './shell/phoneLogin';
import { PhoneShell } from './shell/PhoneShell';
import { showToast } from './shell/toast';
import { prefetchHome } from './pages/HomePage';
import { PhoneRoutes } from './routes';

// The phone shell's own texts are few and every page shows them: registered before anything renders.
registerTexts(texts);

/**
 * docs/messages.md#errors on a phone: a failed call shows the server's msg as a toast; a session that ended sends the
 * seller to the phone's login page, which brings them back afterwards.
 */
const queryClient = createAppQueryClient((error) => {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (!(error instanceof ApiError)) {
    showToast({ icon: 'fail', content: messageText(getLang(), 'unexpected') });
    return;
  }
  const { pathname, search } = window.location;
  if (error.isSessionLost && pathname !== '/mobile-login') {
    clearReadableSessionCookies();
    navigate(phoneLoginUrl(pathname + search), { replace: true });
    queryClient.clear();
  }
  showToast({ icon: 'fail', content: error.msg });
});

// The home page's data, asked for before the first render (docs/mobile.md#speed).
if (window.location.pathname === '/mobile-home') prefetchHome(queryClient);

export function MobileApp() {
  const lang = useSyncExternalStore(subscribeLang, getLang);
  const locale = useMemo(() => (lang === 'en' ? enUS : zhCN), [lang]);
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <PhoneShell>
          <PhoneRoutes />
        </PhoneShell>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
