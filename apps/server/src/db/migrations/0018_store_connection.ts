import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * Marketplace connections (docs/security.md#marketplace-secrets): a shop's connection to marketplace A (2) or B (15), one row per shop,
 * in a table of its own so the shop's reads never carry a secret. The secrets (app_secret, access_token,
 * refresh_token, shop_cipher) are sealed text (secrets/sealing.ts); app_key and warehouse_id are plain.
 * Deleted with its shop (stores service, in one transaction). docs/security.md#marketplace-secrets.
 */
export const m0018_store_connection: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_connection')
      .addColumn('store_id', 'bigint', (c) => c.primaryKey())
      .addColumn('app_key', 'text', (c) => c.notNull())
      .addColumn('app_secret', 'text', (c) => c.notNull())
      .addColumn('access_token', 'text', (c) => c.notNull())
      /** Sealed; '' sealed when the marketplace gives none (A). */
      .addColumn('refresh_token', 'text', (c) => c.notNull())
      /** Unix seconds. */
      .addColumn('token_expires_at', 'bigint', (c) => c.notNull())
      /** B only: sealed; '' for A. */
      .addColumn('shop_cipher', 'text', (c) => c.notNull())
      /** B only; '' for A. */
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      /** 1 once a token refresh failed: the seller must connect again. */
      .addColumn('needs_reconnect', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('store_connection').execute();
  },
});
