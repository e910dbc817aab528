import { describe, expect, it, vi } from 'vitest';
import { createJobRepo, type JobRepo } from '../src/jobs/jobRepo.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { EXPORT_JOB } from '../src/modules/exports/index.js';
import { SYNTHESIS_JOB } from '../src/modules/synthesis/index.js';
import { testQueues } from './support/queues.js';

/** Fair shares of the job queue between account families (docs/security.md#fair-shares). */
const queues = testQueues();

const BATCH = 30;
const A = 101; // the family with the batch
const B = 202; // the family with one job

/**
 * One family's batch of 30 is queued before another family's single job; then the lane starts with one slot.
 * The single job is taken second (right after the batch's first), not 31st.
 */
async function batchDoesNotStarve(queue: JobQueue, repo: JobRepo) {
  const order: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < BATCH; i++) ids.push(await queue.enqueue({ kind: 'compose', ownerId: A, familyId: A, payload: A }));
  const single = await queue.enqueue({ kind: 'compose', ownerId: B, familyId: B, payload: B });
  queue.work({ compose: { run: async (job) => void order.push(job.payload as number) } }, { concurrency: 1 });
  await vi.waitFor(async () => expect((await repo.get(single))?.status).toBe('done'), 30_000);
  expect(order.indexOf(B)).toBe(1);
  await vi.waitFor(async () => expect(order).toHaveLength(BATCH + 1), 60_000);
  expect(order.filter((f) => f === A)).toHaveLength(BATCH);
  expect(ids).toHaveLength(BATCH);
}

/** With two slots and a share of one, a family's batch holds one slot and another family's job takes the other at once. */
async function shareLeavesASlot(queue: JobQueue, repo: JobRepo) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const running = new Set<string>();
  let most = 0;
  queue.work(
    {
      compose: {
        run: async (job) => {
          running.add(job.id);
          if ((job.payload as number) === A) most = Math.max(most, [...running].length);
          if ((job.payload as number) === A) await held;
          running.delete(job.id);
        },
      },
    },
    { concurrency: 2, perFamily: 1 },
  );
  const batch: string[] = [];
  for (let i = 0; i < 5; i++) batch.push(await queue.enqueue({ kind: 'compose', ownerId: A, familyId: A, payload: A }));
  await vi.waitFor(async () => expect(running.size).toBe(1), 20_000);
  const single = await queue.enqueue({ kind: 'compose', ownerId: B, familyId: B, payload: B });
  try {
    // B ran and finished while A's first job still holds its slot; A's others wait their turn.
    await vi.waitFor(async () => expect((await repo.get(single))?.status).toBe('done'), 20_000);
    const statuses = await Promise.all(batch.map(async (id) => (await repo.get(id))?.status));
    expect(statuses.filter((s) => s === 'running')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'queued')).toHaveLength(4);
  } finally {
    release();
  }
  await vi.waitFor(async () => {
    for (const id of batch) expect((await repo.get(id))?.status).toBe('done');
  }, 30_000);
  expect(most).toBe(1);
}

describe('database queue: families take turns', () => {
  const setup = () => queues.dbQueue();

  it("takes another family's single job next, not after one family's batch of 30", async () => {
    const { repo, queue } = await setup();
    await batchDoesNotStarve(queue, repo);
  });

  it('runs at most a family’s share of a kind at once; another family takes the free slot', async () => {
    const { repo, queue } = await setup();
    await shareLeavesASlot(queue, repo);
  });

  it('names a job’s family from its owner: a sub-account’s jobs are its parent’s family', async () => {
    const app = await queues.app();
    const parent = await app.accountRepo.findByUsername('demo');
    const child = await app.accountRepo.findByUsername('demo-a');
    const id = await app.queue.enqueue({ kind: 'none', ownerId: Number(child!.id), payload: null });
    expect(Number((await app.db.db.selectFrom('job').select('family_id').where('id', '=', id).executeTakeFirstOrThrow()).family_id)).toBe(
      Number(parent!.id),
    );
  });

  it('runs exports in a lane of their own: a seller’s export never waits behind compositions', async () => {
    const app = await queues.app();
    const repo = createJobRepo(app.db.db, app.config.now);
    const queue = queues.dbQueueOn(repo, { lanes: app.lanes });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    queue.work({ [SYNTHESIS_JOB]: { run: () => held }, [EXPORT_JOB]: { run: async () => undefined } }, { concurrency: 1 });
    for (let i = 0; i < 3; i++) await queue.enqueue({ kind: SYNTHESIS_JOB, ownerId: A, familyId: A, payload: null });
    const exported = await queue.enqueue({ kind: EXPORT_JOB, ownerId: A, familyId: A, payload: null });
    try {
      await vi.waitFor(async () => expect((await repo.get(exported))?.status).toBe('done'), 20_000);
    } finally {
      release();
    }
  });
});

describe('BullMQ queue: families take turns', () => {
  const setup = () => queues.bullQueue();

  it("takes another family's single job next, not after one family's batch of 30 (priority by place in the family)", async () => {
    const { repo, queue } = await setup();
    await batchDoesNotStarve(queue, repo);
  });

  it('runs at most a family’s share of a kind at once; another family takes the free slot', async () => {
    const { repo, queue } = await setup();
    await shareLeavesASlot(queue, repo);
  });
});
