import type { Caller } from '../../http/auth.js';

/**
 * The callers of sessions seen in the last moments, so a seller's requests in quick succession (a list page
 * and its tallies, 200 sellers paging) do not each read the session and the account's sub-accounts
 * (docs/security.md#sessions). Every change to accounts or sessions made by this process empties it at once
 * (accounts/service.ts); one made by another process of the same deployment is seen within `ttlMs`.
 * Callers are frozen: a request cannot change what the next one is given.
 */
export function createSessionCache(opts: { ttlMs: number; max: number; now: () => number }) {
  const entries = new Map<string, { caller: Caller; expiresAt: number; until: number }>();
  /** Counts the changes: a caller read before one that ended after the read began is not kept. */
  let changes = 0;
  return {
    /** Where the changes stand: taken before reading a session, given back to `set`. */
    mark: () => changes,
    /** The caller of a session, while fresh and the session not expired. */
    get(tokenHash: string): Caller | undefined {
      const e = entries.get(tokenHash);
      if (!e) return undefined;
      const t = opts.now();
      if (e.until <= t || e.expiresAt <= t) {
        entries.delete(tokenHash);
        return undefined;
      }
      return e.caller;
    },
    /** Keeps a caller read since `mark`, unless accounts or sessions changed meanwhile (a logout mid-read). */
    set(tokenHash: string, caller: Caller, expiresAt: number, mark: number) {
      if (mark !== changes) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
      Object.freeze(caller.scope.accountIds);
      Object.freeze(caller.scope);
      entries.set(tokenHash, { caller: Object.freeze(caller), expiresAt, until: opts.now() + opts.ttlMs });
    },
    clear() {
      changes++;
      entries.clear();
    },
  };
}
