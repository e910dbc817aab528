import { sql, type Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Barcodes (docs/listing-tools.md#barcodes): `barcode_maker` is a source of codes (a pool the seller imports,
 * or a generator from a GS1 company prefix and a running item reference); `barcode` one code of a maker,
 * free, used or void. A used code names the shop and the variant it was given to; (store_id, variant_id) is
 * unique, so one variant holds one code per shop however many exports run at once. `gtin` is the code as a
 * GTIN-14 (zero-padded): a UPC-A and its EAN-13 form are one number, unique per account. A shop names the
 * maker its exports and publishes take codes from (`store.barcode_maker_id`, 0: none).
 */
export const m0029_barcodes: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('barcode_maker'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** 'pool' or 'generator'. */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** A generator's GS1 company prefix and code type (EAN or UPC); '' for a pool. */
      .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('code_type', 'text', (c) => c.notNull().defaultTo(''))
      /** A generator's next item reference. */
      .addColumn('next_ref', 'bigint', (c) => c.notNull().defaultTo(0))
      /** 1 enabled, 0 disabled. */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      /** Milliseconds. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('barcode_maker_name').on('barcode_maker').columns(['owner_id', 'name']).unique().execute();

    await withId(db.schema.createTable('barcode'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('maker_id', 'bigint', (c) => c.notNull())
      /** As the seller has it (12, 13 or 14 digits), and as a GTIN-14. */
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('gtin', 'text', (c) => c.notNull())
      /** EAN, UPC or GTIN. */
      .addColumn('type', 'text', (c) => c.notNull())
      /** free, used or void. */
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('free'))
      /** Where a used code went: the shop, the product and the variant (finished_attr), with its number. */
      .addColumn('store_id', 'bigint')
      .addColumn('finished_id', 'bigint')
      .addColumn('variant_id', 'bigint')
      .addColumn('key_id', 'text', (c) => c.notNull().defaultTo(''))
      /** Milliseconds; 0 while free. */
      .addColumn('used_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('barcode_gtin').on('barcode').columns(['owner_id', 'gtin']).unique().execute();
    // Partial: a free code names no variant (most rows of a large pool), and costs these indexes nothing.
    await db.schema
      .createIndex('barcode_variant')
      .on('barcode')
      .columns(['store_id', 'variant_id'])
      .unique()
      .where(sql.ref('variant_id'), 'is not', null)
      .execute();
    // The free codes of a maker in the order they were added (the claim), and the counts per status.
    await db.schema.createIndex('barcode_maker_status').on('barcode').columns(['maker_id', 'status', 'id']).execute();
    await db.schema
      .createIndex('barcode_shop_product')
      .on('barcode')
      .columns(['store_id', 'finished_id'])
      .where(sql.ref('finished_id'), 'is not', null)
      .execute();

    await db.schema
      .alterTable('store')
      .addColumn('barcode_maker_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('store').dropColumn('barcode_maker_id').execute();
    await db.schema.dropTable('barcode').execute();
    await db.schema.dropTable('barcode_maker').execute();
  },
});
