import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { createLocalStorage } from '../storage/localStorage.js';
import { imageThreadsGiveWay, yieldToTheApi } from '../parsing/pool.js';
import { createComposeEngine } from './engine.js';
import type { ComposeTask } from './tasks.js';
import type { ComposerOptions } from './composer.js';

/**
 * Entry of a composition worker thread: its own engine (fonts, caches) over the same blob storage. The
 * thread gives way to the API's thread and the list's reading threads when the cores are short: a batch of
 * compositions on two cores otherwise took the time sellers' lists were waiting for (docs/finished.md#under-load).
 */
yieldToTheApi();
const opts = workerData as ComposerOptions;
const engine = createComposeEngine({
  storage: createLocalStorage(path.join(opts.dataDir, 'files')),
  templateCacheBytes: opts.templateCacheBytes,
  imageCacheBytes: opts.imageCacheBytes,
  nameKey: opts.nameKey,
});

export default async function compose(task: ComposeTask) {
  try {
    return await engine.run(task);
  } finally {
    imageThreadsGiveWay();
  }
}
