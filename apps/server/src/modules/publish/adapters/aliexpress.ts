import { createHmac } from 'node:crypto';
import type { MessageKey } from '@app/contract';
import type { StoreConnection } from '../../stores/index.js';
import {
  MarketplaceError,
  type ImageToUpload,
  type Listing,
  type MarketplaceAdapter,
  type PreflightReason,
  type RefreshedTokens,
  type RemoteProduct,
} from './types.js';
import { attributeGaps } from './attributes.js';

/**
 * Marketplace A (AliExpress, platform 2) behind the adapter interface (docs/marketplace-a.md#the-adapter,
 * MARKETPLACES.md "A"). It speaks the open platform's gateway: `{baseUrl}/sync?method=…` for the dotted
 * APIs and `{baseUrl}/rest/auth/token/refresh` for the token, every call signed (IOP, upper-case
 * HMAC-SHA256). A has no idempotency key: the job reconciles with findProduct (by the listing's seller
 * SKUs) before it creates again. Nothing here logs; no error carries a secret or a signed URL.
 */

/** MARKETPLACES.md's limits of the product post, and the choices docs/marketplace-a.md#product-post names. */
export const AE_LIMITS = {
  mainImagesMax: 6,
  titleMax: 128,
  weightMin: 0.001,
  weightMax: 500,
  packageSideMax: 700,
  priceMin: 0.01,
  priceMax: 999999,
  inventoryMin: 1,
  inventoryMax: 999999,
  skusMax: 100,
  skuCodeMax: 50,
  attributeValueMax: 50,
  imageBytesMax: 3 * 1024 * 1024,
  imageSideMin: 100,
  imageSideMax: 5000,
} as const;
/** Colour's SKU property id (public pricing configs); it carries the SKU image. */
export const AE_COLOR_PROPERTY_ID = 14;
/** Size's SKU property id: UNCONFIRMED, chosen (docs/marketplace-a.md#sku-properties). */
export const AE_SIZE_PROPERTY_ID = 5;
/** A's default request time-out: a product post with 100 SKUs answers in well under this. */
export const AE_TIMEOUT_MS = 30_000;
/** Reads of a just-created product's SKU ids that A may rate-limit before the job is left to reconcile (docs/marketplace-a.md#after-the-post). */
export const AE_SKU_READ_TRIES = 3;

const FORBIDDEN_IN_VALUE = /[#:=,]/;
const REFRESH_PATH = '/auth/token/refresh';
const STATUSES_TO_SEARCH = ['onSelling', 'auditing', 'editingRequired', 'offline'] as const;

export interface AliexpressAdapterOptions {
  /** The gateway's root: the real open platform's or the sandbox's (MARKETPLACE_A_URL). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Unix ms, for the signed timestamp. */
  now?: () => number;
  timeoutMs?: number;
  /** The listing's page for the publish record; default the sandbox's `{baseUrl}/sandbox/products/{id}`. */
  productPageUrl?: (productId: string) => string;
  /** Waits between reads of a just-created product that A rate-limits (tests pass one that moves their clock). */
  sleep?: (ms: number) => Promise<void>;
}

type Json = Record<string, unknown>;
interface GatewayErrorBody {
  type?: string;
  code?: string;
  msg?: string;
  message?: string;
  sub_code?: string;
}

const chars = (s: string) => [...s].length;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const money = (n: number) => Math.round(n * 100) / 100;
function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}
const filled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/** IOP's signature (docs/marketplace-a.md#signing): upper-case hex HMAC-SHA256 over [path] + sorted name+value pairs. */
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

/** The template's category attributes as AliExpress's attribute_list (docs/marketplace-a.md#template-fields); undefined: malformed. */
function attributeList(raw: unknown): Json[] | undefined {
  let v: unknown = raw ?? [];
  if (typeof v === 'string') {
    if (v.trim() === '') return [];
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(v) || !v.every(isObj)) return undefined;
  return v.map((a) => {
    const out: Json = {};
    const nameId = a.aliexpress_attribute_name_id ?? a.attr_name_id;
    const valueId = a.aliexpress_attribute_value_id ?? a.attr_value_id;
    const name = a.attribute_name ?? a.attr_name;
    const value = a.attribute_value ?? a.attr_value;
    if (filled(nameId)) out.aliexpress_attribute_name_id = Number(nameId);
    if (filled(valueId)) out.aliexpress_attribute_value_id = Number(valueId);
    if (filled(name)) out.attribute_name = String(name);
    if (filled(value)) out.attribute_value = String(value);
    return out;
  });
}

export function createAliexpressAdapter(opts: AliexpressAdapterOptions): MarketplaceAdapter {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? AE_TIMEOUT_MS;
  const productUrl = opts.productPageUrl ?? ((id: string) => `${base}/sandbox/products/${encodeURIComponent(id)}`);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  // ---- pre-flight -------------------------------------------------------------------------------------

  function validate(listing: Listing): PreflightReason[] {
    const reasons = new Map<string, PreflightReason>();
    const add = (key: MessageKey, params?: Record<string, string | number>) =>
      reasons.set(key + JSON.stringify(params ?? {}), params ? { key, params } : { key });
    const L = AE_LIMITS;

    const title = listing.title.trim();
    if (title === '') add('aeTitleMissing');
    else if (chars(title) > L.titleMax) add('aeTitleTooLong', { max: L.titleMax, count: chars(title) });
    if (listing.description.trim() === '') add('aeDescriptionMissing');
    if (listing.mainImages.length === 0) add('aeMainImagesMissing');
    if (listing.mainImages.length > L.mainImagesMax) add('aeMainImagesTooMany', { max: L.mainImagesMax, count: listing.mainImages.length });

    const t = listing.template;
    if (!filled(t.category_id)) add('aeCategoryMissing');
    else if (numberOf(t.category_id) === undefined) add('aeCategoryInvalid');
    if (!filled(t.freight_template_id)) add('aeFreightTemplateMissing');
    if (!filled(t.promise_template_id)) add('aeServicePolicyMissing');
    if (!filled(t.product_unit)) add('aeProductUnitMissing');
    const weight = numberOf(t.weight);
    if (weight === undefined || weight < L.weightMin || weight > L.weightMax)
      add('aeWeightOutOfRange', { min: L.weightMin, max: L.weightMax });
    for (const f of ['package_length', 'package_width', 'package_height']) {
      const side = numberOf(t[f]);
      if (side === undefined || side <= 0 || side > L.packageSideMax) add('aePackageSizeOutOfRange', { max: L.packageSideMax });
    }
    if (attributeList(t.attributes) === undefined) add('aeAttributesInvalid');

    if (listing.skus.length === 0) add('aeSkusMissing');
    if (listing.skus.length > L.skusMax) add('aeSkusTooMany', { count: listing.skus.length, max: L.skusMax });
    const codes = new Set<string>();
    const combos = new Set<string>();
    for (const s of listing.skus) {
      const sku = s.sellerSku;
      if (sku === '' || chars(sku) > L.skuCodeMax || /[\s<>]/.test(sku)) add('aeSkuCodeInvalid', { sku, max: L.skuCodeMax });
      else if (codes.has(sku)) add('aeSkuCodeDuplicate', { sku });
      codes.add(sku);
      const combo = `${s.color}\u0000${s.size}`;
      if (combos.has(combo)) add('aeSkuDuplicate', { color: s.color, size: s.size });
      combos.add(combo);
      // The prices as they are sent (two decimals): 10.004 over 10.001 would both go out as 10.00.
      const price = money(s.price);
      const discount = s.discountPrice === undefined ? undefined : money(s.discountPrice);
      if (!(price >= L.priceMin && price <= L.priceMax))
        add('aePriceOutOfRange', { sku, price: s.price, min: L.priceMin, max: L.priceMax });
      if (discount !== undefined && !(discount >= L.priceMin && discount < price)) add('aeDiscountNotBelowPrice', { sku, price: s.price });
      if (!(Number.isInteger(s.inventory) && s.inventory >= L.inventoryMin && s.inventory <= L.inventoryMax))
        add('aeInventoryOutOfRange', { sku, min: L.inventoryMin, max: L.inventoryMax });
      if (FORBIDDEN_IN_VALUE.test(s.color)) add('aeColorValueChars', { value: s.color });
      if (FORBIDDEN_IN_VALUE.test(s.size)) add('aeSizeValueChars', { value: s.size });
      for (const value of [s.color, s.size])
        if (chars(value) > L.attributeValueMax) add('aeAttributeValueTooLong', { max: L.attributeValueMax, value });
    }
    for (const r of attributeGaps(listing.skus)) add(r.key, r.params);
    return [...reasons.values()];
  }

  // ---- the wire -----------------------------------------------------------------------------------------

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
    conn: StoreConnection,
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
    if (isObj(answer.error_response)) throw mapError(answer.error_response as GatewayErrorBody, listing);
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = answer[key];
    if (!isObj(inner)) throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'shape', message: `no ${key}` });
    return inner;
  }

  // ---- errors -----------------------------------------------------------------------------------------

  /** Every refusal of A to a MarketplaceError with the seller's words (docs/marketplace-a.md#error-mapping). */
  function mapError(e: GatewayErrorBody, listing?: Listing): MarketplaceError {
    const code = String(e.code ?? '');
    const msg = String(e.msg ?? e.message ?? '');
    const sub = String(e.sub_code ?? '');
    const remote = { code: sub ? `${code}/${sub}` : code, message: msg };
    const refused = (key: MessageKey, params: Record<string, string | number> = {}) =>
      new MarketplaceError('refused', key, remote, 0, params);

    const ban = /ban will last (\d+) seconds?/i.exec(msg);
    if (code === 'ApiCallLimits' || code === 'ApiCallLimit' || code === '7' || ban) {
      const seconds = ban ? Number(ban[1]) : 1;
      return new MarketplaceError('rateLimited', 'aeRateLimited', remote, seconds * 1000, { seconds });
    }
    if (['IllegalAccessToken', 'MissingAccessToken', 'InvalidSession', 'SessionExpired', '27'].includes(code))
      return new MarketplaceError('tokenExpired', 'aeTokenExpired', remote);
    if (['IncompleteSignature', 'InvalidSignature', 'MissingSignature', 'InvalidSignMethod', '25'].includes(code))
      return refused('aeSignatureRefused');
    if (['InvalidAppKey', 'MissingAppKey', '29'].includes(code)) return refused('aeAppKeyInvalid');
    if (['IllegalTimestamp', 'InvalidTimestamp', 'MissingTimestamp'].includes(code)) return refused('aeClockSkew');

    // The SKU a message names (sku_info_list[i]) in our words.
    const skuIndex = /sku_info_list\[(\d+)\]/.exec(msg);
    const sku = skuIndex && listing ? listing.skus[Number(skuIndex[1])] : undefined;
    const skuName = sku?.sellerSku ?? '';
    const count = Number(/holds (\d+)|is (\d+) characters/.exec(msg)?.slice(1).find(Boolean) ?? 0);
    const L = AE_LIMITS;
    switch (sub) {
      case 'isv.main-image-count':
        return refused('aeMainImagesTooMany', { max: L.mainImagesMax, count: count || (listing?.mainImages.length ?? 0) });
      case 'isv.image-not-in-photobank':
        return refused('aeImageNotInPhotobank');
      case 'isv.subject-length':
        return refused('aeTitleTooLong', { max: L.titleMax, count: count || chars(listing?.title ?? '') });
      case 'isv.category-not-leaf':
        return refused('aeCategoryNotLeaf');
      case 'isv.category-invalid':
        return refused('aeCategoryInvalid');
      case 'isv.weight-range':
        return refused('aeWeightOutOfRange', { min: L.weightMin, max: L.weightMax });
      case 'isv.package-size':
        return refused('aePackageSizeOutOfRange', { max: L.packageSideMax });
      case 'isv.sku-count':
        return refused('aeSkusTooMany', { count: count || (listing?.skus.length ?? 0), max: L.skusMax });
      case 'isv.price-range':
        return refused('aePriceOutOfRange', { sku: skuName, price: sku?.price ?? '', min: L.priceMin, max: L.priceMax });
      case 'isv.discount-price':
        return refused('aeDiscountNotBelowPrice', { sku: skuName, price: sku?.price ?? '' });
      case 'isv.inventory-range':
        return refused('aeInventoryOutOfRange', { sku: skuName, min: L.inventoryMin, max: L.inventoryMax });
      case 'isv.sku-code-format':
        return refused('aeSkuCodeInvalid', { sku: skuName, max: L.skuCodeMax });
      case 'isv.sku-code-duplicate':
        return refused('aeSkuCodeDuplicate', { sku: skuName });
      case 'isv.sku-attributes-duplicate':
        return refused('aeSkuDuplicate', { color: sku?.color ?? '', size: sku?.size ?? '' });
      case 'isv.custom-value-chars':
        return refused('aeAttributeValueChars');
      case 'isv.custom-value-length':
        return refused('aeAttributeValueTooLong', { max: L.attributeValueMax, value: sku ? `${sku.color} / ${sku.size}` : '' });
      case 'isv.sku-image-property':
        return refused('aeSkuImageOnColorOnly');
      case 'isv.sku-attribute-unknown':
      case 'isv.sku-attribute-mismatch':
      case 'isv.sku-attribute-repeated':
        return refused('aeSkuAttributeInvalid');
      case 'isv.image-format':
        return refused('aeImageFormat');
      case 'isv.image-size':
        return refused('aeImageTooLarge', { max: L.imageBytesMax / 1024 / 1024 });
      case 'isv.image-dimensions':
        return refused('aeImageDimensions', { min: L.imageSideMin, max: L.imageSideMax });
      case 'isv.product-not-found':
        return refused('aeProductNotFound');
    }
    if (code === '40' || sub === 'isv.missing-parameter') {
      const field = /Missing required arguments: (\S+)/.exec(msg)?.[1] ?? '';
      const byField: [RegExp, MessageKey][] = [
        [/freight_template_id/, 'aeFreightTemplateMissing'],
        [/service_policy_id/, 'aeServicePolicyMissing'],
        [/product_unit/, 'aeProductUnitMissing'],
        [/aliexpress_category_id/, 'aeCategoryMissing'],
        [/main_image_urls_list/, 'aeMainImagesMissing'],
        [/subject/, 'aeTitleMissing'],
        [/description/, 'aeDescriptionMissing'],
        [/^sku_info_list$/, 'aeSkusMissing'],
      ];
      const hit = byField.find(([re]) => re.test(field));
      if (hit) return refused(hit[1]);
    }
    // The platform's own trouble (ISP/SYSTEM) is worth retrying; anything else is the seller's to fix.
    if ((e.type === 'ISP' || e.type === 'SYSTEM') && !/^\d+$/.test(code))
      return new MarketplaceError('unavailable', 'aeUnavailable', remote);
    return refused('aeRefused', { reason: msg || code });
  }

  // ---- calls ------------------------------------------------------------------------------------------

  async function uploadImage(conn: StoreConnection, image: ImageToUpload): Promise<string> {
    const local = { code: 'local', message: 'checked before sending' };
    if (image.mime !== 'image/jpeg' && image.mime !== 'image/png') throw new MarketplaceError('refused', 'aeImageFormat', local);
    if (image.bytes.length > AE_LIMITS.imageBytesMax)
      throw new MarketplaceError('refused', 'aeImageTooLarge', local, 0, { max: AE_LIMITS.imageBytesMax / 1024 / 1024 });
    const r = await call(conn, 'aliexpress.photobank.redefining.uploadimageforsdk', { file_name: image.filename }, undefined, image);
    const result = isObj(r.result) ? r.result : {};
    if (result.success !== true || typeof result.photobank_url !== 'string')
      throw new MarketplaceError(
        'refused',
        'aeRefused',
        { code: String(result.error_code ?? 'upload'), message: String(result.error_message ?? 'no photobank_url') },
        0,
        { reason: String(result.error_message ?? 'upload failed') },
      );
    return result.photobank_url;
  }

  /** post_product_request from the listing and the A template (docs/marketplace-a.md#template-fields). */
  function productRequest(listing: Listing): Json {
    const t = listing.template;
    const language = filled(t.language) ? String(t.language) : 'en';
    const request: Json = {
      aliexpress_category_id: numberOf(t.category_id),
      language,
      main_image_urls_list: listing.mainImages,
      multi_language_subject_list: [{ language, subject: listing.title.trim() }],
      multi_language_description_list: [{ language, web_detail: listing.description, mobile_detail: listing.description }],
      attribute_list: attributeList(t.attributes) ?? [],
      weight: numberOf(t.weight),
      package_length: numberOf(t.package_length),
      package_width: numberOf(t.package_width),
      package_height: numberOf(t.package_height),
      freight_template_id: filled(t.freight_template_id) ? String(t.freight_template_id) : undefined,
      service_policy_id: filled(t.promise_template_id) ? String(t.promise_template_id) : undefined,
      product_unit: filled(t.product_unit) ? String(t.product_unit) : undefined,
      inventory_deduction_strategy: 'payment_success_deduct',
      sku_info_list: listing.skus.map((s) => {
        const attrs: Json[] = [];
        if (s.color.trim() !== '')
          attrs.push({
            sku_attribute_name_id: AE_COLOR_PROPERTY_ID,
            sku_attribute_value: s.color,
            ...(s.imageRef ? { sku_image_url: s.imageRef } : {}),
          });
        if (s.size.trim() !== '') attrs.push({ sku_attribute_name_id: AE_SIZE_PROPERTY_ID, sku_attribute_value: s.size });
        return {
          sku_code: s.sellerSku,
          price: money(s.price),
          ...(s.discountPrice !== undefined ? { discount_price: money(s.discountPrice) } : {}),
          inventory: s.inventory,
          sku_attributes_list: attrs,
        };
      }),
    };
    if (filled(t.brand_name)) request.brand_name = String(t.brand_name);
    return request;
  }

  /** A product's SKU ids by seller SKU (product.info.get). */
  async function skuIdsOf(conn: StoreConnection, productId: string): Promise<Record<string, string>> {
    const r = await call(conn, 'aliexpress.solution.product.info.get', { product_id: productId });
    const result = isObj(r.result) ? r.result : {};
    const list = isObj(result.aeop_ae_product_s_k_us) ? result.aeop_ae_product_s_k_us.global_aeop_ae_product_sku : [];
    const ids: Record<string, string> = {};
    if (Array.isArray(list)) for (const s of list) if (isObj(s) && filled(s.sku_code)) ids[String(s.sku_code)] = String(s.id);
    return ids;
  }

  async function createProduct(conn: StoreConnection, listing: Listing): Promise<RemoteProduct> {
    const r = await call(
      conn,
      'aliexpress.solution.product.post',
      { post_product_request: JSON.stringify(productRequest(listing)) },
      listing,
    );
    const result = isObj(r.result) ? r.result : {};
    if (!filled(result.product_id)) throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'shape', message: 'no product_id' });
    const remoteProductId = String(result.product_id);
    // The product exists now (docs/marketplace-a.md#after-the-post): a ban on reading its SKU ids is waited
    // out a few times; any other failure is `unavailable` (never rateLimited or tokenExpired, which would make
    // the job send the post again), so the job runs again and, its create started, finds the product by its
    // seller SKUs before it records it published with every SKU id.
    for (let tries = 1; ; tries++) {
      try {
        const skuIds = await skuIdsOf(conn, remoteProductId);
        if (listing.skus.every((s) => s.sellerSku in skuIds))
          return { remoteProductId, skuIds, remoteUrl: productUrl(remoteProductId), warnings: [] };
        throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'sku-ids', message: 'the created product lacks SKU ids' });
      } catch (e) {
        if (e instanceof MarketplaceError && e.kind === 'rateLimited' && tries < AE_SKU_READ_TRIES) {
          await sleep(Math.max(e.waitMs, 100));
          continue;
        }
        const remote = e instanceof MarketplaceError ? e.remote : { code: 'read', message: e instanceof Error ? e.name : 'Error' };
        throw new MarketplaceError('unavailable', 'aeUnavailable', {
          code: 'created-unread',
          message: `product ${remoteProductId} created, SKU ids not read (${remote.code}: ${remote.message})`,
        });
      }
    }
  }

  async function findProduct(conn: StoreConnection, listing: Listing): Promise<RemoteProduct | null> {
    const first = listing.skus[0]?.sellerSku;
    if (!first) return null;
    for (const status of STATUSES_TO_SEARCH) {
      const r = await call(conn, 'aliexpress.solution.product.list.get', {
        aeop_a_e_product_list_query: JSON.stringify({ product_status_type: status, sku_code: first, current_page: 1, page_size: 20 }),
      });
      const result = isObj(r.result) ? r.result : {};
      const holder = result.aeop_a_e_product_display_d_t_o_list;
      const items = isObj(holder) && Array.isArray(holder.item_display_dto) ? holder.item_display_dto : [];
      for (const item of items) {
        if (!isObj(item) || !filled(item.product_id)) continue;
        const id = String(item.product_id);
        const skuIds = await skuIdsOf(conn, id);
        // Ours only if it holds every seller SKU of the listing (SKUs are unique per product and shop).
        if (listing.skus.every((s) => s.sellerSku in skuIds))
          return { remoteProductId: id, skuIds, remoteUrl: productUrl(id), warnings: [] };
      }
    }
    return null;
  }

  async function refreshToken(conn: StoreConnection): Promise<RefreshedTokens> {
    const params: Record<string, string> = {
      app_key: conn.app_key,
      refresh_token: conn.refresh_token,
      sign_method: 'sha256',
      timestamp: String(now()),
    };
    params.sign = signAliexpress(conn.app_secret, REFRESH_PATH, params);
    const answer = await send(`${base}/rest${REFRESH_PATH}`, { method: 'POST', body: new URLSearchParams(params) });
    if (!isObj(answer)) throw new MarketplaceError('unavailable', 'aeUnavailable', { code: 'shape', message: 'not an object' });
    const e = isObj(answer.error_response) ? (answer.error_response as GatewayErrorBody) : (answer as GatewayErrorBody);
    if (String(e.code ?? '') !== '0' || typeof answer.access_token !== 'string') {
      const mapped = mapError(e);
      if (mapped.kind === 'rateLimited' || mapped.kind === 'unavailable') throw mapped;
      // A refresh refused for any other reason needs the seller: reconnect the shop.
      throw new MarketplaceError('refused', 'aeNeedsReconnect', mapped.remote);
    }
    const expireMs = numberOf(answer.expire_time) ?? now() + (numberOf(answer.expires_in) ?? 0) * 1000;
    return {
      access_token: answer.access_token,
      refresh_token: typeof answer.refresh_token === 'string' ? answer.refresh_token : conn.refresh_token,
      expires_at: Math.floor(expireMs / 1000),
    };
  }

  return { platform: 2, validate, uploadImage, createProduct, findProduct, refreshToken };
}
