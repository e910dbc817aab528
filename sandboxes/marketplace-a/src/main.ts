// `npm run sandbox -w @sandbox/marketplace-a`: the sandbox on MARKETPLACE_A_PORT (default 9401). It prints no
// credentials: a test shop's come from `POST /sandbox/shops` (docs/marketplace-a.md#developer-endpoints).
import { startMarketplaceA } from './server.js';

const sandbox = await startMarketplaceA({
  port: Number(process.env.MARKETPLACE_A_PORT ?? 9401),
  host: process.env.MARKETPLACE_A_HOST ?? '127.0.0.1',
  ...(process.env.MARKETPLACE_A_RATE ? { ratePerSecond: Number(process.env.MARKETPLACE_A_RATE) } : {}),
});
process.stdout.write(
  `marketplace A (AliExpress sandbox) on ${sandbox.url}\n` + `a test shop and its credentials: curl -X POST ${sandbox.url}/sandbox/shops\n`,
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
