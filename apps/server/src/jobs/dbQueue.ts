import type { JobRepo, JobRow } from './jobRepo.js';
import type { JobHandler, JobQueue } from './queue.js';

export interface DbQueueOptions {
  /** How long a running job is held before another process may take it over (renewed while it runs). */
  leaseMs?: number;
  /** How often an idle worker looks for jobs enqueued by other processes. */
  pollMs?: number;
  log: { error(obj: object, msg: string): void };
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The default queue: the `job` table, worked by this process. A job whose process died keeps its
 * `running` status until its lease passes, then runs again (its attempt counts); a job that throws is
 * retried once, then marked failed with the reason.
 */
export function createDbQueue(repo: JobRepo, opts: DbQueueOptions): JobQueue {
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 500;
  let handlers: Record<string, JobHandler> | undefined;
  let concurrency = 1;
  let running = 0;
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const active = new Set<Promise<void>>();

  async function runOne(job: JobRow) {
    const handler = handlers?.[job.kind];
    if (!handler) return repo.finish(job.id, 'failed', { error: `no handler for jobs of kind ${job.kind}` });
    const heartbeat = setInterval(() => void repo.extendLease(job.id, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      const result = await handler({
        id: job.id,
        kind: job.kind,
        ownerId: job.owner_id,
        taskId: job.task_id,
        payload: JSON.parse(job.payload) as unknown,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      await repo.finish(job.id, 'done', { result });
    } catch (err) {
      opts.log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await repo.finish(job.id, job.attempts < job.max_attempts ? 'queued' : 'failed', { error: errorText(err) });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && handlers && running < concurrency) {
          const job = await repo.claim(leaseMs);
          if (!job) break;
          running++;
          const p: Promise<void> = runOne(job)
            .catch((err: unknown) => opts.log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
            .finally(() => {
              running--;
              active.delete(p);
              void pump();
            });
          active.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      opts.log.error({ err }, 'job queue poll failed');
    } finally {
      pumping = false;
    }
    if (!stopped && handlers) {
      clearTimeout(timer);
      timer = setTimeout(() => void pump(), pollMs);
      timer.unref();
    }
  }

  return {
    backend: 'database',
    async enqueue(input) {
      const id = await repo.insert(input);
      if (handlers) void pump();
      return id;
    },
    work(h, o) {
      handlers = h;
      concurrency = Math.max(1, o.concurrency);
      void pump();
    },
    async drain() {
      for (;;) {
        await Promise.all([...active]);
        if (!(await repo.claimable())) {
          if (running === 0) return;
          continue;
        }
        await new Promise((r) => setTimeout(r, 20));
        void pump();
      }
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...active]);
    },
  };
}
