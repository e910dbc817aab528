import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Pricing templates (docs/pricing-templates.md). Money, rates and fractions are decimal text (what the
 * seller typed, e.g. '7.2', '0.08'), so they come back exactly as sent on both dialects and the formula
 * (@app/contract priceFor) reads them without a binary-float detour. One name per account.
 */
export const m0014_price_template: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('price_template'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('platform_type', 'integer', (c) => c.notNull())
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('shipping', 'text', (c) => c.notNull())
      .addColumn('exchange_rate', 'text', (c) => c.notNull())
      .addColumn('margin', 'text', (c) => c.notNull())
      .addColumn('platform_fee', 'text', (c) => c.notNull())
      .addColumn('tax_rate', 'text', (c) => c.notNull())
      .addColumn('discount', 'text', (c) => c.notNull())
      .addColumn('rounding', 'text', (c) => c.notNull())
      .addColumn('crossed_out_rounding', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('price_template_owner_name').on('price_template').columns(['owner_id', 'name']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('price_template').execute();
  },
});
