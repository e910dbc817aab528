// The payment sandbox: Alipay's computer-website pay, its notify and trade query (docs/payments.md).
// It never imports the product's code (README.md#architecture).
export { startPaymentSandbox, type PaymentSandbox, type PaymentSandboxOptions } from './server.js';
export { NOTIFY_RETRY_MS } from './notify.js';
