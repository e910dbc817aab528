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

/**
 * The SKU properties each leaf offers, as `aliexpress.solution.sku.attribute.query` answers them
 * (docs/marketplace-a.md#managing-products). The value lists are the sandbox's choice; every property takes custom
 * names (the post's `sku_attribute_value`), and only colour takes a picture, as the post's rule says.
 */
export interface SkuAttributeOffer {
  propertyId: number;
  required: boolean;
  values: readonly string[];
}
const COLORS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey'] as const;
const colour = (required: boolean): SkuAttributeOffer => ({ propertyId: COLOR_PROPERTY_ID, required, values: COLORS });
const size = (values: readonly string[]): SkuAttributeOffer => ({ propertyId: SIZE_PROPERTY_ID, required: false, values });
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export const SKU_ATTRIBUTES_BY_LEAF: Readonly<Record<number, readonly SkuAttributeOffer[]>> = {
  200000346: [colour(true), size(CLOTHING_SIZES)],
  200000347: [colour(true), size(CLOTHING_SIZES)],
  200000349: [colour(false), size(['11oz', '15oz'])],
  200000350: [colour(false), size(['40x40cm', '45x45cm', '50x50cm'])],
  200000354: [colour(false), size(['A4', 'A3', 'A2'])],
  200000352: [colour(false)],
  200000353: [colour(false), size(['iPhone 15', 'iPhone 15 Pro', 'Galaxy S24'])],
};

/**
 * The shop's freight templates (`aliexpress.freight.redefining.listfreighttemplate`): the same two for every shop,
 * ids the repo's tests and demo already post (sandbox's choice).
 */
export const FREIGHT_TEMPLATES = [
  { template_id: 1000, template_name: 'Standard shipping', is_default: true },
  { template_id: 1001, template_name: 'Free shipping', is_default: false },
] as const;
