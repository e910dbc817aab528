/** The phone's login page, remembering the phone page to come back to (a path of this site only). */
export function phoneLoginUrl(from?: string): string {
  return from && from.startsWith('/') && !from.startsWith('/mobile-login') && !from.startsWith('/mobile-register')
    ? `/mobile-login?redirect=${encodeURIComponent(from)}`
    : '/mobile-login';
}

/**
 * Where to go after logging in on the phone: the remembered page if it is a path of this site, else the phone's home.
 * `//evil.example` or `https://…` is ignored, so a link cannot send a seller elsewhere.
 */
export function phoneRedirectTarget(search: URLSearchParams): string {
  const to = search.get('redirect');
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/mobile-home';
  return to.startsWith('/mobile-login') || to.startsWith('/mobile-register') ? '/mobile-home' : to;
}
