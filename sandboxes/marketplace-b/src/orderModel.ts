import type { recipientAddress } from './buyers.js';

/**
 * An order as Get Order Detail 202309 answers it (docs/marketplace-b.md#orders; field names from TikTok's
 * generated Node SDK, nodejs_sdk/model/order/V202309/GetOrderDetailResponseDataOrders*.ts). The sandbox stores
 * the answer itself and changes it in place, so answering never copies more than one order.
 */

/** The order statuses of 202309 (GetOrderListRequestBody's `order_status`). */
export const ORDER_STATUSES = [
  'UNPAID',
  'ON_HOLD',
  'AWAITING_SHIPMENT',
  'PARTIALLY_SHIPPING',
  'AWAITING_COLLECTION',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses after shipping: the buyer can no longer cancel, the seller can no longer ship. */
export const SHIPPED: ReadonlySet<OrderStatus> = new Set(['AWAITING_COLLECTION', 'IN_TRANSIT', 'DELIVERED', 'COMPLETED']);

export interface LineItem {
  id: string;
  sku_id: string;
  seller_sku: string;
  product_id: string;
  product_name: string;
  sku_name: string;
  sku_type: string;
  sale_price: string;
  original_price: string;
  seller_discount: string;
  platform_discount: string;
  currency: string;
  display_status: OrderStatus;
  is_gift: boolean;
  /** Set once shipped (US/UK local sellers see no package before: the order doc's `package_id`). */
  package_id?: string;
  package_status?: string;
  tracking_number?: string;
  shipping_provider_id?: string;
  shipping_provider_name?: string;
  rts_time?: number;
  cancel_user?: string;
  cancel_reason?: string;
}

export interface OrderData {
  id: string;
  status: OrderStatus;
  order_type: string;
  create_time: number;
  update_time: number;
  paid_time?: number;
  cancel_time?: number;
  rts_time?: number;
  user_id: string;
  buyer_email: string;
  buyer_message: string;
  cancel_reason: string;
  cancellation_initiator: string;
  is_on_hold_order: boolean;
  is_cod: boolean;
  shipping_type: 'SELLER';
  fulfillment_type: 'FULFILLMENT_BY_SELLER';
  delivery_option_id: string;
  delivery_option_name: string;
  warehouse_id: string;
  shipping_provider: string;
  shipping_provider_id: string;
  tracking_number: string;
  payment: Record<string, string>;
  recipient_address: ReturnType<typeof recipientAddress>;
  line_items: LineItem[];
  packages: { id: string }[];
}

export interface Order {
  shopId: string;
  data: OrderData;
}
