import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * docs/orders.md#production: a paid order handed to the print factory. `factory_ref` is the external id the
 * factory knows the order by (the order number, then `-R2`, `-R3`… for each retry after a refusal, as the
 * factory answers a known id with the order it already has); `production_state` the factory's last state in our
 * words; `exception` a catalogue message key while the order waits on the seller (a refused print file, the
 * factory's cancel), with the factory's own words in `exception_detail`. A line keeps the print files sent for
 * it (`print_files`: [{placement, key, width, height}]), so the factory's fetch can be checked against them.
 */
export const m0035_order_production: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('factory_ref', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('factory_order_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('production_state', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('exception', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('exception_detail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('tracking_url', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('order_line')
      .addColumn('print_files', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    // The poll for orders whose webhook may have been lost reads the orders in production by status and age.
    await db.schema.createIndex('orders_status_updated').on('orders').columns(['status', 'updated_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_status_updated').execute();
    await db.schema.alterTable('order_line').dropColumn('print_files').execute();
    for (const c of ['tracking_url', 'exception_detail', 'exception', 'production_state', 'factory_order_id', 'factory_ref'])
      await db.schema.alterTable('orders').dropColumn(c).execute();
  },
});
