import { createHash } from 'node:crypto';
import { BUYERS, buyerFor, recipientAddress } from './buyers.js';
import { Refusal } from './create.js';
import { SHIPPED, type LineItem, type Order, type OrderData, type OrderStatus } from './orderModel.js';
import type { Product, SandboxState } from './state.js';

/**
 * Buyers' purchases and the order's life (docs/marketplace-b.md#orders): placing, paying, cancelling, the
 * carrier's steps. Every status change goes through `setStatus`, which tells the webhooks.
 */

/** The sandbox's one delivery option, seller shipping (type SEND_BY_SELLER); its id is the sandbox's choice. */
export const DELIVERY_OPTION = { id: '7208502187360519982', name: 'Shipped by seller' } as const;
/** Sandbox's choice: a flat shipping fee per order, no tax, no discounts. */
const SHIPPING_FEE_CENTS = 499;
/** Sandbox's choice: at most 99 units in one purchase. */
export const QUANTITY_MAX = 99;

const ADDRESSES = new Map(BUYERS.map((x) => [x, recipientAddress(x)]));
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

export interface Purchase {
  product: Product;
  skuIndex: number;
  quantity: number;
  /** Only buyers of this region (US, GB, DE, FR, ES). */
  region?: string;
  /** A chosen buyer (BUYERS index), else the next one's turn. */
  buyer?: number;
  buyerMessage?: string;
  status: 'AWAITING_SHIPMENT' | 'UNPAID';
}

/**
 * One order per purchase. TikTok's line items carry no quantity: a purchase of n units is n line items of
 * the SKU, each at its price (the line item model of Get Order Detail 202309 has no quantity field).
 */
export function placeOrder(state: SandboxState, p: Purchase): Order {
  const sku = p.product.skus[p.skuIndex]!;
  const turn = state.ordersPlaced++;
  const buyer = p.buyer !== undefined ? BUYERS[p.buyer % BUYERS.length]! : buyerFor(turn, p.region);
  const t = state.nowS();
  const id = state.newOrderId();
  const price = cents(sku.price.amount);
  const line = (): LineItem => ({
    id: state.newId(),
    sku_id: p.product.skuIds[p.skuIndex]!,
    seller_sku: sku.seller_sku,
    product_id: p.product.id,
    product_name: p.product.title,
    sku_name: sku.sales_attributes.map((a) => a.value_name).join(', '),
    sku_type: sku.pre_sale?.type ?? 'NORMAL',
    sale_price: sku.price.amount,
    original_price: sku.price.amount,
    seller_discount: '0.00',
    platform_discount: '0.00',
    currency: sku.price.currency,
    display_status: p.status,
    is_gift: false,
  });
  const sub = price * p.quantity;
  const data: OrderData = {
    id,
    status: p.status,
    order_type: sku.pre_sale?.type ?? '',
    create_time: t,
    update_time: t,
    ...(p.status === 'UNPAID' ? {} : { paid_time: t }),
    user_id: buyer.user_id,
    // An anonymized address, as TikTok gives (the sandbox's own form of it).
    buyer_email: `${createHash('sha1').update(id).digest('hex').slice(0, 14)}@scs.tiktokw.us`,
    buyer_message: p.buyerMessage ?? '',
    cancel_reason: '',
    cancellation_initiator: '',
    is_on_hold_order: false,
    is_cod: false,
    shipping_type: 'SELLER',
    fulfillment_type: 'FULFILLMENT_BY_SELLER',
    delivery_option_id: DELIVERY_OPTION.id,
    delivery_option_name: DELIVERY_OPTION.name,
    warehouse_id: state.shops.get(p.product.shopId)?.warehouse_id ?? '',
    shipping_provider: '',
    shipping_provider_id: '',
    tracking_number: '',
    payment: {
      currency: sku.price.currency,
      original_total_product_price: money(sub),
      seller_discount: '0.00',
      platform_discount: '0.00',
      sub_total: money(sub),
      original_shipping_fee: money(SHIPPING_FEE_CENTS),
      shipping_fee_seller_discount: '0.00',
      shipping_fee_platform_discount: '0.00',
      shipping_fee: money(SHIPPING_FEE_CENTS),
      tax: '0.00',
      total_amount: money(sub + SHIPPING_FEE_CENTS),
    },
    recipient_address: ADDRESSES.get(buyer)!,
    line_items: Array.from({ length: p.quantity }, line),
    packages: [],
  };
  const order: Order = { shopId: p.product.shopId, data };
  state.addOrder(order);
  state.orderChanged(order);
  return order;
}

/** The one way a status changes: update_time moves, every line item follows, the webhooks hear of it. */
export function setStatus(state: SandboxState, order: Order, status: OrderStatus): void {
  order.data.status = status;
  order.data.update_time = state.nowS();
  for (const li of order.data.line_items) li.display_status = status;
  state.orderChanged(order);
}

/** The buyer cancels: allowed until the order ships, refused after (HTTP 409, a developer endpoint). */
export function cancelByBuyer(state: SandboxState, order: Order, reason: string): void {
  if (order.data.status === 'CANCELLED') throw new Refusal(409, 409, 'The order is already cancelled');
  if (SHIPPED.has(order.data.status))
    throw new Refusal(409, 409, `The order is shipped (${order.data.status}): the buyer can no longer cancel`);
  const d = order.data;
  d.cancel_reason = reason;
  d.cancellation_initiator = 'BUYER';
  d.cancel_time = state.nowS();
  for (const li of d.line_items) Object.assign(li, { cancel_user: 'BUYER', cancel_reason: reason });
  setStatus(state, order, 'CANCELLED');
}

/** The next step nobody in the API takes: the buyer pays, the carrier collects, delivers, the order completes. */
const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  UNPAID: 'AWAITING_SHIPMENT',
  AWAITING_COLLECTION: 'IN_TRANSIT',
  IN_TRANSIT: 'DELIVERED',
  DELIVERED: 'COMPLETED',
};
const PACKAGE_STATUS: Partial<Record<OrderStatus, string>> = { IN_TRANSIT: 'FULFILLING', DELIVERED: 'COMPLETED' };

export function advance(state: SandboxState, order: Order): void {
  const next = NEXT[order.data.status];
  if (!next) throw new Refusal(409, 409, `An order ${order.data.status} has no next step here`);
  if (next === 'AWAITING_SHIPMENT') order.data.paid_time = state.nowS();
  const pkg = PACKAGE_STATUS[next];
  if (pkg) for (const li of order.data.line_items) li.package_status = pkg;
  setStatus(state, order, next);
}

/** The order as the API answers it: `recipient_address` is not available under UNPAID and ON_HOLD. */
export function orderView(order: Order): Omit<OrderData, 'recipient_address'> & { recipient_address?: OrderData['recipient_address'] } {
  const d = order.data;
  if (d.status !== 'UNPAID' && d.status !== 'ON_HOLD') return d;
  const { recipient_address: _hidden, ...rest } = d;
  return rest;
}
