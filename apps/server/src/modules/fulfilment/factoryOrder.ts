import type { FulfilmentEvent, FulfilmentFailure, FulfilmentOrder, FulfilmentState, FulfilmentStatus } from './types.js';

/**
 * The factory's order as its API answers it (Printful's field names, docs/fulfilment.md#sandbox), and
 * its mapping to ours.
 */
export interface FactoryOrder {
  id: number | string;
  external_id: string;
  status: string;
  shipments?: { carrier: string; service: string; tracking_number: string | number; tracking_url: string; ship_date: string }[];
  failure?: { code?: string; item_external_id?: string; message?: string };
}

/** Printful's statuses to ours; draft and partial are Printful's own (docs/fulfilment.md#statuses). */
const STATUSES: Record<string, FulfilmentStatus> = {
  draft: 'submitted',
  pending: 'submitted',
  inprocess: 'in_production',
  onhold: 'on_hold',
  partial: 'shipped',
  shipped: 'shipped',
  fulfilled: 'delivered',
  failed: 'refused',
  canceled: 'canceled',
};

export function statusOf(factoryStatus: string): FulfilmentStatus {
  const s = STATUSES[factoryStatus];
  if (!s) throw new Error(`The factory answered an unknown order status "${factoryStatus}"`);
  return s;
}

const FAILURES = new Set(['file_unreachable', 'file_type', 'file_size_mismatch']);

export function stateOf(o: FactoryOrder): FulfilmentState {
  const failure: FulfilmentFailure | undefined = o.failure
    ? {
        code: FAILURES.has(o.failure.code ?? '') ? (o.failure.code as FulfilmentFailure['code']) : 'other',
        lineId: o.failure.item_external_id,
        message: o.failure.message ?? '',
      }
    : undefined;
  return {
    factoryOrderId: String(o.id),
    orderNumber: o.external_id,
    status: statusOf(o.status),
    shipments: (o.shipments ?? []).map((s) => ({
      carrier: s.carrier,
      service: s.service,
      trackingNumber: String(s.tracking_number),
      trackingUrl: s.tracking_url,
      shipDate: s.ship_date,
    })),
    ...(failure ? { failure } : {}),
  };
}

export const eventOf = (e: { type: FulfilmentEvent['type']; created: number; data: { order: FactoryOrder } }): FulfilmentEvent => ({
  type: e.type,
  created: e.created,
  ...stateOf(e.data.order),
});

/** Our order as the factory's POST /v1/orders body. */
export const factoryBody = (o: FulfilmentOrder) => ({
  external_id: o.orderNumber,
  shipping: o.shipping,
  recipient: {
    name: o.recipient.name,
    phone: o.recipient.phone,
    address1: o.recipient.address1,
    address2: o.recipient.address2,
    city: o.recipient.city,
    state_code: o.recipient.stateCode,
    country_code: o.recipient.countryCode,
    zip: o.recipient.zip,
  },
  items: o.lines.map((l) => ({
    external_id: l.lineId,
    sku: l.sku,
    quantity: l.quantity,
    files: l.files.map((f) => ({ placement: f.placement, url: f.url, width_px: f.widthPx, height_px: f.heightPx })),
  })),
});
