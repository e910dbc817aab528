import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { createApiErrorHandler } from './apiErrorHandler';
import { FeedbackBridge } from './feedback';
import { LOCALE_TAG, subscribeLang, useI18n } from './i18n';
import { createAppQueryClient } from './queryClient';
import { routes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(routes);
// The error handler needs the client it is part of; it only calls the getter after both exist.
const queryClient: QueryClient = createAppQueryClient(createApiErrorHandler({ router, queryClient: () => queryClient }));
// Some answers carry text in the caller's language (e.g. the "本人" account option): fetch them again.
subscribeLang(() => void queryClient.invalidateQueries());

/** The providers around every page: Ant Design (theme, locale, toasts), the query cache and the router. */
export function App() {
  const { lang, t } = useI18n();

  useEffect(() => {
    document.documentElement.lang = LOCALE_TAG[lang];
    document.title = t('app.name');
  }, [lang, t]);

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
