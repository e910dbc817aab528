import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { PriceTemplateService } from './service.js';

/** /api/price_template/* (docs/api.md#listing-settings). */
export function priceTemplateRoutes(app: FastifyInstance, deps: { priceTemplates: PriceTemplateService }) {
  const { priceTemplates } = deps;
  registerRoute(app, routes.priceTemplateList, ({ caller, query }) => priceTemplates.list(caller, query));
  registerRoute(app, routes.priceTemplateGet, ({ caller, query }) => priceTemplates.get(caller, query.id));
  registerRoute(app, routes.priceTemplateAdd, ({ caller, body }) => priceTemplates.add(caller, body));
  registerRoute(app, routes.priceTemplateUpdate, ({ caller, body }) => priceTemplates.update(caller, body));
  registerRoute(app, routes.priceTemplateDel, ({ caller, body }) => priceTemplates.del(caller, body));
  registerRoute(app, routes.priceTemplateRates, () => priceTemplates.rates());
}
