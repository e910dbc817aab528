/**
 * The thread the in-process payment sandbox runs on (sandbox.ts): its server, signature checks and notify
 * retries stay off the API's event loop (docs/payments.md#the-sandbox).
 */
import { startPaymentSandbox, type PaymentSandbox } from '@sandbox/payment';

let started: PaymentSandbox | undefined;

/** Starts the sandbox on a free local port; answers its base URL. */
export async function start() {
  started = await startPaymentSandbox({ port: 0 });
  return started.url;
}

export async function stop() {
  await started?.close();
  started = undefined;
}
