import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { StoreService } from './service.js';

/** /api/store/*: the shops and their marketplace connections. */
export function storeRoutes(app: FastifyInstance, deps: { stores: StoreService }) {
  const { stores } = deps;
  registerRoute(app, routes.storeList, ({ caller, query, lang }) => stores.tree(caller, query.type, lang));
  registerRoute(app, routes.storeAdd, ({ caller, body }) => stores.add(caller, body));
  registerRoute(app, routes.storeUpdate, ({ caller, body }) => stores.rename(caller, body));
  registerRoute(app, routes.storeDel, ({ caller, body }) => stores.del(caller, body.id));
  registerRoute(app, routes.storeConnect, ({ caller, body }) => stores.connect(caller, body));
  registerRoute(app, routes.storeDisconnect, ({ caller, body }) => stores.disconnect(caller, body.id));
}
