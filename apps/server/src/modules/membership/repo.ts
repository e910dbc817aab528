import type { Insertable, Kysely } from 'kysely';
import type { Database, MembershipPurchaseTable } from '../../db/schema.js';

/** A membership purchase as stored (docs/membership.md#buying). */
export interface PurchaseRecord {
  id: number;
  account_id: number;
  level: number;
  months: number;
  price: string;
  ends_at: number;
}

/**
 * Queries of `membership_purchase` (docs/membership.md), on `db` (the purchase's transaction); no rules live here.
 * The family's level is the accounts module's (`accountLevelQueries`), the money the wallet's (`walletQueries`).
 */
export const membershipQueries = (db: Kysely<Database>) => ({
  /** An account's purchase made with this request id, if any (docs/membership.md#buying-twice). */
  async byRequest(accountId: number, requestId: string): Promise<PurchaseRecord | undefined> {
    const row = await db
      .selectFrom('membership_purchase')
      .select(['id', 'account_id', 'level', 'months', 'price', 'ends_at'])
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), account_id: Number(row.account_id), ends_at: Number(row.ends_at) };
  },

  async insert(row: Insertable<MembershipPurchaseTable>): Promise<number> {
    const { id } = await db.insertInto('membership_purchase').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  },
});
export type MembershipQueries = ReturnType<typeof membershipQueries>;
