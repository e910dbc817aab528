import { createHmac } from 'node:crypto';
import type { MessageKey } from '@app/contract';
import type { ShopConnection } from '../../shops/index.js';
import { MarketplaceError } from './types.js';

/**
 * Marketplace B's wire (docs/marketplace-b.md#adapter): the request signature, signed shop calls, and every
 * answer read as data or a MarketplaceError. Never logs: the secret, the tokens and the shop cipher stay out of
 * every error it throws.
 */

/** The remote code → what the job does and what the seller reads (docs/marketplace-b.md#codes). */
const REFUSALS: Record<number, MessageKey> = {
  106001: 'tiktokSignRefused',
  106003: 'tiktokClockSkew',
  106011: 'tiktokShopCipher',
  36004004: 'tiktokRefreshRefused',
  12052003: 'tiktokBadRequest',
  12052024: 'tiktokCategoryNotLeaf',
  12052028: 'tiktokMainImageRequired',
  12052050: 'tiktokTooManySkusRemote',
  12052051: 'tiktokTitleLength',
  12052052: 'tiktokDescriptionLength',
  12052054: 'tiktokSellerSkuLength',
  12052055: 'tiktokInventory',
  12052058: 'tiktokWarehouse',
  12052073: 'tiktokPrice',
  12052074: 'tiktokPrice',
  12052093: 'tiktokDailyQuota',
  12052151: 'tiktokRestrictedWords',
  12052152: 'tiktokRestrictedWords',
  12052153: 'tiktokRestrictedWords',
  12052262: 'tiktokTitleCharacters',
  12052300: 'tiktokUploadRefused',
  12052301: 'tiktokImageTooSmall',
  12052302: 'tiktokImageTooLarge',
  12052303: 'tiktokImageFormat',
  12052304: 'tiktokImageRefused',
  12052305: 'tiktokImageRefused',
  12052306: 'tiktokTooManyImagesRemote',
  12052525: 'tiktokTooManyAttributes',
  12052527: 'tiktokAttributeText',
  12052528: 'tiktokImagesOnTwoAttributes',
  12052560: 'tiktokDuplicateAttributes',
  12052722: 'tiktokImageUnknown',
  12052915: 'tiktokPackageUnits',
  // Orders and their shipment (docs/marketplace-b.md#shipping).
  21001001: 'tiktokOrderRefused',
  21011001: 'tiktokOrderUnknown',
  21011006: 'tiktokOrderNotShippable',
  21011007: 'tiktokOrderShipped',
  21011010: 'tiktokCarrierUnknown',
  21011011: 'tiktokTrackingInvalid',
  21011012: 'tiktokOrderRefused',
  21031001: 'tiktokCarrierUnknown',
};
const TOKEN_EXPIRED = new Set([105001, 105002]);
const RATE_LIMITED = 36009002;

export interface Answer {
  code: number;
  message: string;
  data: unknown;
}

/** Maps one answer (HTTP status, headers, body code) to a MarketplaceError; null when it is a success. */
export function tiktokError(status: number, headers: Headers, body: Answer | null): MarketplaceError | null {
  const code = body?.code;
  const remote = { code: String(code ?? status), message: (body?.message ?? `HTTP ${status}`).slice(0, 500) };
  if (status === 429 || code === RATE_LIMITED) {
    const ms = Number(headers.get('x-tts-retry-after-ms'));
    const s = Number(headers.get('retry-after'));
    const waitMs = ms > 0 ? ms : s > 0 ? s * 1000 : 1000;
    return new MarketplaceError('rateLimited', 'tiktokRateLimited', remote, waitMs);
  }
  if (status >= 500 || body === null || typeof code !== 'number') return new MarketplaceError('unavailable', 'tiktokUnavailable', remote);
  if (code === 0) return null;
  if (TOKEN_EXPIRED.has(code))
    return new MarketplaceError('tokenExpired', code === 105002 ? 'tiktokTokenExpired' : 'tiktokTokenInvalid', remote);
  return new MarketplaceError('refused', REFUSALS[code] ?? 'tiktokRefused', remote);
}

/** TikTok's request signature (docs/marketplace-b.md): the adapter's own, never the sandbox's. */
export function tiktokSign(secret: string, path: string, params: URLSearchParams, body: Buffer | null): string {
  const joined = [...params]
    .filter(([k]) => k !== 'sign' && k !== 'access_token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => k + v)
    .join('');
  const mac = createHmac('sha256', secret).update(secret + path + joined);
  if (body) mac.update(body);
  return mac.update(secret).digest('hex');
}

/** The gateway of one adapter: `send` a request and read its answer; `call` a shop API, signed. */
export function createTiktokGateway(opts: { base: string; fetch: typeof fetch; now: () => number; timeoutMs: number }) {
  const { base, now, timeoutMs } = opts;
  const doFetch = opts.fetch;

  async function send(url: string, init: RequestInit): Promise<{ status: number; headers: Headers; body: Answer | null }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      // The URL is left out: the refresh call carries the app secret in its query.
      const name = err instanceof Error ? err.name : 'Error';
      throw new MarketplaceError('unavailable', 'tiktokUnavailable', { code: 'network', message: name });
    }
    let body: Answer | null = null;
    try {
      const parsed = (await res.json()) as unknown;
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Answer;
    } catch {
      body = null;
    }
    return { status: res.status, headers: res.headers, body };
  }

  /** A signed shop call; answers `data` of a `code: 0` answer, throws a MarketplaceError otherwise. */
  async function call(
    conn: ShopConnection,
    path: string,
    o: { query?: Record<string, string>; json?: unknown; form?: FormData; get?: boolean; method?: 'PUT' | 'DELETE' },
  ): Promise<Record<string, unknown>> {
    const params = new URLSearchParams({
      app_key: conn.app_key,
      timestamp: String(Math.floor(now() / 1000)),
      // The authorization calls name no shop: they are how a seller finds the shop's cipher.
      ...(path.startsWith('/authorization/') ? {} : { shop_cipher: conn.shop_cipher }),
      ...o.query,
    });
    const raw = o.json === undefined ? null : Buffer.from(JSON.stringify(o.json));
    params.set('sign', tiktokSign(conn.app_secret, path, params, raw));
    const headers: Record<string, string> = { 'x-tts-access-token': conn.access_token };
    if (raw) headers['content-type'] = 'application/json';
    const answer = await send(`${base}${path}?${params}`, {
      method: o.method ?? (o.get ? 'GET' : 'POST'),
      headers,
      ...(o.get ? {} : { body: raw ? new Uint8Array(raw) : o.form }),
    });
    const error = tiktokError(answer.status, answer.headers, answer.body);
    if (error) throw error;
    const data = answer.body?.data;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  }

  return { send, call };
}
