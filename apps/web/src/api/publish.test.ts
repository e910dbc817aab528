import { describe, expect, it } from 'vitest';
import { JOB_POLL_INTERVAL_MS } from './jobs';
import { isPublishRunning, nextPublishPoll, PUBLISH_POLL_LIMIT } from './publish';

const tally = (t: Partial<Record<'queued' | 'uploading' | 'creating' | 'published' | 'failed', number>>) => ({
  queued: 0,
  uploading: 0,
  creating: 0,
  published: 0,
  failed: 0,
  ...t,
});

describe('nextPublishPoll', () => {
  it('asks again while anything the filters cover is queued, uploading or creating', () => {
    for (const s of ['queued', 'uploading', 'creating'] as const)
      expect(nextPublishPoll(tally({ [s]: 1, published: 3 }))).toBe(JOB_POLL_INTERVAL_MS);
  });

  it('stops once everything is published or failed, and before the first answer', () => {
    expect(nextPublishPoll(tally({ published: 2, failed: 1 }))).toBe(false);
    expect(nextPublishPoll(tally({}))).toBe(false);
    expect(nextPublishPoll(undefined)).toBe(false);
  });

  it('gives up after its limit of answers, so a lost job does not keep a tab polling', () => {
    expect(nextPublishPoll(tally({ queued: 1 }), PUBLISH_POLL_LIMIT - 1)).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextPublishPoll(tally({ queued: 1 }), PUBLISH_POLL_LIMIT)).toBe(false);
  });

  it('counts queued, uploading and creating as on their way', () => {
    expect((['queued', 'uploading', 'creating', 'published', 'failed'] as const).map((status) => isPublishRunning({ status }))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
