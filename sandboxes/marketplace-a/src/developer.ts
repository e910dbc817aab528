import type { FastifyInstance } from 'fastify';
import { buyForm } from './buyForm.js';
import { buyerFor } from './buyers.js';
import { CATEGORIES } from './catalog.js';
import { registerOrderRoutes } from './orderRoutes.js';
import { indexPage, productPage } from './pages.js';
import type { FlowControl, SandboxState } from './state.js';

/** A test shop's connection, as `POST /sandbox/shops` answers it. */
export interface ShopCredentials {
  shop_id: number;
  name: string;
  app_key: string;
  app_secret: string;
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
}

export interface ShopOptions {
  name?: string;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
}

export interface DeveloperContext {
  state: SandboxState;
  flow: FlowControl;
  now: () => number;
  /** Default token lifetimes, seconds. */
  accessTtl: number;
  refreshTtl: number;
  /** The sandbox's address, known once it listens. */
  baseUrl: () => string;
}

/**
 * The developer endpoints (unsigned; docs/marketplace-a.md#developer-endpoints), the buyers' (orderRoutes.ts) and
 * the product pages a person reads. Answers `createShop`, the same as `POST /sandbox/shops`, for in-process use.
 */
export function registerDeveloperRoutes(app: FastifyInstance, ctx: DeveloperContext): (o?: ShopOptions) => ShopCredentials {
  const { state, flow, now, accessTtl, refreshTtl, baseUrl } = ctx;
  function createShop(o: ShopOptions = {}): ShopCredentials {
    const { shop, refreshToken } = state.createShop(
      o.name || `sandbox-shop-${state.shops.size + 1}`,
      o.accessTtlSeconds ?? accessTtl,
      o.refreshTtlSeconds ?? refreshTtl,
    );
    return {
      shop_id: shop.id,
      name: shop.name,
      app_key: shop.appKey,
      app_secret: shop.appSecret,
      access_token: shop.accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(shop.accessExpiresAt / 1000),
    };
  }
  const positive = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
  app.post<{ Body: { name?: string; access_ttl_seconds?: number; refresh_ttl_seconds?: number } | undefined }>(
    '/sandbox/shops',
    async (req) => {
      const b = req.body ?? {};
      return createShop({
        ...(typeof b.name === 'string' ? { name: b.name } : {}),
        ...(positive(b.access_ttl_seconds) ? { accessTtlSeconds: b.access_ttl_seconds } : {}),
        ...(positive(b.refresh_ttl_seconds) ? { refreshTtlSeconds: b.refresh_ttl_seconds } : {}),
      });
    },
  );
  app.get('/sandbox/shops', async () =>
    [...state.shops.values()].map((s) => ({
      shop_id: s.id,
      name: s.name,
      app_key: s.appKey,
      expires_at: Math.floor(s.accessExpiresAt / 1000),
    })),
  );
  const shopOr404 = (appKey: string) => state.shopByAppKey(appKey);
  app.post<{ Params: { app_key: string } }>('/sandbox/shops/:app_key/expire', async (req, reply) => {
    const shop = shopOr404(req.params.app_key);
    if (!shop) return reply.code(404).send({ error: 'no such app_key' });
    shop.accessExpiresAt = now();
    return { app_key: shop.appKey, expires_at: Math.floor(shop.accessExpiresAt / 1000) };
  });
  app.post<{ Params: { app_key: string } }>('/sandbox/shops/:app_key/revoke-refresh-tokens', async (req, reply) => {
    const shop = shopOr404(req.params.app_key);
    if (!shop) return reply.code(404).send({ error: 'no such app_key' });
    const revoked = shop.refreshTokens.size;
    shop.refreshTokens.clear();
    return { app_key: shop.appKey, revoked };
  });
  app.post<{ Body: { rate_per_second?: number; ban_seconds?: number } | undefined }>('/sandbox/rate', async (req, reply) => {
    const b = req.body ?? {};
    const rate = positive(b.rate_per_second);
    const ban = b.ban_seconds === undefined ? flow.banSeconds : positive(b.ban_seconds);
    if (rate === undefined || ban === undefined)
      return reply.code(400).send({ error: 'rate_per_second and ban_seconds must be positive numbers' });
    flow.ratePerSecond = rate;
    flow.banSeconds = ban;
    flow.reset();
    return { rate_per_second: rate, ban_seconds: ban };
  });
  const productsOf = (appKey: string | undefined) => {
    const shop = appKey ? state.shopByAppKey(appKey) : undefined;
    return [...state.products.values()].filter((p) => !appKey || p.shopId === shop?.id);
  };
  app.get<{ Querystring: { app_key?: string } }>('/sandbox/products', async (req) =>
    productsOf(req.query.app_key).map((p) => ({
      product_id: p.productId,
      shop_id: p.shopId,
      product_status_type: p.status,
      subject: p.subject,
      category_id: p.categoryId,
      images: p.images,
      delivery_time: p.deliveryTime ?? null,
      skus: p.skus.map((s) => ({
        id: s.id,
        sku_code: s.sku_code,
        price: s.price,
        discount_price: s.discount_price ?? null,
        inventory: s.inventory,
        attributes: s.attributes,
        ean_code: s.ean_code ?? '',
      })),
      url: `${baseUrl()}/sandbox/products/${p.productId}`,
      created_at: Math.floor(p.createdAt / 1000),
    })),
  );
  app.get<{ Querystring: { app_key?: string } }>('/sandbox/products/count', async (req) => ({
    count: productsOf(req.query.app_key).length,
  }));
  app.get<{ Params: { id: string } }>('/sandbox/products/:id', async (req, reply) => {
    const p = state.products.get(req.params.id);
    if (!p) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><p>No such product</p>');
    const shop = state.shops.get(p.shopId);
    // The form fills in the buyer the next order would get from the list: the same page, the same buyer.
    return reply.type('text/html; charset=utf-8').send(productPage(p, shop?.name ?? '', buyForm(p, buyerFor(state.orders.size))));
  });
  app.get('/sandbox/categories', async () => CATEGORIES.map((c) => ({ ...c, leaf: !CATEGORIES.some((x) => x.parent === c.id) })));
  app.get('/', async (_req, reply) => {
    const shops = [...state.shops.values()].map((s) => ({
      id: s.id,
      name: s.name,
      appKey: s.appKey,
      products: [...state.products.values()].filter((p) => p.shopId === s.id).length,
      orders: [...state.orders.values()].filter((o) => o.shopId === s.id).length,
    }));
    return reply.type('text/html; charset=utf-8').send(indexPage(shops, [...state.products.values()]));
  });
  registerOrderRoutes(app, state, now);

  return createShop;
}
