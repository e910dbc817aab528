import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { CatalogueService } from './service.js';

/** GET /api/product/* (docs/api.md#editor): the catalogue every account designs on. */
export function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  registerRoute(app, routes.categoryList, async () => ({ list: await catalogue.categoryTree() }));
  registerRoute(app, routes.productList, ({ query }) => catalogue.search(query));
  registerRoute(app, routes.productDetail, ({ query, caller }) => catalogue.detail(query.product_id, caller.level));
  registerRoute(app, routes.productDesignDetail, ({ query, caller }) =>
    catalogue.designDetail(query.product_id, query.attr_id, caller.level),
  );
}
