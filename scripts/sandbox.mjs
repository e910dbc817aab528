// `npm run sandbox`: the marketplace, payment and print factory sandboxes in one process on fixed ports, for a server
// that sets MARKETPLACE_A_URL=http://127.0.0.1:9401 and MARKETPLACE_B_URL=http://127.0.0.1:9402
// (docs/publishing.md#sandboxes), FACTORY_URL=http://127.0.0.1:9403 FACTORY_API_KEY=sk_sandbox (docs/fulfilment.md#sandbox)
// and PAYMENT_GATEWAY_URL=http://127.0.0.1:9404/gateway.do with its keys (docs/payments.md#the-sandbox).
// Ports: MARKETPLACE_A_PORT (9401), MARKETPLACE_B_PORT (9402), FACTORY_PORT (9403), PAYMENT_SANDBOX_PORT (9404); host
// MARKETPLACE_HOST (127.0.0.1); rate limits per shop: MARKETPLACE_A_RATE (20/s), MARKETPLACE_B_RATE (50/s). A test
// shop: POST <url>/sandbox/shops; an app on the payment sandbox: POST <url>/sandbox/apps. The factory: FACTORY_SPEED
// (default | fast), its API key FACTORY_API_KEY (sk_sandbox).
import { startMarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB } from '@sandbox/marketplace-b';
import { startFactory } from '@sandbox/factory';
import { startPaymentSandbox } from '@sandbox/payment';

const host = process.env.MARKETPLACE_HOST ?? '127.0.0.1';
const a = await startMarketplaceA({
  port: Number(process.env.MARKETPLACE_A_PORT ?? 9401),
  host,
  ...(process.env.MARKETPLACE_A_RATE ? { ratePerSecond: Number(process.env.MARKETPLACE_A_RATE) } : {}),
});
const b = await startMarketplaceB({
  port: Number(process.env.MARKETPLACE_B_PORT ?? 9402),
  host,
  ...(process.env.MARKETPLACE_B_RATE ? { rateLimitPerSecond: Number(process.env.MARKETPLACE_B_RATE) } : {}),
});
const factoryKey = process.env.FACTORY_API_KEY ?? 'sk_sandbox';
const f = await startFactory({
  port: Number(process.env.FACTORY_PORT ?? 9403),
  host,
  speed: process.env.FACTORY_SPEED === 'fast' ? 'fast' : 'default',
  apiKeys: [factoryKey],
});
const pay = await startPaymentSandbox({ port: Number(process.env.PAYMENT_SANDBOX_PORT ?? 9404), host });
process.stdout.write(
  `marketplace A (AliExpress sandbox): ${a.url}\nmarketplace B (TikTok Shop sandbox): ${b.url}\n` +
    `print factory sandbox: ${f.url} (API key ${factoryKey})\npayment (Alipay sandbox): ${pay.url}/gateway.do\n`,
);
const stop = () => void Promise.all([a.close(), b.close(), f.close(), pay.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
