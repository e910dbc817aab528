import { DelayedError, Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { JobRepo } from './jobRepo.js';
import { createAdmission, type QueueDepths } from './admission.js';
import { contextOf } from './dbQueue.js';
import { failureReason, lanesOf, type JobKinds, type JobLanes, type JobQueue } from './queue.js';

/** How long a job of a family at its share waits before it is looked at again (BullMQ's delayed set). */
const FAMILY_BUSY_DELAY_MS = 1000;
/** BullMQ's largest priority. */
const MAX_PRIORITY = 2_097_152;

/**
 * One BullMQ queue carries every kind of the default lane (the kind is the BullMQ job name); a kind with a
 * lane of its own (queue.ts JobLanes) has its own queue, `jobs-<kind>`, and its own worker.
 */
export const BULL_QUEUE_NAME = 'jobs';
const queueNameOf = (lanes: JobLanes, kind: string) => (kind in lanes ? `${BULL_QUEUE_NAME}-${kind}` : BULL_QUEUE_NAME);

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
 *
 * Fair shares (docs/security.md#fair-shares) with what BullMQ's open-source edition offers (its groups are
 * BullMQ Pro's): a family's k-th waiting job of a kind gets priority k, so the claim order takes the first
 * job of every family before any family's second; and a job whose family already runs its share of that
 * kind is put back in the delayed set for a second (DelayedError: no attempt is spent). The share is checked
 * and the job marked running under one gate per process; workers in two processes may pass it by one.
 */
export function createBullQueue(
  repo: JobRepo,
  opts: {
    redisUrl: string;
    prefix?: string;
    lanes?: JobLanes;
    depths?: QueueDepths;
    log: { error(obj: object, msg: string): void };
  },
): JobQueue {
  const connection = redisConnection(opts.redisUrl);
  const prefix = opts.prefix ?? 'bo';
  const lanes = opts.lanes ?? {};
  const queues = new Map<string, Queue>();
  const queueFor = (kind: string) => {
    const name = queueNameOf(lanes, kind);
    let q = queues.get(name);
    if (!q) queues.set(name, (q = new Queue(name, { connection, prefix })));
    return q;
  };
  // The default lane's queue exists from the start (drain and close look at it).
  queueFor('');
  const workers: Worker[] = [];
  /** One family-share check at a time in this process (see startWorker). */
  let gate: Promise<unknown> = Promise.resolve();
  const gated = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = gate.then(fn, fn);
    gate = next.catch(() => undefined);
    return next;
  };

  return {
    backend: 'bullmq',
    admit: createAdmission(repo, opts.depths),
    async enqueue(input) {
      const id = await repo.insert(input);
      const row = await repo.get(id);
      const ahead = row ? await repo.queuedCount(Number(row.family_id), input.kind) : 1;
      await queueFor(input.kind).add(
        input.kind,
        { id },
        {
          jobId: id,
          attempts: row?.max_attempts ?? 2,
          priority: Math.min(MAX_PRIORITY, Math.max(1, ahead)),
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 5000 },
        },
      );
      return id;
    },
    work(kinds: JobKinds, o) {
      for (const lane of lanesOf(lanes, o.concurrency, o.perFamily)) {
        const kind = lane.kinds.only?.[0] ?? '';
        queueFor(kind);
        workers.push(startWorker(kinds, queueNameOf(lanes, kind), lane.concurrency, lane.kinds.perFamily));
      }
    },
    async drain() {
      for (;;) {
        const counts = await Promise.all(
          [...queues.values()].map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')),
        );
        if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      for (const w of workers) await w.close();
      for (const q of queues.values()) await q.close();
    },
  };

  /** A worker of one lane's queue, running each job's handler and recording it in the job table. */
  function startWorker(kinds: JobKinds, queueName: string, concurrency: number, perFamily: number | undefined): Worker {
    const worker = new Worker(
      queueName,
      async (bj, token) => {
        const id = (bj.data as { id: string }).id;
        const row = await repo.get(id);
        if (!row) return; // enqueued by a database that is not ours (another environment on the same Redis)
        const attempt = bj.attemptsMade + 1;
        // Counted and marked running under one gate, so this process's slots never pass the share together.
        const admitted = await gated(async () => {
          if (perFamily !== undefined && (await repo.runningCount(Number(row.family_id), row.kind)) >= perFamily) return false;
          await repo.markRunning(id, attempt);
          return true;
        });
        if (!admitted) {
          await bj.moveToDelayed(Date.now() + FAMILY_BUSY_DELAY_MS, token);
          throw new DelayedError();
        }
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
      { connection, prefix, concurrency },
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
    return worker;
  }
}
