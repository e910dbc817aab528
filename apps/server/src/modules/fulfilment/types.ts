/**
 * The one interface the print factory sits behind (docs/fulfilment.md#adapter): hand a paid order over,
 * ask how it stands, cancel it, and hear of its changes by a signed webhook. The order-paid job and the
 * webhook route use it; http.ts speaks to the factory (or its sandbox) over HTTP.
 */

/** Where a seller's order stands at the factory, in our words (docs/fulfilment.md#statuses). */
export type FulfilmentStatus = 'submitted' | 'in_production' | 'on_hold' | 'shipped' | 'delivered' | 'refused' | 'canceled';

export interface FulfilmentFile {
  /** Where it is printed: front, back, … */
  placement: string;
  /** A URL the factory can fetch (a PNG or JPEG of exactly widthPx × heightPx). */
  url: string;
  widthPx: number;
  heightPx: number;
}

export interface FulfilmentOrder {
  /** Our order number: the factory's external_id, which makes a second submit answer the first order. */
  orderNumber: string;
  shipping: 'STANDARD' | 'EXPRESS';
  recipient: {
    name: string;
    phone?: string | undefined;
    address1: string;
    address2?: string | undefined;
    city: string;
    /** Required for US, CA and AU. */
    stateCode?: string | undefined;
    /** ISO 3166-1 alpha-2. */
    countryCode: string;
    zip: string;
  };
  lines: { lineId: string; sku: string; quantity: number; files: FulfilmentFile[] }[];
}

export interface Shipment {
  carrier: string;
  service: string;
  trackingNumber: string;
  trackingUrl: string;
  /** YYYY-MM-DD. */
  shipDate: string;
}

/** Why the factory refused an order after accepting it: a print file it could not use. */
export interface FulfilmentFailure {
  code: 'file_unreachable' | 'file_type' | 'file_size_mismatch' | 'other';
  /** Our order line the file belongs to. */
  lineId?: string | undefined;
  message: string;
}

export interface FulfilmentState {
  factoryOrderId: string;
  orderNumber: string;
  status: FulfilmentStatus;
  shipments: Shipment[];
  failure?: FulfilmentFailure | undefined;
}

export interface FulfilmentEvent extends FulfilmentState {
  type: 'order_updated' | 'order_failed' | 'package_shipped' | 'order_canceled';
  /** Seconds since the epoch, when the factory made the event. */
  created: number;
}

export interface FulfilmentProvider {
  /** Idempotent by orderNumber: the same order again answers the first; other contents throw `conflict`. */
  submit(order: FulfilmentOrder): Promise<{ factoryOrderId: string; status: FulfilmentStatus }>;
  /** By our order number; null when the factory has no such order. */
  get(orderNumber: string): Promise<FulfilmentState | null>;
  /** True once canceled (again: still true); false when production has begun and it can no longer be. */
  cancel(orderNumber: string): Promise<boolean>;
  /** Points the factory's webhook at `url`; verifyWebhook then checks with the secret it answered. */
  registerWebhook(url: string): Promise<{ secret: string }>;
  /** The event, or null: a bad or missing signature, a timestamp more than 5 minutes away, an unreadable body. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): FulfilmentEvent | null;
}

/**
 * A call the factory refused or could not answer. `invalid` (400: the message names the field) and
 * `conflict` (the order number was sent with other contents) will not pass on a retry; `unavailable`
 * (network, timeout, 5xx, 429) may; `auth` is a wrong FACTORY_API_KEY; `not_found` an unknown order.
 */
export class FulfilmentError extends Error {
  constructor(
    readonly kind: 'invalid' | 'conflict' | 'unavailable' | 'auth' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'FulfilmentError';
  }
}
