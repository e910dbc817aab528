import { sql, type Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * docs/mobile.md#inquiries: `inquiry` holds what the independent-deployment page's form sends, read by operators
 * with `npm run inquiry`. A duplicate is looked for by contact within the last hour (`inquiry_contact`); the
 * operator's list reads the newest first (`inquiry_time`). An inquiry outlives the account that sent it.
 *
 * docs/mobile.md#site-figures: `finished_failed` holds only the finished products whose composition gave up, as
 * `finished_pending` (0008) holds those still being composed, so that the composed figure is the tallied total less
 * two small counts, never a count over every row; a ready product costs it nothing.
 */
export const m0041_inquiry: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('inquiry'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      /** Null when not given. */
      .addColumn('company', 'text')
      /** Normalised (sitePages.ts normalInquiryContact): a phone number's digits with its +, an email in lower case. */
      .addColumn('contact', 'text', (c) => c.notNull())
      /** INQUIRY_SCALES; null when not given. */
      .addColumn('scale', 'integer')
      .addColumn('message', 'text', (c) => c.notNull())
      /** The account of the session it was sent with, if any. */
      .addColumn('account_id', 'bigint', (c) => c.references('account.id').onDelete('set null'))
      /** The client's address as the server reads it (TRUST_PROXY). */
      .addColumn('address', 'text', (c) => c.notNull())
      /** Unix seconds. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('inquiry_contact').on('inquiry').columns(['contact', 'created_at']).execute();
    await db.schema.createIndex('inquiry_time').on('inquiry').columns(['created_at desc', 'id desc']).execute();
    await db.schema.createIndex('finished_failed').on('finished').column('status').where(sql.ref('status'), '=', 'failed').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('finished_failed').execute();
    await db.schema.dropTable('inquiry').execute();
  },
});
