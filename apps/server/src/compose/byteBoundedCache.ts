import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used cache bounded by bytes, not entries: decoded templates and images are large and
 * of very different sizes, so memory stays flat however many products and materials exist. `fetch`
 * answers from the cache or from `load`; concurrent fetches of one key share one load, and a load that
 * fails is not kept. A value larger than the whole bound is returned but not kept.
 */
export function byteBoundedCache<V extends object, Context = unknown>(
  maxBytes: number,
  sizeOf: (value: V) => number,
  load: (key: string, context: Context) => Promise<V>,
): LRUCache<string, V, Context> {
  return new LRUCache<string, V, Context>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    fetchMethod: (key, _stale, { context }) => load(key, context),
    // A load whose entry is evicted while in flight (other loads filled the cache) still answers its callers.
    ignoreFetchAbort: true,
  });
}
