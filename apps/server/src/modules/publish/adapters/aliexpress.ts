import { asEan13 } from '@app/contract';
import type { ShopConnection } from '../../shops/index.js';
import { createAliexpressGateway, signAliexpress } from './aliexpressGateway.js';
import {
  AE_LIMITS,
  aeSentPrices,
  attributeList,
  filled,
  mapAliexpressError,
  numberOf,
  validateAliexpress,
  type GatewayErrorBody,
} from './aliexpressRules.js';
import { isObj, type Json } from './json.js';
import {
  MarketplaceError,
  type ConnectionProblem,
  type ImageToUpload,
  type Listing,
  type MarketplaceAdapter,
  type RefreshedTokens,
  type RemoteProduct,
} from './types.js';

export { AE_LIMITS } from './aliexpressRules.js';
export { signAliexpress } from './aliexpressGateway.js';

/**
 * Marketplace A (AliExpress, platform 2) behind the adapter interface (docs/marketplace-a.md#the-adapter,
 * docs/marketplace-a.md). It speaks the open platform's gateway: `{baseUrl}/sync?method=…` for the dotted
 * APIs and `{baseUrl}/rest/auth/token/refresh` for the token, every call signed (IOP, upper-case
 * HMAC-SHA256). A has no idempotency key: the job reconciles with findProduct (by the listing's seller
 * SKUs) before it creates again. Nothing here logs; no error carries a secret or a signed URL. The gateway
 * (signing, transport) is aliexpressGateway.ts; A's limits, the pre-flight and its refusals' reading are
 * aliexpressRules.ts; here the calls and the product post built from a listing.
 */

/** Colour's SKU property id (public pricing configs); it carries the SKU image. */
export const AE_COLOR_PROPERTY_ID = 14;
/** Size's SKU property id: UNCONFIRMED, chosen (docs/marketplace-a.md#sku-properties). */
export const AE_SIZE_PROPERTY_ID = 5;
/** A's default request time-out: a product post with 100 SKUs answers in well under this. */
export const AE_TIMEOUT_MS = 30_000;
/** Reads of a just-created product's SKU ids that A may rate-limit before the job is left to reconcile (docs/marketplace-a.md#after-the-post). */
export const AE_SKU_READ_TRIES = 3;

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

export function createAliexpressAdapter(opts: AliexpressAdapterOptions): MarketplaceAdapter {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? AE_TIMEOUT_MS;
  const productUrl = opts.productPageUrl ?? ((id: string) => `${base}/sandbox/products/${encodeURIComponent(id)}`);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  const { send, call } = createAliexpressGateway({ base, fetch: doFetch, now, timeoutMs });

  // ---- calls ------------------------------------------------------------------------------------------

  async function uploadImage(conn: ShopConnection, image: ImageToUpload): Promise<string> {
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
        // The crossed-out price is A's `price`, what the buyer pays its `discount_price` (docs/publishing.md#crossed-out-price).
        const { price, discount } = aeSentPrices(s);
        return {
          sku_code: s.sellerSku,
          price,
          ...(discount !== undefined ? { discount_price: discount } : {}),
          // AliExpress takes EANs: a UPC-A as its EAN-13 form (docs/listing-tools.md#barcodes).
          ...(s.barcode && asEan13(s.barcode.code) ? { ean_code: asEan13(s.barcode.code) } : {}),
          inventory: s.inventory,
          sku_attributes_list: attrs,
        };
      }),
    };
    if (filled(t.brand_name)) request.brand_name = String(t.brand_name);
    // Made to order: the days before it ships (docs/marketplace-a.md#stock).
    if (listing.handlingDays !== undefined) request.delivery_time = listing.handlingDays;
    return request;
  }

  /** A product's SKU ids by seller SKU (product.info.get). */
  async function skuIdsOf(conn: ShopConnection, productId: string): Promise<Record<string, string>> {
    const r = await call(conn, 'aliexpress.solution.product.info.get', { product_id: productId });
    const result = isObj(r.result) ? r.result : {};
    const list = isObj(result.aeop_ae_product_s_k_us) ? result.aeop_ae_product_s_k_us.global_aeop_ae_product_sku : [];
    const ids: Record<string, string> = {};
    if (Array.isArray(list)) for (const s of list) if (isObj(s) && filled(s.sku_code)) ids[String(s.sku_code)] = String(s.id);
    return ids;
  }

  async function createProduct(conn: ShopConnection, listing: Listing): Promise<RemoteProduct> {
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

  async function findProduct(conn: ShopConnection, listing: Listing): Promise<RemoteProduct | null> {
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

  async function refreshToken(conn: ShopConnection): Promise<RefreshedTokens> {
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
      const mapped = mapAliexpressError(e);
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

  /**
   * docs/publishing.md#connecting: the seller's category tree (`aliexpress.solution.seller.category.tree.query`,
   * reading nothing of the shop's products) goes through every check the gateway makes — app key, signature,
   * timestamp, session — so what it refuses is what a publish would meet.
   */
  async function checkConnection(conn: ShopConnection): Promise<ConnectionProblem | null> {
    try {
      await call(conn, 'aliexpress.solution.seller.category.tree.query', { category_id: '0', filter_no_permission: 'true' });
      return null;
    } catch (e) {
      if (!(e instanceof MarketplaceError)) throw e;
      const code = e.remote.code;
      if (e.kind === 'unavailable' || e.kind === 'rateLimited') return { kind: 'unreachable', remote: e.remote };
      if (e.kind === 'tokenExpired') return { kind: 'token', remote: e.remote };
      if (e.key === 'aeAppKeyInvalid') return { kind: 'appKey', remote: e.remote };
      if (e.key === 'aeSignatureRefused') return { kind: 'secret', remote: e.remote };
      if (e.key === 'aeClockSkew') return { kind: 'clock', remote: e.remote };
      return { kind: 'other', remote: { code, message: e.remote.message } };
    }
  }

  return { platform: 2, validate: validateAliexpress, uploadImage, createProduct, findProduct, refreshToken, checkConnection };
}
