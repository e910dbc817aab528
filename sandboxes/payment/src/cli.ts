// Starts the payment sandbox on its own (docs/payments.md#the-sandbox): PAYMENT_SANDBOX_PORT (default 9404),
// PAYMENT_SANDBOX_HOST (default 127.0.0.1).
import { startPaymentSandbox } from './server.js';

const sandbox = await startPaymentSandbox({
  port: Number(process.env.PAYMENT_SANDBOX_PORT ?? 9404),
  host: process.env.PAYMENT_SANDBOX_HOST ?? '127.0.0.1',
});
console.log(`Payment sandbox (Alipay) on ${sandbox.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
