import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * The list at a million rows (docs/finished.md#scale): one covering index in the list's order with the columns its
 * filters read, so the newest page and the count walk the index and never the wide rows (a design's
 * JSON makes each row kilobytes long).
 */
export const m0006_finished_listing_index: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('finished_listing')
      .on('finished')
      .columns(['combined_into', 'is_online', 'createtime desc', 'id desc', 'owner_id', 'group_id', 'cid', 'combine_rule_type'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('finished_listing').execute();
  },
});
