import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { PriceRuleService } from './service.js';

/** /api/price_rules/* (docs/listing-tools.md#price-rules). */
export function priceRuleRoutes(app: FastifyInstance, deps: { priceRules: PriceRuleService }) {
  const { priceRules } = deps;
  registerRoute(app, routes.priceRuleList, ({ caller, query }) => priceRules.list(caller, query));
  registerRoute(app, routes.priceRuleAdd, ({ caller, body }) => priceRules.add(caller, body));
  registerRoute(app, routes.priceRuleUpdate, ({ caller, body }) => priceRules.update(caller, body));
  registerRoute(app, routes.priceRuleDel, ({ caller, body }) => priceRules.del(caller, body));
  registerRoute(app, routes.priceRulePreview, ({ caller, body }) => priceRules.preview(caller, body));
}
