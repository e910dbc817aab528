import { sql, type Kysely } from 'kysely';
import type { DialectName } from './dialect.js';

/**
 * The finished list's tallies (docs/finished.md#scale: an exact total at a million rows in milliseconds): how many listed
 * finished products (not combined away, made here) there are
 * - per owner, product, category, group and type, in all (`finished_tally_total`) and per day of creation
 *   (`finished_tally`), so a total is a sum over a handful of rows, and a time range a sum over its days;
 * - per owner and day (`finished_tally_owner_day`), for the unfiltered list's deep pages and ranges;
 * - per owner and material name (`finished_name_tally`), so a material-name search counts its names, not
 *   its rows.
 * Every material name also enters `finished_material_name`, the dictionary the name search indexes
 * (modules/finished/list/materialNames.ts) by its characters and character pairs (its grams); and
 * - per gram and owner (`finished_gram_tally`): how many listed products have a material name holding
 *   that character or pair, so a one- or two-character search counts in one look-up per owner. Triggers on
 *   the name tally carry each change to the grams of an indexed name; indexing a name adds its count.
 * Triggers keep all of it exact on every insert, delete and update.
 */
export const TALLY_DIMENSIONS = ['owner_id', 'product_id', 'cid', 'group_id', 'combine_rule_type'] as const;
/** Seconds per tally day (UTC days of `createtime`). */
export const TALLY_DAY = 86400;

type Row = 'NEW' | 'OLD';

/** One counted table: its key columns and how a finished row's values make its key. */
interface Counter {
  table: string;
  key: string[];
  values: (row: Row) => string[];
  /** Only rows meeting this are counted. */
  when?: (row: Row) => string;
}

const dims = [...TALLY_DIMENSIONS];
const COUNTERS: Counter[] = [
  { table: 'finished_tally_total', key: dims, values: (r) => dims.map((d) => `${r}.${d}`) },
  { table: 'finished_tally_owner_day', key: ['day', 'owner_id'], values: (r) => [`${r}.createtime / ${TALLY_DAY}`, `${r}.owner_id`] },
  { table: 'finished_tally', key: ['day', ...dims], values: (r) => [`${r}.createtime / ${TALLY_DAY}`, ...dims.map((d) => `${r}.${d}`)] },
  {
    table: 'finished_name_tally',
    key: ['name', 'owner_id'],
    values: (r) => [`${r}.material_img_name`, `${r}.owner_id`],
    when: (r) => `${r}.material_img_name <> ''`,
  },
];

const listed = (r: Row) => `${r}.combined_into IS NULL AND ${r}.is_online = 0`;
const guard = (c: Counter, r: Row) => (c.when ? `${listed(r)} AND ${c.when(r)}` : listed(r));
const add = (c: Counter, r: Row) =>
  `INSERT INTO ${c.table} (${c.key.join(', ')}, n) SELECT ${c.values(r).join(', ')}, 1 WHERE ${guard(c, r)} ` +
  `ON CONFLICT (${c.key.join(', ')}) DO UPDATE SET n = ${c.table}.n + 1;`;
const remove = (c: Counter, r: Row) =>
  `UPDATE ${c.table} SET n = n - 1 WHERE ${guard(c, r)} AND ${c.key.map((k, i) => `${k} = ${c.values(r)[i]}`).join(' AND ')};`;
const nameEntry = (r: Row) =>
  `INSERT INTO finished_material_name (name) SELECT ${r}.material_img_name WHERE ${r}.material_img_name <> '' ` +
  `ON CONFLICT (name) DO NOTHING;`;

const adds = (r: Row) => COUNTERS.map((c) => add(c, r)).join(' ') + ' ' + nameEntry(r);
const removes = (r: Row) => COUNTERS.map((c) => remove(c, r)).join(' ');
const WATCHED = [...dims, 'createtime', 'combined_into', 'is_online', 'material_img_name'].join(', ');

export async function createTallyTriggers(db: Kysely<unknown>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    await sql.raw(`CREATE TRIGGER finished_tally_insert AFTER INSERT ON finished BEGIN ${adds('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER finished_tally_delete AFTER DELETE ON finished BEGIN ${removes('OLD')} END`).execute(db);
    await sql
      .raw(`CREATE TRIGGER finished_tally_update AFTER UPDATE OF ${WATCHED} ON finished BEGIN ${removes('OLD')} ${adds('NEW')} END`)
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION finished_tally_apply() RETURNS trigger AS $$ BEGIN ` +
          `IF TG_OP IN ('UPDATE', 'DELETE') THEN ${removes('OLD')} END IF; ` +
          `IF TG_OP IN ('UPDATE', 'INSERT') THEN ${adds('NEW')} END IF; ` +
          `RETURN NULL; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER finished_tally AFTER INSERT OR DELETE OR UPDATE OF ${WATCHED} ON finished FOR EACH ROW EXECUTE FUNCTION finished_tally_apply()`,
      )
      .execute(db);
  }
}

/** How a change of a name's count reaches its grams' counts (`delta` in the trigger's terms). */
const gramAdd = (delta: string) =>
  `INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, NEW.owner_id, ${delta} ` +
  `FROM finished_material_name m JOIN finished_material_gram g ON g.name_id = m.id WHERE m.name = NEW.name ` +
  `ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n;`;

async function createGramTriggers(db: Kysely<unknown>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    await sql
      .raw(`CREATE TRIGGER finished_gram_tally_insert AFTER INSERT ON finished_name_tally BEGIN ${gramAdd('NEW.n')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER finished_gram_tally_update AFTER UPDATE OF n ON finished_name_tally WHEN NEW.n <> OLD.n BEGIN ${gramAdd('NEW.n - OLD.n')} END`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION finished_gram_tally_apply() RETURNS trigger AS $$ BEGIN ` +
          `IF TG_OP = 'INSERT' THEN ${gramAdd('NEW.n')} ELSIF NEW.n <> OLD.n THEN ${gramAdd('NEW.n - OLD.n')} END IF; ` +
          `RETURN NULL; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER finished_gram_tally AFTER INSERT OR UPDATE OF n ON finished_name_tally FOR EACH ROW EXECUTE FUNCTION finished_gram_tally_apply()`,
      )
      .execute(db);
  }
}

export async function dropGramTriggers(db: Kysely<unknown>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    for (const t of ['finished_gram_tally_insert', 'finished_gram_tally_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS finished_gram_tally ON finished_name_tally').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS finished_gram_tally_apply()').execute(db);
  }
}

/** Adds the counts of names just indexed to their grams' counts (the triggers carry later changes). */
export async function addGramCounts(db: Kysely<unknown>, nameIds: number[]) {
  if (nameIds.length === 0) return;
  await sql`
    INSERT INTO finished_gram_tally (gram, owner_id, n)
    SELECT g.gram, t.owner_id, sum(t.n) FROM finished_material_name m
    JOIN finished_material_gram g ON g.name_id = m.id
    JOIN finished_name_tally t ON t.name = m.name
    WHERE m.id IN (${sql.join(nameIds)})
    GROUP BY g.gram, t.owner_id
    ON CONFLICT (gram, owner_id) DO UPDATE SET n = finished_gram_tally.n + excluded.n`.execute(db);
}

export async function dropTallyTriggers(db: Kysely<unknown>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    for (const t of ['finished_tally_insert', 'finished_tally_delete', 'finished_tally_update'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS finished_tally ON finished').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS finished_tally_apply()').execute(db);
  }
}

/** Counts the tallies afresh from the rows (after a bulk load made without the triggers). */
export async function rebuildTally(db: Kysely<unknown>, dialect: DialectName) {
  await dropGramTriggers(db, dialect);
  for (const c of COUNTERS) {
    await sql.raw(`DELETE FROM ${c.table}`).execute(db);
    const values = c.values('NEW').map((v) => v.replace('NEW.', ''));
    const where = guard(c, 'NEW').replaceAll('NEW.', '');
    await sql
      .raw(
        `INSERT INTO ${c.table} (${c.key.join(', ')}, n) SELECT ${values.join(', ')}, count(*) FROM finished WHERE ${where} GROUP BY ${values.join(', ')}`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `INSERT INTO finished_material_name (name) SELECT DISTINCT material_img_name FROM finished WHERE material_img_name <> '' ` +
        `ON CONFLICT (name) DO NOTHING`,
    )
    .execute(db);
  await sql.raw('DELETE FROM finished_gram_tally').execute(db);
  await sql
    .raw(
      `INSERT INTO finished_gram_tally (gram, owner_id, n) SELECT g.gram, t.owner_id, sum(t.n) FROM finished_name_tally t ` +
        `JOIN finished_material_name m ON m.name = t.name JOIN finished_material_gram g ON g.name_id = m.id GROUP BY g.gram, t.owner_id`,
    )
    .execute(db);
  await createGramTriggers(db, dialect);
}
