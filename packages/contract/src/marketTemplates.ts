import { z } from 'zod';
import { plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { listOf, pageOf } from './envelope.js';
import { shopTemplateFields, shopTemplateListQuery } from './shopTemplates.js';
import type { PublishPlatform } from './publish.js';
import { STOCK_MODES } from './listingStock.js';

/**
 * The marketplaces' product templates (the Publish Online tab; docs/market-templates.md):
 * what a publish to marketplace A (AliExpress, platform 2) or B (TikTok Shop, platform 15) takes from the
 * seller once per shop rather than per product — category, attributes, logistics, package, description.
 * Each belongs to one shop of its marketplace and goes with it. Limits: docs/marketplace-a.md, docs/marketplace-b.md.
 */

export const ALIEXPRESS_PLATFORM = 2;
export const TIKTOK_PLATFORM = 15;
export const MARKET_TEMPLATE_PAGE_SIZE_MAX = 100;

/** Marketplace A's product post limits (docs/marketplace-a.md). */
export const ALIEXPRESS_LIMITS = {
  /** kg, three decimals. */
  weightMin: 0.001,
  weightMax: 500,
  /** cm, whole numbers. */
  sideMin: 1,
  sideMax: 700,
  /** Our bounds (UNCONFIRMED by a source; docs/market-templates.md#aliexpress). */
  attributes: 50,
  attrValue: 70,
  brandName: 100,
} as const;
/** AliExpress's product unit "piece" (件/个). */
export const ALIEXPRESS_UNIT_PIECE = 100000015;
/** A custom attribute value may not contain these (the marketplace splits on them). */
export const ALIEXPRESS_ATTR_FORBIDDEN = /[#:=,]/;
/** The languages a listing is written in (AliExpress's `language`, the multi-language subject's locale). */
export const ALIEXPRESS_LANGUAGES = [
  'en',
  'ru',
  'es',
  'fr',
  'pt',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ja',
  'ko',
  'ar',
  'he',
  'th',
  'vi',
  'id',
] as const;

/** Marketplace B's Create Product limits (docs/marketplace-b.md). */
export const TIKTOK_LIMITS = {
  description: 10_000,
  /** brand_id, warehouse_id: the marketplace's ids are long digit strings (beyond a JS number). */
  idChars: 30,
  sizeChartUri: 500,
} as const;
export const TIKTOK_WEIGHT_UNITS = ['KILOGRAM', 'POUND'] as const;
export const TIKTOK_DIMENSION_UNITS = ['CENTIMETER', 'INCH'] as const;
/** B pairs the units (error 12052915 otherwise): kilograms with centimetres, pounds with inches. */
export const TIKTOK_UNIT_PAIRS = { KILOGRAM: 'CENTIMETER', POUND: 'INCH' } as const;
export const TIKTOK_SAVE_MODES = ['LISTING', 'AS_DRAFT'] as const;
/** The HTML tags B's description accepts. */
export const TIKTOK_DESCRIPTION_TAGS = ['p', 'img', 'ul', 'ol', 'li', 'br', 'strong', 'b', 'i', 'em', 'u'] as const;
/**
 * The attributes each tag may carry in a description template: img its src and alt, every other tag none
 * (docs/market-templates.md#description-template).
 */
export const TIKTOK_DESCRIPTION_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { img: ['src', 'alt'] };
/** The description template's placeholder for the product's title (docs/market-templates.md#description-template). */
export const TITLE_PLACEHOLDER = '{title}';
export const TIKTOK_DEFAULT_DESCRIPTION = '<p>{title}</p>';

// Both quotes: a {title} inside a quoted attribute value (alt='{title}') cannot close it.
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** A B description from its template: every {title} replaced by the product's title, HTML-escaped. */
export const fillDescriptionTemplate = (template: string, title: string) => template.split(TITLE_PLACEHOLDER).join(escapeHtml(title));

const id = num(z.number().int().positive());
// Ranges, required fields and text lengths are checked by the server so the seller reads why in their language.
const text = z.string().max(20_000);
const number = num(z.number());
const listQuery = shopTemplateListQuery(MARKET_TEMPLATE_PAGE_SIZE_MAX, 20);
/**
 * A marketplace template's shop and owner, the marketplace category it lists in, the seller SKU prefix (the
 * export templates' rule, docs/exports.md#skus) and its stock override ('' = the shop's setting,
 * docs/publishing.md#stock).
 */
const owned = {
  ...shopTemplateFields,
  category_id: z.number().int(),
  sku_prefix: z.string(),
  stock_mode: z.enum(['', ...STOCK_MODES]),
  stock_quantity: z.number().int(),
  handling_days: z.number().int(),
};
/** The same four in a body: all optional (a template made before them keeps the shop's stock and no prefix). */
const listingBody = {
  sku_prefix: text.default(''),
  stock_mode: z.enum(['', ...STOCK_MODES]).default(''),
  stock_quantity: number.default(0),
  handling_days: number.default(0),
};

/** One product attribute of A: a marketplace value (attr_value_id) or a custom one (attr_value). */
export const aliexpressAttribute = z.object({
  attr_name_id: z.number().int(),
  attr_value_id: z.number().int().optional(),
  attr_value: z.string().optional(),
});
export type AliexpressAttribute = z.infer<typeof aliexpressAttribute>;

export const aliexpressTemplate = z.object({
  ...owned,
  attributes: z.array(aliexpressAttribute),
  freight_template_id: z.number().int(),
  promise_template_id: z.number().int(),
  product_unit: z.number().int(),
  /** kg. */
  weight: z.number(),
  /** cm. */
  package_length: z.number().int(),
  package_width: z.number().int(),
  package_height: z.number().int(),
  language: z.string(),
  brand_name: z.string(),
});
export type AliexpressTemplate = z.infer<typeof aliexpressTemplate>;

export const tiktokTemplate = z.object({
  ...owned,
  /** '' = none. */
  brand_id: z.string(),
  /** '' = the shop connection's warehouse. */
  warehouse_id: z.string(),
  package_weight: z.number(),
  weight_unit: z.enum(TIKTOK_WEIGHT_UNITS),
  package_length: z.number(),
  package_width: z.number(),
  package_height: z.number(),
  dimension_unit: z.enum(TIKTOK_DIMENSION_UNITS),
  /** An uploaded image's uri, '' = none. */
  size_chart_uri: z.string(),
  /** HTML within TIKTOK_DESCRIPTION_TAGS; {title} is the product's title. */
  description_template: z.string(),
  save_mode: z.enum(TIKTOK_SAVE_MODES),
});
export type TiktokTemplate = z.infer<typeof tiktokTemplate>;

const aliexpressBody = {
  store_id: id,
  name: plainName(text),
  category_id: number,
  attributes: z
    .array(
      z.strictObject({
        attr_name_id: number,
        attr_value_id: number.optional(),
        attr_value: text.optional(),
      }),
    )
    .max(1000)
    .default([]),
  freight_template_id: number.optional(),
  promise_template_id: number.optional(),
  product_unit: number.default(ALIEXPRESS_UNIT_PIECE),
  weight: number,
  package_length: number,
  package_width: number,
  package_height: number,
  language: text.default('en'),
  brand_name: text.default(''),
  ...listingBody,
};
const tiktokBody = {
  store_id: id,
  name: plainName(text),
  category_id: number,
  brand_id: text.default(''),
  warehouse_id: text.default(''),
  package_weight: number,
  weight_unit: text.default('KILOGRAM'),
  package_length: number,
  package_width: number,
  package_height: number,
  dimension_unit: text.default('CENTIMETER'),
  size_chart_uri: text.default(''),
  description_template: text.default(TIKTOK_DEFAULT_DESCRIPTION),
  save_mode: text.default('LISTING'),
  ...listingBody,
};
export type AliexpressTemplateBody = z.output<z.ZodObject<typeof aliexpressBody>>;
export type TiktokTemplateBody = z.output<z.ZodObject<typeof tiktokBody>>;

const pickerRow = z.object({ id: z.number().int(), name: z.string(), category_id: z.number().int() });
const removed = z.object({ id: z.number().int() });

/** The calls of one marketplace's templates: add, update, del, getlist and the publish tab's picker. */
export const marketTemplateRoutes = {
  aliexpressTemplateAdd: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/template/add',
    summary: 'Create a marketplace A (AliExpress) product template on an AliExpress shop',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject(aliexpressBody),
    data: aliexpressTemplate,
  }),
  aliexpressTemplateUpdate: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/template/update',
    summary: 'Replace an AliExpress product template',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject({ id, ...aliexpressBody }),
    data: aliexpressTemplate,
  }),
  aliexpressTemplateDel: defineRoute({
    method: 'POST',
    path: '/api/aliexpress/template/del',
    summary: 'Delete an AliExpress product template',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject({ id }),
    data: removed,
  }),
  aliexpressTemplateList: defineRoute({
    method: 'GET',
    path: '/api/aliexpress/template/getlist',
    summary: "AliExpress product templates of the caller's scope (a parent's include its sub-accounts'), newest first",
    tag: 'market-templates',
    auth: true,
    query: listQuery,
    data: pageOf(aliexpressTemplate),
  }),
  aliexpressTemplatesByStore: defineRoute({
    method: 'GET',
    path: '/api/aliexpress/getTemplatesByStoreid',
    summary: "The Publish Online tab's picker: an AliExpress shop's templates",
    tag: 'market-templates',
    auth: true,
    query: z.object({ store_id: id }),
    data: listOf(pickerRow),
  }),
  tiktokTemplateAdd: defineRoute({
    method: 'POST',
    path: '/api/tiktok/template/add',
    summary: 'Create a marketplace B (TikTok Shop) product template on a TikTok shop',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject(tiktokBody),
    data: tiktokTemplate,
  }),
  tiktokTemplateUpdate: defineRoute({
    method: 'POST',
    path: '/api/tiktok/template/update',
    summary: 'Replace a TikTok product template',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject({ id, ...tiktokBody }),
    data: tiktokTemplate,
  }),
  tiktokTemplateDel: defineRoute({
    method: 'POST',
    path: '/api/tiktok/template/del',
    summary: 'Delete a TikTok product template',
    tag: 'market-templates',
    auth: true,
    body: z.strictObject({ id }),
    data: removed,
  }),
  tiktokTemplateList: defineRoute({
    method: 'GET',
    path: '/api/tiktok/template/getlist',
    summary: "TikTok product templates of the caller's scope (a parent's include its sub-accounts'), newest first",
    tag: 'market-templates',
    auth: true,
    query: listQuery,
    data: pageOf(tiktokTemplate),
  }),
  tiktokTemplatesByStore: defineRoute({
    method: 'GET',
    path: '/api/tiktok/getTemplatesByStoreid',
    summary: "The Publish Online tab's picker: a TikTok shop's templates",
    tag: 'market-templates',
    auth: true,
    query: z.object({ store_id: id }),
    data: listOf(pickerRow),
  }),
} as const;

/** A template as the publish job reads it, by platform. */
export type MarketTemplateOf<P extends PublishPlatform> = P extends 2 ? AliexpressTemplate : TiktokTemplate;
