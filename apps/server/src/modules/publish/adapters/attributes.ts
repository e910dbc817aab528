import type { ListingSku, PreflightReason } from './types.js';

/**
 * Both marketplaces take a product's SKUs only when each carries the same sales attributes, each with a
 * value (docs/publishing.md#same-attributes; B refuses a different set, A a SKU without one). A colour or
 * size that is empty (or only spaces) on some SKUs but not on others is refused before anything is sent;
 * the first such SKU is named so the seller can fill it in or untick it in the variant table.
 */
export function attributeGaps(skus: ListingSku[]): PreflightReason[] {
  const hasColor = skus.some((s) => s.color.trim() !== '');
  const hasSize = skus.some((s) => s.size.trim() !== '');
  const gap = skus.find((s) => (hasColor && s.color.trim() === '') || (hasSize && s.size.trim() === ''));
  return gap ? [{ key: 'publishSkuAttributeEmpty', params: { sku: gap.sellerSku } }] : [];
}
