import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Orders and money (docs/orders.md). `orders` is a production order (its lines in `order_line`, each a copy of
 * what was ordered, and every status change in `order_history`); `address` the shipping addresses a seller
 * used; `wallet` the balance of a top-level account (decimal text, CNY), `bill` one line per movement of its
 * money, never edited. (type, ref) is unique on bills, so a payment, a refund or a recharge is recorded once
 * however many times it is asked. A cart item remembers the finished variant it came from (0: a design from
 * the editor), so an order line can count towards that product's `order_num`; a blank has a weight for shipping.
 */
export const m0031_orders: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('cart_item')
      .addColumn('finished_attr_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    /** Grams of one unit, packed. */
    await db.schema
      .alterTable('product')
      .addColumn('weight_g', 'integer', (c) => c.notNull().defaultTo(300))
      .execute();

    await withId(db.schema.createTable('address'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      /** ISO 3166-1 alpha-2. */
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address1', 'text', (c) => c.notNull())
      .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
      /** Milliseconds: the last order sent there (the checkout offers the latest first). */
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('address_owner').on('address').columns(['owner_id', 'used_at']).execute();

    await withId(db.schema.createTable('orders'), dialect)
      /** The account that ordered. */
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      /** 1 pending payment, 2 paid, 3 in production, 4 shipped, 5 completed, 0 cancelled. */
      .addColumn('status', 'integer', (c) => c.notNull())
      /** 1 ordered from the cart, 2 a marketplace buyer's order (with its shop). */
      .addColumn('orders_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('store_id', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Decimal text, CNY. */
      .addColumn('items_amount', 'text', (c) => c.notNull())
      .addColumn('shipping_amount', 'text', (c) => c.notNull())
      .addColumn('total', 'text', (c) => c.notNull())
      /** The address as it was when ordered (JSON). */
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('shipping_method', 'text', (c) => c.notNull())
      .addColumn('shipping_name', 'text', (c) => c.notNull())
      .addColumn('shipping_days', 'text', (c) => c.notNull())
      .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_owner').on('orders').columns(['owner_id', 'status', 'id']).execute();

    await withId(db.schema.createTable('order_line'), dialect)
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      /** The finished product and variant it came from (0: a design from the editor). */
      .addColumn('finished_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('key_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('product_id', 'bigint', (c) => c.notNull())
      .addColumn('sku_id', 'bigint', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('num', 'integer', (c) => c.notNull())
      /** The design (JSON) the print files are made from, and the colour's mockups, as they were (JSON lists). */
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('img_urls', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_line_order').on('order_line').columns(['order_id']).execute();
    await db.schema.createIndex('order_line_finished').on('order_line').columns(['finished_id']).execute();

    await withId(db.schema.createTable('order_history'), dialect)
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_history_order').on('order_history').columns(['order_id']).execute();

    await db.schema
      .createTable('wallet')
      .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
      .addColumn('balance', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('bill'), dialect)
      /** The wallet's owner (a top-level account) and the account that moved the money. */
      .addColumn('wallet_id', 'bigint', (c) => c.notNull())
      .addColumn('account_id', 'bigint', (c) => c.notNull())
      .addColumn('office_id', 'bigint', (c) => c.notNull().defaultTo(0))
      /** 1 recharge, 2 order payment, 3 refund, 4 membership. */
      .addColumn('type', 'integer', (c) => c.notNull())
      /** Decimal text: + in, − out; the balance after. */
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('balance', 'text', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
      /** What the movement is for (the order number, the recharge's trade number): once per type. */
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bill_ref').on('bill').columns(['type', 'ref']).unique().execute();
    await db.schema.createIndex('bill_wallet').on('bill').columns(['wallet_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['bill', 'wallet', 'order_history', 'order_line', 'orders', 'address']) await db.schema.dropTable(t).execute();
    await db.schema.alterTable('product').dropColumn('weight_g').execute();
    await db.schema.alterTable('cart_item').dropColumn('finished_attr_id').execute();
  },
});
