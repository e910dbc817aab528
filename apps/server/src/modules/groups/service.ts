import { GROUP_MAX_DEPTH, type ParsedBodyOf, type GroupNode, type routes } from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { descendantIds } from '../../db/tree.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { GroupLookup } from './lookup.js';
import type { GroupRecord, GroupRepo } from './repo.js';

/**
 * Custom groups (docs/domain.md#groups): a tree per owner. A parent acts on its sub-accounts' groups too (the
 * scope); the special ids -1 (全部) and 0 (未分组) are not rows and cannot be edited. A locked group, and
 * everything below it, protects the finished products filed in it from deletion.
 */
export function createGroupService(deps: {
  repo: Pick<GroupRepo, 'groupsOf' | 'inScope' | 'inTransaction' | 'insert' | 'rename' | 'setLocked'>;
  now: () => number;
}) {
  const { repo, now } = deps;
  const { inTransaction } = repo;

  const depthOf = (all: GroupRecord[], g: GroupRecord | undefined): number => {
    let depth = 0;
    for (let cur = g; cur; cur = all.find((p) => p.id === cur!.pid)) depth++;
    return depth;
  };
  /** Groups that are locked or under a locked group. */
  const lockedSet = (all: GroupRecord[]): Set<number> =>
    new Set(
      descendantIds(
        all,
        all.filter((g) => g.is_locked).map((g) => g.id),
      ),
    );

  async function inScope(scope: Scope, id: number): Promise<GroupRecord> {
    if (id <= 0) throw new AppError(400, 'groupSpecial');
    const row = await repo.inScope(scope, id);
    if (!row) throw new AppError(404, 'groupNotFound');
    return row;
  }

  async function tree(caller: Caller, userid: number | undefined): Promise<{ list: GroupNode[] }> {
    const owner = userid === undefined || userid === 0 ? caller.id : userid;
    if (!caller.scope.accountIds.includes(owner)) throw new AppError(404, 'notFound');
    const all = await repo.groupsOf([owner]);
    const locked = lockedSet(all);
    const build = (pid: number): GroupNode[] =>
      all
        .filter((g) => g.pid === pid)
        .map((g) => ({
          id: g.id,
          pid: g.pid,
          name: g.name,
          is_locked: g.is_locked,
          locked: locked.has(g.id) ? 1 : 0,
          childlist: build(g.id) as never[],
        }));
    return { list: build(0) };
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.groupAdd>) {
    if ('id' in body) {
      const renamed = await rename(caller, { id: body.id, name: body.name });
      const row = await inScope(caller.scope, renamed.id);
      return { id: row.id, pid: row.pid };
    }
    const pid = body.pid;
    let owner = caller.id;
    if (pid > 0) {
      const parent = await inScope(caller.scope, pid);
      const all = await repo.groupsOf([parent.owner_id]);
      if (depthOf(all, parent) >= GROUP_MAX_DEPTH) throw new AppError(400, 'groupTooDeep', { depth: GROUP_MAX_DEPTH });
      owner = parent.owner_id; // a child group belongs to its parent group's owner
    }
    return repo.insert({ owner_id: owner, pid, name: body.name.trim(), created_at: now() });
  }

  async function rename(caller: Caller, body: ParsedBodyOf<typeof routes.groupUpdate>) {
    const row = await inScope(caller.scope, body.id);
    await repo.rename(row.id, body.name.trim());
    return { id: row.id, name: body.name.trim() };
  }

  async function setLocked(caller: Caller, id: number, locked: 0 | 1) {
    const row = await inScope(caller.scope, id);
    await repo.setLocked(row.id, locked);
    return { id: row.id, is_locked: locked };
  }

  async function del(caller: Caller, id: number) {
    const row = await inScope(caller.scope, id);
    return inTransaction(async (r) => {
      const all = await r.groupsOf([row.owner_id]);
      const ids = descendantIds(all, [row.id]);
      // Locked here, below, or above: the products in it are protected, so is the group.
      const locked = lockedSet(all);
      if (ids.some((id) => locked.has(id))) throw new AppError(409, 'groupLockedDeleteGroup');
      const ungrouped = await r.remove(ids);
      return { deleted: ids.length, ungrouped };
    });
  }

  /** What the finished module needs (list filter, delete protection, filing). */
  const lookup: GroupLookup = {
    async descendantIds(scope, groupId) {
      const row = await repo.inScope(scope, groupId);
      if (!row) return [];
      return descendantIds(await repo.groupsOf([row.owner_id]), [row.id]);
    },
    async lockedGroupIds(ownerIds) {
      return lockedSet(await repo.groupsOf(ownerIds));
    },
    async assertGroupInScope(scope, groupId) {
      await inScope(scope, groupId);
    },
  };

  return { tree, add, rename, setLocked, del, lookup };
}
export type GroupService = ReturnType<typeof createGroupService>;
