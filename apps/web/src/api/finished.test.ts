import { describe, expect, it } from 'vitest';
import { LIST_POLL_LIMIT, nextListPoll } from './finished';
import { JOB_POLL_INTERVAL_MS } from './jobs';

describe('nextListPoll', () => {
  it('asks for the page again while a shown product is still being composed', () => {
    expect(nextListPoll([{ status: 'ready' }, { status: 'pending' }])).toBe(JOB_POLL_INTERVAL_MS);
  });

  it('stops once every shown product is ready or failed, and for an empty or unloaded page', () => {
    expect(nextListPoll([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(nextListPoll([])).toBe(false);
    expect(nextListPoll(undefined)).toBe(false);
  });

  it('gives up after its limit of answers, so a row whose job was lost does not poll forever', () => {
    expect(nextListPoll([{ status: 'pending' }], LIST_POLL_LIMIT - 1)).toBe(JOB_POLL_INTERVAL_MS);
    expect(nextListPoll([{ status: 'pending' }], LIST_POLL_LIMIT)).toBe(false);
  });
});
