import type { MessageKey } from '@app/contract';

/** A job as its handler sees it. */
export interface JobContext {
  id: string;
  kind: string;
  ownerId: number;
  taskId: string | null;
  payload: unknown;
  /** 1 on the first run, 2 on the retry. */
  attempt: number;
  maxAttempts: number;
  /** Records how far the run has come (items done of total), shown by the job status call. */
  progress(done: number, total: number): Promise<void>;
}

/**
 * Does the work of one kind of job. Must be idempotent: a job may run again after a crash or be
 * delivered twice, and running twice must leave one result (docs/domain.md#jobs).
 */
export type JobHandler = (job: JobContext) => Promise<unknown>;

/**
 * A failure whose reason a seller may read (job status): a message key of packages/contract. Any other
 * error is recorded as an internal error, its details only in the server log.
 */
export class JobFailure extends Error {
  constructor(
    readonly key: MessageKey,
    detail?: string,
    /** The message's `{name}` parameters, kept where the kind records its outcome (an export record's message_params). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

/** The reason recorded for a failed run: a message key, never internals (SQL, paths, stack). */
export const failureReason = (err: unknown): MessageKey => (err instanceof JobFailure ? err.key : 'jobInternalError');

/** Called once when a job is given up for good (retries spent, or abandoned on its last attempt). */
export type GiveUpHandler = (job: JobContext) => Promise<void>;

/**
 * One kind of job, as the registry in services.ts lists it: what runs it, what happens when it is given
 * up, and what a process that starts working jobs queues again (work whose job was lost).
 */
export interface JobKind {
  run: JobHandler;
  giveUp?: GiveUpHandler;
  /** Queues again what was left without a live job; answers how many. */
  recover?: () => Promise<number>;
}

/** Every job kind this process can work, by kind name. */
export type JobKinds = Record<string, JobKind>;

export interface WorkOptions {
  /** Jobs at once in the shared lane: every kind without a lane of its own (JobLanes). */
  concurrency: number;
  /**
   * Jobs of one account family running at once, per kind (docs/security.md#fair-shares); at most a lane's
   * slots. Unset: one fewer than the lane's slots (at least one), so one family always leaves a slot free.
   */
  perFamily?: number | undefined;
}

/**
 * Kinds that run in a lane of their own, by kind name, with how many of their jobs run at once. A lane's
 * jobs never wait behind another lane's: online publishing spends its time waiting on a marketplace's
 * rate limit, and must neither hold up composition (CPU-bound, as many as there are compose threads)
 * nor wait for it. Every kind not named shares the default lane.
 */
export type JobLanes = Readonly<Record<string, number>>;

/**
 * Which kinds a worker of one lane may take: `only` these, or every kind `except` these; and how many jobs
 * of one family and kind may run at once (`perFamily`, docs/security.md#fair-shares).
 */
export interface KindFilter {
  only?: readonly string[];
  except?: readonly string[];
  perFamily?: number;
}

/** One family's share of a lane: the option as set (at most the lane's slots), else all slots but one. */
export const familyShare = (concurrency: number, perFamily: number | undefined) =>
  Math.max(1, Math.min(concurrency, perFamily ?? concurrency - 1));

/**
 * The lanes a process works, the default lane last: its kinds, how many of its jobs run at once, and how
 * many of those one family may hold per kind.
 */
export function lanesOf(
  lanes: JobLanes,
  defaultConcurrency: number,
  perFamily?: number,
): { name: string; kinds: KindFilter; concurrency: number }[] {
  const named = Object.keys(lanes);
  const lane = (name: string, kinds: KindFilter, slots: number) => {
    const concurrency = Math.max(1, slots);
    return { name, kinds: { ...kinds, perFamily: familyShare(concurrency, perFamily) }, concurrency };
  };
  return [...named.map((kind) => lane(kind, { only: [kind] }, lanes[kind]!)), lane('default', { except: named }, defaultConcurrency)];
}

/** What `JobQueue.admit` is asked: `count` jobs of `kind` for a family, refused with `refusal` (admission.ts). */
export interface AdmitInput {
  familyId: number;
  kind: string;
  count?: number;
  /** The message of the 429, naming what to do (a message key of packages/contract with a {max} param). */
  refusal: MessageKey;
}

export interface EnqueueInput {
  kind: string;
  ownerId: number;
  /** The owner's family (parent account, or itself); looked up from the owner when not given. */
  familyId?: number | undefined;
  taskId?: string | undefined;
  payload: unknown;
  /** Runs in all, the first included (docs/domain.md#jobs: retry once, then report failure). */
  maxAttempts?: number;
}

/**
 * The durable job queue, one interface over two backends: a table in the application database worked
 * by the server process (default), or BullMQ on Redis (REDIS_URL) worked by `npm run worker` processes.
 * Either way each job's status lives in the `job` table, so the API reads it the same way.
 */
export interface JobQueue {
  readonly backend: 'database' | 'bullmq';
  enqueue(input: EnqueueInput): Promise<string>;
  /**
   * Refuses (429) work that would leave more of a family's jobs of a kind waiting than the kind's depth
   * (admission.ts); called before anything is made, with how many jobs the call will enqueue.
   */
  admit(input: AdmitInput): Promise<void>;
  /** Starts working jobs of these kinds in this process. */
  work(kinds: JobKinds, opts: WorkOptions): void;
  /** Resolves when no job of this process is running or waiting to be picked (tests, seeding). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 2;
