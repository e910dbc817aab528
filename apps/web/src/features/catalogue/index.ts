export { ProductsPage } from './ProductsPage';
export { ProductDetailPage } from './ProductDetailPage';
