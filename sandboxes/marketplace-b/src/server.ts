import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { CATEGORIES, categoryById } from './categories.js';
import { CODES } from './codes.js';
import { checkProduct, Refusal, warningsFor, type CheckedProduct } from './create.js';
import { indexPage, productPage } from './pages.js';
import { signature, signMatches } from './signing.js';

/**
 * Marketplace B's sandbox: TikTok Shop's Partner API (version 202309) as TikTok documents it, in
 * memory. docs/marketplace-b.md holds its behaviour, codes and developer endpoints.
 */

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
}

/** The default of imageBytesKept: `npm start` runs the sandbox in the server's process. */
export const IMAGE_BYTES_KEPT = 256 * 1024 * 1024;

export interface ShopCredentials {
  shop_id: string;
  shop_name: string;
  app_key: string;
  app_secret: string;
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  shop_cipher: string;
  warehouse_id: string;
}

export interface MarketplaceB {
  url: string;
  port: number;
  close(): Promise<void>;
  createShop(opts?: { name?: string; warehouse_id?: string }): ShopCredentials;
  /** Products created so far (every shop, or one). */
  productCount(shopId?: string): number;
}

const ACCESS_TOKEN_TTL_S = 7 * 24 * 3600;
const REFRESH_TOKEN_TTL_S = 365 * 24 * 3600;
/** A rotated refresh token still works this long, so two workers refreshing at once both succeed. */
const REFRESH_GRACE_MS = 60_000;
const TIMESTAMP_SKEW_S = 300;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MIN_PX = 100;
const IMAGE_MAX_PX = 20_000;
const USE_CASES = ['MAIN_IMAGE', 'ATTRIBUTE_IMAGE', 'DESCRIPTION_IMAGE', 'CERTIFICATION_IMAGE', 'SIZE_CHART_IMAGE'];

interface Shop {
  id: string;
  name: string;
  app_key: string;
  app_secret: string;
  shop_cipher: string;
  warehouse_id: string;
  rate: number | null;
  quota: number | null;
  /** Accepted signed calls of the last second (ms), oldest first. */
  hits: number[];
  /** Products created on the UTC day `day` (days since the epoch): the daily quota's count. */
  today: { day: number; count: number };
}
interface Image {
  uri: string;
  name: string;
  shopId: string;
  /** null once dropped from memory (imageBytesKept). */
  bytes: Buffer | null;
  mime: string;
  width: number;
  height: number;
  use_case: string;
}
interface Product extends CheckedProduct {
  id: string;
  shopId: string;
  status: 'ACTIVATE' | 'DRAFT';
  create_time: number;
  skuIds: string[];
  warnings: { message: string }[];
}

const hex = (n: number) => randomBytes(n).toString('hex');

export async function startMarketplaceB(opts: MarketplaceBOptions = {}): Promise<MarketplaceB> {
  const now = opts.now ?? Date.now;
  const nowS = () => Math.floor(now() / 1000);
  const defaults = { rate: opts.rateLimitPerSecond ?? 50, quota: opts.dailyQuota ?? 1000 };
  if (!(Number.isInteger(defaults.rate) && defaults.rate >= 1)) throw new Error('rateLimitPerSecond must be an integer >= 1');
  const bytesBudget = opts.imageBytesKept ?? IMAGE_BYTES_KEPT;

  const shops = new Map<string, Shop>();
  const shopsByKey = new Map<string, Shop>();
  const accessTokens = new Map<string, { shopId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, { shopId: string; revokedAt: number | null }>();
  const images = new Map<string, Image>();
  const imagesByName = new Map<string, Image>();
  // Images still holding their bytes, oldest first, and what they hold in all.
  const kept: Image[] = [];
  let keptBytes = 0;
  function keep(image: Image) {
    kept.push(image);
    keptBytes += image.bytes?.length ?? 0;
    while (keptBytes > bytesBudget && kept.length > 1) {
      const oldest = kept.shift()!;
      keptBytes -= oldest.bytes?.length ?? 0;
      oldest.bytes = null;
    }
  }
  const products = new Map<string, Product>();
  const idempotency = new Map<string, string>();
  let nextId = 1729384756000000000n;
  const newId = () => String(++nextId);

  function issueTokens(shop: Shop) {
    const access_token = `TTP_${hex(20)}`;
    const refresh_token = `TTP_${hex(20)}`;
    const expires_at = nowS() + ACCESS_TOKEN_TTL_S;
    accessTokens.set(access_token, { shopId: shop.id, expiresAt: expires_at });
    refreshTokens.set(refresh_token, { shopId: shop.id, revokedAt: null });
    return { access_token, refresh_token, expires_at };
  }

  function createShop(o: { name?: string; warehouse_id?: string } = {}): ShopCredentials {
    const id = String(7_494_000_000_000_000_000n + BigInt(shops.size + 1));
    const shop: Shop = {
      id,
      name: o.name ?? `Sandbox shop ${shops.size + 1}`,
      app_key: hex(6),
      app_secret: hex(20),
      shop_cipher: `ROW_${hex(12)}`,
      warehouse_id: o.warehouse_id ?? String(7_000_000_000_000_000_000n + BigInt(shops.size + 1)),
      rate: null,
      quota: null,
      hits: [],
      today: { day: 0, count: 0 },
    };
    shops.set(id, shop);
    shopsByKey.set(shop.app_key, shop);
    return {
      shop_id: id,
      shop_name: shop.name,
      app_key: shop.app_key,
      app_secret: shop.app_secret,
      shop_cipher: shop.shop_cipher,
      warehouse_id: shop.warehouse_id,
      ...issueTokens(shop),
    };
  }

  const rateOf = (s: Shop) => s.rate ?? defaults.rate;
  const quotaOf = (s: Shop) => s.quota ?? defaults.quota;
  const productsOf = (shopId: string) => [...products.values()].filter((p) => p.shopId === shopId);

  /** The signed-call gate: sign, timestamp, token, shop_cipher, rate (docs/marketplace-b.md#signed-calls). */
  function authenticate(req: FastifyRequest, raw: Buffer | null): Shop {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    const appKey = params.get('app_key') ?? '';
    const presented = params.get('sign') ?? '';
    const app = shopsByKey.get(appKey);
    if (!app || presented === '' || !signMatches(presented, signature(app.app_secret, path, params, raw)))
      throw new Refusal(401, CODES.badSign, 'Invalid sign');
    const ts = Number(params.get('timestamp'));
    if (!Number.isInteger(ts) || Math.abs(nowS() - ts) > TIMESTAMP_SKEW_S)
      throw new Refusal(401, CODES.staleTimestamp, 'Timestamp is missing or more than 5 minutes away from now');
    const token = req.headers['x-tts-access-token'];
    const held = typeof token === 'string' ? accessTokens.get(token) : undefined;
    if (!held || held.shopId !== app.id) throw new Refusal(401, CODES.tokenInvalid, 'Access token is invalid');
    if (held.expiresAt <= nowS()) throw new Refusal(401, CODES.tokenExpired, 'Access token is expired');
    const cipher = params.get('shop_cipher');
    if (!cipher || cipher !== app.shop_cipher)
      throw new Refusal(400, CODES.shopCipher, 'shop_cipher is required and must be the authorized shop');
    const t = now();
    while (app.hits.length > 0 && app.hits[0]! <= t - 1000) app.hits.shift();
    if (app.hits.length >= rateOf(app)) {
      const waitMs = Math.max(1, app.hits[0]! + 1000 - t);
      throw new Refusal(429, CODES.tooManyRequests, 'Too many requests', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
        'x-tts-retry-after-ms': String(waitMs),
      });
    }
    app.hits.push(t);
    return app;
  }

  const ok = (data: unknown) => ({ code: 0, message: 'Success', request_id: randomUUID(), data });

  const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 });
  // The signature covers the raw body: keep it, parse it in the handlers.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 },
  });

  app.setErrorHandler((err: unknown, _req, reply) => {
    if (err instanceof Refusal) {
      return reply
        .code(err.status)
        .headers(err.headers)
        .send({ code: err.code, message: err.message, request_id: randomUUID(), data: null });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    const message = err instanceof Error ? err.message : 'error';
    return reply
      .code(status >= 500 ? 500 : 400)
      .send({ code: status >= 500 ? 1 : CODES.badRequest, message, request_id: randomUUID(), data: null });
  });

  const jsonBody = (req: FastifyRequest): { raw: Buffer | null; body: unknown } => {
    const raw = Buffer.isBuffer(req.body) ? req.body : null;
    if (!raw || raw.length === 0) return { raw, body: {} };
    try {
      return { raw, body: JSON.parse(raw.toString('utf8')) };
    } catch {
      // Signed first: an unsigned garbage body is a bad sign, not a bad body.
      return { raw, body: Symbol.for('malformed') };
    }
  };
  const needObject = (body: unknown) => {
    if (typeof body === 'symbol') throw new Refusal(400, CODES.badRequest, 'The body is not valid JSON');
  };

  // ── Token refresh (the auth host's path, served on the same base URL; not signed) ──────────────────
  app.get('/api/v2/token/refresh', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const shop = shopsByKey.get(q.app_key ?? '');
    const held = refreshTokens.get(q.refresh_token ?? '');
    const t = now();
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
    const tokens = issueTokens(shop);
    return ok({
      access_token: tokens.access_token,
      access_token_expire_in: tokens.expires_at,
      refresh_token: tokens.refresh_token,
      refresh_token_expire_in: nowS() + REFRESH_TOKEN_TTL_S,
      open_id: shop.id,
      seller_name: shop.name,
      seller_base_region: 'US',
      user_type: 0,
    });
  });

  // ── Categories (signed, and a developer copy) ─────────────────────────────────────────────────────
  app.get('/product/202309/categories', async (req) => {
    authenticate(req, null);
    return ok({ categories: CATEGORIES });
  });

  // ── Upload Image: multipart only ───────────────────────────────────────────────────────────────────
  app.post('/product/202309/images/upload', async (req) => {
    let file: Buffer | null = null;
    let truncated = false;
    let useCase = 'MAIN_IMAGE';
    let raw: Buffer | null = null;
    let shop: Shop;
    if (req.isMultipart()) {
      // A multipart request signs the path and query only: refused before a byte of the file is read.
      shop = authenticate(req, null);
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const c of part.file) chunks.push(c as Buffer);
          if (part.fieldname === 'data') {
            file = Buffer.concat(chunks);
            truncated = part.file.truncated;
          }
        } else if (part.fieldname === 'use_case') {
          useCase = String(part.value);
        }
      }
    } else {
      raw = Buffer.isBuffer(req.body) ? req.body : null;
      shop = authenticate(req, raw);
    }
    if (!req.isMultipart() || !file)
      throw new Refusal(200, CODES.notMultipart, 'The image must be sent as multipart/form-data in the field "data"');
    if (!USE_CASES.includes(useCase)) throw new Refusal(200, CODES.badRequest, `use_case must be one of ${USE_CASES.join(', ')}`);
    if (truncated || file.length > IMAGE_MAX_BYTES) throw new Refusal(200, CODES.imageTooLarge, 'The image is larger than 5 MB');
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(file).metadata();
    } catch {
      throw new Refusal(200, CODES.imageFormat, 'The image must be a JPG or PNG');
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Refusal(200, CODES.imageFormat, 'The image must be a JPG or PNG');
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < IMAGE_MIN_PX || height < IMAGE_MIN_PX)
      throw new Refusal(200, CODES.imageTooSmall, `The image must be at least ${IMAGE_MIN_PX}x${IMAGE_MIN_PX} px`);
    if (width > IMAGE_MAX_PX || height > IMAGE_MAX_PX)
      throw new Refusal(200, CODES.imageTooLarge, `The image must be at most ${IMAGE_MAX_PX}x${IMAGE_MAX_PX} px`);
    const name = `${hex(16)}.${meta.format === 'png' ? 'png' : 'jpg'}`;
    const image: Image = {
      uri: `tos-sandbox-i-b/${name.slice(0, 32)}`,
      name,
      shopId: shop.id,
      bytes: file,
      mime: meta.format === 'png' ? 'image/png' : 'image/jpeg',
      width,
      height,
      use_case: useCase,
    };
    images.set(image.uri, image);
    imagesByName.set(name, image);
    keep(image);
    return ok({ uri: image.uri, url: imageUrl(req, image), width, height, use_case: useCase });
  });

  const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  const imageUrl = (req: FastifyRequest, image: Image) => `${origin(req)}/sandbox/images/${image.name}`;

  // ── Create Product ─────────────────────────────────────────────────────────────────────────────────
  // The handler is synchronous from the parsed body to the stored product, so two concurrent requests
  // with one idempotency_key cannot both create (docs/marketplace-b.md#idempotency).
  app.post('/product/202309/products', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const key =
      typeof body === 'object' && body !== null && typeof (body as { idempotency_key?: unknown }).idempotency_key === 'string'
        ? (body as { idempotency_key: string }).idempotency_key
        : '';
    const replay = key ? idempotency.get(`${shop.id}\u0000${key}`) : undefined;
    if (replay) return ok(createAnswer(products.get(replay)!));
    const checked = checkProduct(body, shop, (uri) => images.get(uri)?.shopId === shop.id);
    const day = Math.floor(nowS() / 86_400);
    if (shop.today.day !== day) shop.today = { day, count: 0 };
    if (shop.today.count >= quotaOf(shop))
      throw new Refusal(200, CODES.dailyQuota, `The shop reached its daily listing limit of ${quotaOf(shop)} products`);
    const product: Product = {
      ...checked,
      id: newId(),
      shopId: shop.id,
      status: checked.save_mode === 'AS_DRAFT' ? 'DRAFT' : 'ACTIVATE',
      create_time: nowS(),
      skuIds: checked.skus.map(() => newId()),
      warnings: warningsFor(checked),
    };
    products.set(product.id, product);
    shop.today.count += 1;
    if (key) idempotency.set(`${shop.id}\u0000${key}`, product.id);
    return ok(createAnswer(product));
  });

  const createAnswer = (p: Product) => ({
    product_id: p.id,
    skus: p.skus.map((s, i) => ({ id: p.skuIds[i], seller_sku: s.seller_sku, sales_attributes: s.sales_attributes })),
    warnings: p.warnings,
  });

  // ── Search Products (by seller SKUs, status) ───────────────────────────────────────────────────────
  app.post('/product/202309/products/search', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const q = req.query as Record<string, string | undefined>;
    const pageSize = Number(q.page_size);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw new Refusal(200, CODES.badRequest, 'page_size is required, 1-100');
    const offset = q.page_token ? Number(Buffer.from(q.page_token, 'base64url').toString()) || 0 : 0;
    const f = (body ?? {}) as { seller_skus?: unknown; status?: unknown };
    if (f.seller_skus !== undefined && (!Array.isArray(f.seller_skus) || f.seller_skus.some((s) => typeof s !== 'string')))
      throw new Refusal(200, CODES.badRequest, 'seller_skus must be an array of strings');
    const wanted = Array.isArray(f.seller_skus) ? new Set(f.seller_skus as string[]) : null;
    const matches = productsOf(shop.id).filter(
      (p) =>
        (!wanted || p.skus.some((s) => wanted.has(s.seller_sku))) &&
        (typeof f.status !== 'string' || f.status === 'ALL' || f.status === p.status),
    );
    const page = matches.slice(offset, offset + pageSize);
    const next = offset + pageSize < matches.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : '';
    return ok({
      total_count: matches.length,
      next_page_token: next,
      products: page.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        create_time: p.create_time,
        update_time: p.create_time,
        sales_regions: ['US'],
        skus: p.skus.map((s, i) => ({
          id: p.skuIds[i],
          seller_sku: s.seller_sku,
          price: { tax_exclusive_price: s.price.amount, currency: s.price.currency },
          inventory: s.inventory,
        })),
      })),
    });
  });

  // ── Developer endpoints (not signed; docs/marketplace-b.md#developer-endpoints) ────────────────────
  const shopOr404 = (id: string) => {
    const s = shops.get(id);
    if (!s) throw new Refusal(404, 404, `No shop ${id}`);
    return s;
  };
  const devBody = (req: FastifyRequest): Record<string, unknown> => {
    const { body } = jsonBody(req);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  };
  /** A limit's new value; a rate of 0 would refuse every call with no time to wait, so rates start at 1. */
  const limitValue = (v: unknown, name: string, min: number): number | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new Refusal(400, 400, `${name} must be an integer >= ${min}`);
    return v;
  };

  app.post('/sandbox/shops', async (req) => {
    const b = devBody(req);
    return createShop({
      name: typeof b.name === 'string' ? b.name : undefined,
      warehouse_id: typeof b.warehouse_id === 'string' ? b.warehouse_id : undefined,
    });
  });
  app.get('/sandbox/shops', async () => ({
    shops: [...shops.values()].map((s) => ({
      shop_id: s.id,
      shop_name: s.name,
      products: productsOf(s.id).length,
      rate_limit_per_second: rateOf(s),
      daily_quota: quotaOf(s),
    })),
  }));
  app.post('/sandbox/shops/:id/expire-token', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    for (const held of accessTokens.values()) if (held.shopId === shop.id) held.expiresAt = nowS() - 1;
    return { ok: true };
  });
  app.post('/sandbox/shops/:id/revoke-refresh-token', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    for (const held of refreshTokens.values()) if (held.shopId === shop.id) held.revokedAt = now();
    return { ok: true };
  });
  app.post('/sandbox/shops/:id/limits', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    const b = devBody(req);
    const rate = limitValue(b.rate_limit_per_second, 'rate_limit_per_second', 1);
    const quota = limitValue(b.daily_quota, 'daily_quota', 0);
    if (rate !== undefined) shop.rate = rate;
    if (quota !== undefined) shop.quota = quota;
    shop.hits = [];
    return { rate_limit_per_second: rateOf(shop), daily_quota: quotaOf(shop) };
  });
  app.post('/sandbox/limits', async (req) => {
    const b = devBody(req);
    const rate = limitValue(b.rate_limit_per_second, 'rate_limit_per_second', 1);
    const quota = limitValue(b.daily_quota, 'daily_quota', 0);
    if (typeof rate === 'number') defaults.rate = rate;
    if (typeof quota === 'number') defaults.quota = quota;
    return { rate_limit_per_second: defaults.rate, daily_quota: defaults.quota };
  });
  app.get('/sandbox/products', async (req) => {
    const q = req.query as { shop_id?: string };
    const list = q.shop_id ? productsOf(q.shop_id) : [...products.values()];
    return {
      count: list.length,
      products: list.map((p) => ({
        product_id: p.id,
        shop_id: p.shopId,
        title: p.title,
        status: p.status,
        sku_count: p.skus.length,
        seller_skus: p.skus.map((s) => s.seller_sku),
        create_time: p.create_time,
      })),
    };
  });
  app.get('/sandbox/categories', async () => ({ categories: CATEGORIES }));
  app.get('/sandbox/images/:name', async (req, reply: FastifyReply) => {
    const image = imagesByName.get((req.params as { name: string }).name);
    if (!image) throw new Refusal(404, 404, 'No such image');
    if (!image.bytes) throw new Refusal(410, 410, 'The image was dropped from the sandbox memory (imageBytesKept)');
    return reply.type(image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes);
  });
  app.get('/sandbox/products/:id', async (req, reply: FastifyReply) => {
    const p = products.get((req.params as { id: string }).id);
    if (!p) throw new Refusal(404, 404, 'No such product');
    const url = (uri: string) => {
      const image = images.get(uri);
      return image ? imageUrl(req, image) : '';
    };
    const html = productPage({
      product_id: p.id,
      shop_name: shops.get(p.shopId)?.name ?? p.shopId,
      title: p.title,
      description: p.description,
      category: `${categoryById.get(p.category_id)?.local_name ?? ''} (${p.category_id})`,
      status: p.status,
      create_time: p.create_time,
      images: p.main_images.map(url),
      skus: p.skus.map((s, i) => ({
        id: p.skuIds[i] ?? '',
        seller_sku: s.seller_sku,
        attributes: s.sales_attributes.map((a) => `${a.name}: ${a.value_name}`).join(', '),
        img: url(s.sales_attributes.find((a) => a.sku_img)?.sku_img?.uri ?? ''),
        price: `${s.price.amount} ${s.price.currency}`,
        quantity: s.inventory.reduce((n, l) => n + l.quantity, 0),
      })),
      warnings: p.warnings.map((w) => w.message),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get('/', async (_req, reply: FastifyReply) => {
    const html = indexPage(
      [...shops.values()].map((s) => ({
        id: s.id,
        name: s.name,
        products: productsOf(s.id).length,
        rate: rateOf(s),
        quota: quotaOf(s),
      })),
      [...products.values()]
        .reverse()
        .slice(0, 500)
        .map((p) => ({
          product_id: p.id,
          title: p.title,
          shop_name: shops.get(p.shopId)?.name ?? p.shopId,
          skus: p.skus.length,
        })),
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    close: () => app.close(),
    createShop,
    productCount: (shopId) => (shopId ? productsOf(shopId).length : products.size),
  };
}
