import type { Kysely } from 'kysely';
import { GROUP_MAX_DEPTH, type BodyOf, type GroupNode, type routes } from '@app/contract';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { GroupLookup } from '../finished/groupLookup.js';

interface GroupRow {
  id: number;
  owner_id: number;
  pid: number;
  name: string;
  is_locked: number;
}

/**
 * Custom groups (DOMAIN.md Groups): a tree per owner. A parent acts on its sub-accounts' groups too (the
 * scope); the special ids -1 (全部) and 0 (未分组) are not rows and cannot be edited. A locked group, and
 * everything below it, protects the finished products filed in it from deletion.
 */
export function createGroupService(deps: { db: Kysely<Database>; now: () => number }) {
  const { db, now } = deps;

  const groupsOf = (ownerIds: readonly number[]): Promise<GroupRow[]> =>
    ownerIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('finished_group')
          .select(['id', 'owner_id', 'pid', 'name', 'is_locked'])
          .where('owner_id', 'in', [...ownerIds])
          .orderBy('id')
          .execute();

  /** The group and every group below it, among `all`. */
  function subtree(all: GroupRow[], rootId: number): GroupRow[] {
    const out = all.filter((g) => g.id === rootId);
    for (let i = 0; i < out.length; i++) for (const g of all) if (g.pid === out[i]!.id) out.push(g);
    return out;
  }
  const depthOf = (all: GroupRow[], g: GroupRow | undefined): number => {
    let depth = 0;
    for (let cur = g; cur; cur = all.find((p) => p.id === cur!.pid)) depth++;
    return depth;
  };
  /** Groups that are locked or under a locked group. */
  function lockedSet(all: GroupRow[]): Set<number> {
    const out = new Set<number>();
    for (const g of all) if (g.is_locked) for (const d of subtree(all, g.id)) out.add(d.id);
    return out;
  }

  async function inScope(scope: Scope, id: number): Promise<GroupRow> {
    if (id <= 0) throw new AppError(400, 'groupSpecial');
    const row = await db
      .selectFrom('finished_group')
      .select(['id', 'owner_id', 'pid', 'name', 'is_locked'])
      .where(ownedBy(scope, 'owner_id'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'groupNotFound');
    return row;
  }

  async function tree(caller: Caller, userid: number | undefined): Promise<{ list: GroupNode[] }> {
    const owner = userid === undefined || userid === 0 ? caller.id : userid;
    if (!caller.scope.accountIds.includes(owner)) throw new AppError(404, 'notFound');
    const all = await groupsOf([owner]);
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

  async function add(caller: Caller, body: BodyOf<typeof routes.groupAdd>) {
    if ('id' in body) {
      const renamed = await rename(caller, { id: Number(body.id), name: body.name });
      const row = await inScope(caller.scope, renamed.id);
      return { id: row.id, pid: row.pid };
    }
    const pid = Number(body.pid);
    let owner = caller.id;
    if (pid > 0) {
      const parent = await inScope(caller.scope, pid);
      const all = await groupsOf([parent.owner_id]);
      if (depthOf(all, parent) >= GROUP_MAX_DEPTH) throw new AppError(400, 'groupTooDeep', { depth: GROUP_MAX_DEPTH });
      owner = parent.owner_id; // a child group belongs to its parent group's owner
    }
    const row = await db
      .insertInto('finished_group')
      .values({ owner_id: owner, pid, name: body.name.trim(), created_at: now() })
      .returning(['id', 'pid'])
      .executeTakeFirstOrThrow();
    return row;
  }

  async function rename(caller: Caller, body: { id: number | string; name: string }) {
    const row = await inScope(caller.scope, Number(body.id));
    await db.updateTable('finished_group').set({ name: body.name.trim() }).where('id', '=', row.id).execute();
    return { id: row.id, name: body.name.trim() };
  }

  async function setLocked(caller: Caller, id: number, locked: 0 | 1) {
    const row = await inScope(caller.scope, id);
    await db.updateTable('finished_group').set({ is_locked: locked }).where('id', '=', row.id).execute();
    return { id: row.id, is_locked: locked };
  }

  async function del(caller: Caller, id: number) {
    const row = await inScope(caller.scope, id);
    return db.transaction().execute(async (trx) => {
      const all = await trx
        .selectFrom('finished_group')
        .select(['id', 'owner_id', 'pid', 'name', 'is_locked'])
        .where('owner_id', '=', row.owner_id)
        .execute();
      const doomed = subtree(all, row.id);
      // Locked here, below, or above: the products in it are protected, so is the group.
      if (doomed.some((g) => lockedSet(all).has(g.id))) throw new AppError(409, 'groupLockedDeleteGroup');
      const ids = doomed.map((g) => g.id);
      const moved = await trx.updateTable('finished').set({ group_id: 0 }).where('group_id', 'in', ids).executeTakeFirst();
      await trx.deleteFrom('finished_group').where('id', 'in', ids).execute();
      return { deleted: ids.length, ungrouped: Number(moved.numUpdatedRows) };
    });
  }

  /** What the finished module needs (list filter, delete protection, filing). */
  const lookup: GroupLookup = {
    async descendantIds(scope, groupId) {
      const row = await db
        .selectFrom('finished_group')
        .select(['id', 'owner_id'])
        .where(ownedBy(scope, 'owner_id'))
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!row) return [];
      return subtree(await groupsOf([row.owner_id]), row.id).map((g) => g.id);
    },
    async lockedGroupIds(ownerIds) {
      return lockedSet(await groupsOf(ownerIds));
    },
    async assertGroupInScope(scope, groupId) {
      await inScope(scope, groupId);
    },
  };

  return { tree, add, rename, setLocked, del, lookup };
}
export type GroupService = ReturnType<typeof createGroupService>;
