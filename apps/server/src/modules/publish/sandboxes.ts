import type { AppConfig } from '../../config.js';

/**
 * The repo's marketplace sandboxes, started in this process on free local ports when no marketplace URL is
 * configured (docs/publishing.md#sandboxes): the adapters still speak real HTTP to them. Fills
 * `config.marketplaceUrls` and marks `config.sandboxesInProcess` (the demo then connects a shop on each).
 * A sandbox keeps its state in memory: a restart forgets its shops and products. They are imported only
 * here, when started: a process pointed at real marketplaces (or a worker, a benchmark) never loads them.
 */
export async function startSandboxesIfUnset(config: AppConfig): Promise<{ close(): Promise<void> }> {
  const started: { close(): Promise<void> }[] = [];
  if (!config.marketplaceUrls.a) {
    const { startMarketplaceA } = await import('@sandbox/marketplace-a');
    const a = await startMarketplaceA({ port: 0 });
    config.marketplaceUrls.a = a.url;
    started.push(a);
  }
  if (!config.marketplaceUrls.b) {
    const { startMarketplaceB } = await import('@sandbox/marketplace-b');
    const b = await startMarketplaceB({ port: 0 });
    config.marketplaceUrls.b = b.url;
    started.push(b);
  }
  config.sandboxesInProcess = started.length === 2;
  return { close: async () => void (await Promise.all(started.map((s) => s.close()))) };
}
