export { OrdersPage } from './OrdersPage';
export { OrderDetailPage } from './OrderDetailPage';
