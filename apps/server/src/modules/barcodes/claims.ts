import { sql, type Kysely } from 'kysely';
import type { BarcodeType } from '@app/contract';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** Keys one `in (…)` takes (bound parameters: SQLite 32,766, PostgreSQL 65,535). */
const SLICE = 5000;
/** Codes one assigning update names (four parameters each, in three CASEs and the IN). */
const ASSIGN_ROWS = 500;

/** A variant that needs a code, as the export and the publish know it. */
export interface VariantToCode {
  variantId: number;
  finishedId: number;
  /** The variant's number (finished_attr.key_id), shown beside the code in the list. */
  keyId: string;
}

/** Another claim took one of the codes first (only without SKIP LOCKED): the whole claim runs again. */
export class ClaimRaced extends Error {}

/**
 * The claim of codes for variants (docs/listing-tools.md#barcodes): what the export and the publish ask of
 * `barcode`. A claim is one transaction: the maker's first free codes (PostgreSQL: `FOR UPDATE SKIP LOCKED`,
 * so two claims at once take different rows; SQLite: one writer at a time), each then set used for its
 * variant only where it is still free. (store_id, variant_id) is unique: a variant claimed twice at once keeps
 * the first claim's code, and the second claim fails on the index and runs again, finding it.
 */
export function barcodeClaims(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** The codes these variants already hold in the shop. */
    async assigned(storeId: number, variantIds: number[]): Promise<Map<number, { code: string; type: BarcodeType }>> {
      const out = new Map<number, { code: string; type: BarcodeType }>();
      for (let i = 0; i < variantIds.length; i += SLICE) {
        const rows = await db
          .selectFrom('barcode')
          .select(['variant_id', 'code', 'type'])
          .where('store_id', '=', storeId)
          .where('variant_id', 'is not', null)
          .where('variant_id', 'in', variantIds.slice(i, i + SLICE))
          .execute();
        for (const r of rows) out.set(r.variant_id!, { code: r.code, type: r.type });
      }
      return out;
    },

    /** How many variants of these products hold a code in the shop. */
    async assignedCount(storeId: number, finishedIds: number[]): Promise<number> {
      let n = 0;
      for (let i = 0; i < finishedIds.length; i += SLICE) {
        const r = await db
          .selectFrom('barcode')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .where('finished_id', 'in', finishedIds.slice(i, i + SLICE))
          .where('variant_id', 'is not', null)
          .executeTakeFirstOrThrow();
        n += r.n;
      }
      return n;
    },

    async freeCount(makerId: number): Promise<number> {
      const r = await db
        .selectFrom('barcode')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('maker_id', '=', makerId)
        .where('status', '=', 'free')
        .executeTakeFirstOrThrow();
      return r.n;
    },

    /**
     * Gives each variant the maker's next free code, in one transaction: all or none. Answers how many codes
     * were missing (0: every variant has its code). Throws ClaimRaced, or the unique index's error, when
     * another claim got there first: the caller runs it again.
     */
    claim(makerId: number, storeId: number, variants: VariantToCode[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let q = trx
          .selectFrom('barcode')
          .select('id')
          .where('maker_id', '=', makerId)
          .where('status', '=', 'free')
          .orderBy('id')
          .limit(variants.length);
        if (dialect === 'postgres') q = q.forUpdate().skipLocked();
        const ids = (await q.execute()).map((r) => r.id);
        if (ids.length < variants.length) return variants.length - ids.length;
        for (let i = 0; i < ids.length; i += ASSIGN_ROWS) {
          const chunk = ids.slice(i, i + ASSIGN_ROWS).map((id, j) => ({ id, v: variants[i + j]! }));
          // One statement per slice: CASE picks each code's variant (cast, so PostgreSQL types the parameters).
          const pick = <T extends number | string>(value: (c: (typeof chunk)[number]) => T, type: 'bigint' | 'text') =>
            sql<T>`case id ${sql.join(
              chunk.map((c) => sql`when ${c.id} then cast(${value(c)} as ${sql.raw(type)})`),
              sql` `,
            )} end`;
          const res = await trx
            .updateTable('barcode')
            .set({
              status: 'used',
              store_id: storeId,
              used_at: now,
              variant_id: pick((c) => c.v.variantId, 'bigint'),
              finished_id: pick((c) => c.v.finishedId, 'bigint'),
              key_id: pick((c) => c.v.keyId, 'text'),
            })
            .where(
              'id',
              'in',
              chunk.map((c) => c.id),
            )
            .where('status', '=', 'free')
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== chunk.length) throw new ClaimRaced();
        }
        return 0;
      });
    },
  };
}
export type BarcodeClaims = ReturnType<typeof barcodeClaims>;
