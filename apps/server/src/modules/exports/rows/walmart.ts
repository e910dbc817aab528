import type { Cell, VariantRow } from './context.js';

/** The Walmart-style bulk items file (docs/exports.md): one row per variant, grouped by the product's SKU. */

/** Walmart bulk items (docs/exports.md): one row per variant. */
export const WALMART_FIELDS = [
  'sku',
  'productName',
  'productType',
  'brand',
  'manufacturer',
  'shortDescription',
  'keyFeatures1',
  'keyFeatures2',
  'keyFeatures3',
  'keywords',
  'price',
  'quantity',
  // Days between the order and the shipment: a made-to-order shop's handling days (docs/publishing.md#stock).
  'fulfillmentLagTime',
  'color',
  'size',
  'mainImageUrl',
  'productSecondaryImageURL1',
  'productSecondaryImageURL2',
  'productSecondaryImageURL3',
  'productSecondaryImageURL4',
  'variantGroupId',
  'variantAttributeNames',
  'isPrimaryVariant',
  'productIdType',
  'productId',
] as const;

/**
 * One variant's item: `axes` the attributes the variants differ by, `primary` whether it is the product's
 * primary variant.
 */
export function walmartRow(r: VariantRow, axes: string, primary: boolean): Record<string, Cell> {
  const { c, v, t, urls, own, texts } = r;
  const [b1, b2, b3] = texts.bullets;
  return {
    sku: r.sku,
    productName: own.title,
    productType: t.product_type,
    brand: t.brand_name,
    manufacturer: t.manufacturer,
    shortDescription: texts.description,
    keyFeatures1: b1,
    keyFeatures2: b2,
    keyFeatures3: b3,
    keywords: own.keyword,
    price: r.price,
    quantity: r.stock.quantity,
    fulfillmentLagTime: r.stock.handlingDays ?? '',
    color: c.en,
    size: v.sizeEn,
    mainImageUrl: urls[0] ?? '',
    productSecondaryImageURL1: urls[1] ?? '',
    productSecondaryImageURL2: urls[2] ?? '',
    productSecondaryImageURL3: urls[3] ?? '',
    productSecondaryImageURL4: urls[4] ?? '',
    variantGroupId: r.parentSku,
    variantAttributeNames: axes,
    isPrimaryVariant: primary ? 'Yes' : 'No',
    productIdType: r.barcode?.type ?? '',
    productId: r.barcode?.code ?? '',
  };
}
