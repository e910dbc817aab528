import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { CartService } from './service.js';

/** /api/cart/* (docs/domain.md#save-modes: mode 7, add to cart without overwriting). */
export function cartRoutes(app: FastifyInstance, deps: { cart: CartService }) {
  const { cart } = deps;
  registerRoute(app, routes.cartAdd, ({ caller, body }) => cart.add(caller, body));
  registerRoute(app, routes.cartList, ({ caller, query }) => cart.list(caller, query));
  registerRoute(app, routes.cartCount, ({ caller }) => cart.count(caller));
  registerRoute(app, routes.cartUpdate, ({ caller, body }) => cart.update(caller, body));
  registerRoute(app, routes.cartDel, ({ caller, body }) => cart.del(caller, body));
}
