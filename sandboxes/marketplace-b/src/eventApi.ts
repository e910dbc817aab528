import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import { jsonBody, needObject, ok } from './http.js';
import type { SandboxState, Shop } from './state.js';

/** The event topics of Update Shop Webhook 202309; only ORDER_STATUS_CHANGE is ever sent by the sandbox. */
export const EVENT_TYPES = [
  'ORDER_STATUS_CHANGE',
  'RECIPIENT_ADDRESS_UPDATE',
  'PACKAGE_UPDATE',
  'PRODUCT_STATUS_CHANGE',
  'SELLER_DEAUTHORIZATION',
  'UPCOMING_AUTHORIZATION_EXPIRATION',
  'CANCELLATION_STATUS_CHANGE',
  'RETURN_STATUS_CHANGE',
  'NEW_CONVERSATION',
  'NEW_MESSAGE',
  'PRODUCT_INFORMATION_CHANGE',
  'PRODUCT_CREATION',
  'PRODUCT_CATEGORY_CHANGE',
  'NEW_MESSAGE_LISTENER',
  'INVOICE_STATUS_CHANGE',
  'PRODUCT_AUDIT_STATUS_CHANGE',
  'REVERSE_STATUS_UPDATE',
];
/** Update Shop Webhook: "The webhook URL used to receive the event data. Max length: 255 characters". */
const ADDRESS_MAX = 255;

/** The signed Event API: Update, Get and Delete Shop Webhook (docs/marketplace-b.md#webhooks). */
export function registerEventApi(
  app: FastifyInstance,
  state: SandboxState,
  authenticate: (req: FastifyRequest, raw: Buffer | null) => Shop,
): void {
  const eventType = (body: unknown): string => {
    const t = (body as { event_type?: unknown }).event_type;
    if (typeof t !== 'string' || !EVENT_TYPES.includes(t))
      throw new Refusal(200, CODES.eventType, `event_type must be one of ${EVENT_TYPES.join(', ')}`);
    return t;
  };
  app.put('/event/202309/webhooks', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const type = eventType(body);
    const address = (body as { address?: unknown }).address;
    if (typeof address !== 'string' || address.length > ADDRESS_MAX || !/^https?:\/\/[^\s/]+/.test(address) || !URL.canParse(address))
      throw new Refusal(200, CODES.webhookAddress, `address must be an http(s) URL of at most ${ADDRESS_MAX} characters`);
    const t = state.nowS();
    shop.webhooks.set(type, { address, create_time: shop.webhooks.get(type)?.create_time ?? t, update_time: t });
    return ok({});
  });
  app.get('/event/202309/webhooks', async (req) => {
    const shop = authenticate(req, null);
    const webhooks = [...shop.webhooks].map(([event_type, w]) => ({ event_type, ...w }));
    return ok({ total_count: webhooks.length, webhooks });
  });
  // Regardless of whether a webhook is configured, Delete answers success (TikTok's Delete Shop Webhook page).
  app.delete('/event/202309/webhooks', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    shop.webhooks.delete(eventType(body));
    return ok({});
  });
}
