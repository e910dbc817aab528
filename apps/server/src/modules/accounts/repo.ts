import type { Insertable, Kysely } from 'kysely';
import type { AccountTable, Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of accounts, sessions, offices and login failures; no rules live here. */
export function createAccountRepo(db: Kysely<Database>) {
  const accountColumns = [
    'id',
    'username',
    'password_hash',
    'nickname',
    'level',
    'parent_id',
    'office_id',
    'disabled',
    'created_at',
    'level_ends_at',
    'level_base',
  ] as const;
  return {
    findByUsername: (username: string) =>
      db.selectFrom('account').select(accountColumns).where('username', '=', username).executeTakeFirst(),

    findById: (id: number) => db.selectFrom('account').select(accountColumns).where('id', '=', id).executeTakeFirst(),

    insertAccount: async (row: Omit<Insertable<AccountTable>, 'id' | 'disabled'>) => {
      const { id } = await db.insertInto('account').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** These accounts' names and offices (lists that show who did what, and filter by office). */
    namesByIds: async (ids: readonly number[]) => {
      if (ids.length === 0) return new Map<number, { username: string; office_id: number | null }>();
      const rows = await db
        .selectFrom('account')
        .select(['id', 'username', 'office_id'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map(({ id, ...a }) => [id, a]));
    },

    childIds: async (parentId: number) =>
      (await db.selectFrom('account').select('id').where('parent_id', '=', parentId).orderBy('id').execute()).map((r) => r.id),

    /** Sub-accounts are rows owned by their parent. */
    childrenInScope: (scope: Scope) =>
      db.selectFrom('account').select(accountColumns).where(ownedBy(scope, 'parent_id')).orderBy('id').execute(),

    childInScope: (scope: Scope, id: number) =>
      db.selectFrom('account').select(accountColumns).where(ownedBy(scope, 'parent_id')).where('id', '=', id).executeTakeFirst(),

    setDisabled: (id: number, disabled: 0 | 1) => db.updateTable('account').set({ disabled }).where('id', '=', id).execute(),

    insertSession: (row: { token_hash: string; account_id: number; created_at: number; expires_at: number }) =>
      db.insertInto('session').values(row).execute(),

    findSession: (tokenHash: string) =>
      db
        .selectFrom('session')
        .innerJoin('account', 'account.id', 'session.account_id')
        .select([
          'session.expires_at',
          'account.id',
          'account.username',
          'account.nickname',
          'account.level',
          'account.level_ends_at',
          'account.level_base',
          'account.parent_id',
          'account.office_id',
          'account.disabled',
        ])
        .where('session.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    deleteSession: (tokenHash: string) => db.deleteFrom('session').where('token_hash', '=', tokenHash).execute(),

    deleteSessionsOf: (accountId: number) => db.deleteFrom('session').where('account_id', '=', accountId).execute(),

    /** Failures of one username from one address since `since`: how many, and when the last was. */
    countFailures: async (username: string, address: string, since: number) => {
      const r = await db
        .selectFrom('login_failure')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('latest')])
        .where('username', '=', username)
        .where('address', '=', address)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: r.n, latest: r.latest === null ? null : r.latest };
    },

    /** Failures of one username from every address since `since`: how many, and when the last was. */
    countAccountFailures: async (username: string, since: number) => {
      const r = await db
        .selectFrom('login_failure')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('latest')])
        .where('username', '=', username)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), latest: r.latest === null ? null : Number(r.latest) };
    },

    /** A top-level account's sub-accounts: how many in all, and the creation times of those made since `since` (oldest first). */
    childCounts: async (parentId: number, since: number) => {
      const total = await db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', parentId)
        .executeTakeFirstOrThrow();
      const recent = await db
        .selectFrom('account')
        .select('created_at')
        .where('parent_id', '=', parentId)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return { total: Number(total.n), recent: recent.map((r) => Number(r.created_at)) };
    },

    insertFailure: (row: { username: string; address: string; at: number }) => db.insertInto('login_failure').values(row).execute(),

    clearFailures: (username: string, address: string) =>
      db.deleteFrom('login_failure').where('username', '=', username).where('address', '=', address).execute(),

    pruneFailures: (before: number) => db.deleteFrom('login_failure').where('at', '<=', before).execute(),

    /** Offices the scope owns, plus the one the caller belongs to (a sub-account owns none). */
    officesVisible: (scope: Scope, ownOfficeId: number | null) =>
      db
        .selectFrom('office')
        .select((eb) => [
          'office.id',
          'office.name',
          eb
            .selectFrom('account')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('account.office_id', '=', 'office.id')
            .as('member_count'),
        ])
        .where((eb) => eb.or([ownedBy(scope, 'office.owner_id')(eb), eb('office.id', '=', ownOfficeId ?? -1)]))
        .orderBy('office.id')
        .execute(),

    officeById: (id: number) => db.selectFrom('office').select(['id', 'name', 'owner_id']).where('id', '=', id).executeTakeFirst(),

    officeInScope: (scope: Scope, id: number) =>
      db.selectFrom('office').select(['id', 'name', 'owner_id']).where(ownedBy(scope, 'owner_id')).where('id', '=', id).executeTakeFirst(),

    insertOffice: async (row: { owner_id: number; name: string; created_at: number }) => {
      const { id } = await db.insertInto('office').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
