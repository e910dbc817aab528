import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Banned words (docs/domain.md#banned-words), owned per account like every owned row. `word_norm`
 * is the word as compared (trimmed, spaces collapsed, lower case; bannedWords/matcher.ts normaliseWord), so a
 * word is kept once per owner and marketplace however it was typed; the unique index also finds an owner's words.
 */
export const m0013_keywords_ban: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('keyword_ban'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('word', 'text', (c) => c.notNull())
      .addColumn('word_norm', 'text', (c) => c.notNull())
      /** 0: every marketplace; otherwise a marketplace's platform code. */
      .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(0))
      /** 'block' or 'strip'. */
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('keyword_ban_owner_word')
      .on('keyword_ban')
      .columns(['owner_id', 'platform', 'word_norm'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('keyword_ban').execute();
  },
});
