import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TikTok Shop's request signature (docs/marketplace-b.md#signed-calls; EcomPHP `prepareSignature`, doc page
 * 274638): the path, then the query parameters except `sign` and `access_token` sorted by key and joined
 * as `{key}{value}`, then the raw body unless the request is multipart; the app secret before and after
 * the whole; HMAC-SHA256 keyed with the app secret; lower-case hex. The sandbox's own code: the adapter
 * signs with its own (README.md#architecture: the sandboxes share no code with the product).
 */
export function signature(secret: string, path: string, query: Iterable<[string, string]>, body: Buffer | null): string {
  const params = [...query]
    .filter(([k]) => k !== 'sign' && k !== 'access_token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}${v}`)
    .join('');
  const hmac = createHmac('sha256', secret);
  hmac.update(secret + path + params);
  if (body && body.length > 0) hmac.update(body);
  hmac.update(secret);
  return hmac.digest('hex');
}

/** Compares a presented sign with the expected one; upper-case hex is wrong (the marketplace refuses it). */
export function signMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
