import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import { ok } from './http.js';
import { signature, signMatches } from './signing.js';
import { REFRESH_TOKEN_TTL_S, type SandboxState, type Shop } from './state.js';

const TIMESTAMP_SKEW_S = 300;
/** A rotated refresh token still works this long, so two workers refreshing at once both succeed. */
const REFRESH_GRACE_MS = 60_000;

/** The signed-call gate: sign, timestamp, token, shop_cipher, rate (docs/marketplace-b.md#signed-calls). */
export function authenticator(state: SandboxState) {
  return function authenticate(req: FastifyRequest, raw: Buffer | null, opts: { shopCipher?: boolean } = {}): Shop {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    const appKey = params.get('app_key') ?? '';
    const presented = params.get('sign') ?? '';
    const app = state.shopsByKey.get(appKey);
    if (!app || presented === '' || !signMatches(presented, signature(app.app_secret, path, params, raw)))
      throw new Refusal(401, CODES.badSign, 'Invalid sign');
    const ts = Number(params.get('timestamp'));
    if (!Number.isInteger(ts) || Math.abs(state.nowS() - ts) > TIMESTAMP_SKEW_S)
      throw new Refusal(401, CODES.staleTimestamp, 'Timestamp is missing or more than 5 minutes away from now');
    const token = req.headers['x-tts-access-token'];
    const held = typeof token === 'string' ? state.accessTokens.get(token) : undefined;
    if (!held || held.shopId !== app.id) throw new Refusal(401, CODES.tokenInvalid, 'Access token is invalid');
    if (held.expiresAt <= state.nowS()) throw new Refusal(401, CODES.tokenExpired, 'Access token is expired');
    const cipher = params.get('shop_cipher');
    // The authorization calls take no shop_cipher: they are how a seller learns it.
    if (opts.shopCipher !== false && (!cipher || cipher !== app.shop_cipher))
      throw new Refusal(400, CODES.shopCipher, 'shop_cipher is required and must be the authorized shop');
    const t = state.now();
    while (app.hits.length > 0 && app.hits[0]! <= t - 1000) app.hits.shift();
    if (app.hits.length >= state.rateOf(app)) {
      const waitMs = Math.max(1, app.hits[0]! + 1000 - t);
      throw new Refusal(429, CODES.tooManyRequests, 'Too many requests', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
        'x-tts-retry-after-ms': String(waitMs),
      });
    }
    app.hits.push(t);
    return app;
  };
}

/** Token refresh: the auth host's path, served on the same base URL; not signed. */
export function registerTokenRefresh(app: FastifyInstance, state: SandboxState): void {
  app.get('/api/v2/token/refresh', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const shop = state.shopsByKey.get(q.app_key ?? '');
    const held = state.refreshTokens.get(q.refresh_token ?? '');
    const t = state.now();
    if (
      !shop ||
      q.app_secret !== shop.app_secret ||
      q.grant_type !== 'refresh_token' ||
      !held ||
      held.shopId !== shop.id ||
      (held.revokedAt !== null && held.revokedAt <= t)
    ) {
      return { code: CODES.refreshInvalid, message: 'Refresh token is invalid or revoked', request_id: randomUUID(), data: null };
    }
    // Rotate: the old refresh token keeps working for a short grace, then is refused.
    held.revokedAt = Math.min(held.revokedAt ?? Infinity, t + REFRESH_GRACE_MS);
    const tokens = state.issueTokens(shop);
    return ok({
      access_token: tokens.access_token,
      access_token_expire_in: tokens.expires_at,
      refresh_token: tokens.refresh_token,
      refresh_token_expire_in: state.nowS() + REFRESH_TOKEN_TTL_S,
      open_id: shop.id,
      seller_name: shop.name,
      seller_base_region: 'US',
      user_type: 0,
    });
  });
}
