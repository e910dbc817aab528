import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the advantage page counts of the catalogue (docs/mobile.md#site-figures); the catalogue is small. */
export function catalogueFigures(db: Kysely<Database>) {
  return {
    /** Blanks on sale (with at least one SKU offered), and the distinct colour names across their SKUs. */
    async onSale(): Promise<{ blanks: number; colours: number }> {
      const row = await db
        .selectFrom('product_sku')
        .select((eb) => [eb.fn.count<number>('product_id').distinct().as('blanks'), eb.fn.count<number>('color').distinct().as('colours')])
        .executeTakeFirstOrThrow();
      return { blanks: Number(row.blanks), colours: Number(row.colours) };
    },
  };
}
export type CatalogueFigures = ReturnType<typeof catalogueFigures>;
