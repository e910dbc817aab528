import type { Kysely } from 'kysely';
import type { ExchangeRate, RateMap } from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { RateEntry } from './rates.js';

/**
 * The exchange-rate table (docs/pricing-templates.md#exchange-rates): CNY per one unit of each listing currency,
 * each valid from a day (UTC). A currency's rate in effect is its latest row at or before today; template 0
 * converts with it. Global to the deployment (the operator's), not a seller's: no scope.
 */

/** The UTC day of a moment, as the table's dates are written. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createExchangeRates(db: Kysely<Database>, now: () => number) {
  /** The rate in effect per currency today: its latest row at or before today. */
  async function inEffect(): Promise<ExchangeRate[]> {
    const rows = await db
      .selectFrom('exchange_rate')
      .select(['currency', 'cny_per_unit', 'valid_from'])
      .where('valid_from', '<=', dayOf(now()))
      .orderBy('currency')
      .orderBy('valid_from', 'desc')
      .execute();
    const latest = new Map<string, ExchangeRate>();
    for (const r of rows)
      if (!latest.has(r.currency))
        latest.set(r.currency, { currency: r.currency, cny_per_unit: Number(r.cny_per_unit), valid_from: r.valid_from });
    return [...latest.values()];
  }

  return {
    inEffect,
    /** Today's rates as the formula reads them (CNY per unit by currency). */
    async rateMap(): Promise<RateMap> {
      return Object.fromEntries((await inEffect()).map((r) => [r.currency, r.cny_per_unit]));
    },
    /** Inserts the entries the table lacks (same currency and day); never overwrites the operator's. */
    async seed(entries: RateEntry[]) {
      if (entries.length === 0) return;
      await db
        .insertInto('exchange_rate')
        .values(entries.map((e) => ({ ...e, created_at: now() })))
        .onConflict((oc) => oc.columns(['currency', 'valid_from']).doNothing())
        .execute();
    },
    /** Sets rates (rates:set): a rate of the same currency and day is replaced. */
    async set(entries: RateEntry[]) {
      await db.transaction().execute(async (trx) => {
        for (const e of entries)
          await trx
            .insertInto('exchange_rate')
            .values({ ...e, created_at: now() })
            .onConflict((oc) => oc.columns(['currency', 'valid_from']).doUpdateSet({ cny_per_unit: e.cny_per_unit, created_at: now() }))
            .execute();
      });
    },
  };
}
export type ExchangeRates = ReturnType<typeof createExchangeRates>;
