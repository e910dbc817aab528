/** The cart: designs on SKUs with quantities (save mode 7; docs/domain.md#save-modes). */
export { createCartService, type CartService } from './service.js';
export { cartRoutes } from './routes.js';
export { createCartRepo, takeCartLines, type CartRepo, type CartLineForOrder } from './repo.js';
