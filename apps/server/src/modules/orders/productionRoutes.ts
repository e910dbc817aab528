import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { Production } from './production.js';
import { FACTORY_WEBHOOK_PATH } from './productionPaths.js';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * GET /api/production/printFile (the factory's fetch of a print file, by the signed link the order was sent
 * with) and POST /api/factory/webhook (docs/orders.md#production).
 */
export async function productionRoutes(app: FastifyInstance, deps: { production: Production; storage: BlobStorage }) {
  const { production, storage } = deps;
  registerRoute(app, routes.productionPrintFile, async ({ caller, query, reply }) => {
    const key = await production.printFileOf(caller.id, query.order, query.key);
    if (!key || !(await storage.exists(key))) throw new AppError(404, 'orderNotFound');
    return reply
      .type(TYPES[/\.[a-z]+$/i.exec(key)?.[0].toLowerCase() ?? ''] ?? 'application/octet-stream')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(storage.stream(key));
  });
  await app.register(webhookRoute, { production });
}

/**
 * The factory's server posts JSON with no session and from no page of ours, so it is no contract route: its
 * proof is the signature over the body's bytes (verifyWebhook), which is why the body is kept raw here (its
 * parser is registered in this plugin only). Exempt from the cross-site check, as the payment notify is
 * (docs/security.md#csrf). A 2xx tells the factory the event arrived; a bad signature answers 401, and the
 * factory's retries of it change nothing.
 */
async function webhookRoute(app: FastifyInstance, opts: { production: Production }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    FACTORY_WEBHOOK_PATH,
    {
      config: { signedByProvider: true },
      schema: { summary: "The print factory's signed order events (raw JSON; HMAC-SHA256 in x-factory-signature)", tags: ['orders'] },
    },
    async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const accepted = await opts.production.webhook(body, req.headers);
      return reply.code(accepted ? 200 : 401).send({ received: accepted });
    },
  );
}
