import { randomUUID } from 'node:crypto';
import { expressionBuilder, sql, type Kysely, type Selectable, type StringReference } from 'kysely';
import type { Database, JobTable } from '../db/schema.js';
import { ownedBy, type Scope } from '../db/scope.js';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueInput, type KindFilter } from './queue.js';

export type JobRow = Selectable<JobTable>;

/**
 * A lane's memory of whose turn it is (docs/security.md#fair-shares): the families it served, least
 * recently served first (a Map keeps insertion order). A family never served goes before all of them.
 */
export type FamilyTurns = Map<number, true>;

/**
 * The `job` table: every backend records status here (queued → running → done | failed). `familyOf` names
 * an owner's family (the accounts module's) for a job enqueued without one; by default each owner is its own.
 */
export function createJobRepo(db: Kysely<Database>, now: () => number, familyOf: (ownerId: number) => Promise<number> = async (id) => id) {
  /** Jobs waiting to be taken: queued and due, or running with an expired lease (their process died). */
  const claimableAt = (t: number, kinds: KindFilter) =>
    db
      .selectFrom('job')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', t)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)]),
        ]),
      )
      .$if(kinds.only !== undefined, (q) => q.where('kind', 'in', kinds.only!))
      .$if((kinds.except?.length ?? 0) > 0, (q) => q.where('kind', 'not in', kinds.except!));

  /**
   * Whose turn it is in a lane: of the families with a job waiting (and, per kind, fewer than `perFamily`
   * running), the one this lane served least recently, then the one waiting longest; with the kind to take.
   */
  async function nextTurn(t: number, kinds: KindFilter, turns: FamilyTurns | undefined) {
    const waiting = await claimableAt(t, kinds)
      .select(['family_id', 'kind'])
      .select((eb) => eb.fn.min<number>('created_at').as('oldest'))
      .groupBy(['family_id', 'kind'])
      .execute();
    if (waiting.length === 0) return undefined;
    const busy = new Map<string, number>();
    if (kinds.perFamily !== undefined) {
      const running = await db
        .selectFrom('job')
        .select(['family_id', 'kind'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'running')
        .where('lease_until', '>=', t)
        .where('family_id', 'in', [...new Set(waiting.map((w) => w.family_id))])
        .where('kind', 'in', [...new Set(waiting.map((w) => w.kind))])
        .groupBy(['family_id', 'kind'])
        .execute();
      for (const r of running) busy.set(`${r.family_id}:${r.kind}`, Number(r.n));
    }
    const served = turns ? [...turns.keys()] : [];
    const rank = (family: number) => served.indexOf(Number(family));
    return waiting
      .filter((w) => kinds.perFamily === undefined || (busy.get(`${w.family_id}:${w.kind}`) ?? 0) < kinds.perFamily)
      .sort((a, b) => rank(a.family_id) - rank(b.family_id) || Number(a.oldest) - Number(b.oldest))[0];
  }

  return {
    async insert(input: EnqueueInput): Promise<string> {
      const id = randomUUID();
      const t = now();
      const familyId = input.familyId ?? (await familyOf(input.ownerId));
      await db
        .insertInto('job')
        .values({
          id,
          kind: input.kind,
          owner_id: input.ownerId,
          family_id: familyId,
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
     * Families take turns (docs/security.md#fair-shares): the job is the oldest of the family whose turn it
     * is (nextTurn), so one family's batch never holds up another's single job; `turns` is the lane's memory.
     */
    async claim(leaseMs: number, kinds: KindFilter = {}, turns?: FamilyTurns): Promise<{ job?: JobRow; abandoned: JobRow[] }> {
      const t = now();
      const abandoned: JobRow[] = [];
      for (let tries = 0; tries < 5; tries++) {
        const turn = await nextTurn(t, kinds, turns);
        if (!turn) break;
        const next = await claimableAt(t, kinds)
          .selectAll()
          .where('family_id', '=', turn.family_id)
          .where('kind', '=', turn.kind)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!next) continue;
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
        if (Number(res.numUpdatedRows) === 1) {
          const family = Number(next.family_id);
          turns?.delete(family);
          turns?.set(family, true);
          return { job: { ...next, status: 'running', attempts: next.attempts + 1 }, abandoned };
        }
      }
      return { abandoned };
    },

    /** Whether a job is waiting to be taken (queued and due, or abandoned by its process); any lane's. */
    async claimable(): Promise<boolean> {
      const row = await claimableAt(now(), {}).select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** How many jobs of a kind a family has waiting (queued): its queue depth (docs/security.md#fair-shares). */
    async queuedCount(familyId: number, kind: string): Promise<number> {
      const row = await db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('family_id', '=', familyId)
        .where('kind', '=', kind)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many jobs of a kind a family has running (BullMQ's workers record no lease: any running row). */
    async runningCount(familyId: number, kind: string): Promise<number> {
      const row = await db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('family_id', '=', familyId)
        .where('kind', '=', kind)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

/**
 * The orphan checks' condition (docs/domain.md#table-owners): no queued or running job whose `jobColumn` is the
 * outer row's `outer` (a finished product's synthesis number, a publish record's job). It reads `job` in a
 * `not exists`, one anti-join the planner answers from indexes, where asking this repository would carry every
 * live job across.
 */
export function withoutLiveJob(jobColumn: 'id' | 'task_id', outer: StringReference<Database, keyof Database>) {
  const { not, exists, selectFrom } = expressionBuilder<Database, never>();
  return not(
    exists(
      selectFrom('job')
        .select('job.id')
        .where(`job.${jobColumn}`, '=', sql.ref<string>(outer))
        .where('job.status', 'in', ['queued', 'running']),
    ),
  );
}
