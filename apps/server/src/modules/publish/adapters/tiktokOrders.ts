import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopConnection } from '../../shops/index.js';
import { TIKTOK_TIMEOUT_MS } from './tiktok.js';
import { createTiktokGateway } from './tiktokGateway.js';
import { list, obj, str, type Json } from './json.js';
import type { MarketCarrier, MarketNotification, MarketOrder, MarketOrderState, MarketplaceOrders } from './orderTypes.js';

/**
 * Marketplace B's buyer orders (docs/marketplace-b.md#orders): Get Order List by update time, Get Order Detail,
 * the shop's shipping providers and Mark Package As Shipped, read into the neutral MarketOrder.
 */

/** TikTok's 202309 order statuses in our words. */
const STATES: Record<string, MarketOrderState> = {
  UNPAID: 'unpaid',
  ON_HOLD: 'onHold',
  AWAITING_SHIPMENT: 'awaitingShipment',
  PARTIALLY_SHIPPING: 'awaitingShipment',
  AWAITING_COLLECTION: 'shipped',
  IN_TRANSIT: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
};
/** Get Order Detail takes at most 50 ids (docs/marketplace-b.md#get-order-detail). */
export const TIKTOK_ORDER_IDS_MAX = 50;
const PAGE_SIZE = '100';

/** One Get Order Detail order → MarketOrder; its line items (one per unit) folded into lines per SKU. */
export function tiktokOrder(o: Json): MarketOrder {
  const payment = obj(o.payment);
  const address = obj(o.recipient_address);
  const district = (level: string) => str(list(address.district_info).find((d) => str(d.address_level) === level)?.address_name);
  const lines = new Map<string, MarketOrder['lines'][number]>();
  for (const item of list(o.line_items)) {
    const key = str(item.sku_id);
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else
      lines.set(key, {
        remoteLineId: str(item.id),
        remoteProductId: str(item.product_id),
        remoteSkuId: key,
        sellerSku: str(item.seller_sku),
        productName: str(item.product_name),
        skuName: str(item.sku_name),
        quantity: 1,
        unitPrice: str(item.sale_price) || '0',
      });
  }
  const status = str(o.status);
  const initiator = str(o.cancellation_initiator).toUpperCase();
  return {
    remoteOrderId: str(o.id),
    state: STATES[status] ?? 'onHold',
    remoteStatus: status,
    createdAt: Number(o.create_time) * 1000 || 0,
    updatedAt: Number(o.update_time) * 1000 || 0,
    currency: str(payment.currency),
    buyerPaid: str(payment.total_amount) || '0',
    buyerShipping: str(payment.shipping_fee) || '0',
    recipient: {
      name: str(address.name),
      phone: str(address.phone_number),
      country: str(address.region_code).toUpperCase(),
      province: district('L1'),
      city: district('L3') || district('L2') || str(address.post_town),
      address1: str(address.address_line1),
      address2: [address.address_line2, address.address_detail].map(str).filter(Boolean).join(' '),
      postcode: str(address.postal_code),
    },
    lines: [...lines.values()],
    packageIds: list(o.packages).map((p) => str(p.id)),
    deliveryOption: str(o.delivery_option_id),
    ...(status === 'CANCELLED' ? { cancelledBy: initiator === 'BUYER' ? 'buyer' : initiator === 'SELLER' ? 'seller' : 'system' } : {}),
    ...(str(o.tracking_number) ? { tracking: { carrier: str(o.shipping_provider), number: str(o.tracking_number) } } : {}),
  } satisfies MarketOrder;
}

/**
 * An ORDER_STATUS_CHANGE webhook (docs/marketplace-b.md#webhooks): its Authorization header is the hex HMAC-SHA256 of
 * app key + raw body under the app secret. Other topics, and bodies that do not verify or name no order, are null.
 */
export function readTiktokNotification(
  conn: ShopConnection,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): MarketNotification | null {
  const given = headers.authorization;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return null;
  const expected = createHmac('sha256', conn.app_secret).update(conn.app_key).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
  let body: Json;
  try {
    body = obj(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return null;
  }
  const data = obj(body.data);
  const id = str(body.tts_notification_id);
  const orderId = str(data.order_id);
  if (Number(body.type) !== 1 || !id || !/^\d{1,40}$/.test(orderId)) return null;
  return { id, remoteOrderId: orderId, updatedAt: (Number(data.update_time) || Number(body.timestamp) || 0) * 1000 };
}

export function createTiktokOrders(opts: {
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}): MarketplaceOrders {
  const gateway = createTiktokGateway({
    base: opts.baseUrl.replace(/\/+$/, ''),
    fetch: opts.fetch ?? fetch,
    now: opts.now ?? Date.now,
    timeoutMs: opts.timeoutMs ?? TIKTOK_TIMEOUT_MS,
  });
  return {
    platform: 15,
    idsPerCall: TIKTOK_ORDER_IDS_MAX,

    async changedOrders(conn, since, page) {
      // Oldest change first, so a poll that stops part-way resumes from the last change it saw.
      const data = await gateway.call(conn, '/order/202309/orders/search', {
        query: { page_size: PAGE_SIZE, sort_field: 'update_time', sort_order: 'ASC', ...(page ? { page_token: page } : {}) },
        json: { update_time_ge: Math.floor(since / 1000) },
      });
      const next = str(data.next_page_token);
      const changes = list(data.orders).map((o) => {
        const { remoteOrderId, state, remoteStatus, updatedAt } = tiktokOrder(o);
        return { remoteOrderId, state, remoteStatus, updatedAt };
      });
      return { changes, ...(next ? { nextPage: next } : {}) };
    },

    async orders(conn, ids) {
      if (ids.length === 0) return [];
      const data = await gateway.call(conn, '/order/202309/orders', { query: { ids: ids.join(',') }, get: true });
      return list(data.orders).map(tiktokOrder);
    },

    async carriers(conn, order): Promise<MarketCarrier[]> {
      const path = `/logistics/202309/delivery_options/${encodeURIComponent(order.deliveryOption ?? '')}/shipping_providers`;
      const data = await gateway.call(conn, path, { get: true });
      return list(data.shipping_providers).map((p) => ({ code: str(p.id), name: str(p.name) }));
    },

    async ship(conn, order, shipment) {
      await gateway.call(conn, `/fulfillment/202309/orders/${encodeURIComponent(order.remoteOrderId)}/packages`, {
        json: { tracking_number: shipment.trackingNumber, shipping_provider_id: shipment.carrier },
      });
    },

    async subscribe(conn, address) {
      await gateway.call(conn, '/event/202309/webhooks', { json: { address, event_type: 'ORDER_STATUS_CHANGE' }, method: 'PUT' });
    },

    readNotification: readTiktokNotification,
  };
}
