import { z } from 'zod';
import { plainText } from './sellerText.js';
import { commaJoinedIds, distinctIds, num, oneOfNumbers } from './numbers.js';
import { defineRoute } from './route.js';
import { FINISHED_PAGE_SIZES } from './constants.js';

/**
 * The finished-products screen's calls (docs/finished.md, docs/api.md#finished-products; docs/domain.md#finished-products,
 * #combinations). Groups, downloads and the Excel batch design have their own files.
 */

const id = num(z.number().int().positive());
/** `ids` as the API takes them: comma-joined numbers (docs/api.md#ids-and-numbers). */
const idList = distinctIds(1000);
const text = (max: number) => z.string().trim().max(max);
const money = num(z.number().min(0).max(1_000_000).multipleOf(0.01));

// ── The list (docs/finished.md#the-list, getlist) ──────────────────────────────────────────────────────────

export const finishedListQuery = z.object({
  pageNumber: num(z.number().int().min(1).max(1_000_000)).default(1),
  pageSize: num(oneOfNumbers(FINISHED_PAGE_SIZES)).default(10),
  /** Category (its descendants included). */
  cid: id.optional(),
  /** Custom group (its descendants included); -1 all, 0 ungrouped. */
  group_id: num(z.number().int().min(-1)).optional(),
  /** Accounts, comma-joined; 0 is the caller itself ("本人"). */
  userids: commaJoinedIds()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An office of the family: the products of its accounts (within `userids` when both are given). */
  office_id: num(z.number().int().min(0)).optional(),
  key_id: text(64).optional(),
  task_id: text(64).optional(),
  /** Contains-search on the product name. */
  name: text(100).optional(),
  /** Contains-search on the material image name. */
  material_img_name: text(100).optional(),
  /** Creation range, unix seconds, both ends included. */
  start_time: num(z.number().int().min(0)).optional(),
  end_time: num(z.number().int().min(0)).optional(),
  combine_rule_type: z
    .union([z.literal(''), num(z.number().int().min(1).max(3))])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  is_online: num(z.literal(0)).default(0),
  /** 1 the products with units in paid orders (订单数 > 0), 0 those not yet ordered (未出单); '' or absent: all. */
  ordered: z
    .union([z.literal(''), num(z.number().int().min(0).max(1))])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** 'mobile': each row also carries the phone's fields (docs/mobile.md#finished-products-on-the-phone). */
  view: z.literal('mobile').optional(),
});
export type FinishedListQuery = z.input<typeof finishedListQuery>;

export const comboChild = z.object({ id: z.number().int(), key_id: z.string(), thumb: z.string(), as_parent: z.number().int() });

export const finishedRow = z.object({
  id: z.number().int(),
  key_id: z.string(),
  task_id: z.string(),
  product_id: z.number().int(),
  attr_id: z.number().int(),
  product_name: z.string(),
  cate_name: z.string(),
  export_name: z.string(),
  material_img_name: z.string(),
  keyword: z.string(),
  material: z.string(),
  material_color: z.string(),
  color: z.string(),
  size: z.string(),
  remark: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  owner_id: z.number().int(),
  username: z.string(),
  /** The 店铺 column as the API names it: the shops' names, newest first, joined by ", " (docs/variants.md#the-shop-column). */
  store: z.string(),
  /** The same shops as a list, newest first: a name may itself hold ", " (the web renders these). */
  stores: z.array(z.string()),
  order_num: z.number().int(),
  /** "1" for a combination. */
  combine_rule: z.string(),
  /** The type's label in the caller's language (docs/domain.md#combinations). */
  combine_rule_type: z.string(),
  /** The type's code (docs/domain.md#combinations): 1, 2 or 3. */
  combine_rule_type_code: z.number().int(),
  img_urls: z.array(z.string()),
  /** A combination's childs' thumbnails (the list shows at most 6). */
  small_imgs: z.array(z.string()),
  thumb: z.string(),
  is_online: z.number().int(),
  /** Synthesis state of the images. */
  status: z.enum(['pending', 'ready', 'failed']),
  child_count: z.number().int(),
  childs: z.array(comboChild),
  /** Whether its group (or a group above it) is locked: it cannot be deleted. */
  is_locked: z.number().int(),
  // Only with view=mobile (docs/mobile.md#finished-products-on-the-phone):
  /** The blank's catalogue picture. */
  blank_design_url: z.string().optional(),
  /** Its colours (a combination's: its childs'), in the order the edit drawer shows them, with their codes. */
  colors: z.array(z.string()).optional(),
  colorCodes: z.array(z.string()).optional(),
  /** Its sizes, each once, in the catalogue's order. */
  sizes: z.array(z.string()).optional(),
});
export type FinishedRow = z.infer<typeof finishedRow>;

// ── Detail and editing (the finished edit drawer, docs/finished.md#dialogs) ─────────────────────────

export const finishedAttr = z.object({
  id: z.number().int(),
  key_id: z.string(),
  /** The finished product the variant belongs to (a combination's detail holds several). */
  finished_id: z.number().int(),
  sku_id: z.number().int(),
  color: z.string(),
  size: z.string(),
  export_name: z.string(),
  material_img_name: z.string(),
  keyword: z.string(),
  material_color: z.string(),
  price: z.number(),
  as_parent: z.number().int(),
  img_urls: z.array(z.string()),
  thumb: z.string(),
});
export type FinishedAttr = z.infer<typeof finishedAttr>;

export const finishedDetail = z.object({
  id: z.number().int(),
  key_id: z.string(),
  combine_rule: z.string(),
  parent_info: z.object({
    id: z.number().int(),
    key_id: z.string(),
    export_name: z.string(),
    material_img_name: z.string(),
    material: z.string(),
    material_color: z.string(),
    keyword: z.string(),
    img_urls: z.array(z.string()),
  }),
  child_info: z.array(
    z.object({
      id: z.number().int(),
      key_id: z.string(),
      finished_id: z.number().int(),
      color: z.string(),
      material: z.string(),
      img_urls: z.array(z.string()),
      attrs: z.array(finishedAttr),
    }),
  ),
});
export type FinishedDetail = z.infer<typeof finishedDetail>;

/** One variant's editable fields (updateFinished, mutiUpdateFinishedSave). Omitted fields stay. */
export const attrUpdate = z.strictObject({
  id,
  export_name: text(500).optional(),
  material_img_name: text(500).optional(),
  keyword: text(2000).optional(),
  material_color: text(100).optional(),
  /** Renames the variant's colour (every size of that colour). */
  color: text(100).min(1).optional(),
  size: text(100).min(1).optional(),
  price: money.optional(),
  /** 1 makes this variant the only parent (母体). `is_parent` is the other spelling the API takes. */
  as_parent: num(z.number().int().min(0).max(1)).optional(),
  is_parent: num(z.number().int().min(0).max(1)).optional(),
});
export type AttrUpdate = z.input<typeof attrUpdate>;

/** A variant row of the add-to-cart and re-design lists (docs/finished.md#dialogs, searchChildren). */
export const childRow = z.object({
  id: z.number().int(),
  key_id: z.string(),
  finished_id: z.number().int(),
  finished_key_id: z.string(),
  product_id: z.number().int(),
  sku_id: z.number().int(),
  color: z.string(),
  size: z.string(),
  price: z.number(),
  thumb: z.string(),
  as_parent: z.number().int(),
});
export type ChildRow = z.infer<typeof childRow>;

export const batchEditProduct = z.object({
  id: z.number().int(),
  key_id: z.string(),
  product_name: z.string(),
  thumb: z.string(),
  attrs: z.array(finishedAttr),
});
export type BatchEditProduct = z.infer<typeof batchEditProduct>;

export const finishedRoutes = {
  finishedList: defineRoute({
    method: 'GET',
    path: '/api/finished/getlist',
    summary: 'The finished-products list with every filter of the list page; count is the exact total',
    tag: 'finished',
    auth: true,
    query: finishedListQuery,
    data: z.object({ count: z.number().int(), list: z.array(finishedRow) }),
    trustedResponse: true,
  }),
  finishedDetail: defineRoute({
    method: 'GET',
    path: '/api/finished/getDetailPage',
    summary: "A finished product's parent and colour/size variants for the edit drawer",
    tag: 'finished',
    auth: true,
    query: z.object({ id }),
    data: finishedDetail,
  }),
  updateFinished: defineRoute({
    method: 'POST',
    path: '/api/finished/updateFinished',
    summary: "Save the edit drawer: variants' names, keyword, material colour, colour, size, price and the parent (母体)",
    tag: 'finished',
    auth: true,
    body: z.strictObject({ list: z.array(attrUpdate).min(1).max(2000) }),
    data: z.object({ updated: z.number().int() }),
  }),
  finishedDel: defineRoute({
    method: 'POST',
    path: '/api/finished/del',
    summary: 'Delete finished products (a combination with its childs); refused, deleting nothing, if one is in a locked group',
    tag: 'finished',
    auth: true,
    body: z.strictObject({ ids: idList }),
    data: z.object({ deleted: z.number().int() }),
  }),
  withdrawPublicImages: defineRoute({
    method: 'POST',
    path: '/api/finished/withdrawPublicImages',
    summary:
      "Withdraw finished products' public image copies (/pub/…): each answers 404 from then on unless another product's export still uses it",
    tag: 'finished',
    auth: true,
    body: z.strictObject({ ids: idList }),
    data: z.object({ withdrawn: z.number().int() }),
  }),
  setGroup: defineRoute({
    method: 'POST',
    path: '/api/finished/setGroup',
    summary: 'Combine the selected products into a new combination (selected combinations are flattened into it)',
    tag: 'finished',
    auth: true,
    body: z.strictObject({ ids: idList }),
    data: z.object({ id: z.number().int(), key_id: z.string(), task_id: z.string(), combine_rule_type: z.number().int() }),
  }),
  cancelGroup: defineRoute({
    method: 'POST',
    path: '/api/finished/cancelGroup',
    summary: 'Cancel combinations: each is deleted and its childs return to the list unchanged',
    tag: 'finished',
    auth: true,
    body: z.strictObject({ ids: idList }),
    data: z.object({ returned: z.number().int() }),
  }),
  joinToGroup: defineRoute({
    method: 'POST',
    path: '/api/finished/joinToGroup',
    summary: 'File finished products into a custom group (group_id 0 clears their group)',
    tag: 'finished',
    auth: true,
    body: z.strictObject({ ids: idList, group_id: num(z.number().int().min(0)) }),
    data: z.object({ updated: z.number().int() }),
  }),
  addRemark: defineRoute({
    method: 'POST',
    path: '/api/finished/addremark',
    summary: "Set a finished product's remark",
    tag: 'finished',
    auth: true,
    body: z.strictObject({ id, remark: plainText(z.string().max(500)) }),
    data: z.object({ id: z.number().int(), remark: z.string() }),
  }),
  addToCartsPage: defineRoute({
    method: 'GET',
    path: '/api/finished/addToCartsPage',
    summary: "A finished product's variants (size, colour, number) for the add-to-cart dialog",
    tag: 'finished',
    auth: true,
    query: z.object({ id, key_id: text(64).optional() }),
    data: z.object({ list: z.array(childRow) }),
  }),
  addToCarts: defineRoute({
    method: 'POST',
    path: '/api/finished/addToCarts',
    summary: "Add one variant of a finished product to the cart with that size's design",
    tag: 'finished',
    auth: true,
    body: z.strictObject({ id, num: num(z.number().int().min(1).max(100_000)).default(1) }),
    data: z.object({ id: z.number().int() }),
  }),
  searchChildren: defineRoute({
    method: 'GET',
    path: '/api/finished/searchChildren',
    summary: "Search a finished product's variants by number and keywords (colour, size, variant number)",
    tag: 'finished',
    auth: true,
    query: z.object({ id, keywords: text(100).optional() }),
    data: z.object({ list: z.array(childRow) }),
  }),
  mutiUpdateFinishedPage: defineRoute({
    method: 'GET',
    path: '/api/finished/mutiUpdateFinishedPage',
    summary: "The chosen products' variants in one editable table (batch edit page)",
    tag: 'finished',
    auth: true,
    query: z.object({ ids: distinctIds(200) }),
    data: z.object({ list: z.array(batchEditProduct) }),
  }),
  mutiUpdateFinishedSave: defineRoute({
    method: 'POST',
    path: '/api/finished/mutiUpdateFinishedSave',
    summary: "Save the batch edit page: every variant's export name, material name, keyword, material colour and price at once",
    tag: 'finished',
    auth: true,
    body: z.strictObject({
      list: z
        .array(attrUpdate.omit({ color: true, size: true, as_parent: true, is_parent: true }))
        .min(1)
        .max(20_000),
    }),
    data: z.object({ updated: z.number().int() }),
  }),
  supportContact: defineRoute({
    method: 'GET',
    path: '/api/help/contact',
    summary: 'Customer service for the help drawer and the about page: phone number and the address its QR code opens',
    tag: 'finished',
    // Public: the phone's about page shows it logged out too.
    auth: false,
    data: z.object({ phone: z.string(), url: z.string() }),
  }),
} as const;
