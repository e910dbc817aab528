import {
  SIMPLE_EXPORT_COLUMNS,
  SIMPLE_TEMPLATE_FORMATS,
  SKU_PREFIX_PATTERN,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SITES,
  VARIATION_THEMES,
  templateCategory,
  templateFeedType,
  templateItemType,
  type AmazonTemplateBody,
  type SimpleTemplateBody,
  type TemplateKind,
  type WalmartTemplateBody,
} from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

// A template body's fields checked and turned into the stored row's columns, per kind (docs/templates.md):
// each field's limit from the contract (TEMPLATE_LIMITS), the seller's message when one is refused.

const chars = (s: string) => [...s].length;

export function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new AppError(400, 'templateNameEmpty');
  if (chars(name) > TEMPLATE_NAME_MAX) throw new AppError(400, 'templateNameTooLong', { max: TEMPLATE_NAME_MAX });
  return name;
}

function checkText(field: string, value: string, max: number): string {
  const v = value.trim();
  if (chars(v) > max) throw new AppError(400, 'templateTextTooLong', { field, max });
  return v;
}
function checkQuantity(q: number) {
  if (!Number.isInteger(q) || q < 0 || q > TEMPLATE_LIMITS.quantityMax) throw new AppError(400, 'templateQuantity');
  return q;
}
function checkSkuPrefix(p: string) {
  const v = p.trim();
  if (!SKU_PREFIX_PATTERN.test(v)) throw new AppError(400, 'templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix });
  return v;
}
function checkDescription(d: string) {
  const v = d.trim();
  if (chars(v) > TEMPLATE_LIMITS.description) throw new AppError(400, 'templateDescriptionTooLong', { max: TEMPLATE_LIMITS.description });
  return v;
}

/** The service's shop check: the shop is in the caller's scope and on the kind's marketplace. */
type CheckShop = (caller: Caller, kind: TemplateKind, shopId: number) => Promise<unknown>;

/** The columns of each kind's template from its body; the name is checked first, then the shop, then the rest. */
export function templateColumns(checkShop: CheckShop) {
  async function simpleColumns(caller: Caller, body: SimpleTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'simple', body.store_id);
    const format = body.format;
    if (!(SIMPLE_TEMPLATE_FORMATS as readonly number[]).includes(format)) throw new AppError(400, 'templateFormat');
    if (body.columns.length === 0) throw new AppError(400, 'templateColumnsEmpty');
    const seen = new Set<string>();
    for (const column of body.columns) {
      if (!(SIMPLE_EXPORT_COLUMNS as readonly string[]).includes(column)) throw new AppError(400, 'templateColumnUnknown', { column });
      if (seen.has(column)) throw new AppError(400, 'templateColumnDuplicate', { column });
      seen.add(column);
    }
    const fixed: Record<string, string> = {};
    for (const [column, value] of Object.entries(body.fixed_values ?? {})) {
      if (!seen.has(column)) throw new AppError(400, 'templateFixedValueColumn', { column });
      if (chars(value) > TEMPLATE_LIMITS.fixedValue)
        throw new AppError(400, 'templateFixedValueTooLong', { column, max: TEMPLATE_LIMITS.fixedValue });
      // An empty fixed value means "none": the row's own value is written.
      if (value !== '') fixed[column] = value;
    }
    return { name, store_id: body.store_id, format, columns: JSON.stringify(body.columns), fixed_values: JSON.stringify(fixed) };
  }

  async function amazonColumns(caller: Caller, body: AmazonTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'amazon', body.store_id);
    if (!TEMPLATE_SITES.some((s) => s.value === body.site)) throw new AppError(400, 'templateSiteUnknown');
    if (!templateCategory(body.category)) throw new AppError(400, 'templateCategoryUnknown');
    if (!templateFeedType(body.category, body.feed_product_type)) throw new AppError(400, 'templateFeedTypeUnknown');
    if (!templateItemType(body.category, body.feed_product_type, body.item_type)) throw new AppError(400, 'templateItemTypeUnknown');
    const bullets: Record<string, string> = {};
    for (const n of [1, 2, 3, 4, 5] as const) {
      const v = body[`bullet_point${n}`].trim();
      if (chars(v) > TEMPLATE_LIMITS.bullet) throw new AppError(400, 'templateBulletTooLong', { n, max: TEMPLATE_LIMITS.bullet });
      bullets[`bullet_point${n}`] = v;
    }
    const keywords = body.generic_keywords.trim();
    const bytes = Buffer.byteLength(keywords, 'utf8');
    if (bytes > TEMPLATE_LIMITS.keywordsBytes)
      throw new AppError(400, 'templateKeywordsTooLong', { max: TEMPLATE_LIMITS.keywordsBytes, bytes });
    const theme = body.variation_theme.trim();
    if (theme !== '' && !(VARIATION_THEMES as readonly string[]).includes(theme)) throw new AppError(400, 'templateVariationTheme');
    return {
      name,
      store_id: body.store_id,
      format: 3,
      site: body.site,
      category: body.category,
      feed_product_type: body.feed_product_type,
      item_type: body.item_type,
      brand_name: checkText('brand_name', body.brand_name, TEMPLATE_LIMITS.text),
      manufacturer: checkText('manufacturer', body.manufacturer, TEMPLATE_LIMITS.text),
      department_name: checkText('department_name', body.department_name, TEMPLATE_LIMITS.text),
      ...bullets,
      generic_keywords: keywords,
      product_description: checkDescription(body.product_description),
      quantity: checkQuantity(body.quantity),
      variation_theme: theme,
      sku_prefix: checkSkuPrefix(body.sku_prefix),
    };
  }

  async function walmartColumns(caller: Caller, body: WalmartTemplateBody) {
    const name = checkName(body.name);
    await checkShop(caller, 'walmart', body.store_id);
    const productType = checkText('product_type', body.product_type, TEMPLATE_LIMITS.text);
    if (productType === '') throw new AppError(400, 'templateProductTypeEmpty');
    return {
      name,
      store_id: body.store_id,
      format: 3,
      product_type: productType,
      brand_name: checkText('brand_name', body.brand_name, TEMPLATE_LIMITS.text),
      manufacturer: checkText('manufacturer', body.manufacturer, TEMPLATE_LIMITS.text),
      quantity: checkQuantity(body.quantity),
      sku_prefix: checkSkuPrefix(body.sku_prefix),
      product_description: checkDescription(body.product_description),
    };
  }

  return { simple: simpleColumns, amazon: amazonColumns, walmart: walmartColumns };
}
