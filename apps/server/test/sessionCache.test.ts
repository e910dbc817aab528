import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/http/auth.js';
import { createSessionCache } from '../src/modules/accounts/sessionCache.js';

const caller = (): Caller => ({
  id: 7,
  username: 'lin',
  nickname: '',
  level: 0,
  parentId: null,
  officeId: null,
  scope: { accountIds: [7, 8] },
});

describe('the session cache', () => {
  it('answers a session seen within its time, then reads again; never past the session’s expiry', () => {
    let t = 1_000;
    const cache = createSessionCache({ ttlMs: 2_000, max: 10, now: () => t });
    cache.set('a', caller(), 2_500, cache.mark());
    expect(cache.get('a')?.id).toBe(7);
    t = 2_500; // the session expired before the cache's time ran out
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', caller(), 100_000, cache.mark());
    t = 4_500; // another process's change is seen within the cache's time
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps nothing read while a change to accounts or sessions ran (a logout during the look-up)', () => {
    const cache = createSessionCache({ ttlMs: 2_000, max: 10, now: () => 0 });
    const mark = cache.mark();
    cache.clear(); // the logout ends between the read and the keeping
    cache.set('a', caller(), 10, mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('hands out callers no request can change for the next, and keeps at most `max`', () => {
    const cache = createSessionCache({ ttlMs: 2_000, max: 2, now: () => 0 });
    cache.set('a', caller(), 10, cache.mark());
    expect(() => (cache.get('a')!.scope.accountIds as number[]).push(99)).toThrow();
    cache.set('b', caller(), 10, cache.mark());
    cache.set('c', caller(), 10, cache.mark());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.id).toBe(7);
  });
});
