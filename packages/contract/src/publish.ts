import { z } from 'zod';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import { listOf } from './envelope.js';

/**
 * Online publishing (docs/publishing.md, docs/publish-tab.md, docs/variants.md):
 * the variant calls the tab reads, the pre-flight, the publish calls of marketplace A (platform 2) and
 * B (platform 15), the publish records and their retry, and the SKU binding calls (docs/variants.md#sku-bindings).
 * docs/publishing.md holds the decisions (statuses, exactly-once, rate limits, reconciliation).
 */

/** The two marketplaces that take online publishing (docs/limits.md#marketplaces). */
export const PUBLISH_PLATFORMS = [2, 15] as const;
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];
/** Products one publish call takes. */
export const PUBLISH_MAX_PRODUCTS = 500;
export const PUBLISH_RECORD_PAGE_SIZE_MAX = 100;
/**
 * A publish record's life: queued → uploading (images) → creating (the create call is out, or its answer
 * not yet stored) → published; failed from any of them (a retry puts it back to queued).
 */
export const PUBLISH_STATUSES = ['queued', 'uploading', 'creating', 'published', 'failed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

const id = num(z.number().int().positive());
const platform = num(z.union([z.literal(2), z.literal(15)]));
/** Comma-joined finished-product ids, as the API takes ids (docs/api.md#ids-and-numbers), read as the list; the count is checked by the server (message). */
const commaIds = commaJoinedIds(PUBLISH_MAX_PRODUCTS * 12).transform((s) => s.split(',').map(Number));
/** Ids as a JSON array or comma-joined text (either form is taken; the tab sends an array). */
const productIds = z.union([z.array(z.number().int().positive()).max(PUBLISH_MAX_PRODUCTS), commaIds]);

/** The publish payload's group field (docs/api.md#fields): one product's chosen variants, as the variant table left them. */
export const customAttribution = z.object({
  /** The variant's (child's) id. */
  childId: num(z.number().int().positive()),
  color: z.string().max(200),
  size: z.string().max(200),
  /** The price the seller set in the table (two decimals), in the pricing template's currency. */
  price: num(z.number().positive().max(10_000_000)),
  as_parent: num(z.number().int().min(0).max(1)),
});
export type CustomAttribution = z.infer<typeof customAttribution>;
export const publishGroup = z.object({
  /** The finished product's id. */
  parentId: num(z.number().int().positive()),
  customAttributions: z.array(customAttribution).max(1000),
});
export type PublishGroup = z.infer<typeof publishGroup>;
/** groupIds: JSON, taken as JSON text or as the array itself (docs/api.md#fields). Absent: every variant, template prices. */
const groupIds = z.union([z.array(publishGroup).max(PUBLISH_MAX_PRODUCTS), z.string().max(5_000_000)]);

/** One product's colours and sizes (the tab's first preview, `getColorSizePreview`). */
export const colorSizePreview = z.object({
  id: z.number().int(),
  key_id: z.string(),
  /** The listing title (the export name when English, else the blank's English name; docs/variants.md#the-calls). */
  name: z.string(),
  /** The blank's catalogue image ('' when the blank is gone). */
  blank_design_url: z.string(),
  /** The same as `name` (the tab's earlier field). */
  title: z.string(),
  thumb: z.string(),
  colors: z.array(z.string()),
  /** Each colour's code (#rrggbb), in the order of `colors`. */
  colorCodes: z.array(z.string()),
  /** Each colour's listing name (English), in the order of `colors`. */
  colors_en: z.array(z.string()),
  sizes: z.array(z.string()),
  /** colours × sizes that exist as variants. */
  sku_count: z.number().int(),
  /**
   * The products whose variants the listing holds, each with its own colours (seller's names): the product itself,
   * or a combination's childs in order — two childs may both have "White", each ticked on its own.
   */
  members: z.array(z.object({ id: z.number().int(), key_id: z.string(), colors: z.array(z.string()) })),
});

/** Variant info for online publish (docs/variants.md#variant-info). */
export const colorSize = z.object({
  /** The variant's (child's) id. */
  id: z.number().int(),
  key_id: z.string(),
  color: z.string(),
  size: z.string(),
  /** The listing names the marketplaces get (docs/finished.md#listing-names): English colour, its family, English size. */
  color_en: z.string(),
  color_family: z.string(),
  size_en: z.string(),
  /** Two decimals; the pricing template's price when one was given, else the variant's own. */
  price: z.number(),
  as_parent: z.number().int(),
  img_urls: z.array(z.string()),
  /** The product the variant belongs to: the entry's own, or inside a combination one of its childs. */
  finished_id: z.number().int(),
  /** The variant's SKU code without prefix (docs/exports.md#skus): the seller SKU is a template's prefix + this. */
  sku_code: z.string(),
  /** The pricing template's crossed-out price (two decimals), or null (none, or pricing template 0). */
  crossed_out: z.number().nullable(),
  /**
   * The seller SKU the publish sends (docs/exports.md#skus): the marketplace template's prefix + `sku_code`, by the
   * one rule (getVariantPrice with `template_id`); the code alone without a template.
   */
  seller_sku: z.string(),
});
export type ColorSize = z.infer<typeof colorSize>;
export const variantInfo = z.object({
  parentInfo: z.object({ id: z.number().int(), key_id: z.string(), title: z.string(), img_urls: z.array(z.string()) }),
  colorSizes: z.array(colorSize),
  minPrice: z.number(),
  maxPrice: z.number(),
  /** The currency of the prices (docs/pricing-templates.md#currencies): CNY for the variants' own prices. */
  currency: z.string(),
});
export type VariantInfo = z.infer<typeof variantInfo>;

/** Per product, the colours and sizes to keep (getVariantInfoByProducts / getVariantPrice); empty lists keep all. */
export const productVariantChoice = z.object({
  id: num(z.number().int().positive()),
  sizes: z.array(z.string().max(200)).max(200).default([]),
  colors: z.array(z.string().max(200)).max(200).default([]),
});
/** Taken as JSON text (JSON of id, sizes, colors per product) or as the array itself. */
const productChoices = z.union([z.array(productVariantChoice).max(PUBLISH_MAX_PRODUCTS), z.string().max(1_000_000)]);

/** A product the pre-flight refused, with every reason in the caller's language. */
export const publishRefusal = z.object({ id: z.number().int(), key_id: z.string(), reasons: z.array(z.string()) });
export type PublishRefusal = z.infer<typeof publishRefusal>;

/** The fields both publish calls share (the marketplace's own template id is added per call). */
const publishCommon = {
  design_product_ids: productIds,
  /** 0 or absent: the built-in template 0 of the marketplace (docs/pricing-templates.md#template-0); a price set in groupIds wins. */
  pricing_template_id: num(z.number().int().min(0)).default(0),
  groupIds: groupIds.optional(),
  /** 0 or absent: the product's own title; else a title template (docs/listing-tools.md#titles). */
  title_template_id: num(z.number().int().min(0)).default(0),
  /** 0 or absent: no keyword set (docs/listing-tools.md#keywords). */
  keyword_set_id: num(z.number().int().min(0)).default(0),
};
export const aliexpressPublishBody = z.strictObject({ ...publishCommon, aliexpress_template_id: id });
export const tiktokPublishBody = z.strictObject({ ...publishCommon, tk_template_id: id });

/** `{publish_ids, job_ids, refused}`; refused is the pre-flight's report, the rest were queued (docs/publishing.md#the-calls). */
export const publishAnswer = z.object({
  publish_ids: z.array(z.number().int()),
  job_ids: z.array(z.string()),
  refused: z.array(publishRefusal),
  /** The batch the queued records belong to (the publish page follows its progress). */
  batch_id: z.string(),
});
export type PublishAnswer = z.infer<typeof publishAnswer>;
/** The pre-flight alone: which products would go and which would not, and why; nothing is sent. */
export const preflightAnswer = z.object({
  ok_ids: z.array(z.number().int()),
  refused: z.array(publishRefusal),
  /** The title each checked product's listing gets (templated when a title template was chosen), after the banned-word cut. */
  titles: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

export const publishRecord = z.object({
  id: z.number().int(),
  finished_id: z.number().int(),
  key_id: z.string(),
  title: z.string(),
  thumb: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  platform: z.number().int(),
  status: z.enum(PUBLISH_STATUSES),
  remote_product_id: z.string().nullable(),
  /** The listing's page on the marketplace (or its sandbox); null until published. */
  remote_url: z.string().nullable(),
  /** Why it failed (or the marketplace's warnings), in the seller's words. */
  message: z.string(),
  attempts: z.number().int(),
  batch_id: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updatetime: z.number().int(),
});
export type PublishRecord = z.infer<typeof publishRecord>;
/** Counts per status over the filtered rows: the page's progress for a batch. */
export const publishTally = z.object({
  queued: z.number().int(),
  uploading: z.number().int(),
  creating: z.number().int(),
  published: z.number().int(),
  failed: z.number().int(),
});

/** A variant bound to a remote SKU of a shop (docs/variants.md#sku-bindings). */
export const skuBinding = z.object({
  id: z.number().int(),
  key_id: z.string(),
  store_id: z.number().int(),
  remote_sku_id: z.string(),
  remote_product_id: z.string().nullable(),
  createtime: z.number().int(),
});

const variantInfoBody = z.strictObject({
  template_id: num(z.number().int().min(0)).default(0),
  /** The finished-product ids, as for the export calls. */
  exportProducts: productIds,
  /** `type`: the platform code the info is for (2 or 15); default 2 (docs/variants.md#variant-info). */
  type: platform.default(2),
});

export const publishRoutes = {
  aliexpressColorSizePreview: defineRoute({
    method: 'GET',
    path: '/api/aliexpress/getColorSizePreview',
    summary: 'The colours and sizes of each chosen finished product (Publish Online tab)',
    tag: 'publish',
    auth: true,
    query: z.object({ ids: commaIds }),
    data: listOf(colorSizePreview),
  }),
  aliexpressVariantInfo: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/getVariantInfo',
    summary: 'Variant info of each chosen product: parent, colours × sizes with prices, min and max price',
    tag: 'publish',
    auth: true,
    body: variantInfoBody,
    data: listOf(variantInfo),
  }),
  aliexpressVariantInfoByProducts: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/getVariantInfoByProducts',
    summary: 'Variant info of each product, only the sizes and colours chosen for it',
    tag: 'publish',
    auth: true,
    body: z.strictObject({ products: productChoices }),
    data: listOf(variantInfo),
  }),
  aliexpressVariantPrice: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/getVariantPrice',
    summary: 'Variant info priced by a pricing template (its rules, rounding and currency); 0 = the built-in default for the marketplace',
    tag: 'publish',
    auth: true,
    body: z.strictObject({
      pricing_template_id: num(z.number().int().min(0)),
      products: productChoices,
      /** The marketplace template 0 prices for (2 AliExpress, 15 TikTok Shop). */
      type: num(z.number().int()).default(2),
      /** The marketplace's product template (of `type`), whose SKU prefix the seller SKUs take; 0: none. */
      template_id: num(z.number().int().min(0)).default(0),
    }),
    data: listOf(variantInfo),
  }),
  aliexpressPreflight: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/preflight',
    summary: "Checks the chosen products against marketplace A's limits and the banned words; sends nothing",
    tag: 'publish',
    auth: true,
    body: aliexpressPublishBody,
    data: preflightAnswer,
  }),
  tiktokPreflight: defineRoute({
    method: 'POST',
    path: '/api/tiktok/preflight',
    summary: "Checks the chosen products against marketplace B's limits and the banned words; sends nothing",
    tag: 'publish',
    auth: true,
    body: tiktokPublishBody,
    data: preflightAnswer,
  }),
  aliexpressPublish: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/publish',
    summary: 'Publish to a marketplace A shop: the pre-flight, then one job per accepted product',
    tag: 'publish',
    auth: true,
    body: aliexpressPublishBody,
    data: publishAnswer,
  }),
  tiktokPublish: defineRoute({
    method: 'POST',
    path: '/api/tiktok/publish',
    summary: 'Publish to a marketplace B shop: the pre-flight, then one job per accepted product',
    tag: 'publish',
    auth: true,
    body: tiktokPublishBody,
    data: publishAnswer,
  }),
  publishList: defineRoute({
    method: 'GET',
    path: '/api/publish/getlist',
    summary: "The caller's publish records (a parent's include its sub-accounts'), newest first, with counts per status",
    tag: 'publish',
    auth: true,
    query: z.object({
      platform: platform.optional(),
      status: z.enum(PUBLISH_STATUSES).optional(),
      store_id: id.optional(),
      batch_id: z.string().max(64).optional(),
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(PUBLISH_RECORD_PAGE_SIZE_MAX)).default(20),
    }),
    data: z.object({ list: z.array(publishRecord), count: z.number().int(), tally: publishTally }),
  }),
  publishRetry: defineRoute({
    method: 'POST',
    path: '/api/publish/retry',
    summary: 'Retry failed publish records: the ids given, or (no ids) every failed one of the platform',
    tag: 'publish',
    auth: true,
    body: z.strictObject({ ids: z.array(z.number().int().positive()).max(PUBLISH_MAX_PRODUCTS).optional(), platform: platform.optional() }),
    data: z.object({ retried: z.array(z.number().int()), job_ids: z.array(z.string()) }),
  }),
  finishedBindSkuCompare: defineRoute({
    method: 'POST',
    path: '/api/finished/bindSkuCompare',
    summary: "Bind a variant (key_id) to a remote SKU of one of the caller's marketplace A or B shops",
    tag: 'publish',
    auth: true,
    // Trimmed here, so a blank id reaches the server empty and is refused with a seller message
    // (docs/variants.md#sku-bindings), never stored as ''.
    body: z.strictObject({ key_id: z.string().trim().max(64), store_id: id, remote_sku_id: z.string().trim().max(64) }),
    data: skuBinding,
  }),
  finishedDelSkuCompare: defineRoute({
    method: 'POST',
    path: '/api/finished/delSkuCompare',
    summary: 'Remove a SKU binding',
    tag: 'publish',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int() }),
  }),
  finishedSkuCompareList: defineRoute({
    method: 'GET',
    path: '/api/finished/getSkuCompare',
    summary: "A finished product's SKU bindings, per shop (our call, for the edit drawer)",
    tag: 'publish',
    auth: true,
    query: z.object({ finished_id: id }),
    data: listOf(skuBinding),
  }),
} as const;
