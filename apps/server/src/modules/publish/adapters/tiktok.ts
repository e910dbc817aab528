import type { ShopConnection } from '../../shops/index.js';
import {
  MarketplaceError,
  type ConnectionProblem,
  type ImageToUpload,
  type Listing,
  type MarketplaceAdapter,
  type PreflightReason,
  type RefreshedTokens,
  type RemoteProduct,
} from './types.js';
import { attributeGaps } from './attributes.js';
import { createTiktokGateway, tiktokError } from './tiktokGateway.js';
import { str as text } from './json.js';

export { tiktokError, tiktokSign } from './tiktokGateway.js';

/**
 * Marketplace B (TikTok Shop, platform 15): the Partner API 202309 as docs/marketplace-b.md describes it,
 * over signed HTTP to `baseUrl` (MARKETPLACE_B_URL: the real API or sandboxes/marketplace-b).
 * docs/marketplace-b.md#adapter holds the decisions: the limits checked before sending, how the
 * listing becomes the Create Product body, and how every answer maps to a MarketplaceError (the signing,
 * the transport and that mapping in tiktokGateway.ts).
 * Never logs: the secret, the tokens and the shop cipher stay out of every error it throws.
 */

/** US limits (docs/marketplace-b.md). */
export const TIKTOK_LIMITS = {
  titleMax: 255,
  descriptionMax: 10_000,
  mainImagesMax: 9,
  skusMax: 100,
  attributeValueMax: 50,
  priceMin: 0.01,
  priceMax: 7600,
  inventoryMax: 999_999,
  /** A made-to-order SKU's handling days (`pre_sale.fulfillment_type.handling_duration_days`; chosen, UNCONFIRMED). */
  handlingDaysMin: 1,
  handlingDaysMax: 30,
  sellerSkuMax: 50,
  /** Package weight and sides are sent with 3 decimals: the smallest that is not "0" (docs/marketplace-b.md#create-product-body). */
  packageMin: 0.001,
  /** Chosen: no package weighs or measures more (and the value stays a plain decimal, never "1e+21"). */
  packageMax: 10_000,
} as const;

/** A call that has not answered in this long is given up as `unavailable` (docs/marketplace-b.md#adapter). */
export const TIKTOK_TIMEOUT_MS = 20_000;
const DESCRIPTION_TAGS = new Set(['p', 'img', 'ul', 'ol', 'li', 'br', 'strong', 'b', 'i', 'em', 'u']);
const HAN = /\p{Script=Han}/u;
const EMOJI = /\p{Extended_Pictographic}/u;

export interface TiktokAdapterOptions {
  baseUrl: string;
  /** The auth host for the token refresh; default baseUrl (the sandbox serves both). */
  authUrl?: string;
  /** The listing's page for the publish record; default the sandbox's product page under baseUrl. */
  productPageUrl?: (productId: string) => string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (the sign's timestamp). */
  now?: () => number;
  timeoutMs?: number;
}

/** A field as trimmed text. */
const trimmed = (v: unknown): string => text(v).trim();
const positive = (v: unknown): number => {
  const n = Number(trimmed(v));
  return Number.isFinite(n) && n > 0 ? n : 0;
};
/** A package value as it is sent: 3 decimals, a plain decimal string; null when that is not within the limits. */
function wire(n: number): string | null {
  const rounded = Math.round(n * 1000) / 1000;
  if (!(rounded >= TIKTOK_LIMITS.packageMin && rounded <= TIKTOK_LIMITS.packageMax)) return null;
  return String(rounded);
}
const WEIGHT_UNITS: Record<string, 'KILOGRAM' | 'POUND'> = { KILOGRAM: 'KILOGRAM', KG: 'KILOGRAM', POUND: 'POUND', LB: 'POUND' };
const DIMENSION_UNITS: Record<string, 'CENTIMETER' | 'INCH'> = {
  CENTIMETER: 'CENTIMETER',
  CM: 'CENTIMETER',
  INCH: 'INCH',
  IN: 'INCH',
};

/** The template's package (docs/marketplace-b.md#create-product-body): units default to KILOGRAM–CENTIMETER. */
function packageOf(t: Record<string, unknown>) {
  const weightUnit = WEIGHT_UNITS[trimmed(t.weight_unit).toUpperCase() || 'KILOGRAM'];
  const dimensionUnit = DIMENSION_UNITS[trimmed(t.dimension_unit).toUpperCase() || 'CENTIMETER'];
  const dims = [t.package_length, t.package_width, t.package_height];
  const given = dims.filter((d) => trimmed(d) !== '' && Number(trimmed(d)) !== 0).length;
  return {
    weight: positive(t.package_weight),
    weightUnit,
    dimensionUnit,
    rawUnits: { weight: trimmed(t.weight_unit) || 'KILOGRAM', dimension: trimmed(t.dimension_unit) || 'CENTIMETER' },
    dims: given === 0 ? null : dims.map(positive),
  };
}

const chars = (s: string) => [...s].length;

export function createTiktokAdapter(opts: TiktokAdapterOptions): MarketplaceAdapter {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authBase = (opts.authUrl ?? base).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? TIKTOK_TIMEOUT_MS;
  const pageUrl = opts.productPageUrl ?? ((id: string) => `${base}/sandbox/products/${encodeURIComponent(id)}`);

  const { send, call } = createTiktokGateway({ base, fetch: doFetch, now, timeoutMs });

  function validate(listing: Listing): PreflightReason[] {
    const out: PreflightReason[] = [];
    const L = TIKTOK_LIMITS;
    const title = listing.title.trim();
    if (title === '') out.push({ key: 'tiktokTitleEmpty' });
    if (chars(title) > L.titleMax) out.push({ key: 'tiktokTitleTooLong', params: { count: chars(title), max: L.titleMax } });
    if (HAN.test(title)) out.push({ key: 'tiktokTitleChinese' });
    if (EMOJI.test(title)) out.push({ key: 'tiktokTitleEmoji' });
    const description = listing.description;
    if (chars(description) > L.descriptionMax)
      out.push({ key: 'tiktokDescriptionTooLong', params: { count: chars(description), max: L.descriptionMax } });
    const tags = [...new Set([...description.matchAll(/<\/?\s*([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()))];
    const foreign = tags.filter((t) => !DESCRIPTION_TAGS.has(t));
    if (foreign.length > 0) out.push({ key: 'tiktokDescriptionTags', params: { tags: foreign.join(' ') } });
    if (trimmed(listing.template.category_id) === '') out.push({ key: 'tiktokCategoryMissing' });
    if (listing.mainImages.length === 0) out.push({ key: 'tiktokNoMainImage' });
    if (listing.mainImages.length > L.mainImagesMax)
      out.push({ key: 'tiktokTooManyImages', params: { count: listing.mainImages.length, max: L.mainImagesMax } });
    const skus = listing.skus;
    if (skus.length === 0) out.push({ key: 'tiktokNoSkus' });
    if (skus.length > L.skusMax) out.push({ key: 'tiktokTooManySkus', params: { count: skus.length, max: L.skusMax } });
    const longValues = new Set<string>();
    const seen = new Set<string>();
    const duplicates: { color: string; size: string }[] = [];
    // Prices as they are sent (two decimals): 0.004 would go out as "0.00".
    const sentPrice = (p: number) => Math.round(p * 100) / 100;
    const badPrices = skus.filter((s) => !(sentPrice(s.price) >= L.priceMin && sentPrice(s.price) <= L.priceMax));
    const badStock = skus.filter((s) => !(Number.isInteger(s.inventory) && s.inventory >= 0 && s.inventory <= L.inventoryMax));
    for (const s of skus) {
      for (const v of [s.color, s.size]) if (chars(v) > L.attributeValueMax) longValues.add(v);
      const combo = `${s.color}\u0000${s.size}`;
      if (seen.has(combo) && !duplicates.some((d) => d.color === s.color && d.size === s.size))
        duplicates.push({ color: s.color, size: s.size });
      seen.add(combo);
      if (chars(s.sellerSku) > L.sellerSkuMax)
        out.push({ key: 'tiktokSellerSkuTooLong', params: { sku: s.sellerSku, max: L.sellerSkuMax } });
    }
    for (const value of longValues) out.push({ key: 'tiktokAttributeTooLong', params: { value, max: L.attributeValueMax } });
    for (const d of duplicates) out.push({ key: 'tiktokDuplicateVariant', params: d });
    if (badPrices[0])
      out.push({
        key: 'tiktokPriceRange',
        params: { count: badPrices.length, sku: badPrices[0].sellerSku, price: badPrices[0].price, min: L.priceMin, max: L.priceMax },
      });
    if (badStock[0])
      out.push({
        key: 'tiktokInventoryRange',
        params: { count: badStock.length, sku: badStock[0].sellerSku, quantity: badStock[0].inventory, max: L.inventoryMax },
      });
    out.push(...attributeGaps(skus));
    const days = listing.handlingDays;
    if (days !== undefined && !(Number.isInteger(days) && days >= L.handlingDaysMin && days <= L.handlingDaysMax))
      out.push({ key: 'tiktokHandlingDays', params: { days, min: L.handlingDaysMin, max: L.handlingDaysMax } });
    // The package as it is sent (3 decimals): 0.0004 would go out as "0", 1e21 as "1e+21".
    const pkg = packageOf(listing.template);
    const range = { min: L.packageMin, max: L.packageMax };
    if (pkg.weight <= 0) out.push({ key: 'tiktokWeightMissing' });
    else if (wire(pkg.weight) === null) out.push({ key: 'tiktokWeightRange', params: range });
    if (pkg.dims && pkg.dims.some((d) => d <= 0)) out.push({ key: 'tiktokDimensionsInvalid' });
    else if (pkg.dims && pkg.dims.some((d) => wire(d) === null)) out.push({ key: 'tiktokDimensionsRange', params: range });
    if (!pkg.weightUnit || !pkg.dimensionUnit || (pkg.weightUnit === 'KILOGRAM') !== (pkg.dimensionUnit === 'CENTIMETER'))
      out.push({ key: 'tiktokUnitsMismatch', params: pkg.rawUnits });
    return out;
  }

  /** The 202309 Create Product body (docs/marketplace-b.md#create-product-body). */
  function productBody(conn: ShopConnection, listing: Listing, idempotencyKey: string) {
    const t = listing.template;
    const pkg = packageOf(t);
    const warehouse = conn.warehouse_id || trimmed(t.warehouse_id);
    const body: Record<string, unknown> = {
      title: listing.title.trim(),
      description: listing.description,
      category_id: trimmed(t.category_id),
      main_images: listing.mainImages.map((uri) => ({ uri })),
      skus: listing.skus.map((s) => ({
        seller_sku: s.sellerSku,
        sales_attributes: [
          ...(s.color.trim() ? [{ name: 'Color', value_name: s.color, ...(s.imageRef ? { sku_img: { uri: s.imageRef } } : {}) }] : []),
          ...(s.size.trim() ? [{ name: 'Size', value_name: s.size }] : []),
        ],
        price: { amount: s.price.toFixed(2), currency: 'USD' },
        // The crossed-out price (docs/publishing.md#crossed-out-price): only above what the buyer pays.
        ...(s.crossedOut !== undefined && Math.round(s.crossedOut * 100) > Math.round(s.price * 100)
          ? { list_price: { amount: s.crossedOut.toFixed(2), currency: 'USD' } }
          : {}),
        inventory: [{ warehouse_id: warehouse, quantity: s.inventory }],
        // Made to order: the days before it ships (docs/marketplace-b.md#stock).
        ...(listing.handlingDays !== undefined
          ? { pre_sale: { type: 'MADE_TO_ORDER', fulfillment_type: { handling_duration_days: listing.handlingDays } } }
          : {}),
        ...(s.barcode ? { identifier_code: { code: s.barcode.code, type: s.barcode.type } } : {}),
      })),
      package_weight: { value: wire(pkg.weight) ?? '0', unit: pkg.weightUnit ?? 'KILOGRAM' },
      save_mode: trimmed(t.save_mode).toUpperCase() === 'AS_DRAFT' ? 'AS_DRAFT' : 'LISTING',
      idempotency_key: idempotencyKey,
    };
    if (trimmed(t.brand_id)) body.brand_id = trimmed(t.brand_id);
    if (pkg.dims) {
      const [length, width, height] = pkg.dims.map((d) => wire(d) ?? '0');
      body.package_dimensions = { length, width, height, unit: pkg.dimensionUnit ?? 'CENTIMETER' };
    }
    if (trimmed(t.size_chart_uri)) body.size_chart = { image: { uri: trimmed(t.size_chart_uri) } };
    return body;
  }

  function remoteFrom(data: Record<string, unknown>, warnings: string[]): RemoteProduct {
    const id = trimmed(data.product_id ?? data.id);
    const skus = Array.isArray(data.skus) ? (data.skus as { id?: unknown; seller_sku?: unknown }[]) : [];
    const skuIds: Record<string, string> = {};
    for (const s of skus) if (trimmed(s.seller_sku)) skuIds[trimmed(s.seller_sku)] = trimmed(s.id);
    return { remoteProductId: id, skuIds, remoteUrl: pageUrl(id), warnings };
  }

  return {
    platform: 15,
    validate,

    async uploadImage(conn, image: ImageToUpload) {
      const form = new FormData();
      form.set('data', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), image.filename);
      form.set('use_case', image.use);
      const data = await call(conn, '/product/202309/images/upload', { form });
      const uri = trimmed(data.uri);
      if (!uri) throw new MarketplaceError('unavailable', 'tiktokUnavailable', { code: 'no-uri', message: 'upload answered no uri' });
      return uri;
    },

    async createProduct(conn, listing, idempotencyKey) {
      const data = await call(conn, '/product/202309/products', { json: productBody(conn, listing, idempotencyKey) });
      const warnings = Array.isArray(data.warnings)
        ? (data.warnings as { message?: unknown }[]).map((w) => trimmed(w.message)).filter(Boolean)
        : [];
      const remote = remoteFrom(data, warnings);
      if (!remote.remoteProductId)
        throw new MarketplaceError('unavailable', 'tiktokUnavailable', { code: 'no-id', message: 'create answered no product_id' });
      return remote;
    },

    async findProduct(conn, listing) {
      const ours = new Set(listing.skus.map((s) => s.sellerSku).filter(Boolean));
      if (ours.size === 0) return null;
      const data = await call(conn, '/product/202309/products/search', {
        query: { page_size: '100' },
        json: { seller_skus: [...ours].slice(0, 100) },
      });
      const products = Array.isArray(data.products) ? (data.products as Record<string, unknown>[]) : [];
      // Ours only if it holds every seller SKU of the listing (as aliexpress.ts): a product sharing one
      // SKU code was made elsewhere and is never claimed. The oldest on a tie (the first one created).
      const held = products
        .map((p) => {
          const skus = Array.isArray(p.skus) ? (p.skus as { seller_sku?: unknown }[]) : [];
          const codes = new Set(skus.map((s) => trimmed(s.seller_sku)));
          return { p, all: [...ours].every((c) => codes.has(c)), at: Number(p.create_time) || 0 };
        })
        .filter((x) => x.all)
        .sort((a, b) => a.at - b.at);
      return held[0] ? remoteFrom(held[0].p, []) : null;
    },

    /**
     * docs/publishing.md#connecting: Get Authorized Shops (`GET /authorization/202309/shops`) checks the app key,
     * the signature and the token without touching the shop; the shop cipher must be one of the shops it lists.
     */
    async checkConnection(conn): Promise<ConnectionProblem | null> {
      let data: Record<string, unknown>;
      try {
        data = await call(conn, '/authorization/202309/shops', { get: true });
      } catch (e) {
        if (!(e instanceof MarketplaceError)) throw e;
        if (e.kind === 'unavailable' || e.kind === 'rateLimited') return { kind: 'unreachable', remote: e.remote };
        if (e.kind === 'tokenExpired') return { kind: 'token', remote: e.remote };
        if (e.remote.code === '106001') return { kind: 'secret', remote: e.remote };
        if (e.remote.code === '106003') return { kind: 'clock', remote: e.remote };
        return { kind: 'other', remote: e.remote };
      }
      const shops = Array.isArray(data.shops) ? (data.shops as { cipher?: unknown }[]) : [];
      if (!shops.some((s) => trimmed(s.cipher) === conn.shop_cipher))
        return { kind: 'cipher', remote: { code: 'cipher', message: 'the shop cipher is not among the authorized shops' } };
      return null;
    },

    async refreshToken(conn): Promise<RefreshedTokens> {
      const params = new URLSearchParams({
        app_key: conn.app_key,
        app_secret: conn.app_secret,
        refresh_token: conn.refresh_token,
        grant_type: 'refresh_token',
      });
      const answer = await send(`${authBase}/api/v2/token/refresh?${params}`, { method: 'GET' });
      const error = tiktokError(answer.status, answer.headers, answer.body);
      if (error) {
        // A refused refresh is never "expired, refresh again": the shop needs reconnecting.
        if (error.kind === 'refused' || error.kind === 'tokenExpired')
          throw new MarketplaceError('refused', 'tiktokRefreshRefused', error.remote);
        throw error;
      }
      const data = (answer.body?.data ?? {}) as Record<string, unknown>;
      const access_token = trimmed(data.access_token);
      const refresh_token = trimmed(data.refresh_token);
      const expires_at = Number(data.access_token_expire_in);
      if (!access_token || !refresh_token || !Number.isFinite(expires_at))
        throw new MarketplaceError('unavailable', 'tiktokUnavailable', { code: 'no-token', message: 'refresh answered no token' });
      return { access_token, refresh_token, expires_at };
    },
  };
}
