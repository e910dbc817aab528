import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A finished product's listing names (docs/finished.md#listing-names): its colours' English names and families
 * (finished_child) and its sizes' English names (finished_attr), read and renamed per product.
 */
export function listingNameQueries(db: Kysely<Database>) {
  return {
    /** The product's colours and its size variants, in the edit drawer's order. */
    async listingNamesOf(finishedId: number) {
      const [colours, sizes] = await Promise.all([
        db
          .selectFrom('finished_child')
          .select(['id', 'color', 'color_code', 'color_en', 'color_family'])
          .where('finished_id', '=', finishedId)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('finished_attr')
          .select(['size', 'size_en'])
          .where('finished_id', '=', finishedId)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
      ]);
      return { colours, sizes };
    },

    /** Renames colours and sizes of one product, in one transaction; `updated_at` marks the product changed. */
    setListingNames: (
      finishedId: number,
      colours: { color: string; en: string; family: string }[],
      sizes: { size: string; en: string }[],
      now: number,
    ) =>
      db.transaction().execute(async (trx) => {
        // The product's row first, as a synthesis writing its images locks it (compositionQueries.writeImages): the
        // two take their locks in one order, so a rename while the product composes waits rather than deadlocks.
        await trx.updateTable('finished').set({ updated_at: now }).where('id', '=', finishedId).execute();
        for (const c of colours) {
          await trx
            .updateTable('finished_child')
            .set({ color_en: c.en, color_family: c.family })
            .where('finished_id', '=', finishedId)
            .where('color', '=', c.color)
            .execute();
        }
        // Every variant of the size (one per colour) takes the name: a size reads the same in every colour.
        for (const s of sizes) {
          await trx
            .updateTable('finished_attr')
            .set({ size_en: s.en })
            .where('finished_id', '=', finishedId)
            .where('size', '=', s.size)
            .execute();
        }
      }),
  };
}
