/**
 * The sandbox's fixed category tree and SKU properties (docs/marketplace-a.md#categories). The ids are
 * the sandbox's own, chosen to look like AliExpress's; only a leaf takes a product.
 */
export interface Category {
  id: number;
  name: string;
  parent: number | null;
}

export const CATEGORIES: readonly Category[] = [
  { id: 200000345, name: "Men's Clothing", parent: null },
  { id: 200000346, name: 'T-Shirts', parent: 200000345 },
  { id: 200000347, name: 'Hoodies & Sweatshirts', parent: 200000345 },
  { id: 200000348, name: 'Home & Garden', parent: null },
  { id: 200000349, name: 'Mugs', parent: 200000348 },
  { id: 200000350, name: 'Cushion Covers', parent: 200000348 },
  { id: 200000351, name: 'Bags & Cases', parent: null },
  { id: 200000352, name: 'Tote Bags', parent: 200000351 },
  { id: 200000353, name: 'Phone Cases', parent: 200000351 },
  { id: 200000354, name: 'Posters & Prints', parent: 200000348 },
];

export function categoryById(id: number): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

export function isLeaf(id: number): boolean {
  return !CATEGORIES.some((c) => c.parent === id);
}

/** Colour's SKU property id (AliExpress's public pricing configs). */
export const COLOR_PROPERTY_ID = 14;
/** Size's SKU property id: UNCONFIRMED, the sandbox's choice (docs/marketplace-a.md#sku-properties). */
export const SIZE_PROPERTY_ID = 5;
export const SKU_PROPERTIES: Record<number, string> = { [COLOR_PROPERTY_ID]: 'Color', [SIZE_PROPERTY_ID]: 'Size' };
