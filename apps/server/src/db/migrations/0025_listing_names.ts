import type { Kysely } from 'kysely';
import { colourFamilyOf, englishColourName, englishSizeName } from '@app/contract';
import type { PortableMigration } from './helpers.js';

/**
 * Listing names in English (docs/catalogue-format.md#colours-and-sizes-in-english, docs/finished.md#listing-names):
 * the catalogue's product gets an English name (`product.name_en`), its SKUs their colour's English name and family
 * and their size's English name; a finished product's copies of its colours and sizes get the same, which the seller
 * may rename per product. Rows made before are filled as an old catalogue imports: the built-in names of common
 * Chinese colours and sizes (Latin names kept), the family from the name or the colour code's hue. A colour or size
 * without such a name stays '' (the export and publish pre-flight then ask the seller for one). The demo blanks get
 * their English names (a database whose demo catalogue was imported before).
 */
const DEMO_NAMES_EN: Record<string, string> = {
  tshirt: 'Classic Cotton Crew Neck T-Shirt',
  hoodie: 'Fleece-Lined Pullover Hoodie',
  jersey: 'Custom Football Jersey',
  mug: 'Ceramic Coffee Mug',
  tote: 'Heavy Canvas Tote Bag',
  'phone-case': 'Matte Hard Phone Case',
  pillow: 'Peach Skin Square Throw Pillow',
  poster: 'Framed Fine Art Print',
};

interface Db {
  product: { code: string; name_en: string };
  product_sku: { color: string; color_code: string; size: string; color_en: string; color_family: string; size_en: string };
  finished_child: { color: string; color_code: string; color_en: string; color_family: string };
  finished_attr: { size: string; size_en: string };
}

export const m0025_listing_names: PortableMigration = () => ({
  async up(raw: Kysely<unknown>) {
    const text = (table: string, column: string) =>
      raw.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    await text('product', 'name_en');
    await text('product_sku', 'color_en');
    await text('product_sku', 'color_family');
    await text('product_sku', 'size_en');
    await text('finished_child', 'color_en');
    await text('finished_child', 'color_family');
    await text('finished_attr', 'size_en');

    const db = raw as unknown as Kysely<Db>;
    for (const [code, en] of Object.entries(DEMO_NAMES_EN)) {
      await db.updateTable('product').set({ name_en: en }).where('code', '=', code).execute();
    }
    // One update per distinct colour and size (a handful), not per row: a database may hold millions of variants.
    for (const table of ['product_sku', 'finished_child'] as const) {
      const colours = await db.selectFrom(table).select(['color', 'color_code']).distinct().execute();
      for (const c of colours) {
        await db
          .updateTable(table)
          .set({ color_en: englishColourName(c.color) ?? '', color_family: colourFamilyOf(c.color, c.color_code) })
          .where('color', '=', c.color)
          .where('color_code', '=', c.color_code)
          .execute();
      }
    }
    for (const table of ['product_sku', 'finished_attr'] as const) {
      const sizes = await db.selectFrom(table).select('size').distinct().execute();
      for (const s of sizes) {
        const en = englishSizeName(s.size);
        if (en) await db.updateTable(table).set({ size_en: en }).where('size', '=', s.size).execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('finished_attr').dropColumn('size_en').execute();
    await db.schema.alterTable('finished_child').dropColumn('color_family').execute();
    await db.schema.alterTable('finished_child').dropColumn('color_en').execute();
    await db.schema.alterTable('product_sku').dropColumn('size_en').execute();
    await db.schema.alterTable('product_sku').dropColumn('color_family').execute();
    await db.schema.alterTable('product_sku').dropColumn('color_en').execute();
    await db.schema.alterTable('product').dropColumn('name_en').execute();
  },
});
