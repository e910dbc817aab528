import type { Piscina } from 'piscina';

type Balancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type PiscinaWorker = Parameters<Balancer>[1][number];

/**
 * Which composition thread takes the next task (piscina's `loadBalancer`): of the idle threads, the one
 * given a task least recently, so consecutive compositions go round the threads instead of all to the
 * first idle one (piscina's default).
 *
 * Each thread keeps its own decoded templates (engine.ts), and the catalogue's blanks are shared by every
 * seller. With the default, one family's batch runs on one thread, always the first, while the slot that
 * family must leave free (docs/security.md#fair-shares) sits on a thread that never composed: another
 * family's job landed there and paid for decoding every template of its product, about twice a
 * composition's time. Going round, every thread has composed the busy products, and the slot left free
 * is as fast as the one in use.
 *
 * Compositions are abortable tasks (their time limit), which piscina gives only to a thread with nothing
 * else: a thread is idle or it is not, as piscina's own balancer judges it.
 */
export function leastRecentlyUsed(): Balancer {
  const lastUsed = new Map<number, number>();
  let tick = 0;
  return (_task, workers: PiscinaWorker[]) => {
    let candidate: PiscinaWorker | null = null;
    for (const w of workers) {
      if (w.currentUsage !== 0 || w.terminating || w.destroyed) continue;
      if (!candidate || (lastUsed.get(w.id) ?? 0) < (lastUsed.get(candidate.id) ?? 0)) candidate = w;
    }
    if (candidate) lastUsed.set(candidate.id, ++tick);
    return candidate;
  };
}
