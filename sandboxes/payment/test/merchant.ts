import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { AlipaySdk } from 'alipay-sdk';

/** An app's key pair as Alipay's key tool would give it (PKCS#1 private key, SPKI public key). */
export const appKeys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

/** Registers an app with the sandbox and answers an SDK pointed at it. */
export async function appOn(url: string, appId: string) {
  const keys = appKeys();
  const res = await fetch(`${url}/sandbox/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_id: appId, app_public_key: keys.publicKey }),
  });
  const { alipay_public_key } = (await res.json()) as { alipay_public_key: string };
  const sdk = new AlipaySdk({ appId, privateKey: keys.privateKey, alipayPublicKey: alipay_public_key, gateway: `${url}/gateway.do` });
  return { sdk, keys, alipayPublicKey: alipay_public_key };
}

/**
 * The merchant's notify endpoint: records every form it is sent and answers the next of `answers`
 * (then `success`).
 */
export async function notifyReceiver() {
  const received: Record<string, string>[] = [];
  const answers: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.end(answers.shift() ?? 'success');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    answers,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const post = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
