import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { ShopService } from './service.js';

/** /api/store/*: the shops and their marketplace connections. */
export function shopRoutes(app: FastifyInstance, deps: { shops: ShopService }) {
  const { shops } = deps;
  registerRoute(app, routes.storeList, ({ caller, query, lang }) => shops.tree(caller, query.type, lang));
  registerRoute(app, routes.storeAdd, ({ caller, body }) => shops.add(caller, body));
  registerRoute(app, routes.storeUpdate, ({ caller, body }) => shops.rename(caller, body));
  registerRoute(app, routes.storeDel, ({ caller, body }) => shops.del(caller, body.id));
  registerRoute(app, routes.storeConnect, ({ caller, body }) => shops.connect(caller, body));
  registerRoute(app, routes.storeStock, ({ caller, body }) => shops.setStock(caller, body));
  registerRoute(app, routes.storeTitleDefaults, ({ caller, body }) => shops.setTitleDefaults(caller, body));
  registerRoute(app, routes.storeSetBarcodeMaker, ({ caller, body }) => shops.setBarcodeMaker(caller, body));
  registerRoute(app, routes.storeDisconnect, ({ caller, body }) => shops.disconnect(caller, body.id));
}
