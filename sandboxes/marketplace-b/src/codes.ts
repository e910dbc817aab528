/**
 * Every code the sandbox answers (docs/marketplace-b.md#codes). The marketplace's own codes are TikTok's
 * published ones; those marked "sandbox's choice" no source settled.
 */
export const CODES = {
  ok: 0,
  /** HTTP 401: the sign is wrong (upper-case hex included), missing, or the app_key unknown. */
  badSign: 106001,
  /** HTTP 401, sandbox's choice: the timestamp is missing or more than 5 minutes away from now. */
  staleTimestamp: 106003,
  /** HTTP 401, sandbox's choice: x-tts-access-token missing or unknown. */
  tokenInvalid: 105001,
  /** HTTP 401: the access token expired. */
  tokenExpired: 105002,
  /** HTTP 400, sandbox's choice: shop_cipher missing, or not the token's shop. */
  shopCipher: 106011,
  /** HTTP 429. */
  tooManyRequests: 36009002,
  /** Sandbox's choice: the refresh token (or the app key/secret sent with it) is unknown or revoked. */
  refreshInvalid: 36004004,
  /** Sandbox's choice: a field is missing or of the wrong type. */
  badRequest: 12052003,
  categoryNotLeaf: 12052024,
  mainImageRequired: 12052028,
  tooManySkus: 12052050,
  titleLength: 12052051,
  /** Sandbox's choice: description longer than 10,000 characters. */
  descriptionTooLong: 12052052,
  sellerSkuTooLong: 12052054,
  inventoryRange: 12052055,
  /** Sandbox's choice: an inventory line names a warehouse that is not the shop's. */
  unknownWarehouse: 12052058,
  priceInvalid: 12052073,
  /** Sandbox's choice: a list_price not above the SKU's price, or a pre_sale outside its rule. */
  listPriceInvalid: 12052074,
  preSaleInvalid: 12052075,
  dailyQuota: 12052093,
  /** Chinese characters in the title; the sandbox answers emoji with it too (its choice). */
  titleChinese: 12052262,
  /** Sandbox's choice: an upload that is not multipart/form-data with a `data` file (a JSON/base64 upload). */
  notMultipart: 12052300,
  imageTooSmall: 12052301,
  imageTooLarge: 12052302,
  imageFormat: 12052303,
  tooManyImages: 12052306,
  tooManyAttributes: 12052525,
  /** Sandbox's choice: a sales attribute name outside 1–20 characters or a value over 50. */
  attributeText: 12052527,
  imagesOnTwoAttributes: 12052528,
  duplicateAttributes: 12052560,
  unknownImage: 12052722,
  packageUnits: 12052915,
  /** Sandbox's choice: a SKU's identifier_code of an unknown type, the wrong length, a wrong check digit, or another SKU's. */
  identifierCode: 12052231,

  // ── Managing products (docs/marketplace-b.md#managing-products): no source gives these codes ──
  /** Sandbox's choice: the product id is unknown, or another shop's. */
  productNotFound: 12052048,
  /** Sandbox's choice: the product's status forbids the call (an edit of a DELETED product, activating a DELETED one…). */
  productStatus: 12052049,
  /** Sandbox's choice: a SKU id that is not one of the product's. */
  skuNotFound: 12052047,

  // ── Orders, fulfillment, logistics, events (docs/marketplace-b.md#orders): no source gives these codes ──
  /** Sandbox's choice: an order call's parameter is missing or wrong (page_size, ids, a filter, a page_token). */
  orderParam: 21001001,
  /** Sandbox's choice: the order is unknown, or another shop's. */
  orderNotFound: 21011001,
  /** Sandbox's choice: the order's status does not allow shipping (cancelled, unpaid). */
  orderStatus: 21011006,
  /** Sandbox's choice: the order (its package) is already shipped. */
  alreadyShipped: 21011007,
  /** Sandbox's choice: shipping_provider_id is not one Get Shipping Providers lists. */
  shippingProvider: 21011010,
  /** Sandbox's choice: tracking_number empty, or not 6–40 letters and digits. */
  trackingNumber: 21011011,
  /** Sandbox's choice: order_line_item_ids not the order's, or not all of them (no partial shipping). */
  lineItems: 21011012,
  /** Sandbox's choice: an unknown delivery_option_id. */
  deliveryOption: 21031001,
  /** Sandbox's choice: event_type is not one of TikTok's webhook topics. */
  eventType: 46001001,
  /** Sandbox's choice: a webhook address that is not an http(s) URL of at most 255 characters. */
  webhookAddress: 46001002,
} as const;
