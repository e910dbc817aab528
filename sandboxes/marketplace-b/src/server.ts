import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, registerPartnerApi } from './api.js';
import { authenticator, registerTokenRefresh } from './auth.js';
import { registerBuyerRoutes } from './buyerRoutes.js';
import { registerCatalogApi } from './catalogApi.js';
import { registerDeveloperRoutes } from './developer.js';
import { registerFulfillmentApi } from './fulfillment.js';
import { registerEventApi } from './eventApi.js';
import { answerRefusals } from './http.js';
import { registerProductManagement } from './manage.js';
import { registerOrderApi } from './orderApi.js';
import { SandboxState, type ShopCredentials } from './state.js';
import { Notifier } from './webhooks.js';

export type { ShopCredentials } from './state.js';

export interface MarketplaceBOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Requests per second per shop on the signed calls; default 50. */
  rateLimitPerSecond?: number;
  /** Products a shop may create per UTC day; default 1000. */
  dailyQuota?: number;
  /** Milliseconds since the epoch; the tests move time with it. */
  now?: () => number;
  /**
   * Bytes of uploaded images kept in memory; beyond it the oldest images' bytes are dropped (their uri stays
   * known to Create Product, their URL answers 410). Default 256 MB (docs/marketplace-b.md#image-upload).
   */
  imageBytesKept?: number;
  /** Waits before each webhook retry, ms of real time (docs/marketplace-b.md#webhooks); default 1 s, 4 s, 16 s. */
  webhookRetryDelaysMs?: number[];
  /** How long a webhook receiver may take to answer; default 5 s. */
  webhookTimeoutMs?: number;
  /** Copies of each webhook notification for a shop that set none; default 1. */
  webhookCopies?: number;
}

/** The default of imageBytesKept: `npm start` runs the sandbox in the server's process. */
export const IMAGE_BYTES_KEPT = 256 * 1024 * 1024;

export interface MarketplaceB {
  url: string;
  port: number;
  close(): Promise<void>;
  createShop(opts?: { name?: string; warehouse_id?: string }): ShopCredentials;
  /** Products created so far (every shop, or one). */
  productCount(shopId?: string): number;
  /** Orders placed so far (every shop, or one). */
  orderCount(shopId?: string): number;
}

/**
 * Marketplace B's sandbox: TikTok Shop's Partner API (version 202309) as TikTok documents it, in
 * memory. docs/marketplace-b.md holds its behaviour, codes and developer endpoints.
 */
export async function startMarketplaceB(opts: MarketplaceBOptions = {}): Promise<MarketplaceB> {
  const now = opts.now ?? Date.now;
  const defaults = { rate: opts.rateLimitPerSecond ?? 50, quota: opts.dailyQuota ?? 1000 };
  if (!(Number.isInteger(defaults.rate) && defaults.rate >= 1)) throw new Error('rateLimitPerSecond must be an integer >= 1');
  const state = new SandboxState(now, defaults, opts.imageBytesKept ?? IMAGE_BYTES_KEPT);
  const notifier = new Notifier(state, {
    retryDelaysMs: opts.webhookRetryDelaysMs ?? [1000, 4000, 16_000],
    timeoutMs: opts.webhookTimeoutMs ?? 5000,
    copies: Notifier.copiesValue(opts.webhookCopies ?? 1) ?? 1,
  });
  state.orderChanged = (order) => notifier.orderChanged(order);

  const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 });
  // The signature covers the raw body: keep it, parse it in the handlers.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // The product page's buy form posts as a browser does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 },
  });

  answerRefusals(app);
  registerTokenRefresh(app, state);
  const authenticate = authenticator(state);
  registerPartnerApi(app, state, authenticate);
  registerProductManagement(app, state, authenticate);
  registerCatalogApi(app, authenticate);
  registerOrderApi(app, state, authenticate);
  registerFulfillmentApi(app, state, authenticate);
  registerEventApi(app, state, authenticate);
  registerDeveloperRoutes(app, state);
  registerBuyerRoutes(app, state, notifier);

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    close: async () => {
      notifier.stop();
      await app.close();
    },
    createShop: (o) => state.createShop(o),
    productCount: (shopId) => (shopId ? state.productsOf(shopId).length : state.products.size),
    orderCount: (shopId) => (shopId ? state.ordersOf(shopId).length : state.orders.size),
  };
}
