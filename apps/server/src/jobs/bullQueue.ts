import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { JobRepo } from './jobRepo.js';
import { contextOf } from './dbQueue.js';
import { failureReason, type JobKinds, type JobQueue } from './queue.js';

/** One BullMQ queue carries every job kind (the kind is the BullMQ job name). */
export const BULL_QUEUE_NAME = 'jobs';

/** ioredis options from a redis:// URL (BullMQ takes options, not a URL). */
export function redisConnection(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ workers block on Redis; a per-request retry limit would break them.
    maxRetriesPerRequest: null,
  };
}

/**
 * BullMQ on Redis (REDIS_URL): API processes enqueue, `npm run worker` processes work. Redis carries
 * delivery, retries and stalled-job recovery (a worker that dies mid-job has its job taken over); the
 * `job` table still records each job's status for the API.
 */
export function createBullQueue(
  repo: JobRepo,
  opts: { redisUrl: string; prefix?: string; log: { error(obj: object, msg: string): void } },
): JobQueue {
  const connection = redisConnection(opts.redisUrl);
  const prefix = opts.prefix ?? 'bo';
  const queue = new Queue(BULL_QUEUE_NAME, { connection, prefix });
  let worker: Worker | undefined;

  return {
    backend: 'bullmq',
    async enqueue(input) {
      const id = await repo.insert(input);
      const row = await repo.get(id);
      await queue.add(
        input.kind,
        { id },
        { jobId: id, attempts: row?.max_attempts ?? 2, removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } },
      );
      return id;
    },
    work(kinds: JobKinds, o) {
      worker = new Worker(
        BULL_QUEUE_NAME,
        async (bj) => {
          const id = (bj.data as { id: string }).id;
          const row = await repo.get(id);
          if (!row) return; // enqueued by a database that is not ours (another environment on the same Redis)
          const attempt = bj.attemptsMade + 1;
          await repo.markRunning(id, attempt);
          const handler = kinds[row.kind]?.run;
          try {
            if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
            const result = await handler(contextOf(repo, row, attempt));
            await repo.finish(id, attempt, 'done', { result });
          } catch (err) {
            opts.log.error({ err, jobId: id, attempt }, 'job failed');
            const last = attempt >= row.max_attempts;
            if ((await repo.finish(id, attempt, last ? 'failed' : 'queued', { error: failureReason(err) })) && last) {
              await kinds[row.kind]?.giveUp?.(contextOf(repo, row, attempt));
            }
            throw err;
          }
        },
        { connection, prefix, concurrency: Math.max(1, o.concurrency) },
      );
      worker.on('error', (err) => opts.log.error({ err }, 'BullMQ worker error'));
      // A job that stalled too often is failed by BullMQ without running it again: record that too.
      worker.on('failed', (bj) => {
        if (!bj || bj.attemptsMade < (bj.opts.attempts ?? 1)) return;
        void (async () => {
          const row = await repo.get((bj.data as { id: string }).id);
          if (!row || row.status === 'done' || row.status === 'failed') return;
          if (await repo.finish(row.id, row.attempts, 'failed', { error: 'jobInterrupted' }))
            await kinds[row.kind]?.giveUp?.(contextOf(repo, row));
        })().catch((err: unknown) => opts.log.error({ err }, 'recording a stalled job failed'));
      });
    },
    async drain() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
