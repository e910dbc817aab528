/**
 * The states of a job (docs/domain.md#jobs), apart from the job's schema in jobs.ts: the web follows jobs
 * on its first screens without loading zod (docs/web.md#where-the-bytes-go).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The two states a job does not leave. */
export const isJobSettled = (status: JobStatus) => status === 'done' || status === 'failed';
