import { categoryById, COLOR_PROPERTY_ID, isLeaf, SKU_PROPERTIES } from './catalog.js';
import { business, invalid, missing, GatewayError } from './errors.js';
import { CUSTOM_VALUE_FORBIDDEN, LIMITS } from './limits.js';
import type { SandboxState, Shop, SkuAttribute, StoredProduct, StoredSku } from './state.js';
import { eanProblem } from './eanCode.js';

/**
 * `aliexpress.solution.product.post`'s `post_product_request` checked as docs/marketplace-a.md#product-post
 * lists, in order; the first rule broken is the answer. A number may arrive as a JSON number or a
 * numeric string (the SDKs send both).
 */

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}
export function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}
function required(o: Obj, field: string, path = field): unknown {
  if (!present(o[field])) throw missing(path);
  return o[field];
}
function requiredNumber(o: Obj, field: string, path = field): number {
  const v = num(required(o, field, path));
  if (v === undefined) throw invalid('isv.not-a-number', `${path} must be a number`);
  return v;
}
const chars = (s: string) => [...s].length;

export function checkProduct(
  raw: string | undefined,
  shop: Shop,
  state: SandboxState,
): Omit<StoredProduct, 'productId' | 'status' | 'createdAt' | 'updatedAt'> {
  if (raw === undefined || raw === '') throw missing('post_product_request');
  let req: unknown;
  try {
    req = JSON.parse(raw);
  } catch {
    throw invalid('isv.invalid-json', 'post_product_request is not valid JSON');
  }
  if (!isObj(req)) throw invalid('isv.invalid-json', 'post_product_request must be a JSON object');

  // Category: a known leaf.
  const categoryId = requiredNumber(req, 'aliexpress_category_id');
  if (!categoryById(categoryId)) throw invalid('isv.category-invalid', `aliexpress_category_id ${categoryId} does not exist`);
  if (!isLeaf(categoryId)) throw business('isv.category-not-leaf', `aliexpress_category_id ${categoryId} is not a leaf category`);

  // Main images: 1–6, each uploaded to this shop's photo bank.
  const images = required(req, 'main_image_urls_list');
  if (!Array.isArray(images) || images.some((u) => typeof u !== 'string'))
    throw invalid('isv.invalid-type', 'main_image_urls_list must be a list of URLs');
  if (images.length === 0) throw missing('main_image_urls_list');
  if (images.length > LIMITS.mainImagesMax)
    throw invalid('isv.main-image-count', `main_image_urls_list holds ${images.length} images, at most ${LIMITS.mainImagesMax}`);
  images.forEach((u: string, i) => {
    if (!state.imageOfShop(u, shop.id))
      throw business('isv.image-not-in-photobank', `main_image_urls_list[${i}] is not an image of this shop's photo bank`);
  });

  // Subject and description.
  const language = typeof req.language === 'string' && req.language !== '' ? req.language : 'en';
  const subject = checkSubjects(required(req, 'multi_language_subject_list'), language);
  const descriptions = required(req, 'multi_language_description_list');
  if (!Array.isArray(descriptions) || descriptions.length === 0 || !descriptions.every(isObj))
    throw missing('multi_language_description_list');
  const d = (descriptions as Obj[]).find((x) => x.language === language) ?? (descriptions as Obj[])[0]!;
  const description = String(d.web_detail ?? d.mobile_detail ?? '');
  if (description.trim() === '') throw missing('multi_language_description_list[0].web_detail');

  // Package.
  const weight = requiredNumber(req, 'weight');
  if (weight < LIMITS.weightMin || weight > LIMITS.weightMax)
    throw invalid('isv.weight-range', `weight ${weight} kg is outside ${LIMITS.weightMin}–${LIMITS.weightMax}`);
  const sides = (['package_length', 'package_width', 'package_height'] as const).map((f) => {
    const v = requiredNumber(req as Obj, f);
    if (v <= 0 || v > LIMITS.packageSideMax) throw invalid('isv.package-size', `${f} ${v} cm is outside 1–${LIMITS.packageSideMax}`);
    return v;
  }) as [number, number, number];

  // Templates and unit.
  const freightTemplateId = String(required(req, 'freight_template_id'));
  const servicePolicyId = String(required(req, 'service_policy_id'));
  const productUnit = String(required(req, 'product_unit'));
  const attributeList = req.attribute_list ?? [];
  if (!Array.isArray(attributeList) || !attributeList.every(isObj))
    throw invalid('isv.invalid-type', 'attribute_list must be a list of objects');

  // Handling time: optional, whole days within the range.
  let deliveryTime: number | undefined;
  if (present(req.delivery_time)) {
    deliveryTime = requiredNumber(req, 'delivery_time');
    if (!Number.isInteger(deliveryTime) || deliveryTime < LIMITS.deliveryDaysMin || deliveryTime > LIMITS.deliveryDaysMax)
      throw invalid(
        'isv.delivery-time',
        `delivery_time ${deliveryTime} is outside ${LIMITS.deliveryDaysMin}–${LIMITS.deliveryDaysMax} days`,
      );
  }

  // SKUs.
  const skuList = required(req, 'sku_info_list');
  if (!Array.isArray(skuList) || !skuList.every(isObj)) throw invalid('isv.invalid-type', 'sku_info_list must be a list');
  if (skuList.length === 0) throw missing('sku_info_list');
  if (skuList.length > LIMITS.skusMax)
    throw invalid('isv.sku-count', `sku_info_list holds ${skuList.length} SKUs, at most ${LIMITS.skusMax}`);
  const codes = new Set<string>();
  const combos = new Set<string>();
  const eans = new Set<string>();
  let propertySet: string | undefined;
  const skus: StoredSku[] = (skuList as Obj[]).map((s, i) => {
    const p = `sku_info_list[${i}]`;
    const code = String(required(s, 'sku_code', `${p}.sku_code`));
    if (chars(code) > LIMITS.skuCodeMax || /[\s<>]/.test(code))
      throw invalid('isv.sku-code-format', `${p}.sku_code must be 1–${LIMITS.skuCodeMax} characters without spaces, < or >`);
    if (codes.has(code)) throw invalid('isv.sku-code-duplicate', `${p}.sku_code ${code} is used twice`);
    codes.add(code);
    const { price, discount } = checkSkuPrice(s, p);
    let ean: string | undefined;
    if (present(s.ean_code)) {
      ean = String(s.ean_code);
      const problem = eanProblem(ean);
      if (problem) throw invalid('isv.ean-code', `${p}.ean_code ${problem}`);
      if (eans.has(ean)) throw invalid('isv.ean-code', `${p}.ean_code ${ean} is used by another SKU`);
      eans.add(ean);
    }
    const inventory = checkInventory(s, p);
    const attrs = s.sku_attributes_list ?? [];
    if (!Array.isArray(attrs) || !attrs.every(isObj))
      throw invalid('isv.invalid-type', `${p}.sku_attributes_list must be a list of objects`);
    const attributes: SkuAttribute[] = (attrs as Obj[]).map((a, j) => checkSkuAttribute(a, `${p}.sku_attributes_list[${j}]`, shop, state));
    const names = attributes.map((a) => a.sku_attribute_name_id).sort((x, y) => x - y);
    if (new Set(names).size !== names.length)
      throw invalid('isv.sku-attribute-repeated', `${p}.sku_attributes_list names one property twice`);
    const set = names.join(',');
    if (propertySet === undefined) propertySet = set;
    else if (propertySet !== set)
      throw invalid('isv.sku-attribute-mismatch', `${p}.sku_attributes_list does not name the same properties as sku_info_list[0]`);
    const combo = attributes
      .map((a) => `${a.sku_attribute_name_id}:${a.sku_attribute_value_id ?? ''}#${a.sku_attribute_value ?? ''}`)
      .sort()
      .join(';');
    if (combos.has(combo)) throw invalid('isv.sku-attributes-duplicate', `${p}.sku_attributes_list repeats another SKU's values`);
    combos.add(combo);
    return {
      id: state.newSkuId(),
      sku_code: code,
      price,
      ...(discount !== undefined ? { discount_price: discount } : {}),
      ...(ean !== undefined ? { ean_code: ean } : {}),
      inventory,
      attributes,
    };
  });
  if (skus.length > 1 && propertySet === '')
    throw invalid('isv.sku-attributes-duplicate', 'several SKUs need sku_attributes_list to tell them apart');

  return {
    shopId: shop.id,
    categoryId,
    subject,
    language,
    description,
    brandName: typeof req.brand_name === 'string' ? req.brand_name : '',
    images: images as string[],
    weight,
    packageSize: sides,
    freightTemplateId,
    servicePolicyId,
    productUnit,
    attributeList,
    ...(deliveryTime !== undefined ? { deliveryTime } : {}),
    skus,
  };
}

/**
 * `multi_language_subject_list`: every entry's subject present and at most 128 characters; answers the subject in
 * `language` (else the first). Shared by the post and the edit (productEdits.ts), so both refuse alike.
 */
export function checkSubjects(subjects: unknown, language: string): string {
  if (!Array.isArray(subjects) || subjects.length === 0 || !subjects.every(isObj)) throw missing('multi_language_subject_list');
  (subjects as Obj[]).forEach((s, i) => {
    const subject = s.subject;
    if (typeof subject !== 'string' || subject.trim() === '') throw missing(`multi_language_subject_list[${i}].subject`);
    if (chars(subject) > LIMITS.subjectMax)
      throw invalid(
        'isv.subject-length',
        `multi_language_subject_list[${i}].subject is ${chars(subject)} characters, at most ${LIMITS.subjectMax}`,
      );
  });
  return String(((subjects as Obj[]).find((s) => s.language === language) ?? (subjects as Obj[])[0]!).subject);
}

/** A SKU's `price` (0.01–999999) and optional `discount_price` (≥ 0.01, below price); `p` names the SKU in messages. */
export function checkSkuPrice(s: Obj, p: string): { price: number; discount: number | undefined } {
  const price = requiredNumber(s, 'price', `${p}.price`);
  if (price < LIMITS.priceMin || price > LIMITS.priceMax)
    throw invalid('isv.price-range', `${p}.price ${price} is outside ${LIMITS.priceMin}–${LIMITS.priceMax}`);
  let discount: number | undefined;
  if (present(s.discount_price)) {
    discount = requiredNumber(s, 'discount_price', `${p}.discount_price`);
    if (discount < LIMITS.priceMin || discount >= price)
      throw invalid('isv.discount-price', `${p}.discount_price ${discount} must be at least ${LIMITS.priceMin} and below price ${price}`);
  }
  return { price, discount };
}

/** A SKU's `inventory`: whole, 1–999999. */
export function checkInventory(s: Obj, p: string): number {
  const inventory = requiredNumber(s, 'inventory', `${p}.inventory`);
  if (!Number.isInteger(inventory) || inventory < LIMITS.inventoryMin || inventory > LIMITS.inventoryMax)
    throw invalid('isv.inventory-range', `${p}.inventory ${inventory} is outside ${LIMITS.inventoryMin}–${LIMITS.inventoryMax}`);
  return inventory;
}

function checkSkuAttribute(a: Obj, p: string, shop: Shop, state: SandboxState): SkuAttribute {
  const nameId = requiredNumber(a, 'sku_attribute_name_id', `${p}.sku_attribute_name_id`);
  if (!SKU_PROPERTIES[nameId])
    throw invalid('isv.sku-attribute-unknown', `${p}.sku_attribute_name_id ${nameId} is not a SKU property of this category`);
  const valueId = present(a.sku_attribute_value_id) ? num(a.sku_attribute_value_id) : undefined;
  if (present(a.sku_attribute_value_id) && valueId === undefined)
    throw invalid('isv.not-a-number', `${p}.sku_attribute_value_id must be a number`);
  const value = present(a.sku_attribute_value) ? String(a.sku_attribute_value) : undefined;
  if (valueId === undefined && value === undefined) throw missing(`${p}.sku_attribute_value`);
  if (value !== undefined) {
    if (CUSTOM_VALUE_FORBIDDEN.test(value))
      throw invalid('isv.custom-value-chars', `${p}.sku_attribute_value "${value}" must not contain # : = ,`);
    if (chars(value) > LIMITS.customValueMax)
      throw invalid('isv.custom-value-length', `${p}.sku_attribute_value is longer than ${LIMITS.customValueMax} characters`);
  }
  const image = present(a.sku_image_url) ? String(a.sku_image_url) : undefined;
  if (image !== undefined) {
    if (nameId !== COLOR_PROPERTY_ID)
      throw invalid('isv.sku-image-property', `${p}.sku_image_url is only taken on the colour property (${COLOR_PROPERTY_ID})`);
    if (!state.imageOfShop(image, shop.id))
      throw business('isv.image-not-in-photobank', `${p}.sku_image_url is not an image of this shop's photo bank`);
  }
  return {
    sku_attribute_name_id: nameId,
    ...(valueId !== undefined ? { sku_attribute_value_id: valueId } : {}),
    ...(value !== undefined ? { sku_attribute_value: value } : {}),
    ...(image !== undefined ? { sku_image_url: image } : {}),
  };
}

export { GatewayError };

/** A parameter holding a JSON object: absent 40, not JSON or not an object 41 `isv.invalid-json`. */
export function parseJsonParam(raw: string | undefined, field: string): Obj {
  if (raw === undefined || raw === '') throw missing(field);
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw invalid('isv.invalid-json', `${field} is not valid JSON`);
  }
  if (!isObj(v)) throw invalid('isv.invalid-json', `${field} must be a JSON object`);
  return v;
}
