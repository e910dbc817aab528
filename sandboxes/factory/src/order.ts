/**
 * An order as the factory keeps and answers it, and the check of a new order's body. Field names follow
 * Printful's Orders API (docs/fulfilment.md#sandbox): external_id, shipping, recipient, items with files,
 * shipments with carrier and tracking.
 */
export type OrderStatus = 'pending' | 'failed' | 'canceled' | 'inprocess' | 'shipped' | 'fulfilled';

export interface OrderFile {
  placement: string;
  url: string;
  width_px: number;
  height_px: number;
}
export interface OrderItem {
  external_id: string;
  sku: string;
  quantity: number;
  files: OrderFile[];
}
export interface Recipient {
  name: string;
  phone?: string;
  address1: string;
  address2?: string;
  city: string;
  state_code?: string;
  country_code: string;
  zip: string;
}
export interface OrderRequest {
  external_id: string;
  shipping: string;
  recipient: Recipient;
  items: OrderItem[];
}
export interface Shipment {
  carrier: string;
  service: string;
  tracking_number: string;
  tracking_url: string;
  ship_date: string;
}
export interface FailureReason {
  code: 'file_unreachable' | 'file_type' | 'file_size_mismatch';
  item_external_id: string;
  message: string;
}
export interface Order extends OrderRequest {
  id: number;
  status: OrderStatus;
  created: number;
  updated: number;
  shipments: Shipment[];
  failure?: FailureReason;
}

export const SHIPPING_METHODS = ['STANDARD', 'EXPRESS'];
/** Printful asks a state code for these countries only. */
const STATE_REQUIRED = new Set(['US', 'CA', 'AU']);
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** A refusal naming the field, answered as 400. */
export class BadField extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(o: Record<string, unknown>, key: string, where: string, max: number, optional = false): string | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') {
    if (optional) return undefined;
    throw new BadField(`${where}${key} is required`);
  }
  if (typeof v !== 'string' || v.trim() === '' || v.length > max)
    throw new BadField(`${where}${key} must be text of 1 to ${max} characters`);
  return v;
}

function positiveInt(o: Record<string, unknown>, key: string, where: string): number {
  const v = o[key];
  if (!Number.isInteger(v) || (v as number) < 1) throw new BadField(`${where}${key} must be a whole number of at least 1`);
  return v as number;
}

function recipientOf(v: unknown): Recipient {
  if (!isObj(v)) throw new BadField('recipient is required');
  const w = 'recipient.';
  const country = text(v, 'country_code', w, 2)!;
  if (!/^[A-Z]{2}$/.test(country) || regions.of(country) === undefined)
    throw new BadField('recipient.country_code must be an ISO 3166-1 alpha-2 code');
  const state = text(v, 'state_code', w, 10, !STATE_REQUIRED.has(country));
  const r: Recipient = {
    name: text(v, 'name', w, 100)!,
    address1: text(v, 'address1', w, 200)!,
    city: text(v, 'city', w, 100)!,
    country_code: country,
    zip: text(v, 'zip', w, 20)!,
  };
  const phone = text(v, 'phone', w, 30, true);
  const address2 = text(v, 'address2', w, 200, true);
  if (phone !== undefined) r.phone = phone;
  if (address2 !== undefined) r.address2 = address2;
  if (state !== undefined) r.state_code = state;
  return r;
}

function fileOf(v: unknown, where: string): OrderFile {
  if (!isObj(v)) throw new BadField(`${where} must be an object`);
  const url = text(v, 'url', `${where}.`, 2048)!;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new BadField(`${where}.url must be an http(s) URL`);
  return {
    placement: text(v, 'placement', `${where}.`, 50)!,
    url,
    width_px: positiveInt(v, 'width_px', `${where}.`),
    height_px: positiveInt(v, 'height_px', `${where}.`),
  };
}

function itemOf(v: unknown, i: number): OrderItem {
  const where = `items[${i}]`;
  if (!isObj(v)) throw new BadField(`${where} must be an object`);
  const files = v.files;
  if (!Array.isArray(files) || files.length === 0) throw new BadField(`${where}.files must list at least one file`);
  return {
    external_id: text(v, 'external_id', `${where}.`, 32)!,
    sku: text(v, 'sku', `${where}.`, 100)!,
    quantity: positiveInt(v, 'quantity', `${where}.`),
    files: files.map((f, j) => fileOf(f, `${where}.files[${j}]`)),
  };
}

/** The body of POST /v1/orders, checked and reduced to the known fields; throws BadField. */
export function orderRequestOf(body: unknown): OrderRequest {
  if (!isObj(body)) throw new BadField('the body must be a JSON object');
  const external_id = text(body, 'external_id', '', 32)!;
  const shipping = text(body, 'shipping', '', 20)!;
  if (!SHIPPING_METHODS.includes(shipping)) throw new BadField(`shipping must be one of ${SHIPPING_METHODS.join(', ')}`);
  const recipient = recipientOf(body.recipient);
  if (!Array.isArray(body.items) || body.items.length === 0) throw new BadField('items must list at least one item');
  const items = body.items.map(itemOf);
  if (new Set(items.map((it) => it.external_id)).size !== items.length) throw new BadField('items[].external_id must be unique');
  return { external_id, shipping, recipient, items };
}

/** The same order asked again: equal once reduced to the known fields, keys in a fixed order. */
export const sameRequest = (known: OrderRequest, b: OrderRequest) => JSON.stringify(orderRequestOf({ ...known })) === JSON.stringify(b);
