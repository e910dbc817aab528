import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Pricing by default and price rules (docs/pricing-templates.md#exchange-rates, docs/listing-tools.md#price-rules):
 * - `exchange_rate`: CNY per one unit of a currency, valid from a date (YYYY-MM-DD, UTC), as decimal text. A
 *   currency's rate in effect is its latest row at or before today; older rows stay as the record of what
 *   exports used. Seeded from modules/priceTemplates/exchangeRates.json at start, set by `npm run rates:set`.
 * - `price_rule`: a seller's adjustments (amounts and bounds as decimal text, lists as JSON), one name per account.
 * - `price_template.rule_ids`: the template's rules in the order they apply (JSON list of ids).
 */
export const m0026_pricing: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('exchange_rate')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'text', (c) => c.notNull())
      .addColumn('cny_per_unit', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('exchange_rate_pk', ['currency', 'valid_from'])
      .execute();
    await withId(db.schema.createTable('price_rule'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('price_min', 'text')
      .addColumn('price_max', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('price_rule_owner_name').on('price_rule').columns(['owner_id', 'name']).unique().execute();
    await db.schema
      .alterTable('price_template')
      .addColumn('rule_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('price_template').dropColumn('rule_ids').execute();
    await db.schema.dropTable('price_rule').execute();
    await db.schema.dropTable('exchange_rate').execute();
  },
});
