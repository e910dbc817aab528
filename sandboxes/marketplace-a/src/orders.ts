import { buyerFor, type Buyer } from './buyers.js';
import { SKU_PROPERTIES } from './catalog.js';
import type { OrderStatus, StoredOrder } from './orderModel.js';
import type { SandboxState, Shop, StoredProduct, StoredSku } from './state.js';

/**
 * Orders (docs/marketplace-a.md#orders): what a buyer placed on a product of the sandbox, kept with AliExpress's
 * statuses. A is polled: nothing is pushed, a change only moves the order's `updatedAt` (its gmt_update).
 */

/** The statuses a control call may place an order in (chosen): unpaid, paid in risk control, paid. */
export const PLACED_STATUSES: readonly OrderStatus[] = ['PLACE_ORDER_SUCCESS', 'RISK_CONTROL', 'WAIT_SELLER_SEND_GOODS'];

/** Shipping the buyer paid, by country (chosen), cents. */
const SHIPPING_CENTS: Record<string, number> = { US: 399, ES: 299, FR: 299, DE: 299, BR: 549 };

export const money = (cents: number) => (cents / 100).toFixed(2);
export const productCents = (o: StoredOrder) => o.lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
export const orderCents = (o: StoredOrder) => productCents(o) + o.logisticsCents;
export const isPaid = (o: StoredOrder) => o.paidAt !== null;

/** AliExpress's logistics_status, from the order's shipments. */
export function logisticsStatus(o: StoredOrder): string {
  if (o.shipments.some((s) => s.sendType === 'all')) return 'SELLER_SEND_GOODS';
  if (o.shipments.length > 0) return 'SELLER_SEND_PART_GOODS';
  return isPaid(o) && o.status !== 'FINISH' ? 'WAIT_SELLER_SEND_GOODS' : 'NO_LOGISTICS';
}

/** A refusal of a developer call: the HTTP status and why. */
export class OrderError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface PlaceRequest {
  product: StoredProduct;
  /** A SKU of the product; none: its SKUs in turn. */
  skuCode?: string;
  quantity: number;
  count: number;
  status: OrderStatus;
  /** The buyer's country (BUYER_COUNTRIES); none: the list in turn. */
  country?: string;
  /** A buyer given whole (the product page's form), else one of the list. */
  buyer?: Buyer;
}

const attributesText = (s: StoredSku) =>
  s.attributes
    .map(
      (a) => `${SKU_PROPERTIES[a.sku_attribute_name_id] ?? a.sku_attribute_name_id}: ${a.sku_attribute_value ?? a.sku_attribute_value_id}`,
    )
    .join(', ');

/**
 * Places `count` orders of one product for one shop: each takes the SKU's price (its discount price when set) and
 * deducts the quantity from the SKU's inventory (the post's payment_success_deduct; all or nothing).
 */
export function placeOrders(state: SandboxState, shop: Shop, now: number, r: PlaceRequest): StoredOrder[] {
  const p = r.product;
  if (p.shopId !== shop.id) throw new OrderError(400, `product ${p.productId} is not a product of app_key ${shop.appKey}`);
  // A product the seller took offline is not on sale: a buyer cannot reach it (docs/marketplace-a.md#offline-online).
  if (p.status !== 'onSelling') throw new OrderError(409, `product ${p.productId} is ${p.status}: it is not on sale`);
  const skuFor = (i: number): StoredSku => {
    if (r.skuCode === undefined) return p.skus[i % p.skus.length]!;
    const sku = p.skus.find((s) => s.sku_code === r.skuCode);
    if (!sku) throw new OrderError(400, `product ${p.productId} has no sku_code ${r.skuCode}`);
    return sku;
  };
  const wanted = new Map<StoredSku, number>();
  for (let i = 0; i < r.count; i++) {
    const sku = skuFor(i);
    wanted.set(sku, (wanted.get(sku) ?? 0) + r.quantity);
  }
  for (const [sku, n] of wanted)
    if (sku.inventory < n) throw new OrderError(409, `sku_code ${sku.sku_code} has ${sku.inventory} left, ${n} asked`);
  for (const [sku, n] of wanted) sku.inventory -= n;

  const paid = r.status === 'PLACE_ORDER_SUCCESS' ? null : now;
  return Array.from({ length: r.count }, (_, i) => {
    const sku = skuFor(i);
    const buyer = r.buyer ?? buyerFor(state.orders.size, r.country);
    const order: StoredOrder = {
      orderId: state.newOrderId(),
      shopId: shop.id,
      status: r.status,
      endReason: '',
      createdAt: now,
      updatedAt: now,
      paidAt: paid,
      buyer,
      lines: [
        {
          childId: state.newChildOrderId(),
          productId: p.productId,
          skuId: sku.id,
          skuCode: sku.sku_code,
          productName: p.subject,
          image: sku.attributes.find((a) => a.sku_image_url)?.sku_image_url ?? p.images[0] ?? '',
          attributes: attributesText(sku),
          quantity: r.quantity,
          unitCents: Math.round((sku.discount_price ?? sku.price) * 100),
          ...(p.deliveryTime !== undefined ? { prepareDays: p.deliveryTime } : {}),
        },
      ],
      logisticsCents: SHIPPING_CENTS[buyer.country] ?? 399,
      shipments: [],
    };
    state.orders.set(order.orderId, order);
    return order;
  });
}

/**
 * The buyer cancels before shipment: `requestOnly` asks (IN_CANCEL, the seller still to answer), else the order
 * ends (FINISH, end_reason buyer_cancel_order) and its quantities go back to the SKUs. Refused once anything shipped.
 */
export function cancelOrder(state: SandboxState, o: StoredOrder, now: number, requestOnly: boolean): void {
  if (o.shipments.length > 0) throw new OrderError(409, `order ${o.orderId} has shipped (${o.status}): the buyer can no longer cancel it`);
  const open: OrderStatus[] = requestOnly ? ['WAIT_SELLER_SEND_GOODS', 'RISK_CONTROL'] : [...PLACED_STATUSES, 'IN_CANCEL'];
  if (!open.includes(o.status)) throw new OrderError(409, `order ${o.orderId} is ${o.status}: it cannot be cancelled now`);
  o.updatedAt = now;
  if (requestOnly) {
    o.status = 'IN_CANCEL';
    return;
  }
  o.status = 'FINISH';
  o.endReason = 'buyer_cancel_order';
  for (const l of o.lines) {
    const sku = state.products.get(l.productId)?.skus.find((s) => s.id === l.skuId);
    if (sku) sku.inventory += l.quantity;
  }
}
