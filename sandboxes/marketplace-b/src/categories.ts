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
