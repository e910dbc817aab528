import { describe, expect, it, vi } from 'vitest';
import type { JobRepo } from '../src/jobs/jobRepo.js';
import { JobFailure, type JobContext, type JobQueue } from '../src/jobs/queue.js';
import { testQueues } from './support/queues.js';

const queues = testQueues();
const setup = () => queues.dbQueue();

/**
 * A job of a kind with a lane of its own runs while the shared lane is busy (a long composition must not
 * hold up a publish, nor a publish waiting on a marketplace hold up composition): queue.ts JobLanes.
 */
async function lanesKeepApart(queue: JobQueue, repo: JobRepo) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const order: string[] = [];
  queue.work(
    {
      cpu: {
        run: async (job) => {
          order.push(`cpu ${job.payload as number} start`);
          await held;
        },
      },
      io: { run: async (job) => void order.push(`io ${job.payload as number}`) },
    },
    { concurrency: 1 },
  );
  const cpu1 = await queue.enqueue({ kind: 'cpu', ownerId: 1, payload: 1 });
  const cpu2 = await queue.enqueue({ kind: 'cpu', ownerId: 1, payload: 2 });
  // The shared lane holds a job before the io jobs arrive: on a busy machine the io lane could otherwise run them
  // before the shared lane has picked its first, which says nothing about the lanes.
  await vi.waitFor(() => expect(order).toHaveLength(1), 20_000);
  const io = [await queue.enqueue({ kind: 'io', ownerId: 1, payload: 1 }), await queue.enqueue({ kind: 'io', ownerId: 1, payload: 2 })];
  try {
    await vi.waitFor(async () => {
      for (const id of io) expect((await repo.get(id))?.status).toBe('done');
    }, 20_000);
    // The shared lane is still on one job (jobs enqueued in the same millisecond have no set order), the
    // other waits behind it; the io lane went past both.
    expect(order[0]).toMatch(/^cpu [12] start$/);
    expect(order.slice(1).sort()).toEqual(['io 1', 'io 2']);
    const waiting = order[0] === 'cpu 1 start' ? cpu2 : cpu1;
    expect((await repo.get(waiting))?.status).toBe('queued');
  } finally {
    release();
  }
  await vi.waitFor(async () => {
    for (const id of [cpu1, cpu2]) expect((await repo.get(id))?.status).toBe('done');
  }, 20_000);
  expect(order.filter((o) => o.startsWith('cpu')).sort()).toEqual(['cpu 1 start', 'cpu 2 start']);
}

describe('database job queue', () => {
  it('runs a kind with a lane of its own beside the shared lane, never behind it', async () => {
    const { repo, queue } = await queues.dbQueue({ lanes: { io: 2 } });
    await lanesKeepApart(queue, repo);
  });

  it('runs a job and records done with its attempts', async () => {
    const { repo, queue } = await setup();
    const seen: JobContext[] = [];
    queue.work({ echo: { run: async (job) => void seen.push(job) } }, { concurrency: 1 });
    const id = await queue.enqueue({ kind: 'echo', ownerId: 1, taskId: 'T1', payload: { n: 1 } });
    await queue.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, payload: { n: 1 }, attempt: 1, maxAttempts: 2 });
    expect(await repo.get(id)).toMatchObject({ status: 'done', attempts: 1, error: null });
  });

  it('retries a failing job once, then marks it failed with the reason and gives it up once', async () => {
    const { repo, queue } = await setup();
    let runs = 0;
    const givenUp: JobContext[] = [];
    queue.work(
      {
        boom: {
          run: () => Promise.reject(new JobFailure('cutpieceConfigError', `run ${++runs}`)),
          giveUp: async (job) => void givenUp.push(job),
        },
      },
      { concurrency: 1 },
    );
    const id = await queue.enqueue({ kind: 'boom', ownerId: 1, payload: { n: 7 } });
    await queue.drain();
    expect(runs).toBe(2);
    expect(await repo.get(id)).toMatchObject({ status: 'failed', attempts: 2, error: 'cutpieceConfigError' });
    expect(givenUp).toEqual([expect.objectContaining({ id, payload: { n: 7 } })]);
  });

  it('records an unexpected error as an internal error, never its text (SQL, paths)', async () => {
    const { repo, queue } = await setup();
    queue.work({ boom: { run: () => Promise.reject(new Error('SQLITE_BUSY at /srv/data/app.db')) } }, { concurrency: 1 });
    const id = await queue.enqueue({ kind: 'boom', ownerId: 1, payload: null, maxAttempts: 1 });
    await queue.drain();
    expect(await repo.get(id)).toMatchObject({ status: 'failed', error: 'jobInternalError' });
  });

  it('a job abandoned on its last attempt is marked failed and given up', async () => {
    const { app, repo, queue } = await setup();
    const id = await repo.insert({ kind: 'work', ownerId: 1, payload: null, maxAttempts: 1 });
    expect((await repo.claim(60_000)).job?.id).toBe(id); // the process that died
    const givenUp: string[] = [];
    queue.work({ work: { run: async () => undefined, giveUp: async (job) => void givenUp.push(job.id) } }, { concurrency: 1 });
    app.clock.advance(61_000);
    await queue.drain();
    expect(await repo.get(id)).toMatchObject({ status: 'failed', error: 'jobInterrupted' });
    expect(givenUp).toEqual([id]);
  });

  it('a run whose job was taken over cannot overwrite the newer run’s outcome', async () => {
    const { app, repo } = await setup();
    const id = await repo.insert({ kind: 'work', ownerId: 1, payload: null, maxAttempts: 3 });
    const first = (await repo.claim(60_000)).job!;
    app.clock.advance(61_000);
    const second = (await repo.claim(60_000)).job!;
    expect(second.attempts).toBe(2);
    expect(await repo.finish(id, second.attempts, 'done', { result: 'new' })).toBe(true);
    expect(await repo.finish(id, first.attempts, 'failed', { error: 'jobInternalError' })).toBe(false);
    expect(await repo.extendLease(id, first.attempts, 60_000)).toBe(false);
    expect(await repo.get(id)).toMatchObject({ status: 'done', result: JSON.stringify('new') });
  });

  it('a job running when its process died runs again after its lease passes', async () => {
    const { app, repo, queue } = await setup();
    // The dead process: it took the job (running, attempt 1) and never finished.
    const id = await repo.insert({ kind: 'work', ownerId: 1, payload: { k: 'v' } });
    expect((await repo.claim(60_000)).job?.id).toBe(id);
    const runs: number[] = [];
    queue.work({ work: { run: async (job) => void runs.push(job.attempt) } }, { concurrency: 1 });
    await queue.drain();
    expect(runs).toEqual([]); // its lease still holds
    app.clock.advance(61_000); // the restarted server's clock passes the lease
    await queue.drain();
    expect(runs).toEqual([2]);
    expect(await repo.get(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('two workers never take the same job', async () => {
    const { app, repo } = await setup();
    const a = queues.dbQueueOn(repo, { pollMs: 10 });
    const b = queues.dbQueueOn(repo, { pollMs: 10 });
    const ran: string[] = [];
    const handler = async (job: JobContext) => {
      ran.push(job.id);
      await new Promise((r) => setTimeout(r, 5));
    };
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => repo.insert({ kind: 'w', ownerId: 1, payload: i })));
    a.work({ w: { run: handler } }, { concurrency: 2 });
    b.work({ w: { run: handler } }, { concurrency: 2 });
    await a.drain();
    await b.drain();
    expect(ran.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await repo.get(id))?.status).toBe('done');
    expect(app).toBeDefined();
  });
});

describe('BullMQ job queue on Redis', () => {
  it('runs a kind with a lane (its own queue) beside the shared lane, never behind it', async () => {
    const { repo, queue } = await queues.bullQueue({ lanes: { io: 2 } });
    await lanesKeepApart(queue, repo);
  });

  it('delivers, retries once and records status in the job table', async () => {
    const { repo, queue } = await queues.bullQueue();
    let flaky = 0;
    queue.work(
      {
        ok: { run: async (job) => ({ doubled: (job.payload as number) * 2 }) },
        flaky: {
          run: async () => {
            if (++flaky === 1) throw new Error('first run fails');
          },
        },
        never: { run: () => Promise.reject(new JobFailure('materialLoadFailed')) },
      },
      { concurrency: 2 },
    );
    const ok = await queue.enqueue({ kind: 'ok', ownerId: 1, payload: 21 });
    const fl = await queue.enqueue({ kind: 'flaky', ownerId: 1, payload: null });
    const nv = await queue.enqueue({ kind: 'never', ownerId: 1, payload: null });
    const settled = async (id: string) => {
      for (let i = 0; i < 400; i++) {
        const row = await repo.get(id);
        if (row && (row.status === 'done' || row.status === 'failed')) return row;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`job ${id} did not settle`);
    };
    expect(await settled(ok)).toMatchObject({ status: 'done', attempts: 1, result: JSON.stringify({ doubled: 42 }) });
    expect(await settled(fl)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await settled(nv)).toMatchObject({ status: 'failed', attempts: 2, error: 'materialLoadFailed' });
  });
});
