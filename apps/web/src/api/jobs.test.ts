import { describe, expect, it } from 'vitest';
import type { JobView } from '@app/contract';
import { JOB_POLL_INTERVAL_MS, nextJobPoll } from './jobs';

const job = (status: JobView['status']): JobView => ({
  id: 'j1',
  kind: 'synthesis',
  task_id: 'TS26112300000001',
  status,
  attempts: 1,
  max_attempts: 2,
  error: null,
  progress: null,
  result: null,
  created_at: 0,
  updated_at: 0,
});

describe('nextJobPoll', () => {
  it('keeps asking while the job is unknown, queued or running', () => {
    expect(nextJobPoll(undefined)).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextJobPoll(job('queued'))).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextJobPoll(job('running'))).toBe(JOB_POLL_INTERVAL_MS);
  });

  it('stops once the job is done or failed', () => {
    expect(nextJobPoll(job('done'))).toBe(false);
    expect(nextJobPoll(job('failed'))).toBe(false);
  });
});
