/** The checkout (/checkout, docs/orders.md#checkout). */
export { CheckoutPage } from './CheckoutPage';
