import { sql, type Kysely } from 'kysely';
import type { Database, FinishedStatus } from '../../db/schema.js';

/**
 * What the advantage page counts of the finished products across every account (docs/mobile.md#site-figures), cheap
 * at a million of them: the total is a sum over the tally of listed products per owner and day (db/tally.ts), never a
 * count over the rows; the products not ready are counted through the partial indexes that hold only them
 * (finished_pending, finished_failed).
 */
export function finishedFigures(db: Kysely<Database>) {
  /** Listed products (as the tally counts them) in `status`, found through that status's partial index. */
  const listedIn = async (status: Exclude<FinishedStatus, 'ready'>) => {
    const row = await db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      // A literal, not a parameter: SQLite uses a partial index only for a condition it can see matches its own.
      .where('status', '=', sql.lit(status))
      .where('combined_into', 'is', null)
      .where('is_online', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    /** Finished products in every account's list: one tally row per owner and day with any. */
    async listed(): Promise<number> {
      const row = await db
        .selectFrom('finished_tally_owner_day')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Listed products still being composed, and those whose composition gave up. */
    async listedNotReady(): Promise<{ pending: number; failed: number }> {
      const [pending, failed] = await Promise.all([listedIn('pending'), listedIn('failed')]);
      return { pending, failed };
    },
  };
}
export type FinishedFigures = ReturnType<typeof finishedFigures>;
