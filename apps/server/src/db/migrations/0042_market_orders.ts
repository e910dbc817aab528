import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * docs/market-orders.md: `market_order` keeps each marketplace buyer's order as the marketplace last told it (one
 * row per shop and marketplace order id: importing twice finds it), with our production order once one is made
 * (`order_id`, 0 until then). `stale` marks the rows to read again (a webhook or the change list said they moved);
 * the import job reads them in batches and clears it. `market_shop` holds each shop's order settings (how its
 * orders are paid, the marketplace's fee rate) and where its import stands. `market_webhook_seen` remembers the
 * notifications received, so a replayed one is answered without acting twice. `sku_binding.seller_sku` is the
 * seller SKU a binding's remote SKU was published with: marketplace A's order lines name only that.
 */
export const m0042_market_orders: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('market_order'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('platform', 'integer', (c) => c.notNull())
      .addColumn('remote_order_id', 'text', (c) => c.notNull())
      /** The marketplace's own status word, and ours (MarketOrderState); '' until read. */
      .addColumn('remote_status', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
      /** Decimal text in `currency`. */
      .addColumn('buyer_paid', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('buyer_shipping', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
      /** JSON: the whole order as the adapter read it (MarketOrder); '{}' until read. */
      .addColumn('body', 'text', (c) => c.notNull().defaultTo('{}'))
      /** Milliseconds: the marketplace's creation and last change; 0 until read. */
      .addColumn('remote_created_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('remote_updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
      /** 1: to be read again. */
      .addColumn('stale', 'integer', (c) => c.notNull().defaultTo(1))
      /** Our order made from it; 0 none yet. */
      .addColumn('order_id', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Why no order could be made (a message key) and its parameters (JSON); '' when none. */
      .addColumn('exception', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('exception_params', 'text', (c) => c.notNull().defaultTo('{}'))
      /** The tracking sent back: '' not yet, 'sent', 'refused'. */
      .addColumn('ship_state', 'text', (c) => c.notNull().defaultTo(''))
      /** Milliseconds. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('market_order_remote').on('market_order').columns(['store_id', 'remote_order_id']).unique().execute();
    await db.schema.createIndex('market_order_stale').on('market_order').columns(['store_id', 'stale']).execute();
    await db.schema.createIndex('market_order_ours').on('market_order').column('order_id').execute();
    await db.schema.createIndex('market_order_owner').on('market_order').columns(['owner_id', 'exception']).execute();

    await db.schema
      .createTable('market_shop')
      .addColumn('store_id', 'bigint', (c) => c.primaryKey())
      /** 'review': imported orders wait for the seller to pay; 'auto': paid from the wallet when it covers them. */
      .addColumn('order_mode', 'text', (c) => c.notNull().defaultTo('review'))
      /** The marketplace's fee as a fraction of what the buyer paid, decimal text ("0.08"). */
      .addColumn('fee_rate', 'text', (c) => c.notNull().defaultTo('0'))
      /** Milliseconds: changes up to here are read; the next pull asks from a little before. */
      .addColumn('cursor', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Milliseconds: when the next pull is due, and when a pull last finished. */
      .addColumn('next_pull_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pulled_at', 'bigint', (c) => c.notNull().defaultTo(0))
      /** The webhook address registered with the marketplace ('' none). */
      .addColumn('webhook_address', 'text', (c) => c.notNull().defaultTo(''))
      /** 1 while an import job of the shop is queued and not yet started (a burst of webhooks queues one). */
      .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
      /** The last pull's failure in the seller's words (a message key), '' when it went through. */
      .addColumn('pull_error', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('market_webhook_seen')
      .addColumn('store_id', 'bigint', (c) => c.notNull())
      .addColumn('notification_id', 'text', (c) => c.notNull())
      /** Milliseconds. */
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('market_webhook_seen_pk', ['store_id', 'notification_id'])
      .execute();
    await db.schema.createIndex('market_webhook_seen_time').on('market_webhook_seen').column('received_at').execute();

    await db.schema
      .alterTable('sku_binding')
      .addColumn('seller_sku', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sku_binding_seller_sku').on('sku_binding').columns(['store_id', 'seller_sku']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sku_binding_seller_sku').execute();
    await db.schema.alterTable('sku_binding').dropColumn('seller_sku').execute();
    await db.schema.dropTable('market_webhook_seen').execute();
    await db.schema.dropTable('market_shop').execute();
    await db.schema.dropTable('market_order').execute();
  },
});
