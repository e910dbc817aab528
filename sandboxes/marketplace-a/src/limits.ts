/**
 * The sandbox's limits (docs/marketplace-a.md#product-post). The marketplace's documented limits, and the sandbox's choices where it is silent.
 * Kept apart from the adapter's AE_LIMITS (aliexpressRules.ts) on purpose: the sandbox never imports the product's
 * code, so it validates a post independently of the pre-flight (docs/marketplace-a.md, README.md#architecture).
 */
export const LIMITS = {
  mainImagesMax: 6,
  subjectMax: 128,
  weightMin: 0.001,
  weightMax: 500,
  packageSideMax: 700,
  priceMin: 0.01,
  priceMax: 999999,
  inventoryMin: 1,
  inventoryMax: 999999,
  /** A product's `delivery_time` (days before it ships), when sent: 1–60 (the older product API's rule; chosen here). */
  deliveryDaysMin: 1,
  deliveryDaysMax: 60,
  /** Chosen (UNCONFIRMED): SKUs per product. */
  skusMax: 100,
  /** Chosen: a sku_code's length; no spaces, no < or >. */
  skuCodeMax: 50,
  /** Chosen: a custom attribute value's length. */
  customValueMax: 50,
  /** Chosen: photo-bank uploads. */
  imageBytesMax: 3 * 1024 * 1024,
  imageSideMin: 100,
  imageSideMax: 5000,
  /** Chosen: a request's timestamp may be this far from the gateway's clock. */
  timestampSkewMs: 15 * 60 * 1000,
  /** The order list's page_size and order_status_list (docs/marketplace-a.md#order-list). */
  orderPageSizeMax: 50,
  orderStatusListMax: 20,
  /** A modified-date query's creation range, days: 180, 30 when it asks FINISH orders. */
  orderRangeDays: 180,
  orderFinishedRangeDays: 30,
  /** Chosen: the control call's orders per call and quantity per order. */
  ordersPerCallMax: 10000,
  orderQuantityMax: 999,
  /** Managing products (docs/marketplace-a.md#managing-products): ids per offline/online call (UNCONFIRMED, chosen 50),
   * products and SKUs per batch price update (20, 200), ids per batch delete (100). */
  statusChangeIdsMax: 50,
  priceUpdateProductsMax: 20,
  priceUpdateSkusMax: 200,
  deleteIdsMax: 100,
} as const;

/** Characters a custom SKU value must not hold (docs/marketplace-a.md#sku-properties). */
export const CUSTOM_VALUE_FORBIDDEN = /[#:=,]/;
