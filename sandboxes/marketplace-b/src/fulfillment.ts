import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import { jsonBody, needObject, ok } from './http.js';
import { SHIPPED } from './orderModel.js';
import { DELIVERY_OPTION, setStatus } from './orders.js';
import type { SandboxState, Shop } from './state.js';

/**
 * Seller shipping (docs/marketplace-b.md#shipping): Get Shipping Providers 202309 and Mark Package As
 * Shipped 202309, the call "for sellers who fulfill orders through their own selected/preferred logistics
 * carrier" (US, UK, ES, IE, IT, DE, FR, JP). Refusals answer HTTP 200 with their code.
 */

/** The providers of the seller-shipping delivery option; names as carriers spell them, ids the sandbox's (stable). */
export const SHIPPING_PROVIDERS = [
  { id: '6617675021119438849', name: 'USPS' },
  { id: '6617675021119438850', name: 'UPS' },
  { id: '6617675021119438851', name: 'FedEx' },
  { id: '6617675021119438852', name: 'DHL eCommerce' },
  { id: '6617675021119438853', name: 'DHL Express' },
  { id: '6617675021119438854', name: 'Royal Mail' },
  { id: '6617675021119438855', name: 'Evri' },
  { id: '6617675021119438856', name: 'Yun Express' },
  { id: '6617675021119438857', name: '4PX' },
  { id: '6617675021119438858', name: 'Cainiao' },
] as const;
const providerById = new Map<string, string>(SHIPPING_PROVIDERS.map((p) => [p.id, p.name]));

/** Sandbox's choice: a tracking number is 6–40 letters and digits (carriers' numbers are). */
const TRACKING = /^[A-Za-z0-9]{6,40}$/;

const refuse = (code: number, message: string) => new Refusal(200, code, message);

export function registerFulfillmentApi(
  app: FastifyInstance,
  state: SandboxState,
  authenticate: (req: FastifyRequest, raw: Buffer | null) => Shop,
): void {
  app.get('/logistics/202309/delivery_options/:delivery_option_id/shipping_providers', async (req) => {
    authenticate(req, null);
    if ((req.params as { delivery_option_id: string }).delivery_option_id !== DELIVERY_OPTION.id)
      throw refuse(CODES.deliveryOption, 'delivery_option_id is unknown');
    return ok({ shipping_providers: SHIPPING_PROVIDERS });
  });

  // Checks in this order, the first broken one answers: the order (the shop's), its status, the provider,
  // the tracking number, the line items.
  app.post('/fulfillment/202309/orders/:order_id/packages', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const b = (body ?? {}) as { tracking_number?: unknown; shipping_provider_id?: unknown; order_line_item_ids?: unknown };
    const order = state.orders.get((req.params as { order_id: string }).order_id);
    if (!order || order.shopId !== shop.id) throw refuse(CODES.orderNotFound, 'The order does not exist');
    const d = order.data;
    if (d.status === 'CANCELLED')
      throw refuse(CODES.orderStatus, `The order was cancelled (by ${d.cancellation_initiator || 'the system'})`);
    if (SHIPPED.has(d.status) || d.packages.length > 0) throw refuse(CODES.alreadyShipped, `The order is already shipped (${d.status})`);
    if (d.status !== 'AWAITING_SHIPMENT') throw refuse(CODES.orderStatus, `An order ${d.status} cannot be shipped`);
    const providerId = typeof b.shipping_provider_id === 'string' ? b.shipping_provider_id : '';
    const provider = providerById.get(providerId);
    if (!provider) throw refuse(CODES.shippingProvider, 'shipping_provider_id is not one Get Shipping Providers lists');
    const tracking = typeof b.tracking_number === 'string' ? b.tracking_number.trim() : '';
    if (!TRACKING.test(tracking)) throw refuse(CODES.trackingNumber, 'tracking_number is required: 6-40 letters and digits');
    const all = d.line_items.map((li) => li.id);
    if (b.order_line_item_ids !== undefined) {
      const asked = b.order_line_item_ids;
      if (!Array.isArray(asked) || asked.length !== all.length || !all.every((id) => asked.includes(id)))
        throw refuse(CODES.lineItems, 'order_line_item_ids must be all of the order’s line items (the sandbox ships whole orders)');
    }
    const packageId = state.newId();
    const t = state.nowS();
    for (const li of d.line_items)
      Object.assign(li, {
        package_id: packageId,
        package_status: 'PROCESSING',
        tracking_number: tracking,
        shipping_provider_id: providerId,
        shipping_provider_name: provider,
        rts_time: t,
      });
    Object.assign(d, {
      packages: [{ id: packageId }],
      tracking_number: tracking,
      shipping_provider: provider,
      shipping_provider_id: providerId,
      rts_time: t,
    });
    // Shipped by the seller, waiting for the carrier's scan: AWAITING_COLLECTION.
    setStatus(state, order, 'AWAITING_COLLECTION');
    return ok({ order_id: d.id, order_line_item_ids: all, package_id: packageId });
  });
}
