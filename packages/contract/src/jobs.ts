import { z } from 'zod';
import { JOB_STATUSES } from './jobStates.js';
import { defineRoute } from './route.js';
import type { ValidationMessageKey } from './validationMessages.js';

/**
 * Jobs (docs/domain.md#jobs): the one view of any job kind — synthesis today, exports and
 * publishing next — read by one call. A kind's own outcome travels in `result`, its progress in `progress`.
 */

export const jobStatus = z.enum(JOB_STATUSES);

export const jobView = z.object({
  id: z.string(),
  kind: z.string(),
  /** The number the seller knows the work by (a synthesis number), when the kind has one. */
  task_id: z.string().nullable(),
  status: jobStatus,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** Why the last attempt failed, in the caller's language (a failed job keeps the reason). */
  error: z.string().nullable(),
  /** How far a job that reports progress has come (items done of total); null when it reports none. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** What a done job produced, in its kind's shape (synthesis: {finished_id, key_id, thumb}). */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Unix milliseconds. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type JobView = z.infer<typeof jobView>;

/** A status call names its job one way or the other (a catalogue key; the handler lists the fields). */
const GIVE_ONE_OF: ValidationMessageKey = 'giveOneOf';

export const jobRoutes = {
  jobStatus: defineRoute({
    method: 'GET',
    path: '/api/synthesis/getStatus',
    summary: 'Status of jobs of any kind, by job id or by task number (task_id), newest first',
    tag: 'jobs',
    auth: true,
    query: z
      .object({ id: z.string().max(64).optional(), task_id: z.string().max(64).optional() })
      .refine((q) => q.id !== undefined || q.task_id !== undefined, { message: GIVE_ONE_OF, params: { fields: 'id, task_id' } }),
    data: z.object({ list: z.array(jobView) }),
  }),
} as const;
