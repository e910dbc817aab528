import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { MarketTemplateService } from './service.js';

/** /api/aliexpress/template/*, /api/tiktok/template/* and the publish tab's pickers (docs/market-templates.md). */
export function marketTemplateRoutes(app: FastifyInstance, deps: { marketTemplates: MarketTemplateService }) {
  const { aliexpress, tiktok } = deps.marketTemplates;
  registerRoute(app, routes.aliexpressTemplateAdd, ({ caller, body }) => aliexpress.add(caller, body));
  registerRoute(app, routes.aliexpressTemplateUpdate, ({ caller, body }) => aliexpress.update(caller, body));
  registerRoute(app, routes.aliexpressTemplateDel, ({ caller, body }) => aliexpress.del(caller, body.id));
  registerRoute(app, routes.aliexpressTemplateList, ({ caller, query }) => aliexpress.list(caller, query));
  registerRoute(app, routes.aliexpressTemplatesByStore, ({ caller, query }) => aliexpress.byShop(caller, query.store_id));

  registerRoute(app, routes.tiktokTemplateAdd, ({ caller, body }) => tiktok.add(caller, body));
  registerRoute(app, routes.tiktokTemplateUpdate, ({ caller, body }) => tiktok.update(caller, body));
  registerRoute(app, routes.tiktokTemplateDel, ({ caller, body }) => tiktok.del(caller, body.id));
  registerRoute(app, routes.tiktokTemplateList, ({ caller, query }) => tiktok.list(caller, query));
  registerRoute(app, routes.tiktokTemplatesByStore, ({ caller, query }) => tiktok.byShop(caller, query.store_id));
}
