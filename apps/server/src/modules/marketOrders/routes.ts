import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { MarketOrderService } from './service.js';
import type { MarketWebhooks } from './webhook.js';
import { TIKTOK_WEBHOOK_PATH } from './webhookPath.js';

/** The seller's marketplace-order calls and marketplace B's webhook (docs/market-orders.md). */
export async function marketOrderRoutes(app: FastifyInstance, deps: { marketOrders: MarketOrderService; webhooks: MarketWebhooks }) {
  const { marketOrders } = deps;
  registerRoute(app, routes.marketShopSettings, ({ caller, query }) => marketOrders.settings(caller, query.store_id));
  registerRoute(app, routes.marketShopSettingsSave, ({ caller, body }) => marketOrders.saveSettings(caller, body));
  registerRoute(app, routes.marketOrderSync, ({ caller, body }) => marketOrders.syncNow(caller, body.store_id));
  registerRoute(app, routes.marketOrderExceptions, ({ caller, query }) => marketOrders.exceptions(caller, query.store_id));
  registerRoute(app, routes.marketOrderRetry, ({ caller, body }) => marketOrders.retry(caller, body.id));
  await app.register(webhookRoute, { webhooks: deps.webhooks });
}

/**
 * TikTok Shop posts its order notifications with no session and from no page of ours, so this is no contract route:
 * its proof is the signature over the body's bytes, which is why the body is kept raw here (its parser is registered
 * in this plugin only), and it is exempt from the cross-site check as the factory's webhook is
 * (docs/security.md#csrf). The shop is named in the address (`?shop=`); the signature is checked with that shop's secret.
 */
async function webhookRoute(app: FastifyInstance, opts: { webhooks: MarketWebhooks }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  app.post<{ Querystring: { shop?: string } }>(
    TIKTOK_WEBHOOK_PATH,
    {
      config: { signedByProvider: true },
      schema: { summary: "TikTok Shop's signed order-status notifications for one shop (raw JSON)", tags: ['orders'] },
    },
    async (req, reply) => {
      const shop = req.query.shop ?? '';
      const storeId = /^\d{1,15}$/.test(shop) ? Number(shop) : 0;
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const accepted = storeId > 0 && (await opts.webhooks.receive(storeId, body, req.headers));
      return reply.code(accepted ? 200 : 401).send({ received: accepted });
    },
  );
}
