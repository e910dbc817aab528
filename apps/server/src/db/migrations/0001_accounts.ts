import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

export const m0001_accounts: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('office'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('office_owner').on('office').column('owner_id').execute();

    await withId(db.schema.createTable('account'), dialect)
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('parent_id', 'bigint', (c) => c.references('account.id'))
      .addColumn('office_id', 'bigint', (c) => c.references('office.id').onDelete('set null'))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_parent').on('account').column('parent_id').execute();

    await db.schema
      .createTable('session')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('session_account').on('session').column('account_id').execute();

    await withId(db.schema.createTable('login_failure'), dialect)
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failure_username').on('login_failure').columns(['username', 'at']).execute();
    await db.schema.createIndex('login_failure_address').on('login_failure').columns(['address', 'at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['login_failure', 'session', 'account', 'office']) await db.schema.dropTable(t).execute();
  },
});
