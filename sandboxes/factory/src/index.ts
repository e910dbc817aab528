export { startFactory, type Factory, type FactoryOptions } from './server.js';
export type { Order, OrderRequest, OrderStatus, Shipment, FailureReason } from './order.js';
