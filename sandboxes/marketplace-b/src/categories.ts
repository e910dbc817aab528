/**
 * The sandbox's small, fixed category tree (docs/marketplace-b.md#categories). Only a leaf takes a
 * product (12052024 otherwise). Ids look like TikTok's (numeric strings) but are the sandbox's own.
 */
export interface Category {
  id: string;
  parent_id: string;
  local_name: string;
  is_leaf: boolean;
}

export const CATEGORIES: readonly Category[] = [
  { id: '600001', parent_id: '0', local_name: 'Womenswear & Underwear', is_leaf: false },
  { id: '601152', parent_id: '600001', local_name: "Women's Tops", is_leaf: false },
  { id: '601226', parent_id: '601152', local_name: "Women's T-shirts", is_leaf: true },
  { id: '601302', parent_id: '601152', local_name: 'Hoodies & Sweatshirts', is_leaf: true },
  { id: '824328', parent_id: '0', local_name: 'Menswear & Underwear', is_leaf: false },
  { id: '824584', parent_id: '824328', local_name: "Men's Tops", is_leaf: false },
  { id: '601303', parent_id: '824584', local_name: "Men's T-shirts", is_leaf: true },
  { id: '601304', parent_id: '824584', local_name: "Men's Hoodies", is_leaf: true },
  { id: '600024', parent_id: '0', local_name: 'Home Supplies', is_leaf: false },
  { id: '600154', parent_id: '600024', local_name: 'Home Decor', is_leaf: false },
  { id: '600942', parent_id: '600154', local_name: 'Cushions & Pillow Covers', is_leaf: true },
  { id: '600943', parent_id: '600154', local_name: 'Posters & Prints', is_leaf: true },
  { id: '601739', parent_id: '600024', local_name: 'Mugs & Drinkware', is_leaf: true },
];

export const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

/**
 * Get Attributes' answer per leaf (docs/marketplace-b.md#managing-products): the sales attributes (SALES_PROPERTY)
 * a SKU carries and the product attributes (PRODUCT_PROPERTY), some with platform values. Ids are the sandbox's own;
 * `is_requried` is TikTok's own spelling of the field.
 */
export interface CategoryAttribute {
  id: string;
  name: string;
  type: 'SALES_PROPERTY' | 'PRODUCT_PROPERTY';
  is_requried: boolean;
  is_multiple_selection: boolean;
  is_customizable: boolean;
  values: { id: string; name: string }[];
}

const values = (prefix: number, names: string[]) => names.map((name, i) => ({ id: String(prefix * 1000 + i + 1), name }));
const sales = (id: string, name: string, vals: { id: string; name: string }[]): CategoryAttribute => ({
  id,
  name,
  type: 'SALES_PROPERTY',
  is_requried: false,
  is_multiple_selection: false,
  is_customizable: true,
  values: vals,
});
const product = (
  id: string,
  name: string,
  required: boolean,
  multiple: boolean,
  vals: { id: string; name: string }[],
): CategoryAttribute => ({
  id,
  name,
  type: 'PRODUCT_PROPERTY',
  is_requried: required,
  is_multiple_selection: multiple,
  is_customizable: vals.length === 0,
  values: vals,
});

const COLOR = sales('100000', 'Color', values(100000, ['Black', 'White', 'Red', 'Blue', 'Green']));
const APPAREL: CategoryAttribute[] = [
  COLOR,
  sales('100001', 'Size', values(100001, ['XS', 'S', 'M', 'L', 'XL', 'XXL'])),
  product('100100', 'Material', true, true, values(100100, ['Cotton', 'Polyester', 'Cotton Blend'])),
  product('100101', 'Pattern', false, false, values(100101, ['Solid', 'Graphic', 'Letter'])),
  product('100102', 'Care Instructions', false, false, []),
];
const HOME: CategoryAttribute[] = [
  COLOR,
  sales('100001', 'Size', []),
  product('100100', 'Material', true, true, values(100200, ['Ceramic', 'Paper', 'Canvas', 'Polyester'])),
  product('100103', 'Room', false, true, values(100103, ['Living Room', 'Bedroom', 'Kitchen', 'Office'])),
];

export const ATTRIBUTES_BY_LEAF: ReadonlyMap<string, readonly CategoryAttribute[]> = new Map([
  ['601226', APPAREL],
  ['601302', APPAREL],
  ['601303', APPAREL],
  ['601304', APPAREL],
  ['600942', HOME],
  ['600943', HOME],
  ['601739', HOME],
]);
