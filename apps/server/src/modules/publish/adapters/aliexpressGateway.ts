import { createHmac } from 'node:crypto';
import type { ShopConnection } from '../../shops/index.js';
import { isObj, type Json } from './json.js';
import { mapAliexpressError, type GatewayErrorBody } from './aliexpressRules.js';
import { MarketplaceError, type ImageToUpload, type Listing } from './types.js';

/**
 * Marketplace A's gateway (docs/marketplace-a.md#signing): signed requests to `{base}/sync?method=…` and the
 * token path, each answer read into JSON or a MarketplaceError. Nothing here logs; no error carries a secret or
 * a signed URL.
 */

/**
 * IOP's signature (docs/marketplace-a.md#signing): upper-case hex HMAC-SHA256 over [path] + sorted name+value pairs.
 * The sandbox computes it again in its own signing.ts on purpose: it never imports the product's code, so a
 * mistake here fails against it as it would against the real gateway (docs/marketplace-a.md, README.md#architecture).
 */
export function signAliexpress(secret: string, apiPath: string, params: Record<string, string>): string {
  const base =
    apiPath +
    Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha256', secret).update(base, 'utf8').digest('hex').toUpperCase();
}

/** The gateway of one adapter: `send` a request and read its answer; `call` a dotted API, signed. */
export function createAliexpressGateway(opts: { base: string; fetch: typeof fetch; now: () => number; timeoutMs: number }) {
  const { base, now, timeoutMs } = opts;
  const doFetch = opts.fetch;

  async function send(url: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      // Never the URL or the request: only what kind of failure it was.
      const name = e instanceof Error ? e.name : 'Error';
      throw new MarketplaceError('unavailable', 'aeUnavailable', { code: name === 'TimeoutError' ? 'timeout' : 'network', message: name });
    }
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after')) || 1;
      throw new MarketplaceError('rateLimited', 'aeRateLimited', { code: '429', message: 'HTTP 429' }, seconds * 1000, { seconds });
    }
    if (res.status >= 500 || res.status === 408)
      throw new MarketplaceError('unavailable', 'aeUnavailable', { code: String(res.status), message: `HTTP ${res.status}` });
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new MarketplaceError('unavailable', 'aeUnavailable', { code: String(res.status), message: 'not JSON' });
    }
  }

  /** A dotted API through `/sync`, all parameters (signed) in a form body; the file, unsigned, beside them. */
  async function call(
    conn: ShopConnection,
    method: string,
    api: Record<string, string>,
    listing?: Listing,
    file?: ImageToUpload,
  ): Promise<Json> {
    const params: Record<string, string> = {
      app_key: conn.app_key,
      method,
      session: conn.access_token,
      sign_method: 'sha256',
      timestamp: String(now()),
      format: 'json',
      ...api,
    };
    params.sign = signAliexpress(conn.app_secret, '', params);
    let body: URLSearchParams | FormData;
    if (file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(params)) form.append(k, v);
      form.append('image_bytes', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
      body = form;
    } else body = new URLSearchParams(params);
    const answer = await send(`${base}/sync`, { method: 'POST', body });
    if (!isObj(answer)) throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'shape', message: 'not an object' });
    if (isObj(answer.error_response)) throw mapAliexpressError(answer.error_response as GatewayErrorBody, listing);
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = answer[key];
    if (!isObj(inner)) throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'shape', message: `no ${key}` });
    return inner;
  }

  return { send, call };
}
