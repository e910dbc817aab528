import { sql, type Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/finished.md#listing-names: whether the seller renamed a product's copy of a colour's or a size's English name
 * (`color_en_own`, `size_en_own`: 1 renamed, 0 the catalogue's). A catalogue re-import gives the copies it did not
 * rename the catalogue's new names and leaves the renamed ones alone. Copies made before cannot say which they are:
 * one named and differing from its blank SKU's name now is taken as the seller's (kept), the others (the same, or
 * never named) as the catalogue's. Two
 * statements, whatever the number of rows.
 */
export const m0030_listing_name_marks: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('finished_child')
      .addColumn('color_en_own', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('finished_attr')
      .addColumn('size_en_own', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      UPDATE finished_attr SET size_en_own = 1
      WHERE size_en <> ''
        AND EXISTS (SELECT 1 FROM product_sku s WHERE s.id = finished_attr.sku_id AND s.size_en <> finished_attr.size_en)
    `.execute(db);
    await sql`
      UPDATE finished_child SET color_en_own = 1
      WHERE color_en <> ''
        AND EXISTS (
        SELECT 1 FROM finished_attr a INNER JOIN product_sku s ON s.id = a.sku_id
        WHERE a.child_id = finished_child.id
          AND (s.color_en <> finished_child.color_en OR s.color_family <> finished_child.color_family)
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('finished_attr').dropColumn('size_en_own').execute();
    await db.schema.alterTable('finished_child').dropColumn('color_en_own').execute();
  },
});
