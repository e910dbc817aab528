import {
  ALIEXPRESS_ATTR_FORBIDDEN,
  ALIEXPRESS_LANGUAGES,
  ALIEXPRESS_LIMITS,
  TEMPLATE_NAME_MAX,
  TIKTOK_DIMENSION_UNITS,
  TIKTOK_LIMITS,
  TIKTOK_SAVE_MODES,
  TIKTOK_UNIT_PAIRS,
  TIKTOK_WEIGHT_UNITS,
  TITLE_PLACEHOLDER,
  SKU_PREFIX_PATTERN,
  TEMPLATE_LIMITS,
  stockProblem,
  DEFAULT_STOCK,
  type AliexpressAttribute,
  type AliexpressTemplate,
  type AliexpressTemplateBody,
  type TiktokTemplate,
  type TiktokTemplateBody,
} from '@app/contract';
import { AppError } from '../../http/errors.js';
import { descriptionProblem } from './descriptionHtml.js';
import type { MarketRecord, MarketTable } from './repo.js';

/**
 * A marketplace template's row in and out (docs/market-templates.md): the checks of a body, each refusal a
 * seller message naming the field, into the columns stored; and a stored row back as the contract's view.
 */

const seconds = (ms: number) => Math.floor(ms / 1000);
const chars = (s: string) => [...s].length;

const owned = (r: MarketRecord<MarketTable>) => ({
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  name: r.name,
  owner_id: r.owner_id,
  username: r.username,
  category_id: r.category_id,
  sku_prefix: r.sku_prefix,
  stock_mode: r.stock_mode as '' | 'quantity' | 'made_to_order',
  stock_quantity: r.stock_quantity,
  handling_days: r.handling_days,
  createtime: seconds(r.created_at),
  updated_at: seconds(r.updated_at),
});

export const aliexpressView = (r: MarketRecord<'aliexpress_template'>): AliexpressTemplate => ({
  ...owned(r),
  attributes: JSON.parse(r.attributes) as AliexpressAttribute[],
  freight_template_id: r.freight_template_id,
  promise_template_id: r.promise_template_id,
  product_unit: r.product_unit,
  weight: r.weight,
  package_length: r.package_length,
  package_width: r.package_width,
  package_height: r.package_height,
  language: r.language,
  brand_name: r.brand_name,
});

export const tiktokView = (r: MarketRecord<'tiktok_template'>): TiktokTemplate => ({
  ...owned(r),
  brand_id: r.brand_id,
  warehouse_id: r.warehouse_id,
  package_weight: r.package_weight,
  weight_unit: r.weight_unit,
  package_length: r.package_length,
  package_width: r.package_width,
  package_height: r.package_height,
  dimension_unit: r.dimension_unit,
  size_chart_uri: r.size_chart_uri,
  description_template: r.description_template,
  save_mode: r.save_mode,
});

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const SIDES = ['package_length', 'package_width', 'package_height'] as const;
const PLACEHOLDER = /\{(\w+)\}/g;

export function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new AppError(400, 'templateNameEmpty');
  if (chars(name) > TEMPLATE_NAME_MAX) throw new AppError(400, 'templateNameTooLong', { max: TEMPLATE_NAME_MAX });
  return name;
}
/**
 * The seller SKU prefix (the export templates' rule) and the stock override of a marketplace template
 * (docs/publishing.md#stock): '' keeps the shop's setting; a mode must fit the marketplace's bounds.
 */
function listingColumns(platform: 2 | 15, b: { sku_prefix: string; stock_mode: string; stock_quantity: number; handling_days: number }) {
  const sku_prefix = b.sku_prefix.trim();
  if (!SKU_PREFIX_PATTERN.test(sku_prefix)) throw new AppError(400, 'templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix });
  if (b.stock_mode === '') return { sku_prefix, stock_mode: '', stock_quantity: 0, handling_days: 0 };
  const setting = {
    ...DEFAULT_STOCK,
    stock_mode: b.stock_mode as 'quantity',
    stock_quantity: b.stock_quantity,
    handling_days: b.handling_days,
  };
  const problem = stockProblem(platform, setting);
  if (problem) throw new AppError(400, problem.key, problem.params);
  const made = b.stock_mode === 'made_to_order';
  return { sku_prefix, stock_mode: b.stock_mode, stock_quantity: made ? 0 : b.stock_quantity, handling_days: made ? b.handling_days : 0 };
}

function checkCategory(n: number) {
  if (!isPositiveInt(n)) throw new AppError(400, 'marketTemplateCategory');
  return n;
}

// ---- marketplace A (AliExpress)

function checkAttributes(list: AliexpressTemplateBody['attributes']): AliexpressAttribute[] {
  if (list.length > ALIEXPRESS_LIMITS.attributes)
    throw new AppError(400, 'aliexpressAttributesTooMany', { max: ALIEXPRESS_LIMITS.attributes });
  const seen = new Set<string>();
  return list.map((a, i) => {
    const n = i + 1;
    if (!isPositiveInt(a.attr_name_id)) throw new AppError(400, 'aliexpressAttrNameId', { n });
    const value = a.attr_value?.trim() ?? '';
    if (a.attr_value_id === undefined && value === '') throw new AppError(400, 'aliexpressAttrValueMissing', { n });
    if (a.attr_value_id !== undefined && !isPositiveInt(a.attr_value_id)) throw new AppError(400, 'aliexpressAttrValueId', { n });
    if (ALIEXPRESS_ATTR_FORBIDDEN.test(value)) throw new AppError(400, 'aliexpressAttrValueChars', { n });
    if (chars(value) > ALIEXPRESS_LIMITS.attrValue)
      throw new AppError(400, 'aliexpressAttrValueTooLong', { n, max: ALIEXPRESS_LIMITS.attrValue });
    const key = JSON.stringify([a.attr_name_id, a.attr_value_id ?? null, value]);
    if (seen.has(key)) throw new AppError(400, 'aliexpressAttrDuplicate', { n });
    seen.add(key);
    return {
      attr_name_id: a.attr_name_id,
      ...(a.attr_value_id !== undefined ? { attr_value_id: a.attr_value_id } : {}),
      ...(value !== '' ? { attr_value: value } : {}),
    };
  });
}

export function aliexpressColumns(b: AliexpressTemplateBody) {
  const category_id = checkCategory(b.category_id);
  const attributes = checkAttributes(b.attributes);
  if (!isPositiveInt(b.freight_template_id)) throw new AppError(400, 'aliexpressFreightRequired');
  if (!isPositiveInt(b.promise_template_id)) throw new AppError(400, 'aliexpressPromiseRequired');
  if (!isPositiveInt(b.product_unit)) throw new AppError(400, 'aliexpressProductUnit');
  const { weightMin, weightMax, sideMin, sideMax } = ALIEXPRESS_LIMITS;
  const grams = b.weight * 1000;
  if (!(b.weight >= weightMin && b.weight <= weightMax) || Math.abs(grams - Math.round(grams)) > 1e-6)
    throw new AppError(400, 'aliexpressWeight', { min: weightMin, max: weightMax });
  for (const field of SIDES) {
    const v = b[field];
    if (!Number.isInteger(v) || v < sideMin || v > sideMax)
      throw new AppError(400, 'aliexpressSide', { field, min: sideMin, max: sideMax });
  }
  const language = b.language.trim();
  if (!(ALIEXPRESS_LANGUAGES as readonly string[]).includes(language)) throw new AppError(400, 'aliexpressLanguage', { language });
  const brand_name = b.brand_name.trim();
  if (chars(brand_name) > ALIEXPRESS_LIMITS.brandName)
    throw new AppError(400, 'aliexpressBrandTooLong', { max: ALIEXPRESS_LIMITS.brandName });
  return {
    category_id,
    attributes: JSON.stringify(attributes),
    freight_template_id: b.freight_template_id,
    promise_template_id: b.promise_template_id,
    product_unit: b.product_unit,
    weight: Math.round(grams) / 1000,
    package_length: b.package_length,
    package_width: b.package_width,
    package_height: b.package_height,
    language,
    brand_name,
    ...listingColumns(2, b),
  };
}

// ---- marketplace B (TikTok Shop)

function checkDigits(field: 'brand_id' | 'warehouse_id', raw: string) {
  const v = raw.trim();
  if (v !== '' && !new RegExp(`^\\d{1,${TIKTOK_LIMITS.idChars}}$`).test(v))
    throw new AppError(400, 'tiktokIdDigits', { field, max: TIKTOK_LIMITS.idChars });
  return v;
}

/** B's description: its tags, no script or style attributes, ≤ 10,000 characters, {title} the only placeholder. */
function checkDescription(raw: string) {
  const v = raw.trim();
  if (v === '') throw new AppError(400, 'tiktokDescriptionEmpty');
  const n = chars(v);
  if (n > TIKTOK_LIMITS.description) throw new AppError(400, 'tiktokDescriptionTemplateTooLong', { max: TIKTOK_LIMITS.description, n });
  // Tags and attributes by whitelist, read as a browser reads them (docs/market-templates.md#description-template).
  const problem = descriptionProblem(v);
  if (problem) throw new AppError(400, problem.key, problem.params);
  for (const [whole] of v.matchAll(PLACEHOLDER)) {
    if (whole !== TITLE_PLACEHOLDER) throw new AppError(400, 'tiktokDescriptionPlaceholder', { placeholder: whole });
  }
  return v;
}

export function tiktokColumns(b: TiktokTemplateBody) {
  const category_id = checkCategory(b.category_id);
  const brand_id = checkDigits('brand_id', b.brand_id);
  const warehouse_id = checkDigits('warehouse_id', b.warehouse_id);
  if (!(Number.isFinite(b.package_weight) && b.package_weight > 0)) throw new AppError(400, 'tiktokWeight');
  const weight_unit = b.weight_unit as (typeof TIKTOK_WEIGHT_UNITS)[number];
  if (!TIKTOK_WEIGHT_UNITS.includes(weight_unit)) throw new AppError(400, 'tiktokWeightUnit');
  const dimension_unit = b.dimension_unit as (typeof TIKTOK_DIMENSION_UNITS)[number];
  if (!TIKTOK_DIMENSION_UNITS.includes(dimension_unit)) throw new AppError(400, 'tiktokDimensionUnit');
  if (TIKTOK_UNIT_PAIRS[weight_unit] !== dimension_unit) throw new AppError(400, 'tiktokUnitPair');
  for (const field of SIDES) {
    const v = b[field];
    if (!(Number.isFinite(v) && v > 0)) throw new AppError(400, 'tiktokSide', { field });
  }
  const size_chart_uri = b.size_chart_uri.trim();
  if (chars(size_chart_uri) > TIKTOK_LIMITS.sizeChartUri)
    throw new AppError(400, 'tiktokSizeChartTooLong', { max: TIKTOK_LIMITS.sizeChartUri });
  const description_template = checkDescription(b.description_template);
  const save_mode = b.save_mode as (typeof TIKTOK_SAVE_MODES)[number];
  if (!TIKTOK_SAVE_MODES.includes(save_mode)) throw new AppError(400, 'tiktokSaveMode');
  return {
    category_id,
    brand_id,
    warehouse_id,
    package_weight: b.package_weight,
    weight_unit,
    package_length: b.package_length,
    package_width: b.package_width,
    package_height: b.package_height,
    dimension_unit,
    size_chart_uri,
    description_template,
    save_mode,
    ...listingColumns(15, b),
  };
}

// ---- the calls both marketplaces have
