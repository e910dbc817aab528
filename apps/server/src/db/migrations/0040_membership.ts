import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * docs/membership.md: a bought level ends. `account.level_ends_at` is when the account's level ends (milliseconds;
 * null: no end, level 0 or a level the operator granted), and `account.level_base` the level it returns to then
 * (0, or the granted level a higher one was bought over). Every account of a family carries its top-level
 * account's three values; the level in force is worked out where it is read (modules/accounts/levels.ts), so no
 * sweep is needed. Existing accounts keep their level without end. `membership_purchase` records each purchase (a
 * top-level account's), with the client's `request_id` unique per account so that a double submit charges once.
 */
export const m0040_membership: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('account').addColumn('level_ends_at', 'bigint').execute();
    await db.schema
      .alterTable('account')
      .addColumn('level_base', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('membership_purchase'), dialect)
      /** The top-level account that bought, for its family. */
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('months', 'integer', (c) => c.notNull())
      /** Decimal text, CNY: what was charged (its bill line's ref is `M<id>`). */
      .addColumn('price', 'text', (c) => c.notNull())
      /** The level in force before, and its end (null: none). */
      .addColumn('level_before', 'integer', (c) => c.notNull())
      .addColumn('ends_before', 'bigint')
      /** Milliseconds: when the months bought begin (now, or the end of the same level being extended) and end. */
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      /** The client's id of the purchase, if it sent one. */
      .addColumn('request_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // Unique per account; a purchase without an id (null) is never a duplicate, on both databases.
    await db.schema
      .createIndex('membership_purchase_request')
      .on('membership_purchase')
      .columns(['account_id', 'request_id'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('membership_purchase').execute();
    await db.schema.alterTable('account').dropColumn('level_base').execute();
    await db.schema.alterTable('account').dropColumn('level_ends_at').execute();
  },
});
