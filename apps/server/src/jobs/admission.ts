import { AppError } from '../http/errors.js';
import type { AdmitInput } from './queue.js';

/**
 * How many jobs of each kind one account family may leave waiting (docs/security.md#fair-shares); a kind
 * not named has no limit.
 */
export type QueueDepths = Readonly<Record<string, number>>;

/** The family of a caller: its parent account, or itself at top level (docs/domain.md#accounts-and-scope). */
export const familyOf = (account: { id: number; parentId: number | null }) => account.parentId ?? account.id;

/**
 * The queue's admission: refuses with 429 work that would leave more than the kind's depth of the family's
 * jobs waiting. Counted from the job table (either backend records there); two calls at the same moment may
 * pass by a few, which the running cap still bounds.
 */
export function createAdmission(repo: { queuedCount(familyId: number, kind: string): Promise<number> }, depths: QueueDepths = {}) {
  return async function admit({ familyId, kind, count = 1, refusal }: AdmitInput): Promise<void> {
    const max = depths[kind];
    if (max === undefined) return;
    const queued = await repo.queuedCount(familyId, kind);
    if (queued + count > max) throw new AppError(429, refusal, { max });
  };
}

/**
 * One start at a time per family in this process: `admit` counts the jobs already queued, so a family's
 * calls arriving together (50 exports at once) are admitted one after another, each seeing the jobs the
 * ones before it queued. Across processes a few may still pass together.
 */
export function createFamilyGate() {
  const tails = new Map<number, Promise<unknown>>();
  return function gate<T>(familyId: number, fn: () => Promise<T>): Promise<T> {
    const prev = tails.get(familyId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    tails.set(familyId, tail);
    void tail.then(() => {
      if (tails.get(familyId) === tail) tails.delete(familyId);
    });
    return next;
  };
}
