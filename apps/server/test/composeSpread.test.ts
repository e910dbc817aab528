import { Piscina } from 'piscina';
import { afterEach, describe, expect, it } from 'vitest';
import { leastRecentlyUsed } from '../src/compose/spread.js';

/**
 * Composition threads take turns (compose/spread.ts, docs/security.md#fair-shares): one family's
 * compositions, one at a time, go round the threads, so the thread it leaves free for another family has
 * composed the busy products too, instead of all going to the first idle thread.
 */
let pool: Piscina | undefined;
afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
});

const threadPool = () =>
  new Piscina({
    filename: new URL('./support/threadOfTask.mjs', import.meta.url).href,
    minThreads: 2,
    maxThreads: 2,
    idleTimeout: Infinity,
    loadBalancer: leastRecentlyUsed(),
  });
/** A composition as the composer runs it: abortable (its time limit), one after the other. */
const oneAfterAnother = async (p: Piscina, n: number) => {
  const threads: number[] = [];
  for (let i = 0; i < n; i++) threads.push(await p.run(null, { signal: new AbortController().signal }));
  return threads;
};

describe('composition threads take turns', () => {
  it("sends one family's compositions, one at a time, round every thread", async () => {
    pool = threadPool();
    const threads = await oneAfterAnother(pool, 6);
    expect(new Set(threads).size).toBe(2);
    // Never the same thread twice in a row.
    expect(threads.every((t, i) => i === 0 || t !== threads[i - 1])).toBe(true);
  });

  it('gives a task to an idle thread only, and to none when every thread is busy', () => {
    const pick = leastRecentlyUsed();
    const worker = (id: number, currentUsage = 0) =>
      ({ id, currentUsage, isRunningAbortableTask: currentUsage > 0, histogram: null, terminating: false, destroyed: false }) as never;
    expect(pick(null as never, [worker(1), worker(2)])).toMatchObject({ id: 1 });
    expect(pick(null as never, [worker(1), worker(2)])).toMatchObject({ id: 2 });
    // 2 was given a task last, but 1 is busy: 2 again.
    expect(pick(null as never, [worker(1, 1), worker(2)])).toMatchObject({ id: 2 });
    expect(pick(null as never, [worker(1), worker(2)])).toMatchObject({ id: 1 });
    expect(pick(null as never, [worker(1, 1), worker(2, 1)])).toBeNull();
  });
});
