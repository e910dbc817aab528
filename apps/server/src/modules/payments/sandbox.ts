import { generateKeyPairSync } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import { threadPool, workerModule } from '../../parsing/pool.js';

/** The app id the in-process sandbox knows this server by. */
export const SANDBOX_APP_ID = '2021000000000001';

/**
 * The payment sandbox, started in this process on a free local port when no PAYMENT_GATEWAY_URL is set
 * (docs/payments.md#the-sandbox), on a thread of its own (sandboxThread.ts) like the marketplace sandboxes:
 * the adapter still speaks real HTTP to it. A key pair is made for the app at each start and registered
 * through the sandbox's control call; the answer, the sandbox's "Alipay" public key, fills `config.payment`.
 * Its trades live in memory: a restart forgets them.
 */
export async function startPaymentSandboxIfUnset(config: AppConfig): Promise<{ close(): Promise<void> }> {
  if (config.payment.gatewayUrl) return { close: () => Promise.resolve() };
  const filename = workerModule(import.meta.url, 'sandboxThread').href;
  // One thread that stays; piscina's Atomics.wait between tasks would stop the server on it.
  const thread = threadPool({ minThreads: 1, maxThreads: 1, idleTimeout: Infinity, atomics: 'disabled' });
  const close = async () => {
    try {
      await thread.run(null, { filename, name: 'stop' });
    } finally {
      await thread.destroy();
    }
  };
  try {
    const url = (await thread.run(null, { filename, name: 'start' })) as string;
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    const res = await fetch(`${url}/sandbox/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app_id: SANDBOX_APP_ID, app_public_key: keys.publicKey }),
    });
    if (!res.ok) throw new Error(`payment sandbox: registering the app answered ${res.status}`);
    const { alipay_public_key } = (await res.json()) as { alipay_public_key: string };
    config.payment = {
      gatewayUrl: `${url}/gateway.do`,
      appId: SANDBOX_APP_ID,
      appPrivateKey: keys.privateKey,
      alipayPublicKey: alipay_public_key,
      sandboxInProcess: true,
    };
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
  return { close };
}
