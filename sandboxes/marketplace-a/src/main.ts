// `npm run sandbox -w @sandbox/marketplace-a`: the sandbox on MARKETPLACE_A_PORT (default 9401), one test shop printed.
import { startMarketplaceA } from './server.js';

const port = Number(process.env.MARKETPLACE_A_PORT ?? 9401);
const sandbox = await startMarketplaceA({
  port,
  host: process.env.MARKETPLACE_A_HOST ?? '127.0.0.1',
  ...(process.env.MARKETPLACE_A_RATE ? { ratePerSecond: Number(process.env.MARKETPLACE_A_RATE) } : {}),
});
const shop = sandbox.createShop({ name: 'demo-aliexpress' });
process.stdout.write(`marketplace A (AliExpress sandbox) on ${sandbox.url}\ntest shop: ${JSON.stringify(shop)}\n`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
