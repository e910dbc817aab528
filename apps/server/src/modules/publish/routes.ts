import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { PublishService } from './service.js';

/** /api/aliexpress|tiktok/preflight|publish, /api/publish/getlist|retry (docs/publishing.md). */
export function publishRoutes(app: FastifyInstance, deps: { publish: PublishService }) {
  const { publish } = deps;
  registerRoute(app, routes.aliexpressPreflight, ({ caller, lang, body }) => publish.preflight(caller, lang, 2, body));
  registerRoute(app, routes.tiktokPreflight, ({ caller, lang, body }) => publish.preflight(caller, lang, 15, body));
  registerRoute(app, routes.aliexpressPublish, ({ caller, lang, body }) => publish.publish(caller, lang, 2, body));
  registerRoute(app, routes.tiktokPublish, ({ caller, lang, body }) => publish.publish(caller, lang, 15, body));
  registerRoute(app, routes.publishList, ({ caller, lang, query }) => publish.list(caller, lang, query));
  registerRoute(app, routes.publishRetry, ({ caller, body }) => publish.retry(caller, body));
}
