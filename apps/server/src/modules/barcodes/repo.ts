import { sql, type Insertable, type Kysely } from 'kysely';
import type { BarcodeStatus, BarcodeType } from '@app/contract';
import { bulkRows } from '../../db/bulkRows.js';
import type { DialectName } from '../../db/dialect.js';
import type { BarcodeMakerTable, Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { transactional } from '../../db/transactional.js';
import { nextTurn } from '../../eventLoop.js';

/** Keys one `in (…)` of ids takes: under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const SLICE = 5000;
/** Codes one statement writes or looks for, as one array parameter. */
const LIST_ROWS = 50_000;
/**
 * Codes one statement writes or looks for on SQLite, whose driver runs each statement on the API's thread: an
 * insert of 50,000 rows held the event loop 0.3–0.8 s, of 5,000 rows some 10–40 ms (the same time per row).
 * The statements give way to the event loop between chunks.
 */
const SQLITE_LIST_ROWS = 5000;
const CODE_COLUMNS = [
  ['owner_id', 'bigint'],
  ['maker_id', 'bigint'],
  ['code', 'text'],
  ['gtin', 'text'],
  ['type', 'text'],
] as const;

/** Queries of barcode_maker and barcode; the rules (validation, scope, all-or-nothing) live in the service. */
function barcodeQueries(db: Kysely<Database>, dialect: DialectName) {
  /** A list of texts as one parameter, for `in`: PostgreSQL's array, SQLite's json_each. */
  const textList = (values: string[]) =>
    dialect === 'postgres'
      ? sql<string>`(select unnest(${values}::text[]))`
      : sql<string>`(select value from json_each(${JSON.stringify(values)}))`;
  return {
    /** The scope's makers, oldest first, with the owner's name. */
    makers: (scope: Scope, status: number | undefined) => {
      let q = db
        .selectFrom('barcode_maker')
        .innerJoin('account', 'account.id', 'barcode_maker.owner_id')
        .selectAll('barcode_maker')
        .select('account.username')
        .where(ownedBy(scope, 'barcode_maker.owner_id'));
      if (status !== undefined) q = q.where('barcode_maker.status', '=', status);
      return q.orderBy('barcode_maker.id').execute();
    },

    /** How many codes of each status these makers hold. */
    counts: async (makerIds: number[]) => {
      if (makerIds.length === 0) return [];
      return db
        .selectFrom('barcode')
        .select(['maker_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('maker_id', 'in', makerIds)
        .groupBy(['maker_id', 'status'])
        .execute();
    },

    /**
     * The scope's maker of this id. `lock` (a deletion's first read, PostgreSQL): the row locked for update, so
     * an import or a generation of the maker that started first ends before the deletion reads its codes, and
     * one that starts after waits and finds the maker gone.
     */
    makerInScope: (scope: Scope, id: number, lock = false) => {
      let q = db.selectFrom('barcode_maker').selectAll().where(ownedBy(scope, 'owner_id')).where('id', '=', id);
      if (lock && dialect === 'postgres') q = q.forUpdate();
      return q.executeTakeFirst();
    },

    /**
     * Whether the maker is still there, read in the transaction that stores its codes (PostgreSQL: the row locked
     * FOR KEY SHARE until it ends, so a deletion waits for the codes and removes them with the maker, or deleted
     * first and they are refused): codes never outlive their maker (docs/listing-tools.md#barcodes).
     */
    async makerStillThere(id: number): Promise<boolean> {
      let q = db.selectFrom('barcode_maker').select('id').where('id', '=', id);
      if (dialect === 'postgres') q = q.forKeyShare();
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** A maker by id, whoever owns it (a shop's chosen maker, checked when it was chosen). */
    makerById: (id: number) => db.selectFrom('barcode_maker').selectAll().where('id', '=', id).executeTakeFirst(),

    nameTaken: async (ownerId: number, name: string) =>
      (await db.selectFrom('barcode_maker').select('id').where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst()) !==
      undefined,

    insertMaker: (m: Insertable<BarcodeMakerTable>) => db.insertInto('barcode_maker').values(m).returning('id').executeTakeFirstOrThrow(),

    /**
     * A generator's next reference moved from `from` to `to`, only while it is still `from` (compare-and-set):
     * false when another generation moved it first. On PostgreSQL the second update waits for the first's
     * transaction and then finds the row changed.
     */
    async advanceNextRef(id: number, from: number, to: number): Promise<boolean> {
      const res = await db
        .updateTable('barcode_maker')
        .set({ next_ref: to })
        .where('id', '=', id)
        .where('next_ref', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Sets the status of the scope's makers among these ids; how many matched. */
    async setMakerStatus(scope: Scope, ids: number[], status: number): Promise<number> {
      const res = await db
        .updateTable('barcode_maker')
        .set({ status })
        .where('id', 'in', ids)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** The names of the shops that draw from this maker (store.barcode_maker_id, docs/listing-tools.md#barcodes). */
    shopsNaming: async (makerId: number) =>
      (await db.selectFrom('store').select('name').where('barcode_maker_id', '=', makerId).orderBy('id').execute()).map((r) => r.name),

    /** How many of a maker's codes were handed out: given to a shop (used, or void since), or marked used by hand. */
    async handedOut(makerId: number): Promise<number> {
      const row = await db
        .selectFrom('barcode')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('maker_id', '=', makerId)
        .where((eb) => eb.or([eb('store_id', 'is not', null), eb('status', '=', 'used')]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Removes a maker's codes never handed out (free, or void before any shop had them); how many. On SQLite in
     * chunks, giving way to the event loop between them (a pool may hold 200,000 codes).
     */
    async removeUnhanded(makerId: number): Promise<number> {
      // The conditions stand on the DELETE itself, not only in a subquery of ids: PostgreSQL (READ COMMITTED)
      // checks a row that a claim committed meanwhile again against the DELETE's own conditions only, so a code
      // just handed out is left alone (and the deletion is then refused), never removed from its listing.
      const removable = db
        .deleteFrom('barcode')
        .where('maker_id', '=', makerId)
        .where('store_id', 'is', null)
        .where('status', '<>', 'used');
      if (dialect === 'postgres') return Number((await removable.executeTakeFirst()).numDeletedRows);
      const chunk = db
        .selectFrom('barcode')
        .select('id')
        .where('maker_id', '=', makerId)
        .where('store_id', 'is', null)
        .where('status', '<>', 'used')
        .limit(SQLITE_LIST_ROWS);
      let removed = 0;
      for (;;) {
        const res = await removable.where('id', 'in', chunk).executeTakeFirst();
        removed += Number(res.numDeletedRows);
        if (Number(res.numDeletedRows) < SQLITE_LIST_ROWS) return removed;
        await nextTurn();
      }
    },

    removeMaker: (id: number) => db.deleteFrom('barcode_maker').where('id', '=', id).execute(),

    /** Which of these GTIN-14 keys the accounts already hold, each with its maker's name. */
    async existing(accountIds: readonly number[], gtins: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const chunk = dialect === 'postgres' ? LIST_ROWS : SQLITE_LIST_ROWS;
      for (let i = 0; i < gtins.length; i += chunk) {
        if (i > 0) await nextTurn();
        const rows = await db
          .selectFrom('barcode')
          .innerJoin('barcode_maker', 'barcode_maker.id', 'barcode.maker_id')
          .select(['barcode.gtin', 'barcode_maker.name'])
          .where('barcode.owner_id', 'in', [...accountIds])
          .where('barcode.gtin', 'in', textList(gtins.slice(i, i + chunk)))
          .execute();
        for (const r of rows) found.set(r.gtin, r.name);
      }
      return found;
    },

    /**
     * Stores new codes (free), many in one statement (bulkRows: the query builder took seconds to build
     * 200,000 codes' parameters): the caller runs it in a transaction. In chunks, giving way to the event loop
     * between them.
     */
    async insertCodes(rows: { owner_id: number; maker_id: number; code: string; gtin: string; type: BarcodeType }[]) {
      const chunk = dialect === 'postgres' ? LIST_ROWS : SQLITE_LIST_ROWS;
      for (let i = 0; i < rows.length; i += chunk) {
        if (i > 0) await nextTurn();
        const slice = rows.slice(i, i + chunk);
        const values = slice.map((r) => [r.owner_id, r.maker_id, r.code, r.gtin, r.type]);
        await sql`insert into barcode (owner_id, maker_id, code, gtin, type) ${bulkRows(dialect, CODE_COLUMNS, values)}`.execute(db);
      }
    },

    /** One page of the scope's codes (oldest first), with their maker's name, and how many match in all. */
    async page(
      scope: Scope,
      filter: { makerId?: number | undefined; status?: BarcodeStatus | undefined; code?: string | undefined },
      limit: number,
      offset: number,
    ) {
      let q = db.selectFrom('barcode').where(ownedBy(scope, 'barcode.owner_id'));
      if (filter.makerId !== undefined) q = q.where('barcode.maker_id', '=', filter.makerId);
      if (filter.status !== undefined) q = q.where('barcode.status', '=', filter.status);
      // Digits only (the contract allows nothing else to matter): no pattern characters reach LIKE.
      if (filter.code) q = q.where('barcode.code', 'like', `%${filter.code.replace(/\D/g, '')}%`);
      const [rows, total] = await Promise.all([
        q
          .innerJoin('barcode_maker', 'barcode_maker.id', 'barcode.maker_id')
          .select([
            'barcode.id',
            'barcode.code',
            'barcode.type',
            'barcode.status',
            'barcode.maker_id',
            'barcode_maker.name as maker_name',
            'barcode.store_id',
            'barcode.key_id',
            'barcode.used_at',
          ])
          .orderBy('barcode.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: total.n };
    },

    /** The scope's codes among these ids (their id and status). */
    codesInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('barcode').select(['id', 'status']).where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).execute(),

    /**
     * Sets codes' status. Free: the code leaves its variant and shop. Void: it leaves its variant (so the
     * variant may take another) but keeps where it went. Used by hand: no variant, when it had none.
     */
    async setStatus(ids: number[], status: BarcodeStatus, now: number) {
      for (let i = 0; i < ids.length; i += SLICE) {
        const slice = ids.slice(i, i + SLICE);
        if (status === 'free')
          await db
            .updateTable('barcode')
            .set({ status, store_id: null, finished_id: null, variant_id: null, key_id: '', used_at: 0 })
            .where('id', 'in', slice)
            .execute();
        else if (status === 'void') await db.updateTable('barcode').set({ status, variant_id: null }).where('id', 'in', slice).execute();
        else {
          await db.updateTable('barcode').set({ status, used_at: now }).where('id', 'in', slice).where('status', '=', 'free').execute();
          await db.updateTable('barcode').set({ status }).where('id', 'in', slice).execute();
        }
      }
    },

    /** The scope's code of these digits (the image), if any. */
    codeInScope: (scope: Scope, code: string) =>
      db.selectFrom('barcode').select(['code', 'type']).where(ownedBy(scope, 'owner_id')).where('code', '=', code).executeTakeFirst(),
  };
}

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createBarcodeRepo = (db: Kysely<Database>, dialect: DialectName) => transactional(db, (q) => barcodeQueries(q, dialect));
export type BarcodeRepo = ReturnType<typeof createBarcodeRepo>;
