import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { FAVORITE_PAGE_MAX, NAV_LIST_PAGE_SIZE, PRODUCT_SEARCH_DEFAULT_PAGE_SIZE } from './constants.js';

/**
 * The product catalogue (the blanks): categories, product search, product detail for the editor
 * (docs/editor.md#catalogue: product detail, product query, tag and level options;
 * docs/api.md#editor; docs/limits.md#editor page size). The catalogue is shared by every account.
 */

// ── Tag and level codes (docs/domain.md#catalogue-codes) ────────────────────────────────────────────────

/** The four product tags by name; each call numbers them its own way (below). */
export const PRODUCT_TAGS = ['new', 'promo', 'hot', 'premium'] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];

/** Product search `tag` (docs/domain.md#catalogue-codes): 0 new, 1 promo, 2 hot, 3 premium ('' = all). Also the stored code. */
const SEARCH_TAG_CODES: Record<ProductTag, 0 | 1 | 2 | 3> = { new: 0, promo: 1, hot: 2, premium: 3 };
/** The navigation's product lists: tag 1 (new) and tag 3 (hot), another numbering (docs/domain.md#catalogue-codes). */
const NAV_TAG_CODES: Partial<Record<ProductTag, number>> = { new: 1, hot: 3 };

/**
 * The one place the two numberings meet. Search codes are what product rows store and what product
 * search takes; navigation codes are what the navigation's per-tag lists send.
 */
export const productTagCodec = {
  toSearch: (tag: ProductTag): 0 | 1 | 2 | 3 => SEARCH_TAG_CODES[tag],
  fromSearch: (code: number): ProductTag | undefined => PRODUCT_TAGS.find((t) => SEARCH_TAG_CODES[t] === code),
  toNav: (tag: ProductTag): number | undefined => NAV_TAG_CODES[tag],
  fromNav: (code: number): ProductTag | undefined => PRODUCT_TAGS.find((t) => NAV_TAG_CODES[t] === code),
  /** A navigation tag code as a product search `tag`, or undefined when that numbering gives it no meaning. */
  navToSearch(code: number): 0 | 1 | 2 | 3 | undefined {
    const tag = productTagCodec.fromNav(code);
    return tag === undefined ? undefined : SEARCH_TAG_CODES[tag];
  },
};

const label = (zh: string, en: string) => ({ zh, en });

/** The tag picker of product search (docs/editor.md#catalogue): all, new, promo, hot, premium with values '', 0, 1, 2, 3. */
export const PRODUCT_TAG_OPTIONS = [
  { value: '', label: label('全部', 'All') },
  { value: SEARCH_TAG_CODES.new, label: label('新品', 'New') },
  { value: SEARCH_TAG_CODES.promo, label: label('促销', 'Promo') },
  { value: SEARCH_TAG_CODES.hot, label: label('热销', 'Hot') },
  { value: SEARCH_TAG_CODES.premium, label: label('精品', 'Premium') },
] as const;

/** The level picker of product search (docs/editor.md#catalogue): all, v0 to v3. A product's level is the membership level it needs. */
export const PRODUCT_LEVEL_OPTIONS = [
  { value: '', label: label('全部', 'All') },
  { value: 0, label: label('v0', 'v0') },
  { value: 1, label: label('v1', 'v1') },
  { value: 2, label: label('v2', 'v2') },
  { value: 3, label: label('v3', 'v3') },
] as const;

export const PRODUCT_SEARCH_MAX_PAGE_SIZE = 200;

// ── Shapes ───────────────────────────────────────────────────────────────────────────────────────────

/** Category levels the tree may have; the import refuses deeper catalogues. */
export const CATEGORY_MAX_DEPTH = 4;
const categoryLevel = <T extends z.ZodType>(child: T) => z.object({ id: z.number().int(), name: z.string(), childlist: z.array(child) });
/**
 * A category with its children (docs/api.md#editor: tree of name, id, childlist), spelled out to its four levels
 * rather than recursive, so the OpenAPI document describes it without a shared component.
 */
export const categoryNode = categoryLevel(categoryLevel(categoryLevel(categoryLevel(z.never()))));
export type CategoryNode = z.infer<typeof categoryNode>;

export const productColor = z.object({ name: z.string(), code: z.string() });

const tagCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const levelCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const flag = z.union([z.literal(0), z.literal(1)]);
const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const productListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Thumbnail URL. */
  thumb: z.string(),
  cid: z.number().int(),
  cate_name: z.string(),
  /** Search tag code (0 new, 1 promo, 2 hot, 3 premium), null when untagged. */
  tag: tagCode.nullable(),
  /** Membership level the product needs. */
  level: levelCode,
  min_price: z.number(),
  colors: z.array(productColor),
  sizes: z.array(z.string()),
});
export type ProductListItem = z.infer<typeof productListItem>;

/**
 * A product of the search: the list item and whether it is in the caller's personal product library
 * (docs/mobile.md#the-personal-product-library), so a list shows each card's 收藏 / 已收藏.
 */
export const productSearchItem = productListItem.extend({
  /** 1 when it is in the caller's personal product library (收藏), else 0 (always 0 logged out). */
  favorite: flag,
});
export type ProductSearchItem = z.infer<typeof productSearchItem>;

/** A mockup layer of a design area: one colour in one view (composition: base, print × shading, screen highlight). */
export const templateLayer = z.object({
  color: z.string(),
  color_code: z.string(),
  view: z.string(),
  view_name: z.string(),
  /** The view's size in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  /** URLs: the blank in this colour, the shading (multiply) map, the optional highlight (screen) map and print mask. */
  base: z.string(),
  shading: z.string(),
  highlight: z.string().nullable(),
  mask: z.string().nullable(),
  /** Where the area's print (its bounding box) lands on the view, in view pixels. */
  placement: box,
});
export type TemplateLayer = z.infer<typeof templateLayer>;

/** A design area (docs/domain.md#design-areas-and-layers; the editor's layer tabs, design_list). */
export const designArea = z.object({
  /** The area's id within its product ("front", "back", "wrap" …). */
  id: z.string(),
  /** The printable outline, an SVG path in the 600×600 editor space. */
  area_path: z.string(),
  /** The outline's bounding box in the editor space (the print image covers exactly this). */
  bbox: box,
  /** Print image size in pixels. */
  print_width: z.number().int(),
  print_height: z.number().int(),
  /** URL of the cutpiece SVG, its design image href being the placeholder `{{design}}` (docs/catalogue-format.md#cutpiece-svgs). */
  cutpiece: z.string(),
  templatelayer: z.array(templateLayer),
  diy_layername: z.string(),
  /** 1: the tab shows diy_layername; 0: "Layer N" (docs/editor.md#the-screen). */
  show_diy_layername: flag,
});
export type DesignArea = z.infer<typeof designArea>;

/** A SKU: colour × size; its id is the attr_id of designs, carts and finished products. */
export const productSku = z.object({
  id: z.number().int(),
  color: z.string(),
  color_code: z.string(),
  size: z.string(),
  price: z.number(),
});
export type ProductSku = z.infer<typeof productSku>;

export const productAttr = productSku.extend({
  /** The blank's mockup image URLs in this colour, one per view (psds order). */
  templates: z.array(z.string()),
});
export type ProductAttr = z.infer<typeof productAttr>;

/** A mockup view (psds, docs/editor.md#catalogue): its id and a thumbnail. */
export const productPsd = z.object({
  id: z.string(),
  name: z.string(),
  thumb: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const cutpieceRef = z.object({ area_id: z.string(), name: z.string(), url: z.string() });

const productHead = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cid: z.number().int(),
  cate_name: z.string(),
  tag: tagCode.nullable(),
  level: levelCode,
  thumb: z.string(),
  min_price: z.number(),
  colors: z.array(productColor),
  sizes: z.array(z.string()),
  design_list: z.array(designArea),
  psds: z.array(productPsd),
  big_sku_list: z.array(productSku),
  all_cutpiece_list: z.array(cutpieceRef),
  /** 1 when the caller's level reaches the product's level and may design it, else 0 (0 logged out above level 0). */
  authorization: flag,
  /** 1 when it is in the caller's personal product library (收藏), else 0 (always 0 logged out). */
  favorite: flag,
};

export const productDetail = z.object({ ...productHead, attr_list: z.array(productAttr) });
export type ProductDetail = z.infer<typeof productDetail>;

export const productDesignDetail = z.object({ ...productHead, attr: productAttr });
export type ProductDesignDetail = z.infer<typeof productDesignDetail>;

// ── Queries ──────────────────────────────────────────────────────────────────────────────────────────

const id = num(z.number().int().positive());
/** '' or absent means "all"; otherwise one code. Query strings arrive as text. */
const allOr = (max: number) => z.union([z.literal(''), num(z.number().int().min(0).max(max))]).optional();

export const productListQuery = z.object({
  /** Contains-search on the product name. */
  name: z.string().trim().max(100).optional(),
  /** A category: its products and those of every category under it; '' or 0 = all. */
  cid: z.union([z.literal(''), num(z.number().int().min(0))]).optional(),
  pageNumber: num(z.number().int().min(1)).default(1),
  pageSize: num(z.number().int().min(1).max(PRODUCT_SEARCH_MAX_PAGE_SIZE)).default(PRODUCT_SEARCH_DEFAULT_PAGE_SIZE),
  /** Search tag code (docs/domain.md#catalogue-codes). */
  tag: allOr(3),
  /** Product level (docs/editor.md#catalogue). */
  level: allOr(3),
});
export type ProductListQuery = z.output<typeof productListQuery>;

export const navListQuery = z.object({
  /** Navigation tag code: 1 new, 3 hot (productTagCodec; not the search's numbering). */
  tag: num(z.union([z.literal(1), z.literal(3)])),
  page: num(z.number().int().min(1)).default(1),
  limit: num(z.number().int().min(1).max(NAV_LIST_PAGE_SIZE)).default(NAV_LIST_PAGE_SIZE),
});

/** A blank in the personal product library: the search's item (its `favorite` always 1) and when it was saved. */
export const favoriteItem = productSearchItem.extend({
  /** Unix seconds. */
  favorited_at: z.number().int(),
});
export type FavoriteItem = z.infer<typeof favoriteItem>;

export const catalogueRoutes = {
  categoryList: defineRoute({
    method: 'GET',
    path: '/api/product/getCategoryList',
    summary: 'Product categories as a tree of {id, name, childlist}',
    tag: 'catalogue',
    auth: false,
    optionalAuth: true,
    data: z.object({ list: z.array(categoryNode) }),
  }),
  productList: defineRoute({
    method: 'GET',
    path: '/api/product/getlist',
    summary: "Product search by name, category (with its subcategories), tag and level, paged; each with the caller's favorite flag",
    tag: 'catalogue',
    auth: false,
    optionalAuth: true,
    query: productListQuery,
    data: z.object({ product_list: z.array(productSearchItem), total: z.number().int() }),
  }),
  productDetail: defineRoute({
    method: 'GET',
    path: '/api/product/getDetail',
    summary: 'A blank for the editor: design areas, SKUs with mockups, views, cutpieces, authorization',
    tag: 'catalogue',
    auth: false,
    optionalAuth: true,
    query: z.object({ product_id: id }),
    data: productDetail,
  }),
  productDesignDetail: defineRoute({
    method: 'GET',
    path: '/api/product/getDesignDetail',
    summary: 'A blank for designing one SKU: the detail with the chosen attr',
    tag: 'catalogue',
    auth: true,
    query: z.object({ product_id: id, attr_id: id }),
    data: productDesignDetail,
  }),
  productNavList: defineRoute({
    method: 'GET',
    path: '/api/product/getNavList',
    summary: "The navigation's product list of one tag (1 new, 3 hot), newest first, 10 a page (readable logged out)",
    tag: 'catalogue',
    auth: false,
    query: navListQuery,
    data: z.object({ list: z.array(productListItem), total: z.number().int() }),
  }),
  productFavorite: defineRoute({
    method: 'POST',
    path: '/api/product/favorite',
    summary: 'Save a blank to the personal product library (收藏); saving it again changes nothing',
    tag: 'catalogue',
    auth: true,
    body: z.object({ product_id: z.number().int().positive() }),
    data: z.object({ favorite: z.literal(1) }),
  }),
  productUnfavorite: defineRoute({
    method: 'POST',
    path: '/api/product/unfavorite',
    summary: 'Take a blank out of the personal product library; one not in it changes nothing',
    tag: 'catalogue',
    auth: true,
    body: z.object({ product_id: z.number().int().positive() }),
    data: z.object({ favorite: z.literal(0) }),
  }),
  productFavoriteList: defineRoute({
    method: 'GET',
    path: '/api/product/getFavoriteList',
    summary: 'The personal product library: the blanks the caller saved, last saved first, paged',
    tag: 'catalogue',
    auth: true,
    query: z.object({
      page: num(z.number().int().min(1)).default(1),
      limit: num(z.number().int().min(1).max(FAVORITE_PAGE_MAX)).default(20),
    }),
    data: z.object({ list: z.array(favoriteItem), total: z.number().int() }),
  }),
} as const;
