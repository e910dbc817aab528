import { describe, expect, it } from 'vitest';
import { EXPORTS_POLL_LIMIT, isExportRunning, nextExportsPoll } from './exports';
import { JOB_POLL_INTERVAL_MS } from './jobs';

describe('nextExportsPoll', () => {
  it('asks for the records again while one is pending or running', () => {
    expect(nextExportsPoll([{ status: 'done' }, { status: 'running' }])).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextExportsPoll([{ status: 'pending' }])).toBe(JOB_POLL_INTERVAL_MS);
  });

  it('stops once every shown record is done or failed, and for an empty or unloaded page', () => {
    expect(nextExportsPoll([{ status: 'done' }, { status: 'failed' }])).toBe(false);
    expect(nextExportsPoll([])).toBe(false);
    expect(nextExportsPoll(undefined)).toBe(false);
  });

  it('gives up after its limit of answers, so a record whose job was lost does not poll forever', () => {
    expect(nextExportsPoll([{ status: 'running' }], EXPORTS_POLL_LIMIT - 1)).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextExportsPoll([{ status: 'running' }], EXPORTS_POLL_LIMIT)).toBe(false);
  });

  it('counts pending and running as running, done and failed as settled', () => {
    expect(['pending', 'running', 'done', 'failed'].map((status) => isExportRunning({ status: status as 'done' }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
