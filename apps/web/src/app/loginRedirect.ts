const AUTH_PAGES = new Set(['/login', '/register']);

/** The login page, remembering the page to come back to (path and query of this app only). */
export function loginUrl(from?: string): string {
  return from && from !== '/' && !AUTH_PAGES.has(from.split('?')[0] ?? '') ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/**
 * Where to go after logging in: the remembered page if it is a path of this app, else the overview.
 * A value such as `//evil.example` or `https://…` is ignored, so the link cannot send a seller elsewhere.
 */
export function redirectTarget(search: URLSearchParams): string {
  const to = search.get('redirect');
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  return AUTH_PAGES.has(to.split('?')[0] ?? '') ? '/' : to;
}

/**
 * What the login page says on arrival ("logged out", "log in first"), carried in the navigation's state: the toast
 * area belongs to the pages with Ant Design, which the login page does not load (docs/web.md#where-the-bytes-go).
 */
export interface LoginNotice {
  kind: 'success' | 'error';
  text: string;
}

/** The navigation state that brings a notice to the login page. */
export const withLoginNotice = (notice: LoginNotice) => ({ notice });

/** The notice a navigation brought to the login page, if any. */
export function loginNoticeOf(state: unknown): LoginNotice | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  const { notice } = state as { notice: Partial<LoginNotice> };
  return (notice.kind === 'success' || notice.kind === 'error') && typeof notice.text === 'string'
    ? { kind: notice.kind, text: notice.text }
    : undefined;
}
