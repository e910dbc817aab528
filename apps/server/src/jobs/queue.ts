import type { MessageKey } from '@app/contract';
import type { JobStatus } from '../db/schema.js';

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
}

/**
 * Does the work of one kind of job. Must be idempotent: a job may run again after a crash or be
 * delivered twice, and running twice must leave one result (ARCHITECTURE: synthesis is a job).
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
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

/** The reason recorded for a failed run: a message key, never internals (SQL, paths, stack). */
export const failureReason = (err: unknown): MessageKey => (err instanceof JobFailure ? err.key : 'jobInternalError');

/** Called once when a job is given up for good (retries spent, or abandoned on its last attempt). */
export type GiveUpHandler = (job: JobContext) => Promise<void>;

export interface WorkOptions {
  concurrency: number;
  giveUp?: Record<string, GiveUpHandler>;
}

export interface EnqueueInput {
  kind: string;
  ownerId: number;
  taskId?: string | undefined;
  payload: unknown;
  /** Runs in all, the first included (SPEC §4: retry once, then report failure). */
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
  /** Starts working jobs in this process. */
  work(handlers: Record<string, JobHandler>, opts: WorkOptions): void;
  /** Resolves when no job of this process is running or waiting to be picked (tests, seeding). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 2;

export interface JobView {
  id: string;
  kind: string;
  task_id: string | null;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  error: string | null;
  created_at: number;
  updated_at: number;
}
