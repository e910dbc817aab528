/** Orders: checkout from the cart, payment from the wallet, cancel and refund (docs/orders.md). */
export { createOrderService, type OrderService } from './service.js';
export { orderQueries, type OrderQueries, type OrderRecord } from './repo.js';
export { orderRoutes } from './routes.js';
export { createShipping, type Shipping } from './shipping.js';
export { createProduction, PRODUCTION_JOB, POLL_AFTER_MS, type Production } from './production.js';
export { productionRoutes } from './productionRoutes.js';
export { FACTORY_WEBHOOK_PATH } from './productionPaths.js';
