import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../db/schema.js';
import { ownedBy, type Scope } from '../db/scope.js';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueInput, type KindFilter } from './queue.js';

export type JobRow = Selectable<JobTable>;

/** The `job` table: every backend records status here (queued → running → done | failed). */
export function createJobRepo(db: Kysely<Database>, now: () => number) {
  return {
    async insert(input: EnqueueInput): Promise<string> {
      const id = randomUUID();
      const t = now();
      await db
        .insertInto('job')
        .values({
          id,
          kind: input.kind,
          owner_id: input.ownerId,
          task_id: input.taskId ?? null,
          payload: JSON.stringify(input.payload ?? null),
          status: 'queued',
          attempts: 0,
          max_attempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          error: null,
          result: null,
          progress_done: null,
          progress_total: null,
          lease_until: null,
          run_after: t,
          created_at: t,
          updated_at: t,
        })
        .execute();
      return id;
    },

    get(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The scope's jobs by job id and/or task number, newest first (at most 100). */
    find(scope: Scope, q: { id?: string | undefined; task_id?: string | undefined }): Promise<JobRow[]> {
      let query = db.selectFrom('job').selectAll().where(ownedBy(scope, 'owner_id'));
      if (q.id) query = query.where('id', '=', q.id);
      if (q.task_id) query = query.where('task_id', '=', q.task_id);
      return query.orderBy('created_at', 'desc').limit(100).execute();
    },

    /** Records a running job's progress (items done of total). */
    async progress(id: string, attempt: number, done: number, total: number) {
      await db
        .updateTable('job')
        .set({ progress_done: done, progress_total: total, updated_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('attempts', '=', attempt)
        .execute();
    },

    /**
     * Takes the next runnable job — queued and due, or running with an expired lease (its process died) —
     * by a conditional update, so two processes never both take one job. A job abandoned on its last
     * attempt is marked failed instead and reported in `abandoned`, for the queue's give-up hook.
     * `kinds` narrows the claim to one lane's kinds (queue.ts JobLanes): `only` these, or all `except` these.
     */
    async claim(leaseMs: number, kinds: KindFilter = {}): Promise<{ job?: JobRow; abandoned: JobRow[] }> {
      const t = now();
      const abandoned: JobRow[] = [];
      for (let tries = 0; tries < 5; tries++) {
        const next = await db
          .selectFrom('job')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', t)]),
              eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)]),
            ]),
          )
          .$if(kinds.only !== undefined, (q) => q.where('kind', 'in', kinds.only!))
          .$if((kinds.except?.length ?? 0) > 0, (q) => q.where('kind', 'not in', kinds.except!))
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!next) break;
        if (next.status === 'running' && next.attempts >= next.max_attempts) {
          if (await this.finish(next.id, next.attempts, 'failed', { error: 'jobInterrupted' })) abandoned.push(next);
          continue;
        }
        const res = await db
          .updateTable('job')
          .set({ status: 'running', attempts: next.attempts + 1, lease_until: t + leaseMs, updated_at: t })
          .where('id', '=', next.id)
          .where('status', '=', next.status)
          .where('attempts', '=', next.attempts)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) return { job: { ...next, status: 'running', attempts: next.attempts + 1 }, abandoned };
      }
      return { abandoned };
    },

    /** Whether a job is waiting to be taken (queued and due, or abandoned by its process); any lane's. */
    async claimable(): Promise<boolean> {
      const t = now();
      const row = await db
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', t)]),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Renews a running job's lease; false when this run no longer owns the job (taken over). */
    async extendLease(id: string, attempt: number, leaseMs: number): Promise<boolean> {
      const res = await db
        .updateTable('job')
        .set({ lease_until: now() + leaseMs })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async markRunning(id: string, attempts: number) {
      await db.updateTable('job').set({ status: 'running', attempts, updated_at: now() }).where('id', '=', id).execute();
    },

    /**
     * Records how a run ended, only if that run still owns the job (running, same attempt): a run whose
     * lease passed and whose job another process took over cannot overwrite the newer outcome.
     */
    async finish(
      id: string,
      attempt: number,
      status: 'done' | 'failed' | 'queued',
      out: { error?: string; result?: unknown },
    ): Promise<boolean> {
      const res = await db
        .updateTable('job')
        .set({
          status,
          error: out.error ?? null,
          result: out.result === undefined ? null : JSON.stringify(out.result),
          lease_until: null,
          run_after: now(),
          updated_at: now(),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type JobRepo = ReturnType<typeof createJobRepo>;
