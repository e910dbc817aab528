import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { createApiErrorHandler } from './apiErrorHandler';
import { LOCALE_TAG, subscribeLang, useI18n } from './i18n';
import { createAppQueryClient } from './queryClient';
import { routes } from './routes';

const router = createBrowserRouter(routes);
// The error handler needs the client it is part of; it only calls the getter after both exist.
const queryClient: QueryClient = createAppQueryClient(createApiErrorHandler({ router, queryClient: () => queryClient }));
// Some answers carry text in the caller's language (e.g. the "本人" account option): fetch them again.
subscribeLang(() => void queryClient.invalidateQueries());

/**
 * The providers around every page: the query cache and the router. Ant Design's (theme, locale, toasts) sit one
 * level down, around every page but the login page (AntdShell.tsx; docs/web.md#where-the-bytes-go).
 */
export function App() {
  const { lang, t } = useI18n();

  useEffect(() => {
    document.documentElement.lang = LOCALE_TAG[lang];
    document.title = t('app.name');
  }, [lang, t]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
