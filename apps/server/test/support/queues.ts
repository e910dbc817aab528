import { afterEach } from 'vitest';
import { createBullQueue } from '../../src/jobs/bullQueue.js';
import { createDbQueue, type DbQueueOptions } from '../../src/jobs/dbQueue.js';
import { createJobRepo, type JobRepo } from '../../src/jobs/jobRepo.js';
import type { JobLanes, JobQueue } from '../../src/jobs/queue.js';
import { buildTestApp, type TestApp } from '../helper.js';

const silent = { error: () => undefined };

/**
 * The job queue tests' setup: a test app that works no jobs itself, and queues of the test's own on its job
 * table — the database's, or BullMQ's on Redis (REDIS_URL) under a prefix of their own. Each test's app and
 * queues are closed after it.
 */
export function testQueues() {
  let app: TestApp | undefined;
  let queues: JobQueue[] = [];
  afterEach(async () => {
    for (const q of queues) await q.close();
    queues = [];
    await app?.close();
    app = undefined;
  });
  const kept = (queue: JobQueue) => {
    queues.push(queue);
    return queue;
  };

  return {
    /** A fresh test app (the previous one is closed after the test). */
    async app(): Promise<TestApp> {
      app = await buildTestApp({ runJobs: false });
      return app;
    },

    /** Another database queue on `repo`, closed after the test. */
    dbQueueOn: (repo: JobRepo, opts: Omit<DbQueueOptions, 'log'> = {}) => kept(createDbQueue(repo, { log: silent, pollMs: 20, ...opts })),

    /** A test app and a database queue on its job table, on the app's clock. */
    async dbQueue(opts: Omit<DbQueueOptions, 'log'> = {}) {
      const a = await this.app();
      const repo = createJobRepo(a.db.db, a.config.now);
      return { app: a, repo, queue: this.dbQueueOn(repo, opts) };
    },

    /** A test app and a BullMQ queue on Redis recording in its job table (on the wall clock: BullMQ's delays are real). */
    async bullQueue(opts: { lanes?: JobLanes } = {}) {
      const a = await this.app();
      const repo = createJobRepo(a.db.db, () => Date.now());
      const prefix = `bo-test-${process.pid}-${Date.now()}-${queues.length}`;
      const queue = kept(
        createBullQueue(repo, { redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix, log: silent, ...opts }),
      );
      return { app: a, repo, queue };
    },
  };
}
