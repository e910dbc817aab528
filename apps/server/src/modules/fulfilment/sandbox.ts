import type { AppConfig } from '../../config.js';
import { threadPool, workerModule } from '../../parsing/pool.js';

/**
 * The repo's factory sandbox, started in this process on a free local port when FACTORY_URL is unset
 * (docs/fulfilment.md#sandbox), as the marketplace sandboxes are: the provider still speaks real HTTP to
 * it. Fills `config.factory.url` and `apiKey` (a key registered on it) and marks `config.factory.inProcess`.
 * Its orders live in memory: a restart forgets them. A thread of its own, loaded only when started.
 */
export async function startFactoryIfUnset(config: AppConfig): Promise<{ close(): Promise<void> }> {
  if (config.factory.url) {
    config.factory.inProcess = false;
    return { close: () => Promise.resolve() };
  }
  const filename = workerModule(import.meta.url, 'sandboxThread').href;
  // One thread that stays; piscina's Atomics.wait between tasks would stop the server (publish/sandboxes.ts).
  const thread = threadPool({ minThreads: 1, maxThreads: 1, idleTimeout: Infinity, atomics: 'disabled' });
  try {
    const got = (await thread.run({ speed: config.factory.speed }, { filename, name: 'start' })) as { url: string; apiKey: string };
    config.factory.url = got.url;
    config.factory.apiKey = got.apiKey;
    config.factory.inProcess = true;
  } catch (e) {
    await thread.destroy();
    throw e;
  }
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
