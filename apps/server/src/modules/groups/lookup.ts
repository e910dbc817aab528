import type { Scope } from '../../db/scope.js';

/** What the groups module offers the finished list and service (docs/domain.md#groups). */
export interface GroupLookup {
  /** The group and every group below it, when it is in the scope; [] otherwise. */
  descendantIds(scope: Scope, groupId: number): Promise<number[]>;
  /** Every group of these owners that is locked or lies under a locked group. */
  lockedGroupIds(ownerIds: number[]): Promise<Set<number>>;
  /** Throws the group-not-found error unless the group is in the scope. */
  assertGroupInScope(scope: Scope, groupId: number): Promise<void>;
}
