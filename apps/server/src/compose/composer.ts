import path from 'node:path';
import { Piscina } from 'piscina';
import { createLocalStorage } from '../storage/localStorage.js';
import { createComposeEngine, type AreaResult, type ComposeOutcome, type ComposeTask, type ProductResult } from './engine.js';

export interface ComposerOptions {
  dataDir: string;
  /** Worker threads; 0 composes on the calling thread (command-line tools and benchmarks' baselines only). */
  threads: number;
  templateCacheBytes: number;
  imageCacheBytes: number;
}

/**
 * Composition off the API's event loop (ARCHITECTURE: composition never blocks the API): Skia drawing
 * and the mockup blend run on the JavaScript thread that calls them, so they run in worker threads.
 */
export interface Composer {
  area(task: Extract<ComposeTask, { kind: 'area' }>): Promise<ComposeOutcome<AreaResult>>;
  product(task: Extract<ComposeTask, { kind: 'product' }>): Promise<ComposeOutcome<ProductResult>>;
  close(): Promise<void>;
}

export const DEFAULT_CACHE = { templateCacheBytes: 160 * 1024 * 1024, imageCacheBytes: 96 * 1024 * 1024 };

export function createComposer(opts: ComposerOptions): Composer {
  if (opts.threads === 0) {
    const engine = createComposeEngine({ ...opts, storage: createLocalStorage(path.join(opts.dataDir, 'files')) });
    return {
      area: (task) => engine.run(task) as Promise<ComposeOutcome<AreaResult>>,
      product: (task) => engine.run(task) as Promise<ComposeOutcome<ProductResult>>,
      close: () => Promise.resolve(),
    };
  }
  const pool = new Piscina({
    filename: new URL(`./worker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    // The server runs TypeScript through tsx; worker threads need its loader too.
    execArgv: ['--import', 'tsx'],
    workerData: opts,
    // Started on the first task (a process that never composes pays nothing), then kept warm: a
    // thread's fonts and decoded templates are what make the next composition fast.
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: Infinity,
  });
  return {
    area: (task) => pool.run(task) as Promise<ComposeOutcome<AreaResult>>,
    product: (task) => pool.run(task) as Promise<ComposeOutcome<ProductResult>>,
    close: () => pool.destroy(),
  };
}
