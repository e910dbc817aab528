import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { SkuBindings } from './bindings.js';
import type { VariantService } from './service.js';

/** The variant calls of the Publish Online tab and the SKU compare calls (docs/variants.md). */
export function variantRoutes(app: FastifyInstance, deps: { variants: VariantService; skuBindings: SkuBindings }) {
  const { variants, skuBindings } = deps;
  registerRoute(app, routes.aliexpressColorSizePreview, ({ caller, query }) => variants.preview(caller, query.ids));
  registerRoute(app, routes.aliexpressVariantInfo, ({ caller, body }) => variants.variantInfo(caller, body));
  registerRoute(app, routes.aliexpressVariantInfoByProducts, ({ caller, body }) => variants.variantInfoByProducts(caller, body));
  registerRoute(app, routes.aliexpressVariantPrice, ({ caller, body }) => variants.variantPrice(caller, body));
  registerRoute(app, routes.finishedBindSkuCompare, ({ caller, body }) => skuBindings.bind(caller, body));
  registerRoute(app, routes.finishedDelSkuCompare, ({ caller, body }) => skuBindings.del(caller, body.id));
  registerRoute(app, routes.finishedSkuCompareList, ({ caller, query }) => skuBindings.list(caller, query.finished_id));
}
