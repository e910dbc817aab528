import type { Kysely } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

const groupColumns = ['id', 'owner_id', 'pid', 'name', 'is_locked'] as const;

export interface GroupRecord {
  id: number;
  owner_id: number;
  pid: number;
  name: string;
  is_locked: number;
}

/**
 * The finished products filed in groups: the finished module's repository answers (docs/domain.md#table-owners),
 * bound to the group repository's database or transaction (services.ts gives it).
 */
export type FiledProductsOn = (db: Kysely<Database>) => {
  /** Files the products of these groups under 未分组 (group 0); how many moved. */
  ungroup(groupIds: number[]): Promise<number>;
};

/** Queries of the custom groups (finished_group); the rules (scope, depth, locks) live in the service. */
function groupQueries(db: Kysely<Database>, filedProducts: FiledProductsOn) {
  return {
    /** Every group of these owners, by id. */
    groupsOf: (ownerIds: readonly number[]): Promise<GroupRecord[]> =>
      ownerIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('finished_group')
            .select(groupColumns)
            .where('owner_id', 'in', [...ownerIds])
            .orderBy('id')
            .execute(),

    inScope: (scope: Scope, id: number): Promise<GroupRecord | undefined> =>
      db.selectFrom('finished_group').select(groupColumns).where(ownedBy(scope, 'owner_id')).where('id', '=', id).executeTakeFirst(),

    insert: (g: { owner_id: number; pid: number; name: string; created_at: number }) =>
      db.insertInto('finished_group').values(g).returning(['id', 'pid']).executeTakeFirstOrThrow(),

    async rename(id: number, name: string) {
      await db.updateTable('finished_group').set({ name }).where('id', '=', id).execute();
    },

    async setLocked(id: number, locked: 0 | 1) {
      await db.updateTable('finished_group').set({ is_locked: locked }).where('id', '=', id).execute();
    },

    /** Deletes the groups; the finished products filed in them go to 未分组 (group 0). Returns how many moved. */
    async remove(ids: number[]): Promise<number> {
      const moved = await filedProducts(db).ungroup(ids);
      await db.deleteFrom('finished_group').where('id', 'in', ids).execute();
      return moved;
    },
  };
}
/**
 * Built once in services.ts; `inTransaction` runs several queries as one unit of work. `filedProducts`: the
 * finished module's side of a group's deletion, in the same transaction.
 */
export const createGroupRepo = (db: Kysely<Database>, filedProducts: FiledProductsOn) =>
  transactional(db, (on) => groupQueries(on, filedProducts));
export type GroupRepo = ReturnType<typeof createGroupRepo>;
