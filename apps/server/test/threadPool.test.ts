import { afterEach, describe, expect, it } from 'vitest';
import { threadPool } from '../src/parsing/pool.js';

/**
 * The server's thread pools serve waiting tasks in the order they were asked (docs/finished.md#under-load):
 * a seller whose list waits behind others is answered in turn, never sent back behind later ones.
 */
describe('thread pools', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('start waiting tasks first come, first served', async () => {
    const pool = threadPool({ minThreads: 1, maxThreads: 1, filename: new URL('./support/takeTurn.mjs', import.meta.url).href });
    close = () => pool.destroy();
    const gate = new SharedArrayBuffer(4);
    const started: number[] = [];
    const tasks = Array.from({ length: 12 }, (_, n) => pool.run({ n, gate }).then((m: number) => started.push(m)));
    // Every task but the first waits in the queue; then the first lets the thread go.
    while (pool.queueSize < 11) await new Promise((r) => setImmediate(r));
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    await Promise.all(tasks);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
