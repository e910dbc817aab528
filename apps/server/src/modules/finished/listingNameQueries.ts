import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
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
      colours: { color: string; en: string; family: string; was_en?: string | undefined; was_family?: string | undefined }[],
      sizes: { size: string; en: string; was_en?: string | undefined }[],
      now: number,
    ) =>
      db.transaction().execute(async (trx) => {
        // The product's row first, as a synthesis writing its images locks it (compositionQueries.writeImages): the
        // two take their locks in one order, so a rename while the product composes waits rather than deadlocks.
        await trx.updateTable('finished').set({ updated_at: now }).where('id', '=', finishedId).execute();
        // A name changed here is the seller's: a catalogue re-import no longer renames it (followCatalogueNames).
        // Changed means changed in the form — from what it loaded, when it says so: a name sent as loaded is left
        // as stored (a re-import since the form opened renamed it), not pinned as the seller's.
        for (const c of colours) {
          const en = c.was_en === undefined || c.en !== c.was_en;
          const family = c.was_family === undefined || c.family !== c.was_family;
          if (!en && !family) continue;
          const differs =
            c.was_en === undefined && c.was_family === undefined
              ? sql<number>`case when color_en <> ${c.en} or color_family <> ${c.family} then 1 else color_en_own end`
              : sql<number>`1`;
          await trx
            .updateTable('finished_child')
            .set({ ...(en ? { color_en: c.en } : {}), ...(family ? { color_family: c.family } : {}), color_en_own: differs })
            .where('finished_id', '=', finishedId)
            .where('color', '=', c.color)
            .execute();
        }
        // Every variant of the size (one per colour) takes the name: a size reads the same in every colour.
        for (const s of sizes) {
          if (s.was_en !== undefined && s.en === s.was_en) continue;
          await trx
            .updateTable('finished_attr')
            .set({ size_en: s.en, size_en_own: sql<number>`case when size_en <> ${s.en} then 1 else size_en_own end` })
            .where('finished_id', '=', finishedId)
            .where('size', '=', s.size)
            .execute();
        }
      }),

    /**
     * After a catalogue import of blank `productId`: the copies of its colours' and sizes' English names that the
     * seller has not renamed take the catalogue's names (docs/finished.md#listing-names). Compared with the catalogue
     * as it is now, not with what the import changed, so a run again after a crash finishes the work.
     */
    async followCatalogueNames(productId: number) {
      const sizes = await db
        .updateTable('finished_attr')
        .set((eb) => ({
          size_en: eb.selectFrom('product_sku as s').select('s.size_en').whereRef('s.id', '=', 'finished_attr.sku_id'),
        }))
        .where('size_en_own', '=', 0)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_sku as s')
              .select('s.id')
              .whereRef('s.id', '=', 'finished_attr.sku_id')
              .where('s.product_id', '=', productId)
              .whereRef('s.size_en', '<>', 'finished_attr.size_en'),
          ),
        )
        .executeTakeFirst();
      // A colour's copy has no SKU of its own: any of its size variants' SKUs names it (they share the colour).
      const skuOf = (eb: ExpressionBuilder<Database, 'finished_child'>) =>
        eb
          .selectFrom('finished_attr as a')
          .innerJoin('product_sku as s', 's.id', 'a.sku_id')
          .whereRef('a.child_id', '=', 'finished_child.id')
          .where('s.product_id', '=', productId);
      const colours = await db
        .updateTable('finished_child')
        .set((eb) => ({
          color_en: skuOf(eb).select('s.color_en').orderBy('a.id').limit(1),
          color_family: skuOf(eb).select('s.color_family').orderBy('a.id').limit(1),
        }))
        .where('color_en_own', '=', 0)
        .where((eb) =>
          eb.exists(
            skuOf(eb)
              .select('s.id')
              .where((w) =>
                w.or([
                  w('s.color_en', '<>', w.ref('finished_child.color_en')),
                  w('s.color_family', '<>', w.ref('finished_child.color_family')),
                ]),
              ),
          ),
        )
        .executeTakeFirst();
      return { sizes: Number(sizes.numUpdatedRows), colours: Number(colours.numUpdatedRows) };
    },
  };
}
