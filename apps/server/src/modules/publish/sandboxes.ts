import type { AppConfig } from '../../config.js';
import { threadPool, workerModule } from '../../parsing/pool.js';

/**
 * The repo's marketplace sandboxes, started in this process on free local ports when no marketplace URL is
 * configured (docs/publishing.md#sandboxes): the adapters still speak real HTTP to them. Fills
 * `config.marketplaceUrls` and marks `config.sandboxesInProcess` (the demo then connects a shop on each).
 * A sandbox keeps its state in memory: a restart forgets its shops and products. They run on a thread of
 * their own (sandboxThread.ts), loaded only when started: a process pointed at real marketplaces (or a
 * worker, a benchmark) never loads them.
 */
export async function startSandboxesIfUnset(config: AppConfig): Promise<{ close(): Promise<void> }> {
  const want = { a: !config.marketplaceUrls.a, b: !config.marketplaceUrls.b };
  if (!want.a && !want.b) {
    config.sandboxesInProcess = false;
    return { close: () => Promise.resolve() };
  }
  // One thread that stays: the sandboxes' servers live on its event loop from `start` to `stop`.
  const filename = workerModule(import.meta.url, 'sandboxThread').href;
  const thread = threadPool({
    minThreads: 1,
    maxThreads: 1,
    idleTimeout: Infinity,
    // Between tasks piscina's default blocks the thread on Atomics.wait, which would stop the servers.
    atomics: 'disabled',
  });
  let urls: { a?: string; b?: string };
  try {
    urls = (await thread.run(want, { filename, name: 'start' })) as typeof urls;
  } catch (e) {
    // One sandbox may have started before the other failed: stop it with its thread.
    await thread.run(null, { filename, name: 'stop' }).catch(() => undefined);
    await thread.destroy();
    throw e;
  }
  config.marketplaceUrls.a ??= urls.a;
  config.marketplaceUrls.b ??= urls.b;
  config.sandboxesInProcess = want.a && want.b;
  return {
    async close() {
      try {
        await thread.run(null, { filename, name: 'stop' });
      } finally {
        await thread.destroy();
      }
    },
  };
}
