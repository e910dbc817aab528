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
