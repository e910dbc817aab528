import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Bytes of the server's secret key (HMAC-SHA256 signing; AES-256-GCM where secrets are kept at rest). */
export const SECRET_KEY_BYTES = 32;
/** The file under DATA_DIR that holds a generated key when SECRET_KEY is not configured. */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server's one secret key. SECRET_KEY (64 hex characters) when configured — every process of a
 * deployment (API, workers) must share it; otherwise a key generated on the first start and kept in
 * DATA_DIR/secret.key with mode 0600, so `npm start` needs no setting. Never logged, never sent.
 */
export function loadSecretKey(dataDir: string, configured?: string): Buffer {
  if (configured !== undefined) return Buffer.from(configured, 'hex');
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // wx: two processes starting together on a new data directory cannot both write one.
    fs.writeFileSync(file, randomBytes(SECRET_KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a 64-hex-character key; remove it to have a new one made`);
  return Buffer.from(hex, 'hex');
}

/**
 * A key for one purpose, derived from the server key (HMAC over the purpose), as hex: what a worker thread
 * or a helper needs is given this, never the server key itself.
 */
export function deriveKey(key: Buffer, purpose: string): string {
  return createHmac('sha256', key).update(`derive:${purpose}`).digest('hex');
}
