import { COOKIE } from '@app/contract';

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * Whether the browser holds a session. The token cookie is httpOnly; the readable username cookie is
 * set and cleared with it (docs/api.md#tokens), so its presence says a session was started and has not ended.
 */
export function hasSessionCookie(): boolean {
  return Boolean(readCookie(COOKIE.username));
}

/** Forgets the readable session cookies after the server said the session is over. */
export function clearReadableSessionCookies(): void {
  for (const name of [COOKIE.username, COOKIE.level]) document.cookie = `${name}=; Max-Age=0; path=/`;
}
