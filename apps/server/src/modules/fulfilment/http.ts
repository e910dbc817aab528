import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventOf, factoryBody, stateOf, statusOf, type FactoryOrder } from './factoryOrder.js';
import { FulfilmentError, type FulfilmentProvider } from './types.js';

export interface FactoryProviderOptions {
  /** The factory's API base, no trailing slash (FACTORY_URL). */
  baseUrl: string;
  apiKey: string;
  /** FACTORY_WEBHOOK_SECRET: used until registerWebhook answers one. */
  webhookSecret?: string | undefined;
  /** Milliseconds since the epoch; the tests move time with it. */
  now?: () => number;
  /** One call's time limit; default 15 s. */
  timeoutMs?: number;
}

/** A webhook whose timestamp is further than this from our clock is refused (a replay). */
const WEBHOOK_TOLERANCE_S = 5 * 60;

interface Answer {
  status: number;
  body: { result?: unknown; error?: { reason?: string; message?: string } };
}

/** The print factory over HTTP: its order API (docs/fulfilment.md#adapter), Bearer key, JSON bodies. */
export function createFactoryProvider(opts: FactoryProviderOptions): FulfilmentProvider {
  const now = opts.now ?? Date.now;
  let secret = opts.webhookSecret;

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    let res: Response;
    try {
      res = await fetch(opts.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${opts.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new FulfilmentError('unavailable', `The factory did not answer: ${(e as Error).message}`);
    }
    const answer = (await res.json().catch(() => ({}))) as Answer['body'];
    const message = answer.error?.message ?? `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 403) throw new FulfilmentError('auth', `The factory refused the API key: ${message}`);
    if (res.status === 429 || res.status >= 500) throw new FulfilmentError('unavailable', `The factory answered ${message}`);
    return { status: res.status, body: answer };
  }

  const ref = (orderNumber: string) => `/v1/orders/@${encodeURIComponent(orderNumber)}`;

  return {
    async submit(order) {
      const { status, body } = await call('POST', '/v1/orders', factoryBody(order));
      if (status === 409) throw new FulfilmentError('conflict', body.error?.message ?? 'The order number was sent with other contents');
      if (status !== 200) throw new FulfilmentError('invalid', body.error?.message ?? `HTTP ${status}`);
      const o = body.result as FactoryOrder;
      return { factoryOrderId: String(o.id), status: statusOf(o.status) };
    },

    async get(orderNumber) {
      const { status, body } = await call('GET', ref(orderNumber));
      if (status === 404) return null;
      if (status !== 200) throw new FulfilmentError('invalid', body.error?.message ?? `HTTP ${status}`);
      return stateOf(body.result as FactoryOrder);
    },

    async cancel(orderNumber) {
      const { status, body } = await call('DELETE', ref(orderNumber));
      if (status === 200) return true;
      if (status === 409) return false;
      if (status === 404) throw new FulfilmentError('not_found', `The factory has no order ${orderNumber}`);
      throw new FulfilmentError('invalid', body.error?.message ?? `HTTP ${status}`);
    },

    async registerWebhook(url) {
      const { status, body } = await call('POST', '/v1/webhooks', { url });
      if (status !== 200) throw new FulfilmentError('invalid', body.error?.message ?? `HTTP ${status}`);
      secret = (body.result as { secret: string }).secret;
      return { secret };
    },

    verifyWebhook(rawBody, headers) {
      const one = (h: string) => (Array.isArray(headers[h]) ? headers[h][0] : headers[h]);
      const timestamp = one('x-factory-timestamp');
      const signature = one('x-factory-signature');
      if (!secret || !timestamp || !signature || !/^\d+$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return null;
      if (Math.abs(now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_S) return null;
      const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      try {
        return eventOf(JSON.parse(rawBody.toString('utf8')) as Parameters<typeof eventOf>[0]);
      } catch {
        return null;
      }
    },
  };
}
