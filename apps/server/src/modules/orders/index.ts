/** Orders: checkout from the cart, payment from the wallet, cancel and refund (docs/orders.md). */
export { createOrderService, type OrderService } from './service.js';
export { orderRoutes } from './routes.js';
export { createShipping, type Shipping } from './shipping.js';
