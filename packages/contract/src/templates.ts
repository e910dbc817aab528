import { z } from 'zod';
import { plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { listOf, pageOf } from './envelope.js';
import { shopTemplateFields, shopTemplateListQuery } from './shopTemplates.js';
import type { SimpleExportColumn } from './exportColumns.js';

export * from './templateOptions.js';

/**
 * Product templates (商品模板; docs/templates.md, `/template/*`):
 * three kinds in one table — 'simple' (format 6 / 9: a column set and fixed values), 'amazon' (the
 * large-marketplace flat file, docs/exports.md) and 'walmart' (bulk items). Each belongs to one shop.
 */

export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_PAGE_SIZE_MAX = 100;
/** Simple kind formats (docs/limits.md#export): 6 simplified Excel, 9 Txt. */
export const SIMPLE_TEMPLATE_FORMATS = [6, 9] as const;
export const TEMPLATE_LIMITS = {
  fixedValue: 500,
  bullet: 500,
  /** Amazon counts generic_keywords in bytes (UTF-8), not characters. */
  keywordsBytes: 250,
  description: 2000,
  skuPrefix: 20,
  quantityMax: 999_999,
  /** brand_name, manufacturer, department_name, product_type. */
  text: 100,
} as const;
export const SKU_PREFIX_PATTERN = /^[A-Za-z0-9-]{0,20}$/;
/** diyImport (docs/templates.md): file size, the field row's search depth, columns and cell length kept. */
export const DIY_TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
export const DIY_TEMPLATE_LIMITS = { searchRows: 10, columns: 400, cell: 500 } as const;

/** The Walmart-style marketplace's platform code and the large marketplace's (stores.ts MARKETPLACES). */
export const AMAZON_PLATFORM = 1;
export const WALMART_PLATFORM = 3;

/** The simple columns as a seller reads them (the column picker; the simplified file's header row). */
export const SIMPLE_COLUMN_LABELS: Record<SimpleExportColumn, { zh: string; en: string }> = {
  finished_id: { zh: '成品编号', en: 'Finished number' },
  product_name: { zh: '产品', en: 'Product' },
  export_name: { zh: '导出名称', en: 'Export name' },
  color: { zh: '颜色', en: 'Colour' },
  size: { zh: '尺码', en: 'Size' },
  sku: { zh: 'SKU', en: 'SKU' },
  price: { zh: '价格', en: 'Price' },
  crossed_out_price: { zh: '划线价', en: 'Crossed-out price' },
  keyword: { zh: '关键词', en: 'Keyword' },
  main_image_url: { zh: '主图链接', en: 'Main image URL' },
  other_image_urls: { zh: '附图链接', en: 'Other image URLs' },
};

const id = num(z.number().int().positive());
// Lengths and lists are checked by the server so the seller reads why in their language; bounded here for the body.
const text = z.string().max(5000);

const listQuery = shopTemplateListQuery(TEMPLATE_PAGE_SIZE_MAX, TEMPLATE_PAGE_SIZE_MAX);

export const simpleTemplate = z.object({
  ...shopTemplateFields,
  format: z.number().int(),
  columns: z.array(z.string()),
  fixed_values: z.record(z.string(), z.string()),
});
export type SimpleTemplate = z.infer<typeof simpleTemplate>;

const amazonFields = {
  site: z.string(),
  category: z.string(),
  feed_product_type: z.string(),
  item_type: z.string(),
  brand_name: z.string(),
  manufacturer: z.string(),
  department_name: z.string(),
  bullet_point1: z.string(),
  bullet_point2: z.string(),
  bullet_point3: z.string(),
  bullet_point4: z.string(),
  bullet_point5: z.string(),
  generic_keywords: z.string(),
  product_description: z.string(),
  quantity: z.number().int(),
  variation_theme: z.string(),
  sku_prefix: z.string(),
};
export const amazonTemplate = z.object({
  ...shopTemplateFields,
  ...amazonFields,
  /** A diyImport template: the export writes its header rows and exactly its columns. */
  custom: z.boolean(),
  /** The number of columns of the imported field row (0 when not custom). */
  custom_columns: z.number().int(),
});
export type AmazonTemplate = z.infer<typeof amazonTemplate>;
/** The detail adds the imported header rows (row 1 signature, row 2 labels, row 3 field names) or null. */
export const amazonTemplateDetail = amazonTemplate.extend({ header_rows: z.array(z.array(z.string())).nullable() });
export type AmazonTemplateDetail = z.infer<typeof amazonTemplateDetail>;

export const walmartTemplate = z.object({
  ...shopTemplateFields,
  product_type: z.string(),
  brand_name: z.string(),
  manufacturer: z.string(),
  quantity: z.number().int(),
  sku_prefix: z.string(),
  product_description: z.string(),
});
export type WalmartTemplate = z.infer<typeof walmartTemplate>;

const simpleBody = {
  store_id: id,
  name: plainName(text),
  format: num(z.number().int()),
  columns: z.array(z.string().max(100)).max(100),
  fixed_values: z.record(z.string().max(100), z.string().max(5000)).optional(),
};
const amazonBody = {
  store_id: id,
  name: plainName(text),
  site: text,
  category: text,
  feed_product_type: text,
  item_type: text,
  brand_name: text.default(''),
  manufacturer: text.default(''),
  department_name: text.default(''),
  bullet_point1: text.default(''),
  bullet_point2: text.default(''),
  bullet_point3: text.default(''),
  bullet_point4: text.default(''),
  bullet_point5: text.default(''),
  generic_keywords: text.default(''),
  product_description: text.default(''),
  quantity: num(z.number()).default(0),
  variation_theme: text.default(''),
  sku_prefix: text.default(''),
};
const walmartBody = {
  store_id: id,
  name: plainName(text),
  product_type: text,
  brand_name: text.default(''),
  manufacturer: text.default(''),
  quantity: num(z.number()).default(0),
  sku_prefix: text.default(''),
  product_description: text.default(''),
};
export type SimpleTemplateBody = z.output<z.ZodObject<typeof simpleBody>>;
export type AmazonTemplateBody = z.output<z.ZodObject<typeof amazonBody>>;
export type WalmartTemplateBody = z.output<z.ZodObject<typeof walmartBody>>;

const optionList = listOf(z.object({ value: z.string(), label: z.string() }));
const tag = 'template';

export const templateRoutes = {
  templateList: defineRoute({
    method: 'GET',
    path: '/api/template/getlist',
    summary: "Simplified / Txt product templates of the caller's scope, newest first",
    tag,
    auth: true,
    query: listQuery,
    data: pageOf(simpleTemplate),
  }),
  templateDetail: defineRoute({
    method: 'GET',
    path: '/api/template/detail',
    summary: 'One simplified / Txt template, for its edit form',
    tag,
    auth: true,
    query: z.object({ id }),
    data: simpleTemplate,
  }),
  templateAdd: defineRoute({
    method: 'POST',
    path: '/api/template/add',
    summary: 'Create a simplified (6) or Txt (9) template: its columns in order and fixed values per column',
    tag,
    auth: true,
    body: z.strictObject(simpleBody),
    data: simpleTemplate,
  }),
  templateUpdate: defineRoute({
    method: 'POST',
    path: '/api/template/update',
    summary: 'Replace a simplified / Txt template',
    tag,
    auth: true,
    body: z.strictObject({ id, ...simpleBody }),
    data: simpleTemplate,
  }),
  templateDelete: defineRoute({
    method: 'POST',
    path: '/api/template/delete',
    summary: 'Delete a simplified / Txt template',
    tag,
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int() }),
  }),
  templateAmazonList: defineRoute({
    method: 'GET',
    path: '/api/template/getAmazonlist',
    summary: "Amazon (large-marketplace flat file) templates of the caller's scope, newest first",
    tag,
    auth: true,
    query: listQuery,
    data: pageOf(amazonTemplate),
  }),
  templateAmazonDetail: defineRoute({
    method: 'GET',
    path: '/api/template/amazonDetail',
    summary: 'One Amazon template with its imported header rows, for its edit form',
    tag,
    auth: true,
    query: z.object({ id }),
    data: amazonTemplateDetail,
  }),
  templateAmazonAdd: defineRoute({
    method: 'POST',
    path: '/api/template/addAmazonTemplate',
    summary: 'Create an Amazon template on an Amazon shop',
    tag,
    auth: true,
    body: z.strictObject(amazonBody),
    data: amazonTemplateDetail,
  }),
  templateAmazonUpdate: defineRoute({
    method: 'POST',
    path: '/api/template/updateAmazon',
    summary: 'Replace an Amazon template (its imported header rows stay)',
    tag,
    auth: true,
    body: z.strictObject({ id, ...amazonBody }),
    data: amazonTemplateDetail,
  }),
  templateAmazonDelete: defineRoute({
    method: 'POST',
    path: '/api/template/deleteAmazon',
    summary: 'Delete an Amazon template',
    tag,
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int() }),
  }),
  templateDiyImport: defineRoute({
    method: 'POST',
    path: '/api/template/diyImport',
    summary:
      "Import a seller's own Amazon template (multipart/form-data: file .xlsx/.xlsm ≤ 10 MB, and store_id + name for a new template, or id to replace one's header rows)",
    tag,
    auth: true,
    data: amazonTemplateDetail,
  }),
  templateSiteList: defineRoute({
    method: 'GET',
    path: '/api/template/getSiteList',
    summary: 'The Amazon sites',
    tag,
    auth: true,
    data: optionList,
  }),
  templateCategoryList: defineRoute({
    method: 'GET',
    path: '/api/template/getCategoryList',
    summary: 'The categories of a site (the same seeded set on every site)',
    tag,
    auth: true,
    query: z.object({ site: z.string().max(20).optional() }),
    data: optionList,
  }),
  templateFeedTypeList: defineRoute({
    method: 'GET',
    path: '/api/template/getFeedProductTypeList',
    summary: 'The feed product types of a category',
    tag,
    auth: true,
    query: z.object({ category: z.string().max(100) }),
    data: optionList,
  }),
  templateItemTypeList: defineRoute({
    method: 'GET',
    path: '/api/template/getItemTypeList',
    summary: 'The item types of a feed product type',
    tag,
    auth: true,
    query: z.object({ feed_product_type: z.string().max(100) }),
    data: optionList,
  }),
  walmartList: defineRoute({
    method: 'GET',
    path: '/api/walmart/getlist',
    summary: "Walmart-style templates of the caller's scope (store_id: one shop's, for the export dialog's cascader)",
    tag,
    auth: true,
    query: listQuery,
    data: pageOf(walmartTemplate),
  }),
  walmartDetail: defineRoute({
    method: 'GET',
    path: '/api/walmart/detail',
    summary: 'One Walmart-style template',
    tag,
    auth: true,
    query: z.object({ id }),
    data: walmartTemplate,
  }),
  walmartAdd: defineRoute({
    method: 'POST',
    path: '/api/walmart/add',
    summary: 'Create a Walmart-style template on a Walmart shop',
    tag,
    auth: true,
    body: z.strictObject(walmartBody),
    data: walmartTemplate,
  }),
  walmartUpdate: defineRoute({
    method: 'POST',
    path: '/api/walmart/update',
    summary: 'Replace a Walmart-style template',
    tag,
    auth: true,
    body: z.strictObject({ id, ...walmartBody }),
    data: walmartTemplate,
  }),
  walmartDel: defineRoute({
    method: 'POST',
    path: '/api/walmart/del',
    summary: 'Delete a Walmart-style template',
    tag,
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int() }),
  }),
  templatesByStore: defineRoute({
    method: 'GET',
    path: '/api/finished/getTemplatesByStoreid',
    summary: "The export dialog's cascader: a shop's simplified / Txt templates",
    tag,
    auth: true,
    query: z.object({ store_id: id }),
    data: listOf(z.object({ id: z.number().int(), name: z.string(), format: z.number().int() })),
  }),
  amazonTemplatesByStore: defineRoute({
    method: 'GET',
    path: '/api/finished/getAmazonTemplatesByStoreid',
    summary: "The export dialog's cascader: a shop's Amazon templates (custom: imported header rows)",
    tag,
    auth: true,
    query: z.object({ store_id: id }),
    data: listOf(z.object({ id: z.number().int(), name: z.string(), custom: z.boolean() })),
  }),
} as const;
