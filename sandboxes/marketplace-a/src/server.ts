import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { registerDeveloperRoutes, type ShopCredentials, type ShopOptions } from './developer.js';
import { errorBody, GatewayError, requestId } from './errors.js';
import { authenticator, readParams, type Params } from './gate.js';
import { LIMITS } from './limits.js';
import { gatewayMethods } from './methods.js';
import type { StoredOrder } from './orderModel.js';
import { FlowControl, SandboxState, type StoredProduct } from './state.js';

export type { ShopCredentials } from './developer.js';

export interface SandboxOptions {
  /** 0 (default) = a random free port. */
  port?: number;
  host?: string;
  /** Gateway calls per second per app key and session before a ban (default 20). */
  ratePerSecond?: number;
  /** How long a ban lasts (default 1). */
  banSeconds?: number;
  /** The sandbox's clock, unix ms (default Date.now). */
  now?: () => number;
  /** Default access-token lifetime of a new shop and after a refresh (default 86 400 s). */
  accessTtlSeconds?: number;
  /** Default refresh-token lifetime (default 30 days). */
  refreshTtlSeconds?: number;
  /**
   * Bytes of photo-bank images kept in memory (default 256 MB): beyond it the oldest images' bytes are
   * dropped; their URL stays valid for a product post and answers 410 (docs/marketplace-a.md#photo-bank-upload).
   */
  imageBytesKept?: number;
}

/** The default of imageBytesKept: `npm start` runs the sandbox in the server's process. */
export const IMAGE_BYTES_KEPT = 256 * 1024 * 1024;

export interface MarketplaceA {
  url: string;
  close(): Promise<void>;
  /** The same as `POST /sandbox/shops`, for in-process use. */
  createShop(opts?: ShopOptions): ShopCredentials;
  setRate(ratePerSecond: number, banSeconds?: number): void;
  /** The products created so far (every shop). */
  products(): StoredProduct[];
  /** The orders placed so far (every shop), oldest first. */
  orders(): StoredOrder[];
}

const REST_TOKEN_REFRESH = '/auth/token/refresh';

/**
 * Marketplace A's sandbox: the AliExpress open-platform gateway as AliExpress documents it, on its
 * own (it imports nothing of the product). docs/marketplace-a.md is its manual.
 */
export async function startMarketplaceA(opts: SandboxOptions = {}): Promise<MarketplaceA> {
  const now = opts.now ?? Date.now;
  const accessTtl = opts.accessTtlSeconds ?? 86_400;
  const refreshTtl = opts.refreshTtlSeconds ?? 30 * 86_400;
  const state = new SandboxState(now, opts.imageBytesKept ?? IMAGE_BYTES_KEPT);
  const flow = new FlowControl(now, opts.ratePerSecond ?? 20, opts.banSeconds ?? 1);
  if (!(flow.ratePerSecond > 0 && flow.banSeconds > 0)) throw new Error('ratePerSecond and banSeconds must be above 0');
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  let baseUrl = '';

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LIMITS.imageBytesMax, files: 1, fields: 50 },
  });

  const authenticate = authenticator(state, flow, now);
  const methods = gatewayMethods(state, now, () => baseUrl);

  const withRequestId = (body: unknown, rid: string) => {
    const [key, value] = Object.entries(body as Record<string, Record<string, unknown>>)[0]!;
    return { [key]: { ...value, request_id: rid } };
  };

  // The gateway: POST /sync?method=… (GET too, as the real one takes both).
  const sync = async (req: FastifyRequest) => {
    const rid = requestId();
    try {
      const gate = (p: Params) => {
        if (!p.method) throw new GatewayError('MissingMethod', 'Missing method');
        if (!methods[p.method]) throw new GatewayError('InvalidApiPath', `Specified api is invalid: ${p.method}`);
        return authenticate(p, '', true);
      };
      const { params, upload, shop: early } = await readParams(req, gate);
      const shop = early ?? gate(params);
      return withRequestId(await methods[params.method!]!(shop, params, upload), rid);
    } catch (e) {
      if (e instanceof GatewayError) return errorBody(e, rid);
      throw e;
    }
  };
  app.post('/sync', sync);
  app.get('/sync', sync);

  // IOP path APIs: POST /rest/auth/token/refresh; errors as IOP's top-level {type, code, message, request_id}.
  app.post(`/rest${REST_TOKEN_REFRESH}`, async (req) => {
    const rid = requestId();
    try {
      const { params } = await readParams(req);
      const shop = authenticate(params, REST_TOKEN_REFRESH, false);
      const sent = params.refresh_token;
      if (!sent) throw new GatewayError('MissingParameter', 'Missing refresh_token');
      const expiry = shop.refreshTokens.get(sent);
      if (expiry === undefined) throw new GatewayError('IllegalRefreshToken', 'The specified refresh token is invalid or revoked');
      if (now() >= expiry) throw new GatewayError('IllegalRefreshToken', 'The specified refresh token has expired');
      const { refreshToken } = state.rotate(shop, accessTtl, refreshTtl);
      return {
        code: '0',
        access_token: shop.accessToken,
        refresh_token: refreshToken,
        expires_in: accessTtl,
        refresh_expires_in: refreshTtl,
        expire_time: shop.accessExpiresAt,
        refresh_token_valid_time: now() + refreshTtl * 1000,
        user_id: String(shop.id),
        seller_id: String(shop.id),
        account: shop.name,
        request_id: rid,
      };
    } catch (e) {
      if (e instanceof GatewayError) return { type: e.type, code: e.code, message: e.msg, request_id: rid };
      throw e;
    }
  });

  // The photo bank's bytes (public, as the marketplace's CDN is).
  app.get<{ Params: { shop: string; file: string } }>('/photobank/:shop/:file', async (req, reply) => {
    const m = /^([0-9a-f]+)\.(jpg|png)$/.exec(req.params.file);
    const img = m ? state.images.get(m[1]!) : undefined;
    if (!img || String(img.shopId) !== req.params.shop) return reply.code(404).send({ error: 'not found' });
    if (!img.bytes) return reply.code(410).send({ error: 'dropped from the sandbox memory (imageBytesKept)' });
    return reply.type(img.mime).header('cache-control', 'public, max-age=31536000, immutable').send(img.bytes);
  });

  const createShop = registerDeveloperRoutes(app, { state, flow, now, accessTtl, refreshTtl, baseUrl: () => baseUrl });

  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : '127.0.0.1';
  baseUrl = address.includes('[') ? `http://127.0.0.1:${port}` : `http://${host}:${port}`;

  return {
    url: baseUrl,
    close: () => app.close(),
    createShop,
    setRate(ratePerSecond, banSeconds) {
      flow.ratePerSecond = ratePerSecond;
      if (banSeconds !== undefined) flow.banSeconds = banSeconds;
      flow.reset();
    },
    products: () => [...state.products.values()],
    orders: () => [...state.orders.values()],
  };
}
