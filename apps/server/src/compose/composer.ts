import path from 'node:path';
import type { Piscina } from 'piscina';
import { createLocalStorage } from '../storage/localStorage.js';
import { createComposeEngine } from './engine.js';
import { leastRecentlyUsed } from './spread.js';
import { threadPool } from '../parsing/pool.js';
import type { AreaResult, ComposeOutcome, ComposeTask, ProductResult } from './tasks.js';

export interface ComposerOptions {
  dataDir: string;
  /** Worker threads; 0 composes on the calling thread (command-line tools and benchmarks' baselines only). */
  threads: number;
  templateCacheBytes: number;
  imageCacheBytes: number;
  /** Key of composed files' names (engine.ts), passed to each worker thread. */
  nameKey: string;
  /** Longest a composition may take before its thread is stopped. */
  timeoutMs?: number;
}

export const COMPOSE_TIMEOUT_MS = 120_000;
/** The purpose the composed files' name key is derived for (secrets/ deriveKey). */
export const COMPOSE_NAMES = 'compose-names';

/**
 * Composition off the API's event loop (README.md#architecture: composition never blocks the API): Skia drawing
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
  // Made on the first task (a process that never composes pays nothing), then with every thread started at
  // once and kept warm: a thread's fonts and decoded templates are what make the next composition fast, and
  // a thread first started for another family's job (docs/security.md#fair-shares: the slot one family
  // leaves free) would cost that job the thread's start, several times a composition.
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= threadPool({
      filename: new URL(`./worker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
      workerData: opts,
      minThreads: opts.threads,
      maxThreads: opts.threads,
      idleTimeout: Infinity,
      // Round the threads, so each keeps the busy products' templates (spread.ts).
      loadBalancer: leastRecentlyUsed(),
    }));
  // A task past its time ends its thread (piscina replaces it): one runaway design cannot stall
  // every account's composition.
  const run = async <T>(task: ComposeTask): Promise<ComposeOutcome<T>> => {
    try {
      return (await poolOf().run(task, { signal: AbortSignal.timeout(opts.timeoutMs ?? COMPOSE_TIMEOUT_MS) })) as ComposeOutcome<T>;
    } catch (err) {
      if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) {
        return { ok: false, key: 'composeTimedOut', detail: `over ${opts.timeoutMs ?? COMPOSE_TIMEOUT_MS} ms` };
      }
      throw err;
    }
  };
  return {
    area: (task) => run<AreaResult>(task),
    product: (task) => run<ProductResult>(task),
    close: async () => {
      await pool?.destroy();
    },
  };
}
