// Starts marketplace B's sandbox on its own (docs/marketplace-b.md#starting-it):
// MARKETPLACE_B_PORT (default 4015), MARKETPLACE_B_HOST (default 127.0.0.1),
// MARKETPLACE_B_RATE (requests/s per shop, default 50), MARKETPLACE_B_QUOTA (products/day per shop, default 1000).
import { startMarketplaceB } from './server.js';

const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
const sandbox = await startMarketplaceB({
  port: num(process.env.MARKETPLACE_B_PORT) ?? 4015,
  host: process.env.MARKETPLACE_B_HOST ?? '127.0.0.1',
  rateLimitPerSecond: num(process.env.MARKETPLACE_B_RATE),
  dailyQuota: num(process.env.MARKETPLACE_B_QUOTA),
});
console.log(`Marketplace B sandbox (TikTok Shop) on ${sandbox.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
