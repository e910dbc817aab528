import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { CATEGORIES } from './catalog.js';
import { errorBody, GatewayError, invalid, missing, business, requestId } from './errors.js';
import { LIMITS } from './limits.js';
import { indexPage, productPage } from './pages.js';
import { checkProduct } from './product.js';
import { signIop, signMatches } from './signing.js';
import { FlowControl, SandboxState, type Shop, type StoredProduct } from './state.js';

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

export interface MarketplaceA {
  url: string;
  close(): Promise<void>;
  /** The same as `POST /sandbox/shops`, for in-process use. */
  createShop(opts?: { name?: string; accessTtlSeconds?: number; refreshTtlSeconds?: number }): ShopCredentials;
  setRate(ratePerSecond: number, banSeconds?: number): void;
  /** The products created so far (every shop). */
  products(): StoredProduct[];
}

type Params = Record<string, string>;
interface Upload {
  bytes: Buffer;
  truncated: boolean;
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

  /**
   * Query and form parameters (form wins), and the multipart file `image_bytes` if any. `gate` runs on the
   * parameters read so far when the file part starts, before a byte of it is read: the signed parameters come
   * before the file (docs/marketplace-a.md#photo-bank-upload), so a bad sign never has its upload buffered.
   */
  async function readParams(req: FastifyRequest, gate?: (p: Params) => Shop): Promise<{ params: Params; upload?: Upload; shop?: Shop }> {
    const params: Params = {};
    for (const [k, v] of Object.entries(req.query as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('application/json'))
      throw invalid('isv.content-type', 'the gateway takes query or form parameters, not a JSON body');
    let upload: Upload | undefined;
    let shop: Shop | undefined;
    if (req.isMultipart()) {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (gate && !shop) shop = gate(params);
          // Read by hand: past the size limit busboy truncates the stream, which is the answer we want (not a 413).
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.fieldname === 'image_bytes') upload = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
        } else if (typeof part.value === 'string') params[part.fieldname] = part.value;
      }
    } else if (req.body && typeof req.body === 'object') {
      for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
    }
    return { params, ...(upload ? { upload } : {}), ...(shop ? { shop } : {}) };
  }

  /** The gateway's checks, in order: app key, flow control, signature, timestamp, session. */
  function authenticate(params: Params, apiPath: string, needSession: boolean): Shop {
    if (!params.app_key) throw new GatewayError('MissingAppKey', 'Missing app_key');
    const shop = state.shopByAppKey(params.app_key);
    if (!shop) throw new GatewayError('InvalidAppKey', 'Specified app_key is invalid');
    const ban = flow.admit(`${shop.appKey}|${params.session ?? ''}`);
    if (ban !== null)
      throw new GatewayError('ApiCallLimits', `The request has exceeded the limit. This ban will last ${ban} seconds`, undefined, 'ISP');
    if (!params.sign) throw new GatewayError('MissingSignature', 'Missing sign');
    if (params.sign_method !== 'sha256')
      throw new GatewayError('InvalidSignMethod', 'Specified sign_method is invalid: only sha256 is supported');
    if (!signMatches(params.sign, signIop(shop.appSecret, apiPath, params)))
      throw new GatewayError('IncompleteSignature', 'The request signature does not conform to platform standards');
    if (!params.timestamp) throw new GatewayError('MissingTimestamp', 'Missing timestamp');
    const ts = Number(params.timestamp);
    if (!/^\d{13}$/.test(params.timestamp) || Math.abs(now() - ts) > LIMITS.timestampSkewMs)
      throw new GatewayError(
        'IllegalTimestamp',
        `The timestamp must be milliseconds within ${LIMITS.timestampSkewMs / 60000} minutes of the gateway's clock`,
      );
    if (needSession) {
      if (!params.session) throw new GatewayError('MissingAccessToken', 'Missing session (access token)');
      if (params.session !== shop.accessToken) throw new GatewayError('IllegalAccessToken', 'The specified access token is invalid');
      if (now() >= shop.accessExpiresAt) throw new GatewayError('IllegalAccessToken', 'The specified access token has expired');
    }
    return shop;
  }

  type Handler = (shop: Shop, params: Params, upload: Upload | undefined) => Promise<unknown> | unknown;
  const methods: Record<string, Handler> = {
    'aliexpress.photobank.redefining.uploadimageforsdk': async (shop, params, upload) => {
      if (!params.file_name) throw missing('file_name');
      if (!upload) throw missing('image_bytes');
      if (upload.truncated) throw invalid('isv.image-size', `image_bytes is larger than ${LIMITS.imageBytesMax / 1024 / 1024} MB`);
      const meta = await sharp(upload.bytes)
        .metadata()
        .catch(() => null);
      if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png'))
        throw invalid('isv.image-format', 'image_bytes must be a JPG or PNG image');
      const w = meta.width ?? 0;
      const h = meta.height ?? 0;
      if (Math.min(w, h) < LIMITS.imageSideMin || Math.max(w, h) > LIMITS.imageSideMax)
        throw invalid(
          'isv.image-dimensions',
          `image_bytes is ${w}×${h} px; each side must be ${LIMITS.imageSideMin}–${LIMITS.imageSideMax} px`,
        );
      const img = state.addImage(shop.id, meta.format === 'png' ? 'image/png' : 'image/jpeg', upload.bytes, w, h, baseUrl);
      return {
        aliexpress_photobank_redefining_uploadimageforsdk_response: {
          result: { success: true, photobank_url: img.url, photobank_id: img.id, width: w, height: h },
        },
      };
    },
    'aliexpress.solution.product.post': (shop, params) => {
      const checked = checkProduct(params.post_product_request, shop, state);
      const product: StoredProduct = { ...checked, productId: state.newProductId(), createdAt: now() };
      state.products.set(product.productId, product);
      return { aliexpress_solution_product_post_response: { result: { product_id: Number(product.productId) } } };
    },
    'aliexpress.solution.product.list.get': (shop, params) => {
      const raw = params.aeop_a_e_product_list_query;
      if (!raw) throw missing('aeop_a_e_product_list_query');
      let q: Record<string, unknown>;
      try {
        q = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw invalid('isv.invalid-json', 'aeop_a_e_product_list_query is not valid JSON');
      }
      const status = q.product_status_type;
      if (!status) throw missing('aeop_a_e_product_list_query.product_status_type');
      if (!['onSelling', 'offline', 'auditing', 'editingRequired'].includes(String(status)))
        throw invalid('isv.invalid-parameter', 'aeop_a_e_product_list_query.product_status_type is not a status');
      const page = Math.max(1, Number(q.current_page ?? 1) || 1);
      const size = Math.min(100, Math.max(1, Number(q.page_size ?? 20) || 20));
      const all = [...state.products.values()].filter(
        (p) =>
          p.shopId === shop.id &&
          status === 'onSelling' &&
          (q.sku_code === undefined || p.skus.some((s) => s.sku_code === String(q.sku_code))) &&
          (q.product_id === undefined || p.productId === String(q.product_id)),
      );
      const items = all.slice((page - 1) * size, page * size).map((p) => ({
        product_id: Number(p.productId),
        subject: p.subject,
        image_u_r_ls: p.images.join(';'),
        product_min_price: Math.min(...p.skus.map((s) => s.price)).toFixed(2),
        product_max_price: Math.max(...p.skus.map((s) => s.price)).toFixed(2),
        gmt_create: new Date(p.createdAt).toISOString(),
      }));
      return {
        aliexpress_solution_product_list_get_response: {
          result: {
            success: true,
            current_page: page,
            product_count: all.length,
            total_page: Math.ceil(all.length / size),
            aeop_a_e_product_display_d_t_o_list: { item_display_dto: items },
          },
        },
      };
    },
    'aliexpress.solution.product.info.get': (shop, params) => {
      if (!params.product_id) throw missing('product_id');
      const p = state.products.get(params.product_id);
      if (!p || p.shopId !== shop.id)
        throw business('isv.product-not-found', `product_id ${params.product_id} is not a product of this shop`);
      return {
        aliexpress_solution_product_info_get_response: {
          result: {
            product_id: Number(p.productId),
            subject: p.subject,
            aliexpress_category_id: p.categoryId,
            product_status_type: 'onSelling',
            image_u_r_ls: p.images.join(';'),
            aeop_ae_product_s_k_us: {
              global_aeop_ae_product_sku: p.skus.map((s) => ({
                id: s.id,
                sku_code: s.sku_code,
                sku_price: s.price.toFixed(2),
                ...(s.discount_price !== undefined ? { sku_discount_price: s.discount_price.toFixed(2) } : {}),
                ipm_sku_stock: s.inventory,
                sku_stock: true,
                aeop_s_k_u_property_list: {
                  global_aeop_sku_property: s.attributes.map((a) => ({
                    sku_property_id: a.sku_attribute_name_id,
                    ...(a.sku_attribute_value_id !== undefined ? { property_value_id: a.sku_attribute_value_id } : {}),
                    ...(a.sku_attribute_value !== undefined ? { property_value_definition_name: a.sku_attribute_value } : {}),
                    ...(a.sku_image_url ? { sku_image: a.sku_image_url } : {}),
                  })),
                },
              })),
            },
          },
        },
      };
    },
  };

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

  // Developer endpoints (unsigned): docs/marketplace-a.md#developer-endpoints.
  function createShop(o: { name?: string; accessTtlSeconds?: number; refreshTtlSeconds?: number } = {}): ShopCredentials {
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
      subject: p.subject,
      category_id: p.categoryId,
      images: p.images,
      skus: p.skus.map((s) => ({ id: s.id, sku_code: s.sku_code, price: s.price, inventory: s.inventory, attributes: s.attributes })),
      url: `${baseUrl}/sandbox/products/${p.productId}`,
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
    return reply.type('text/html; charset=utf-8').send(productPage(p, shop?.name ?? ''));
  });
  app.get('/sandbox/categories', async () => CATEGORIES.map((c) => ({ ...c, leaf: !CATEGORIES.some((x) => x.parent === c.id) })));
  app.get('/', async (_req, reply) => {
    const shops = [...state.shops.values()].map((s) => ({
      id: s.id,
      name: s.name,
      appKey: s.appKey,
      products: [...state.products.values()].filter((p) => p.shopId === s.id).length,
    }));
    return reply.type('text/html; charset=utf-8').send(indexPage(shops, [...state.products.values()]));
  });

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
  };
}
