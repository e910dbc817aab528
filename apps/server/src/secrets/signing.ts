import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed tokens (a download link, say): HMAC-SHA256 with the server's secret key over a
 * purpose, a payload and an expiry, so a token made for one purpose is worthless for another and for
 * ever after its time. The payload is readable (base64url JSON): put ids in it, never secrets.
 */
export interface Signer {
  /** A token for `payload` under `purpose`, valid for `ttlMs` from now. */
  sign(purpose: string, payload: unknown, ttlMs: number): string;
  /** The payload, or undefined when the token is malformed, for another purpose, tampered with or expired. */
  verify<T = unknown>(purpose: string, token: string): T | undefined;
}

export function createSigner(key: Buffer, now: () => number): Signer {
  const mac = (purpose: string, body: string) => createHmac('sha256', key).update(purpose).update('\0').update(body).digest();
  return {
    sign(purpose, payload, ttlMs) {
      const body = Buffer.from(JSON.stringify({ p: payload, e: now() + ttlMs })).toString('base64url');
      return `${body}.${mac(purpose, body).toString('base64url')}`;
    },
    verify<T>(purpose: string, token: string): T | undefined {
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return undefined;
      const want = mac(purpose, body);
      const got = Buffer.from(sig, 'base64url');
      if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
      try {
        const { p, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: T; e: number };
        return typeof e === 'number' && e > now() ? p : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
