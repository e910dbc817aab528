export { CartPage } from './CartPage';
