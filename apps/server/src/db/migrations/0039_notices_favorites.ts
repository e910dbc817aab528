import { sql, type Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * docs/mobile.md#notices: `notice` holds what the operator tells every seller (`npm run notice`). A notice is in
 * force until it is retired (`retired_at` set), and stays in the table after; the list reads the ones in force,
 * newest first, from an index of those alone. docs/mobile.md#the-personal-product-library: `product_favorite`
 * is one account's saved blanks (收藏), one row per (account, product) so that saving twice keeps one; the
 * library reads an account's rows last saved first. A row goes with its account or its product.
 */
export const m0039_notices_favorites: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('notice'), dialect)
      .addColumn('title', 'text', (c) => c.notNull())
      /** Plain text; line breaks are paragraphs. */
      .addColumn('content', 'text', (c) => c.notNull())
      /** Unix seconds. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      /** Unix seconds; null while in force. */
      .addColumn('retired_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('notice_in_force')
      .on('notice')
      .columns(['created_at desc', 'id desc'])
      .where(sql.ref('retired_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('product_favorite')
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      /** Milliseconds: when it was first saved. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_favorite_pk', ['account_id', 'product_id'])
      .execute();
    await db.schema
      .createIndex('product_favorite_account_time')
      .on('product_favorite')
      .columns(['account_id', 'created_at desc'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('product_favorite').execute();
    await db.schema.dropTable('notice').execute();
  },
});
