import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The purpose the marketplace-connection key is derived under (services.ts; docs/security.md#marketplace-secrets).
 * The label keeps the API's word: changing it would derive another key and orphan every sealed secret.
 */
export const SHOP_SECRETS = 'store-secrets';

/**
 * Secrets kept at rest (a shop's marketplace tokens): AES-256-GCM, a random 12-byte IV per value, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64). A tampered or foreign value throws a plain Error, which the API
 * answers as an internal error: its text never reaches a seller.
 */
export interface Sealer {
  seal(text: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

/** `key`: 32 bytes, or 64 hex characters as deriveKey gives. */
export function createSealer(key: Buffer | string): Sealer {
  const k = typeof key === 'string' ? Buffer.from(key, 'hex') : key;
  if (k.length !== 32) throw new Error('a sealing key has 32 bytes');
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body, extra] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || extra !== undefined) {
        throw new Error('not a sealed value');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        // Same message whatever failed (tag, IV length, key): nothing about the value leaks.
        throw new Error('a sealed value failed to open');
      }
    },
  };
}
