import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { createLocalStorage } from '../storage/localStorage.js';
import { createComposeEngine } from './engine.js';
import type { ComposeTask } from './tasks.js';
import type { ComposerOptions } from './composer.js';

/** Entry of a composition worker thread: its own engine (fonts, caches) over the same blob storage. */
const opts = workerData as ComposerOptions;
const engine = createComposeEngine({
  storage: createLocalStorage(path.join(opts.dataDir, 'files')),
  templateCacheBytes: opts.templateCacheBytes,
  imageCacheBytes: opts.imageCacheBytes,
  nameKey: opts.nameKey,
});

export default function compose(task: ComposeTask) {
  return engine.run(task);
}
