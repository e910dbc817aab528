import { DOWNLOAD_SIG_PARAM, queryString } from '@app/contract';
import type { Signer } from '../secrets/index.js';

/**
 * Signed links (docs/security.md#tokens): a GET address of one account, valid for a short time, that
 * authorises exactly that address — path and query as made here, `&sig=` last. Any change to the
 * address, another purpose or a passed expiry makes the signature worthless.
 */
const purposeOf = (target: string) => `link ${target}`;
const SIG_AT_END = new RegExp(`[?&]${DOWNLOAD_SIG_PARAM}=([^&]*)$`);

export function signLink(
  signer: Signer,
  target: { path: string; query: Record<string, unknown> },
  accountId: number,
  ttlMs: number,
  now: number,
): { url: string; expires_at: number } {
  const address = target.path + queryString(target.query);
  const sig = signer.sign(purposeOf(address), { a: accountId }, ttlMs);
  return { url: `${address}${address.includes('?') ? '&' : '?'}${DOWNLOAD_SIG_PARAM}=${sig}`, expires_at: now + ttlMs };
}

/** Whether a request's address carries a link signature at all (then it is judged by it alone). */
export const hasLinkSignature = (url: string) => new RegExp(`[?&]${DOWNLOAD_SIG_PARAM}=`).test(url);

/** The account a signed address was made for, or undefined when it is not one (changed, expired, malformed). */
export function linkAccount(signer: Signer, url: string): number | undefined {
  const m = SIG_AT_END.exec(url);
  if (!m) return undefined;
  // Base64url as made: compared as written, never decoded (a stray % is simply a wrong signature).
  const payload = signer.verify<{ a?: unknown }>(purposeOf(url.slice(0, m.index)), m[1]!);
  return typeof payload?.a === 'number' ? payload.a : undefined;
}
