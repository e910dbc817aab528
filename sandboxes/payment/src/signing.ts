import { createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay's RSA2 signing (docs/payments.md#signing): the parameters other than `sign` (and, for what Alipay
 * sends, `sign_type`) with a non-empty value, sorted by key, joined as `k=v&k=v` with raw values, signed with
 * SHA256withRSA, base64.
 */
export function signContent(params: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (content: string, privateKey: KeyObject): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A public key as a PEM or as the bare base64 (SPKI) Alipay's console and key tool show; undefined if neither. */
export function publicKeyFrom(text: string): KeyObject | undefined {
  try {
    if (text.includes('-----BEGIN')) return createPublicKey(text);
    return createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
}

/** The bare base64 of a public key, as Alipay's console shows 支付宝公钥. */
export const bareBase64 = (key: KeyObject): string => (key.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64');
