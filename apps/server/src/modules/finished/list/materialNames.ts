import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { DialectName } from '../../../db/dialect.js';
import { addGramCounts } from '../../../db/tally.js';
import { nextTurn } from '../../../eventLoop.js';

/** The grams a name is indexed by: every character and every pair of neighbouring characters, lower-cased. */
export function gramsOf(lowerName: string): Set<string> {
  const chars = Array.from(lowerName);
  const grams = new Set(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return grams;
}

/** The grams a search text needs in a name: itself when one character, else each pair of neighbours. */
function gramsNeeded(lowerText: string): string[] {
  const chars = Array.from(lowerText);
  if (chars.length === 1) return chars;
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!);
  return [...pairs];
}

/**
 * Names indexed per transaction. On SQLite a transaction runs on the API's thread from start to end, so a
 * catch-up of many names (after a bulk load or an upgrade: 16,000 names took 15 s on a busy machine) goes in
 * small batches with a turn of the event loop between them, and other sellers' requests are answered
 * meanwhile; only the searches wait for it (docs/finished.md#under-load).
 */
const CATCH_UP_BATCH = 100;

/** SQLite's lower() changes only A–Z: it agrees with JavaScript's where nothing else has a lower case. */
const sqliteLowerAgrees = (s: string) => s.toLowerCase() === s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** Searches remembered (each with the index version it was answered at); the oldest is dropped first. */
const CACHED_SEARCHES = 500;

/**
 * Contains-search on finished products' material names (material_img_name, docs/finished.md#material-names), as an index look-up
 * at any length, two-character Chinese words such as 卫衣 included (a trigram index cannot answer those).
 * The triggers of db/tally.ts put every material name into a dictionary; this indexes each new name by
 * its characters and character pairs, then a search intersects the pairs' postings among the distinct
 * names and confirms the candidates hold the text contiguously. The list filters on the matching names.
 */
export function createMaterialNameSearch(db: Kysely<Database>, dialect: DialectName, opts: { indexesNewNames?: boolean } = {}) {
  /**
   * Indexes the names the triggers added since the last search (usually none). A search does this first,
   * unless its connection only reads (listReader.ts), whose caller does it before asking. Searches that
   * come while a catch-up runs wait for it, then look once more (a name committed meanwhile is indexed
   * before they read), instead of each starting one of their own.
   */
  let catchingUp: Promise<void> = Promise.resolve();
  function indexNewNames(): Promise<void> {
    catchingUp = catchingUp.then(catchUp, catchUp);
    return catchingUp;
  }
  async function catchUp() {
    for (let batch = 0; ; batch++) {
      if (batch > 0) await nextTurn();
      const waiting = await db.selectFrom('finished_material_name').select('id').where('lower_name', 'is', null).limit(1).execute();
      if (waiting.length === 0) return;
      const indexed = await db.transaction().execute(async (trx) => {
        // One catch-up at a time, and no count of a name moves while its grams' tallies are first counted
        // (db/tally.ts: the gram tally). SQLite's transactions already run one at a time.
        if (dialect === 'postgres') await sql`lock table finished_name_tally in share row exclusive mode`.execute(trx);
        const pending = await trx
          .selectFrom('finished_material_name')
          .select(['id', 'name'])
          .where('lower_name', 'is', null)
          .limit(CATCH_UP_BATCH)
          .execute();
        if (pending.length === 0) return 0;
        const rows = pending.flatMap((p) => [...gramsOf(p.name.toLowerCase())].map((gram) => ({ gram, name_id: p.id })));
        for (let i = 0; i < rows.length; i += 5000)
          await trx
            .insertInto('finished_material_gram')
            .values(rows.slice(i, i + 5000))
            .onConflict((oc) => oc.columns(['gram', 'name_id']).doNothing())
            .execute();
        for (const p of pending)
          await trx.updateTable('finished_material_name').set({ lower_name: p.name.toLowerCase() }).where('id', '=', p.id).execute();
        // From now on the triggers carry these names' counts to their grams; what they hold now goes in here.
        await addGramCounts(
          trx as unknown as Kysely<unknown>,
          pending.map((p) => p.id),
        );
        await trx
          .updateTable('finished_material_index')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .execute();
        return pending.length;
      });
      if (indexed < CATCH_UP_BATCH) return;
    }
  }

  const cache = new Map<string, { version: number; names: string[] }>();
  /** Of a cached answer, the names SQLite lowers differently (rowsNamed), worked out once. */
  const differingOf = new WeakMap<string[], string[]>();

  /**
   * The distinct material names containing the text (case-insensitive). A seller pages through a search:
   * the answer is kept until names are indexed again (the index version moves), so later pages reuse it.
   */
  async function namesContaining(text: string): Promise<string[]> {
    if (opts.indexesNewNames ?? true) await indexNewNames();
    const lower = text.toLowerCase();
    const { version } = await db.selectFrom('finished_material_index').select('version').executeTakeFirstOrThrow();
    const cached = cache.get(lower);
    if (cached && cached.version === version) return cached.names;
    const names = await search(lower);
    cache.delete(lower);
    cache.set(lower, { version, names });
    if (cache.size > CACHED_SEARCHES) cache.delete(cache.keys().next().value!);
    return names;
  }

  async function search(lower: string): Promise<string[]> {
    const grams = gramsNeeded(lower);
    const position = dialect === 'postgres' ? sql`strpos(m.lower_name, ${lower})` : sql`instr(m.lower_name, ${lower})`;
    const rows = await db
      .selectFrom('finished_material_name as m')
      .select('m.name')
      .where(
        'm.id',
        'in',
        db
          .selectFrom('finished_material_gram')
          .select('name_id')
          .where('gram', 'in', grams)
          .groupBy('name_id')
          .having((eb) => eb.fn.countAll(), '=', grams.length),
      )
      .where(sql<boolean>`${position} > 0`)
      .execute();
    return rows.map((r) => r.name);
  }

  /**
   * A column is one of the names: one parameter however many names there are (a broad search can match
   * tens of thousands), and a concrete set the planner can hash.
   */
  function isOneOf(column: Expression<string>, names: string[]) {
    return dialect === 'postgres'
      ? sql<boolean>`${column} = any(${names}::text[])`
      : sql<boolean>`${column} in (select value from json_each(${JSON.stringify(names)}))`;
  }

  /**
   * How many of these owners' rows carry one of the names, from the name tally. On SQLite the names are
   * walked as they come (json_each, each looked up once in the tally's key): an IN list is first copied
   * into a sorted table, about a third more for a broad search's thousand names (measured on Retro).
   */
  async function tallyOfNames(ownerIds: number[], names: string[]): Promise<number> {
    const sum = sql<number>`coalesce(sum(t.n), 0)`.as('n');
    const row =
      dialect === 'postgres'
        ? await db
            .selectFrom('finished_name_tally as t')
            .select(sum)
            .where('t.owner_id', 'in', ownerIds)
            .where(isOneOf(sql.ref('t.name'), names))
            .executeTakeFirstOrThrow()
        : await db
            .selectFrom(sql<{ value: string }>`json_each(${JSON.stringify(names)})`.as('j'))
            .innerJoin('finished_name_tally as t', 't.name', 'j.value')
            .select(sum)
            .where('t.owner_id', 'in', ownerIds)
            .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * The rows whose material name is one of the matching names. A broad match on SQLite is walked in time
   * order and each row's name tested with SQLite's own lower() and instr(): cheaper per row than a set
   * look-up, and the same answer where SQLite's lower() (ASCII letters only) agrees with JavaScript's,
   * which the few names where they differ are added back by name for. A text with letters that only
   * JavaScript lowers (Ä, Σ…) always uses the set.
   */
  function rowsNamed(column: Expression<string>, text: string, names: string[], broad: boolean) {
    const lower = text.toLowerCase();
    if (dialect !== 'sqlite' || !broad) return isOneOf(column, names);
    // SQLite's unary plus keeps it from the name index, so it walks the listing index in time order.
    if ([...lower].some((c) => c > '\x7f' && c.toUpperCase() !== c)) return isOneOf(sql<string>`+${column}`, names);
    let differing = differingOf.get(names);
    if (!differing) differingOf.set(names, (differing = names.filter((n) => !sqliteLowerAgrees(n))));
    const found = sql<boolean>`instr(lower(${column}), ${lower}) > 0`;
    return differing.length ? sql<boolean>`(${found} or ${isOneOf(sql<string>`+${column}`, differing)})` : found;
  }

  /**
   * The one gram that answers a search on its own (a text of one or two characters: every name holding
   * that gram contains the text), whose tally counts the matches without visiting the names.
   */
  function soleGram(text: string): string | undefined {
    const lower = text.toLowerCase();
    return Array.from(lower).length <= 2 ? lower : undefined;
  }

  return { namesContaining, indexNewNames, tallyOfNames, rowsNamed, soleGram };
}

export type MaterialNameSearch = ReturnType<typeof createMaterialNameSearch>;
