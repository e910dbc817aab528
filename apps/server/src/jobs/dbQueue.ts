import { parseJsonColumn } from '../db/json.js';
import { createAdmission, type QueueDepths } from './admission.js';
import type { FamilyTurns, JobRepo, JobRow } from './jobRepo.js';
import { failureReason, lanesOf, type JobContext, type JobKinds, type JobLanes, type JobQueue, type KindFilter } from './queue.js';

export interface DbQueueOptions {
  /** How long a running job is held before another process may take it over (renewed while it runs). */
  leaseMs?: number;
  /** How often an idle worker looks for jobs enqueued by other processes. */
  pollMs?: number;
  log: { error(obj: object, msg: string): void };
  /** Kinds with a lane of their own (queue.ts JobLanes). */
  lanes?: JobLanes;
  /** Jobs of a kind one family may leave waiting (admission.ts). */
  depths?: QueueDepths;
}

/** A job row as its handler sees it, on the given attempt (progress is recorded for that attempt). */
export const contextOf = (repo: JobRepo, job: JobRow, attempt = job.attempts): JobContext => ({
  id: job.id,
  kind: job.kind,
  ownerId: job.owner_id,
  taskId: job.task_id,
  payload: parseJsonColumn<unknown>(job.payload, null),
  attempt,
  maxAttempts: job.max_attempts,
  progress: (done, total) => repo.progress(job.id, attempt, done, total),
});

/**
 * The default queue: the `job` table, worked by this process. A job whose process died keeps its
 * `running` status until its lease passes, then runs again (its attempt counts); a job that throws is
 * retried once, then marked failed with the reason.
 */
export function createDbQueue(repo: JobRepo, opts: DbQueueOptions): JobQueue {
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 500;
  let kinds: JobKinds | undefined;
  let stopped = false;
  const active = new Set<Promise<void>>();

  /**
   * One lane's worker: its kinds, its slots, its own poll (a lane never waits behind another), and whose
   * turn it is among the families waiting in it (docs/security.md#fair-shares).
   */
  interface Lane {
    kinds: KindFilter;
    concurrency: number;
    turns: FamilyTurns;
    running: number;
    pumping: boolean;
    again: boolean;
    timer?: NodeJS.Timeout;
  }
  let lanes: Lane[] = [];

  async function gaveUp(job: JobRow) {
    await kinds?.[job.kind]
      ?.giveUp?.(contextOf(repo, job))
      .catch((err: unknown) => opts.log.error({ err, jobId: job.id }, 'job give-up hook failed'));
  }

  async function runOne(job: JobRow) {
    const handler = kinds?.[job.kind]?.run;
    if (!handler) {
      if (await repo.finish(job.id, job.attempts, 'failed', { error: 'jobInternalError' })) await gaveUp(job);
      return;
    }
    const heartbeat = setInterval(() => void repo.extendLease(job.id, job.attempts, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      const result = await handler(contextOf(repo, job));
      await repo.finish(job.id, job.attempts, 'done', { result });
    } catch (err) {
      opts.log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const last = job.attempts >= job.max_attempts;
      const recorded = await repo.finish(job.id, job.attempts, last ? 'failed' : 'queued', { error: failureReason(err) });
      if (recorded && last) await gaveUp(job);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function pump(lane: Lane): Promise<void> {
    if (lane.pumping) {
      lane.again = true;
      return;
    }
    lane.pumping = true;
    try {
      do {
        lane.again = false;
        while (!stopped && kinds && lane.running < lane.concurrency) {
          const { job, abandoned } = await repo.claim(leaseMs, lane.kinds, lane.turns);
          for (const a of abandoned) await gaveUp(a);
          if (!job) break;
          lane.running++;
          const p: Promise<void> = runOne(job)
            .catch((err: unknown) => opts.log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
            .finally(() => {
              lane.running--;
              active.delete(p);
              void pump(lane);
            });
          active.add(p);
        }
      } while (lane.again && !stopped);
    } catch (err) {
      opts.log.error({ err }, 'job queue poll failed');
    } finally {
      lane.pumping = false;
    }
    if (!stopped && kinds) {
      clearTimeout(lane.timer);
      lane.timer = setTimeout(() => void pump(lane), pollMs);
      lane.timer.unref();
    }
  }
  const pumpAll = () => {
    for (const lane of lanes) void pump(lane);
  };

  return {
    backend: 'database',
    admit: createAdmission(repo, opts.depths),
    async enqueue(input) {
      const id = await repo.insert(input);
      if (kinds) pumpAll();
      return id;
    },
    work(k, o) {
      kinds = k;
      lanes = lanesOf(opts.lanes ?? {}, o.concurrency, o.perFamily).map((l) => ({
        ...l,
        turns: new Map(),
        running: 0,
        pumping: false,
        again: false,
      }));
      pumpAll();
    },
    async drain() {
      for (;;) {
        await Promise.all([...active]);
        if (!(await repo.claimable())) {
          // A claim in flight has already marked its job running but not yet counted it: wait for it too.
          if (lanes.every((l) => l.running === 0 && !l.pumping)) return;
          continue;
        }
        await new Promise((r) => setTimeout(r, 20));
        pumpAll();
      }
    },
    async close() {
      stopped = true;
      for (const lane of lanes) clearTimeout(lane.timer);
      await Promise.all([...active]);
    },
  };
}
