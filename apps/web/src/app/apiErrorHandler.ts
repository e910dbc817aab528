import type { QueryClient } from '@tanstack/react-query';
import { ApiError, clearReadableSessionCookies } from '../api';
import { toastError } from './toasts';
import { getLang, messageText } from './i18n';
import { loginUrl, withLoginNotice } from './loginRedirect';

interface Navigator {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, opts: { replace: boolean; state?: unknown }) => Promise<void>;
}

/**
 * The global rule of docs/messages.md#errors: a failed call shows the server's msg. A lost session on any call that needs
 * one also sends the seller to the login page, which brings them back here afterwards.
 */
export function createApiErrorHandler(deps: { router: Navigator; queryClient: () => QueryClient }) {
  return (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (!(error instanceof ApiError)) {
      toastError(messageText(getLang(), 'unexpected'));
      return;
    }
    const { pathname, search } = deps.router.state.location;
    if (!error.isSessionLost || pathname === '/login' || pathname === '/register') {
      toastError(error.msg);
      return;
    }
    clearReadableSessionCookies();
    // Leave the back office first, so that no screen refetches what is being dropped. The login page says why the
    // seller is there (it has no toast area: docs/web.md#where-the-bytes-go).
    const state = withLoginNotice({ kind: 'error', text: error.msg });
    void deps.router.navigate(loginUrl(pathname + search), { replace: true, state }).then(() => deps.queryClient().clear());
  };
}
