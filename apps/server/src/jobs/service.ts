import { message, MESSAGES, type JobView, type Lang, type MessageKey } from '@app/contract';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { parseJsonColumn } from '../db/json.js';
import type { JobRepo, JobRow } from './jobRepo.js';

/** The reads of the job table the API offers: one status call for every job kind. */
export function createJobService(deps: { repo: Pick<JobRepo, 'find'> }) {
  function viewOf(r: JobRow, lang: Lang): JobView {
    const result = parseJsonColumn<unknown>(r.result, null);
    return {
      id: r.id,
      kind: r.kind,
      task_id: r.task_id,
      status: r.status,
      attempts: r.attempts,
      max_attempts: r.max_attempts,
      // Recorded as a message key (jobs/queue.ts failureReason): shown in the caller's language.
      error: r.error === null ? null : r.error in MESSAGES ? message(r.error as MessageKey, lang) : r.error,
      progress: r.progress_total === null ? null : { done: r.progress_done ?? 0, total: r.progress_total },
      result: result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  }

  return {
    /** Jobs of the caller's scope by job id or task number, newest first; none is "not found". */
    async status(caller: Caller, q: { id?: string | undefined; task_id?: string | undefined }, lang: Lang): Promise<{ list: JobView[] }> {
      const rows = await deps.repo.find(caller.scope, q);
      if (rows.length === 0) throw new AppError(404, 'jobNotFound');
      return { list: rows.map((r) => viewOf(r, lang)) };
    },
  };
}
export type JobService = ReturnType<typeof createJobService>;
