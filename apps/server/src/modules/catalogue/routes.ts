import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { CatalogueService } from './service.js';

/**
 * /api/product/* (docs/api.md#editor): the catalogue every account designs on, readable logged out but for the
 * design detail, and the caller's personal product library (docs/mobile.md#the-personal-product-library).
 */
export function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  registerRoute(app, routes.categoryList, async () => ({ list: await catalogue.categoryTree() }));
  registerRoute(app, routes.productList, ({ query, caller }) => catalogue.search(query, caller));
  registerRoute(app, routes.productDetail, ({ query, caller }) => catalogue.detail(query.product_id, caller));
  registerRoute(app, routes.productDesignDetail, ({ query, caller }) => catalogue.designDetail(query.product_id, query.attr_id, caller));
  registerRoute(app, routes.productNavList, ({ query }) => catalogue.navList(query));
  registerRoute(app, routes.productFavorite, ({ body, caller }) => catalogue.favorite(caller.id, body.product_id));
  registerRoute(app, routes.productUnfavorite, ({ body, caller }) => catalogue.unfavorite(caller.id, body.product_id));
  registerRoute(app, routes.productFavoriteList, ({ query, caller }) => catalogue.favoriteList(caller.id, query));
}
