import type { MessageKey } from '@app/contract';
import { attributeGaps } from './attributes.js';
import { MarketplaceError, type Listing, type PreflightReason } from './types.js';
import { isObj, type Json } from './json.js';

/**
 * What marketplace A (AliExpress) accepts (docs/marketplace-a.md#the-adapter): its limits, the pre-flight
 * check of a listing against them, the template's attributes as A reads them, and A's refusals read back in
 * the seller's words (the pre-flight's messages). The adapter (aliexpress.ts) sends; this file only reads.
 */

/**
 * The product post's limits (docs/marketplace-a.md), and the choices docs/marketplace-a.md#product-post names.
 * The sandbox keeps its own copy (sandboxes/marketplace-a/src/limits.ts) on purpose: it never imports the
 * product's code, so it refuses a post the pre-flight let through as the marketplace would (README.md#architecture).
 */
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
  /** A made-to-order product's `delivery_time`, in days (docs/marketplace-a.md#stock). */
  deliveryDaysMin: 1,
  deliveryDaysMax: 60,
  skusMax: 100,
  skuCodeMax: 50,
  attributeValueMax: 50,
  imageBytesMax: 3 * 1024 * 1024,
  imageSideMin: 100,
  imageSideMax: 5000,
} as const;
const FORBIDDEN_IN_VALUE = /[#:=,]/;

export interface GatewayErrorBody {
  type?: string;
  code?: string;
  msg?: string;
  message?: string;
  sub_code?: string;
}

const chars = (s: string) => [...s].length;
export const money = (n: number) => Math.round(n * 100) / 100;
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}
/**
 * A SKU's prices as A takes them (docs/publishing.md#crossed-out-price): with a crossed-out price above the
 * listing price, `price` is the crossed-out one and `discount_price` what the buyer pays; else `price` alone
 * (or the listing's own discount price). Two decimals, as sent.
 */
export function aeSentPrices(s: Listing['skus'][number]): { price: number; discount?: number } {
  const price = money(s.price);
  if (s.crossedOut !== undefined && money(s.crossedOut) > price) return { price: money(s.crossedOut), discount: price };
  return s.discountPrice === undefined ? { price } : { price, discount: money(s.discountPrice) };
}
export const filled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/** The template's category attributes as AliExpress's attribute_list (docs/marketplace-a.md#template-fields); undefined: malformed. */
export function attributeList(raw: unknown): Json[] | undefined {
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

/** A listing checked against A's limits before anything is sent (the pre-flight's reasons). */
export function validateAliexpress(listing: Listing): PreflightReason[] {
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
    const { price, discount } = aeSentPrices(s);
    if (!(price >= L.priceMin && price <= L.priceMax)) add('aePriceOutOfRange', { sku, price: s.price, min: L.priceMin, max: L.priceMax });
    if (discount !== undefined && !(discount >= L.priceMin && discount < price)) add('aeDiscountNotBelowPrice', { sku, price: s.price });
    if (!(Number.isInteger(s.inventory) && s.inventory >= L.inventoryMin && s.inventory <= L.inventoryMax))
      add('aeInventoryOutOfRange', { sku, min: L.inventoryMin, max: L.inventoryMax });
    if (FORBIDDEN_IN_VALUE.test(s.color)) add('aeColorValueChars', { value: s.color });
    if (FORBIDDEN_IN_VALUE.test(s.size)) add('aeSizeValueChars', { value: s.size });
    for (const value of [s.color, s.size])
      if (chars(value) > L.attributeValueMax) add('aeAttributeValueTooLong', { max: L.attributeValueMax, value });
  }
  for (const r of attributeGaps(listing.skus)) add(r.key, r.params);
  const days = listing.handlingDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= L.deliveryDaysMin && days <= L.deliveryDaysMax))
    add('aeDeliveryTimeOutOfRange', { days, min: L.deliveryDaysMin, max: L.deliveryDaysMax });
  return [...reasons.values()];
}

/** Every refusal of A to a MarketplaceError with the seller's words (docs/marketplace-a.md#error-mapping). */
export function mapAliexpressError(e: GatewayErrorBody, listing?: Listing): MarketplaceError {
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
    case 'isv.delivery-time':
      return refused('aeDeliveryTimeOutOfRange', { days: listing?.handlingDays ?? '', min: L.deliveryDaysMin, max: L.deliveryDaysMax });
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
  if ((e.type === 'ISP' || e.type === 'SYSTEM') && !/^\d+$/.test(code)) return new MarketplaceError('unavailable', 'aeUnavailable', remote);
  return refused('aeRefused', { reason: msg || code });
}
