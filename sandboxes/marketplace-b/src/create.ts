import { categoryById } from './categories.js';
import { CODES } from './codes.js';
import { identifierCodeProblem } from './identifierCode.js';

/**
 * Create Product's checks (docs/marketplace-b.md#create-product, US limits),
 * in the order the sandbox applies them; the first one broken is the answer
 * (docs/marketplace-b.md#create-product).
 */

export const LIMITS = {
  titleMax: 255,
  descriptionMax: 10_000,
  mainImagesMax: 9,
  skusMax: 100,
  attributeLevelsMax: 3,
  attributeNameMax: 20,
  attributeValueMax: 50,
  priceMin: 0.01,
  priceMax: 7600,
  inventoryMax: 999_999,
  /** A MADE_TO_ORDER (or PRE_ORDER) SKU's handling_duration_days: chosen 1–30 (UNCONFIRMED). */
  handlingDaysMin: 1,
  handlingDaysMax: 30,
  sellerSkuMax: 50,
} as const;

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Business refusals answer HTTP 200 with a non-zero code, as the body's code is the truth (docs/marketplace-b.md#answers). */
const refuse = (code: number, message: string) => new Refusal(200, code, message);

export interface SalesAttribute {
  name: string;
  value_name: string;
  sku_img?: { uri: string };
}
export interface CheckedSku {
  seller_sku: string;
  sales_attributes: SalesAttribute[];
  price: { amount: string; currency: string };
  /** The crossed-out price the buyer sees above `price`, when given. */
  list_price: { amount: string; currency: string } | null;
  inventory: { warehouse_id: string; quantity: number }[];
  /** Made to order / pre-order: the days before it ships, when given. */
  pre_sale: { type: 'PRE_ORDER' | 'MADE_TO_ORDER'; handling_duration_days: number } | null;
  identifier_code?: { code: string; type: string };
}
export interface CheckedProduct {
  title: string;
  description: string;
  category_id: string;
  brand_id: string;
  main_images: string[];
  skus: CheckedSku[];
  package_weight: { value: string; unit: string };
  package_dimensions: { length: string; width: string; height: string; unit: string } | null;
  save_mode: 'AS_DRAFT' | 'LISTING';
  size_chart_uri: string;
  idempotency_key: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, field: string): string => {
  if (typeof v !== 'string') throw refuse(CODES.badRequest, `${field} is required and must be a string`);
  return v;
};
const optStr = (v: unknown, field: string): string => (v === undefined || v === null ? '' : str(v, field));
const chars = (s: string) => [...s].length;
const HAN = /\p{Script=Han}/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const POSITIVE = /^\d+(\.\d+)?$/;

export function checkProduct(body: unknown, shop: { warehouse_id: string }, knownImage: (uri: string) => boolean): CheckedProduct {
  if (!isObj(body)) throw refuse(CODES.badRequest, 'the body must be a JSON object');
  const title = checkTitle(body.title);
  const description = checkDescription(body.description);
  const category_id = str(body.category_id, 'category_id');
  const category = categoryById.get(category_id);
  if (!category) throw refuse(CODES.categoryNotLeaf, `category ${category_id} does not exist`);
  if (!category.is_leaf) throw refuse(CODES.categoryNotLeaf, `category ${category_id} is not a leaf category`);
  const brand_id = optStr(body.brand_id, 'brand_id');

  if (body.main_images === undefined || (Array.isArray(body.main_images) && body.main_images.length === 0))
    throw refuse(CODES.mainImageRequired, 'main_images is required');
  if (!Array.isArray(body.main_images)) throw refuse(CODES.badRequest, 'main_images must be an array');
  if (body.main_images.length > LIMITS.mainImagesMax)
    throw refuse(CODES.tooManyImages, `at most ${LIMITS.mainImagesMax} main images, got ${body.main_images.length}`);
  const main_images = body.main_images.map((m, i) => {
    const uri = isObj(m) ? str(m.uri, `main_images[${i}].uri`) : str(undefined, `main_images[${i}].uri`);
    if (!knownImage(uri)) throw refuse(CODES.unknownImage, `image uri ${uri} is unknown`);
    return uri;
  });

  if (!Array.isArray(body.skus) || body.skus.length === 0) throw refuse(CODES.badRequest, 'skus is required');
  if (body.skus.length > LIMITS.skusMax) throw refuse(CODES.tooManySkus, `at most ${LIMITS.skusMax} SKUs, got ${body.skus.length}`);
  const attributeNames = new Set<string>();
  const imageAttributes = new Set<string>();
  const combos = new Set<string>();
  const identifierCodes = new Set<string>();
  let firstNames: string | undefined;
  const skus = body.skus.map((raw, i): CheckedSku => {
    const at = `skus[${i}]`;
    if (!isObj(raw)) throw refuse(CODES.badRequest, `${at} must be an object`);
    const seller_sku = optStr(raw.seller_sku, `${at}.seller_sku`);
    if (chars(seller_sku) > LIMITS.sellerSkuMax)
      throw refuse(CODES.sellerSkuTooLong, `${at}.seller_sku must be at most ${LIMITS.sellerSkuMax} characters`);
    const attrsRaw = raw.sales_attributes ?? [];
    if (!Array.isArray(attrsRaw)) throw refuse(CODES.badRequest, `${at}.sales_attributes must be an array`);
    if (attrsRaw.length > LIMITS.attributeLevelsMax)
      throw refuse(CODES.tooManyAttributes, `at most ${LIMITS.attributeLevelsMax} sales attributes per SKU`);
    const sales_attributes = attrsRaw.map((a, j): SalesAttribute => {
      if (!isObj(a)) throw refuse(CODES.badRequest, `${at}.sales_attributes[${j}] must be an object`);
      const name = a.name !== undefined ? str(a.name, 'sales_attributes.name') : str(a.id, 'sales_attributes.id');
      const value_name =
        a.value_name !== undefined ? str(a.value_name, 'sales_attributes.value_name') : str(a.value_id, 'sales_attributes.value_id');
      if (chars(name) < 1 || chars(name) > LIMITS.attributeNameMax)
        throw refuse(CODES.attributeText, `sales attribute name must be 1-${LIMITS.attributeNameMax} characters`);
      if (chars(value_name) < 1 || chars(value_name) > LIMITS.attributeValueMax)
        throw refuse(CODES.attributeText, `sales attribute value must be 1-${LIMITS.attributeValueMax} characters`);
      attributeNames.add(name);
      if (attributeNames.size > LIMITS.attributeLevelsMax)
        throw refuse(CODES.tooManyAttributes, `at most ${LIMITS.attributeLevelsMax} sales attributes`);
      let sku_img: { uri: string } | undefined;
      if (a.sku_img !== undefined && a.sku_img !== null) {
        const uri = isObj(a.sku_img) ? str(a.sku_img.uri, 'sku_img.uri') : str(undefined, 'sku_img.uri');
        imageAttributes.add(name);
        if (imageAttributes.size > 1) throw refuse(CODES.imagesOnTwoAttributes, 'only one sales attribute may carry images (sku_img)');
        if (!knownImage(uri)) throw refuse(CODES.unknownImage, `image uri ${uri} is unknown`);
        sku_img = { uri };
      }
      return sku_img ? { name, value_name, sku_img } : { name, value_name };
    });
    const names = sales_attributes.map((a) => a.name);
    if (new Set(names).size !== names.length) throw refuse(CODES.duplicateAttributes, `${at} carries the same sales attribute twice`);
    // Every SKU carries the same set of sales attributes (docs/marketplace-b.md#create-product).
    const nameSet = [...names].sort().join('\u0000');
    firstNames ??= nameSet;
    if (nameSet !== firstNames) throw refuse(CODES.badRequest, `${at} carries other sales attributes than skus[0]`);
    const combo = sales_attributes
      .map((a) => `${a.name}\u0000${a.value_name}`)
      .sort()
      .join('\u0001');
    if (combos.has(combo)) throw refuse(CODES.duplicateAttributes, `${at} repeats another SKU's sales attributes`);
    combos.add(combo);

    const { price, list_price } = checkSkuPrice(raw, at);
    // pre_sale: {type, fulfillment_type: {handling_duration_days}}.
    let pre_sale: CheckedSku['pre_sale'] = null;
    if (raw.pre_sale !== undefined && raw.pre_sale !== null) {
      const ps = raw.pre_sale;
      const days = isObj(ps) && isObj(ps.fulfillment_type) ? ps.fulfillment_type.handling_duration_days : undefined;
      if (!isObj(ps) || (ps.type !== 'PRE_ORDER' && ps.type !== 'MADE_TO_ORDER'))
        throw refuse(CODES.preSaleInvalid, `${at}.pre_sale.type must be PRE_ORDER or MADE_TO_ORDER`);
      if (typeof days !== 'number' || !Number.isInteger(days) || days < LIMITS.handlingDaysMin || days > LIMITS.handlingDaysMax)
        throw refuse(
          CODES.preSaleInvalid,
          `${at}.pre_sale.fulfillment_type.handling_duration_days must be ${LIMITS.handlingDaysMin}-${LIMITS.handlingDaysMax} days`,
        );
      pre_sale = { type: ps.type, handling_duration_days: days };
    }

    if (!Array.isArray(raw.inventory) || raw.inventory.length === 0) throw refuse(CODES.inventoryRange, `${at}.inventory is required`);
    const inventory = raw.inventory.map((line) => {
      if (!isObj(line)) throw refuse(CODES.badRequest, `${at}.inventory must hold objects`);
      const warehouse_id = str(line.warehouse_id, `${at}.inventory.warehouse_id`);
      const quantity = checkQuantity(line.quantity, at);
      if (warehouse_id !== shop.warehouse_id) throw refuse(CODES.unknownWarehouse, `warehouse ${warehouse_id} is not this shop's`);
      return { warehouse_id, quantity };
    });
    let identifier_code: CheckedSku['identifier_code'];
    if (raw.identifier_code !== undefined && raw.identifier_code !== null) {
      const problem = identifierCodeProblem(raw.identifier_code);
      if (problem) throw refuse(CODES.identifierCode, `${at}.${problem}`);
      identifier_code = raw.identifier_code as { code: string; type: string };
      if (identifierCodes.has(identifier_code.code))
        throw refuse(CODES.identifierCode, `${at}.identifier_code ${identifier_code.code} is used by another SKU`);
      identifierCodes.add(identifier_code.code);
    }
    return {
      seller_sku,
      sales_attributes,
      price,
      list_price,
      inventory,
      pre_sale,
      ...(identifier_code ? { identifier_code } : {}),
    };
  });

  const pw = body.package_weight;
  if (!isObj(pw) || typeof pw.value !== 'string' || !POSITIVE.test(pw.value) || Number(pw.value) <= 0)
    throw refuse(CODES.packageUnits, 'package_weight.value must be a number above 0');
  if (pw.unit !== 'KILOGRAM' && pw.unit !== 'POUND') throw refuse(CODES.packageUnits, 'package_weight.unit must be KILOGRAM or POUND');
  let package_dimensions: CheckedProduct['package_dimensions'] = null;
  const pd = body.package_dimensions;
  if (pd !== undefined && pd !== null) {
    if (!isObj(pd)) throw refuse(CODES.badRequest, 'package_dimensions must be an object');
    for (const k of ['length', 'width', 'height'] as const) {
      const v = pd[k];
      if (typeof v !== 'string' || !POSITIVE.test(v) || Number(v) <= 0)
        throw refuse(CODES.packageUnits, `package_dimensions.${k} must be a number above 0`);
    }
    if (pd.unit !== 'CENTIMETER' && pd.unit !== 'INCH')
      throw refuse(CODES.packageUnits, 'package_dimensions.unit must be CENTIMETER or INCH');
    const pairs = (pw.unit === 'KILOGRAM') === (pd.unit === 'CENTIMETER');
    if (!pairs)
      throw refuse(
        CODES.packageUnits,
        `weight unit ${pw.unit} does not pair with dimension unit ${pd.unit} (KILOGRAM-CENTIMETER, POUND-INCH)`,
      );
    package_dimensions = {
      length: pd.length as string,
      width: pd.width as string,
      height: pd.height as string,
      unit: pd.unit,
    };
  }
  const save_mode = body.save_mode ?? 'LISTING';
  if (save_mode !== 'AS_DRAFT' && save_mode !== 'LISTING') throw refuse(CODES.badRequest, 'save_mode must be AS_DRAFT or LISTING');
  let size_chart_uri = '';
  if (isObj(body.size_chart) && isObj(body.size_chart.image)) size_chart_uri = optStr(body.size_chart.image.uri, 'size_chart');
  const idempotency_key = optStr(body.idempotency_key, 'idempotency_key');
  return {
    title,
    description,
    category_id,
    brand_id,
    main_images,
    skus,
    package_weight: { value: pw.value, unit: pw.unit },
    package_dimensions,
    save_mode,
    size_chart_uri,
    idempotency_key,
  };
}

/** The warnings a success carries (the real API warns on what it accepts but dislikes). */
export function warningsFor(p: CheckedProduct): { message: string }[] {
  const out: { message: string }[] = [];
  if (!/<img\b/i.test(p.description)) out.push({ message: 'The description has no images; descriptions with images convert better.' });
  if (p.main_images.length < 3) out.push({ message: 'Fewer than 3 main images; products with more images get more views.' });
  return out;
}

// ── The checks Partial Edit, Update Price and Update Inventory share with Create (docs/marketplace-b.md#managing-products) ──

/** Trimmed before the length check: a title of spaces is an empty one (docs/marketplace-b.md#create-product). */
export function checkTitle(v: unknown): string {
  const title = str(v, 'title').trim();
  if (chars(title) < 1 || chars(title) > LIMITS.titleMax)
    throw refuse(CODES.titleLength, `product name must be 1-${LIMITS.titleMax} characters, got ${chars(title)}`);
  if (HAN.test(title)) throw refuse(CODES.titleChinese, 'product name must not contain Chinese characters');
  if (EMOJI.test(title)) throw refuse(CODES.titleChinese, 'product name must not contain emoji');
  return title;
}

export function checkDescription(v: unknown): string {
  const description = str(v, 'description');
  if (chars(description) > LIMITS.descriptionMax)
    throw refuse(CODES.descriptionTooLong, `description must be at most ${LIMITS.descriptionMax} characters`);
  return description;
}

/** A SKU's `price` and optional `list_price` (`at` names the SKU in the message). */
export function checkSkuPrice(raw: Record<string, unknown>, at: string): Pick<CheckedSku, 'price' | 'list_price'> {
  if (!isObj(raw.price)) throw refuse(CODES.priceInvalid, `${at}.price is required`);
  const amount = raw.price.amount;
  const currency = raw.price.currency;
  if (typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount) || currency !== 'USD')
    throw refuse(CODES.priceInvalid, `${at}.price must be {amount: "0.01".."7600", currency: "USD"}`);
  const value = Number(amount);
  if (value < LIMITS.priceMin || value > LIMITS.priceMax)
    throw refuse(CODES.priceInvalid, `${at}.price must be ${LIMITS.priceMin}-${LIMITS.priceMax} USD, got ${amount}`);

  // list_price: the crossed-out price, {amount, currency} like price and above it (the rule is the sandbox's choice).
  let list_price: CheckedSku['list_price'] = null;
  if (raw.list_price !== undefined && raw.list_price !== null) {
    const lp = raw.list_price;
    if (!isObj(lp) || typeof lp.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(lp.amount) || lp.currency !== currency)
      throw refuse(
        CODES.listPriceInvalid,
        `${at}.list_price must be {amount: "0.01".."${LIMITS.priceMax}", currency: "${String(currency)}"}`,
      );
    if (!(Number(lp.amount) > value && Number(lp.amount) <= LIMITS.priceMax))
      throw refuse(
        CODES.listPriceInvalid,
        `${at}.list_price ${lp.amount} must be above the price ${amount} and at most ${LIMITS.priceMax}`,
      );
    list_price = { amount: lp.amount, currency: lp.currency };
  }
  return { price: { amount, currency }, list_price };
}

/** A stock quantity: an integer 0–999,999. */
export function checkQuantity(quantity: unknown, at: string): number {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > LIMITS.inventoryMax)
    throw refuse(CODES.inventoryRange, `${at}.inventory quantity must be 0-${LIMITS.inventoryMax}`);
  return quantity;
}
