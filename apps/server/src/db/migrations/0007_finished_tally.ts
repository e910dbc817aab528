import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { withId, type PortableMigration } from './helpers.js';

/** The tallied dimensions as this migration created them (db/tally.ts holds today's). */
const TALLY_DIMENSIONS = ['owner_id', 'product_id', 'cid', 'group_id', 'combine_rule_type'];

/**
 * The triggers and the first count exactly as this migration wrote them, per dialect. Frozen here (not
 * built by db/tally.ts) so that changing today's tallies can never change what this migration did: a
 * later change is a later migration.
 */
const FROZEN: Record<DialectName, Record<'createTriggers' | 'rebuild' | 'dropTriggers' | 'dropGramTriggers', string[]>> = {
  sqlite: {
    createTriggers: [
      "CREATE TRIGGER finished_tally_insert AFTER INSERT ON finished BEGIN INSERT INTO finished_tally_total (owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally_total.n + 1; INSERT INTO finished_tally_owner_day (day, owner_id, n) SELECT NEW.createtime / 86400, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id) DO UPDATE SET n = finished_tally_owner_day.n + 1; INSERT INTO finished_tally (day, owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.createtime / 86400, NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally.n + 1; INSERT INTO finished_name_tally (name, owner_id, n) SELECT NEW.material_img_name, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 AND NEW.material_img_name <> '' ON CONFLICT (name, owner_id) DO UPDATE SET n = finished_name_tally.n + 1; INSERT INTO finished_material_name (name) SELECT NEW.material_img_name WHERE NEW.material_img_name <> '' ON CONFLICT (name) DO NOTHING; END",
      "CREATE TRIGGER finished_tally_delete AFTER DELETE ON finished BEGIN UPDATE finished_tally_total SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_tally_owner_day SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id; UPDATE finished_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_name_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND OLD.material_img_name <> '' AND name = OLD.material_img_name AND owner_id = OLD.owner_id; END",
      "CREATE TRIGGER finished_tally_update AFTER UPDATE OF owner_id, product_id, cid, group_id, combine_rule_type, createtime, combined_into, is_online, material_img_name ON finished BEGIN UPDATE finished_tally_total SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_tally_owner_day SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id; UPDATE finished_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_name_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND OLD.material_img_name <> '' AND name = OLD.material_img_name AND owner_id = OLD.owner_id; INSERT INTO finished_tally_total (owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally_total.n + 1; INSERT INTO finished_tally_owner_day (day, owner_id, n) SELECT NEW.createtime / 86400, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id) DO UPDATE SET n = finished_tally_owner_day.n + 1; INSERT INTO finished_tally (day, owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.createtime / 86400, NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally.n + 1; INSERT INTO finished_name_tally (name, owner_id, n) SELECT NEW.material_img_name, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 AND NEW.material_img_name <> '' ON CONFLICT (name, owner_id) DO UPDATE SET n = finished_name_tally.n + 1; INSERT INTO finished_material_name (name) SELECT NEW.material_img_name WHERE NEW.material_img_name <> '' ON CONFLICT (name) DO NOTHING; END",
    ],
    rebuild: [
      'DROP TRIGGER IF EXISTS finished_gram_tally_insert',
      'DROP TRIGGER IF EXISTS finished_gram_tally_update',
      'DELETE FROM finished_tally_total',
      'INSERT INTO finished_tally_total (owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT owner_id, product_id, cid, group_id, combine_rule_type, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY owner_id, product_id, cid, group_id, combine_rule_type',
      'DELETE FROM finished_tally_owner_day',
      'INSERT INTO finished_tally_owner_day (day, owner_id, n) SELECT createtime / 86400, owner_id, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY createtime / 86400, owner_id',
      'DELETE FROM finished_tally',
      'INSERT INTO finished_tally (day, owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT createtime / 86400, owner_id, product_id, cid, group_id, combine_rule_type, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY createtime / 86400, owner_id, product_id, cid, group_id, combine_rule_type',
      'DELETE FROM finished_name_tally',
      "INSERT INTO finished_name_tally (name, owner_id, n) SELECT material_img_name, owner_id, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 AND material_img_name <> '' GROUP BY material_img_name, owner_id",
      "INSERT INTO finished_material_name (name) SELECT DISTINCT material_img_name FROM finished WHERE material_img_name <> '' ON CONFLICT (name) DO NOTHING",
      'DELETE FROM finished_gram_tally',
      'INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, t.owner_id, sum(t.n) FROM finished_name_tally t JOIN finished_material_name m ON m.name = t.name JOIN finished_material_gram g ON g.name_id = m.id GROUP BY g.gram, t.owner_id',
      'CREATE TRIGGER finished_gram_tally_insert AFTER INSERT ON finished_name_tally BEGIN INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, NEW.owner_id, NEW.n FROM finished_material_name m JOIN finished_material_gram g ON g.name_id = m.id WHERE m.name = NEW.name ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n; END',
      'CREATE TRIGGER finished_gram_tally_update AFTER UPDATE OF n ON finished_name_tally WHEN NEW.n <> OLD.n BEGIN INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, NEW.owner_id, NEW.n - OLD.n FROM finished_material_name m JOIN finished_material_gram g ON g.name_id = m.id WHERE m.name = NEW.name ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n; END',
    ],
    dropTriggers: [
      'DROP TRIGGER IF EXISTS finished_tally_insert',
      'DROP TRIGGER IF EXISTS finished_tally_delete',
      'DROP TRIGGER IF EXISTS finished_tally_update',
    ],
    dropGramTriggers: ['DROP TRIGGER IF EXISTS finished_gram_tally_insert', 'DROP TRIGGER IF EXISTS finished_gram_tally_update'],
  },
  postgres: {
    createTriggers: [
      "CREATE OR REPLACE FUNCTION finished_tally_apply() RETURNS trigger AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE finished_tally_total SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_tally_owner_day SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id; UPDATE finished_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND day = OLD.createtime / 86400 AND owner_id = OLD.owner_id AND product_id = OLD.product_id AND cid = OLD.cid AND group_id = OLD.group_id AND combine_rule_type = OLD.combine_rule_type; UPDATE finished_name_tally SET n = n - 1 WHERE OLD.combined_into IS NULL AND OLD.is_online = 0 AND OLD.material_img_name <> '' AND name = OLD.material_img_name AND owner_id = OLD.owner_id; END IF; IF TG_OP IN ('UPDATE', 'INSERT') THEN INSERT INTO finished_tally_total (owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally_total.n + 1; INSERT INTO finished_tally_owner_day (day, owner_id, n) SELECT NEW.createtime / 86400, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id) DO UPDATE SET n = finished_tally_owner_day.n + 1; INSERT INTO finished_tally (day, owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT NEW.createtime / 86400, NEW.owner_id, NEW.product_id, NEW.cid, NEW.group_id, NEW.combine_rule_type, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 ON CONFLICT (day, owner_id, product_id, cid, group_id, combine_rule_type) DO UPDATE SET n = finished_tally.n + 1; INSERT INTO finished_name_tally (name, owner_id, n) SELECT NEW.material_img_name, NEW.owner_id, 1 WHERE NEW.combined_into IS NULL AND NEW.is_online = 0 AND NEW.material_img_name <> '' ON CONFLICT (name, owner_id) DO UPDATE SET n = finished_name_tally.n + 1; INSERT INTO finished_material_name (name) SELECT NEW.material_img_name WHERE NEW.material_img_name <> '' ON CONFLICT (name) DO NOTHING; END IF; RETURN NULL; END $$ LANGUAGE plpgsql",
      'CREATE TRIGGER finished_tally AFTER INSERT OR DELETE OR UPDATE OF owner_id, product_id, cid, group_id, combine_rule_type, createtime, combined_into, is_online, material_img_name ON finished FOR EACH ROW EXECUTE FUNCTION finished_tally_apply()',
    ],
    rebuild: [
      'DROP TRIGGER IF EXISTS finished_gram_tally ON finished_name_tally',
      'DROP FUNCTION IF EXISTS finished_gram_tally_apply()',
      'DELETE FROM finished_tally_total',
      'INSERT INTO finished_tally_total (owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT owner_id, product_id, cid, group_id, combine_rule_type, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY owner_id, product_id, cid, group_id, combine_rule_type',
      'DELETE FROM finished_tally_owner_day',
      'INSERT INTO finished_tally_owner_day (day, owner_id, n) SELECT createtime / 86400, owner_id, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY createtime / 86400, owner_id',
      'DELETE FROM finished_tally',
      'INSERT INTO finished_tally (day, owner_id, product_id, cid, group_id, combine_rule_type, n) SELECT createtime / 86400, owner_id, product_id, cid, group_id, combine_rule_type, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 GROUP BY createtime / 86400, owner_id, product_id, cid, group_id, combine_rule_type',
      'DELETE FROM finished_name_tally',
      "INSERT INTO finished_name_tally (name, owner_id, n) SELECT material_img_name, owner_id, count(*) FROM finished WHERE combined_into IS NULL AND is_online = 0 AND material_img_name <> '' GROUP BY material_img_name, owner_id",
      "INSERT INTO finished_material_name (name) SELECT DISTINCT material_img_name FROM finished WHERE material_img_name <> '' ON CONFLICT (name) DO NOTHING",
      'DELETE FROM finished_gram_tally',
      'INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, t.owner_id, sum(t.n) FROM finished_name_tally t JOIN finished_material_name m ON m.name = t.name JOIN finished_material_gram g ON g.name_id = m.id GROUP BY g.gram, t.owner_id',
      "CREATE OR REPLACE FUNCTION finished_gram_tally_apply() RETURNS trigger AS $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, NEW.owner_id, NEW.n FROM finished_material_name m JOIN finished_material_gram g ON g.name_id = m.id WHERE m.name = NEW.name ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n; ELSIF NEW.n <> OLD.n THEN INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, NEW.owner_id, NEW.n - OLD.n FROM finished_material_name m JOIN finished_material_gram g ON g.name_id = m.id WHERE m.name = NEW.name ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n; END IF; RETURN NULL; END $$ LANGUAGE plpgsql",
      'CREATE TRIGGER finished_gram_tally AFTER INSERT OR UPDATE OF n ON finished_name_tally FOR EACH ROW EXECUTE FUNCTION finished_gram_tally_apply()',
    ],
    dropTriggers: ['DROP TRIGGER IF EXISTS finished_tally ON finished', 'DROP FUNCTION IF EXISTS finished_tally_apply()'],
    dropGramTriggers: [
      'DROP TRIGGER IF EXISTS finished_gram_tally ON finished_name_tally',
      'DROP FUNCTION IF EXISTS finished_gram_tally_apply()',
    ],
  },
};

async function run(db: Kysely<unknown>, statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The finished list at a million rows (docs/finished.md#scale). The tallies (described in db/tally.ts) kept by triggers give exact
 * totals; the material-name dictionary and its gram index (modules/finished/list/materialNames.ts) make the
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
    await run(db, FROZEN[dialect].createTriggers);
    await run(db, FROZEN[dialect].rebuild);
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
    await run(db, FROZEN[dialect].dropTriggers);
    await run(db, FROZEN[dialect].dropGramTriggers);
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
