import { sql, type Kysely } from 'kysely';
import { createTallyTriggers, dropGramTriggers, dropTallyTriggers, rebuildTally, TALLY_DIMENSIONS } from '../tally.js';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Issue 5: the finished list at a million rows. The tallies (db/tally.ts) kept by triggers give exact
 * totals; the material-name dictionary and its gram index (modules/finished/materialNames.ts) make the
 * contains-search an index look-up; the listing index also covers product_id (name search goes through
 * the product) and the material name (a broad name search walks the index in time order).
 */
export const m0007_finished_tally: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // On SQLite the tallies are stored in their key's order (WITHOUT ROWID): a sum reads one b-tree.
    const tally = (name: string, key: string[]) => {
      let t = db.schema.createTable(name);
      for (const k of key) t = t.addColumn(k, k === 'name' || k === 'gram' ? 'text' : 'bigint', (c) => c.notNull());
      t = t.addColumn('n', 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint(`${name}_pk`, key as never);
      return dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
    };
    await tally('finished_tally_total', [...TALLY_DIMENSIONS]).execute();
    // Day first: a time range is one range of the key, and deep pages read the days newest first in order.
    await tally('finished_tally', ['day', ...TALLY_DIMENSIONS]).execute();
    await tally('finished_tally_owner_day', ['day', 'owner_id']).execute();
    await tally('finished_name_tally', ['name', 'owner_id']).execute();
    await tally('finished_gram_tally', ['gram', 'owner_id']).execute();
    await withId(db.schema.createTable('finished_material_name'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      // Null until the name's grams are indexed.
      .addColumn('lower_name', 'text')
      .execute();
    await db.schema.createIndex('finished_material_name_lower').on('finished_material_name').column('lower_name').execute();
    const grams = db.schema
      .createTable('finished_material_gram')
      .addColumn('gram', 'text', (c) => c.notNull())
      .addColumn('name_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('finished_material_gram_pk', ['gram', 'name_id']);
    await (dialect === 'sqlite' ? grams.modifyEnd(sql`without rowid`) : grams).execute();
    await db.schema.createIndex('finished_material_gram_name').on('finished_material_gram').columns(['name_id', 'gram']).execute();
    // Bumped whenever names are indexed: searches cached at an older version are found again.
    await db.schema
      .createTable('finished_material_index')
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('finished_material_index' as never)
      .values({ version: 0 } as never)
      .execute();
    await createTallyTriggers(db, dialect);
    await rebuildTally(db, dialect);
    await db.schema.createIndex('finished_material').on('finished').columns(['material_img_name', 'createtime']).execute();
    await db.schema.dropIndex('finished_listing').execute();
    await db.schema
      .createIndex('finished_listing')
      .on('finished')
      .columns([
        'combined_into',
        'is_online',
        'createtime desc',
        'id desc',
        'owner_id',
        'group_id',
        'cid',
        'product_id',
        'combine_rule_type',
        'material_img_name',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await dropTallyTriggers(db, dialect);
    await dropGramTriggers(db, dialect);
    await db.schema.dropIndex('finished_material').execute();
    for (const t of [
      'finished_tally',
      'finished_tally_total',
      'finished_tally_owner_day',
      'finished_name_tally',
      'finished_gram_tally',
      'finished_material_name',
      'finished_material_gram',
      'finished_material_index',
    ])
      await db.schema.dropTable(t).execute();
  },
});
