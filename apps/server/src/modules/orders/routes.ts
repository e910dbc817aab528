import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { OrderService } from './service.js';

/** /api/order/*, /api/shipping/*, /api/address/* (docs/orders.md). */
export function orderRoutes(app: FastifyInstance, deps: { orders: OrderService }) {
  const { orders } = deps;
  registerRoute(app, routes.shippingMethods, ({ query, lang }) => orders.methods(query.country, query.weight, lang));
  registerRoute(app, routes.shippingCountries, () => orders.countries());
  registerRoute(app, routes.addressList, ({ caller }) => orders.addresses(caller));
  registerRoute(app, routes.orderCreate, ({ caller, body, lang }) => orders.create(caller, body, lang));
  registerRoute(app, routes.orderList, ({ caller, query }) => orders.list(caller, query));
  registerRoute(app, routes.orderDetail, ({ caller, query }) => orders.detail(caller, query.id));
  registerRoute(app, routes.orderPay, ({ caller, body }) => orders.pay(caller, body.id));
  registerRoute(app, routes.orderCancel, ({ caller, body }) => orders.cancel(caller, body.id));
  registerRoute(app, routes.orderRetryProduction, ({ caller, body }) => orders.retryProduction(caller, body.id));
}
