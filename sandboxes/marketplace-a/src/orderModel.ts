import type { Buyer } from './buyers.js';

/**
 * What the sandbox keeps of an order (docs/marketplace-a.md#orders), apart from what acts on it (orders.ts) so the
 * state can hold orders without importing the code that places them.
 */

/** AliExpress's order statuses (AeopOrderQuery.order_status). */
export const ORDER_STATUSES = [
  'PLACE_ORDER_SUCCESS',
  'IN_CANCEL',
  'WAIT_SELLER_SEND_GOODS',
  'SELLER_PART_SEND_GOODS',
  'WAIT_BUYER_ACCEPT_GOODS',
  'FUND_PROCESSING',
  'FINISH',
  'IN_ISSUE',
  'IN_FROZEN',
  'WAIT_SELLER_EXAMINE_MONEY',
  'RISK_CONTROL',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderLine {
  childId: string;
  productId: string;
  skuId: string;
  skuCode: string;
  productName: string;
  image: string;
  /** `Color: Black, Size: M`. */
  attributes: string;
  quantity: number;
  /** The price the buyer paid per unit (the SKU's discount price when set), cents. */
  unitCents: number;
  /** The product's `delivery_time` (days to prepare), when it had one. */
  prepareDays?: number;
}

export interface Shipment {
  /** The service key (`UPS`) and its display name (`UPS Express Saver`). */
  serviceName: string;
  displayName: string;
  logisticsNo: string;
  sendType: 'all' | 'part';
  trackingWebsite: string;
  description: string;
  /** Unix ms. */
  at: number;
}

export interface StoredOrder {
  orderId: string;
  shopId: number;
  status: OrderStatus;
  /** AliExpress's end_reason once FINISH (`buyer_cancel_order`), else ''. */
  endReason: string;
  /** Unix ms. */
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  buyer: Buyer;
  lines: OrderLine[];
  logisticsCents: number;
  shipments: Shipment[];
}
