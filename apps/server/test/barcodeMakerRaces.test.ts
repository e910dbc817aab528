import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { Caller } from '../src/http/auth.js';
import type { Database } from '../src/db/schema.js';
import { createBarcodeAllocation, createBarcodeRepo, createBarcodeService } from '../src/modules/barcodes/index.js';
import { ClaimRaced } from '../src/modules/barcodes/claims.js';
import { storeCodes } from '../src/modules/barcodes/store.js';
import { buildTestApp, TEST_DB, type TestApp } from './helper.js';

/**
 * A maker's deletion against the work that stores or takes its codes (docs/listing-tools.md#barcodes), each
 * interleaving made to happen: no code outlives its maker, and no code a claim took is removed.
 */
let app: TestApp;
let demo: Caller;
beforeAll(async () => {
  app = await buildTestApp({ runJobs: false });
  const me = await app.db.db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  const caller = await app.accounts.resolver.resolveAccount(me.id);
  if (!caller || caller === 'disabled') throw new Error('no caller');
  demo = caller;
});
afterAll(async () => {
  await app.close();
});

const del = (id: number) => app.api(routes.barcodeMakerDel, { as: 'demo', body: { id } });
const codesOf = async (makerId: number) =>
  Number(
    (
      await app.db.db
        .selectFrom('barcode')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('maker_id', '=', makerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const generator = async (name: string, prefix: string, count: number) =>
  (await app.api(routes.barcodeCreate, { as: 'demo', body: { name, prefix, code_type: 'EAN', count } })).data.maker_id;

/**
 * Runs `work` in a transaction kept open until `whileOpen` has started and waits on it (PostgreSQL: a backend
 * waiting for a lock; SQLite: its one connection is busy, so the request waits in line), then commits.
 */
async function heldOpen<T>(work: (trx: Kysely<Database>) => Promise<void>, whileOpen: () => Promise<T>): Promise<T> {
  let commit!: () => void;
  let started!: () => void;
  const isStarted = new Promise<void>((resolve) => (started = resolve));
  const tx = app.db.db.transaction().execute(async (trx) => {
    await work(trx);
    started();
    await new Promise<void>((resolve) => (commit = resolve));
  });
  await isStarted;
  const answer = whileOpen();
  if (TEST_DB === 'pg') {
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(app.db.db);
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } else for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  commit();
  await tx;
  return answer;
}

describe('deleting a maker while its codes are stored or taken', () => {
  it('an import whose maker was deleted while its lines were read is told the maker is gone, and the codes import elsewhere', async () => {
    const pool = (await app.api(routes.barcodeImport, { as: 'demo', body: { name: '读时删除', codes: '9501101530003' } })).data;
    const service = createBarcodeService({
      repo: createBarcodeRepo(app.db.db, app.db.dialect),
      // The lines read, then the maker deleted before they are stored.
      readCodes: async () => {
        expect((await del(pool.maker_id)).body.code).toBe(1);
        return { lines: [1], codes: ['4006381333931'], refused: [], refusedCount: 0 };
      },
      makeCodes: async () => ({ codes: [], gtins: [] }),
      shopNames: async () => new Map(),
      now: () => app.clock.now,
    });
    await expect(service.importCodes(demo, 'zh', { maker_id: pool.maker_id }, { text: '4006381333931' })).rejects.toMatchObject({
      status: 404,
      key: 'barcodeMakerNotFound',
    });
    expect(await codesOf(pool.maker_id)).toBe(0);
    // Deleted after the service's check, before the codes' transaction: that transaction checks it again.
    const stored = storeCodes(createBarcodeRepo(app.db.db, app.db.dialect), {
      ownerId: demo.id,
      makerId: pool.maker_id,
      family: [demo.id],
      lines: [1],
      codes: ['4006381333931'],
    });
    await expect(stored).rejects.toMatchObject({ status: 404, key: 'barcodeMakerNotFound' });
    expect(await codesOf(pool.maker_id)).toBe(0);
    const again = await app.api(routes.barcodeImport, { as: 'demo', body: { name: '重新导入', codes: '4006381333931' } });
    expect(again.body.code, again.text).toBe(1);
    expect(again.data.added).toBe(1);
  });

  it('a generation whose maker was deleted while its codes were made is told the maker is gone', async () => {
    const makerId = await generator('生成时删除', '6926001', 2);
    const service = createBarcodeService({
      repo: createBarcodeRepo(app.db.db, app.db.dialect),
      readCodes: async () => ({ lines: [], codes: [], refused: [], refusedCount: 0 }),
      makeCodes: async () => {
        expect((await del(makerId)).body.code).toBe(1);
        return { codes: ['6926001000027'], gtins: ['06926001000027'] };
      },
      shopNames: async () => new Map(),
      now: () => app.clock.now,
    });
    await expect(service.generate(demo, { maker_id: makerId, count: 1 })).rejects.toMatchObject({ status: 404 });
    expect(await codesOf(makerId)).toBe(0);
  });

  it('a deletion that starts while codes are being stored into the maker removes them with it', async () => {
    const makerId = await generator('存时删除', '6926002', 3);
    const answer = await heldOpen(
      async (trx) => {
        // What an import's or a generation's transaction has done when the deletion starts.
        await trx.updateTable('barcode_maker').set({ next_ref: 5 }).where('id', '=', makerId).execute();
        await trx
          .insertInto('barcode')
          .values([{ owner_id: demo.id, maker_id: makerId, code: '6926002000043', gtin: '06926002000043', type: 'EAN' }])
          .execute();
      },
      () => del(makerId),
    );
    expect(answer.body.code, answer.text).toBe(1);
    expect(answer.data).toEqual({ deleted: 1, codes: 4 });
    expect(await codesOf(makerId)).toBe(0);
  });

  it('a claim that commits while the deletion waits keeps its code, and the deletion is refused', async () => {
    const makerId = await generator('领用时删除', '6926003', 3);
    const answer = await heldOpen(
      async (trx) => {
        // A claim's transaction: one free code given to a shop and used.
        const first = await trx.selectFrom('barcode').select('id').where('maker_id', '=', makerId).orderBy('id').executeTakeFirstOrThrow();
        await trx.updateTable('barcode').set({ status: 'used', store_id: 1, used_at: app.clock.now }).where('id', '=', first.id).execute();
      },
      () => del(makerId),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toMatch(/有 1 个条码已用于商品或标记为已用/);
    expect(await codesOf(makerId)).toBe(3);
  });
});

describe('a claim that loses every time', () => {
  it('answers that the maker is busy, naming it, never a database error', async () => {
    const makerId = await generator('一直被抢', '6926004', 2);
    const allocation = createBarcodeAllocation({
      claims: {
        assigned: async () => new Map(),
        claim: async () => {
          throw new ClaimRaced();
        },
      } as never,
      repo: createBarcodeRepo(app.db.db, app.db.dialect),
      makerOf: async () => makerId,
      now: () => app.clock.now,
    });
    await expect(allocation.codesFor(1, [{ variantId: 1 } as never])).rejects.toMatchObject({
      status: 409,
      key: 'barcodeClaimBusy',
      params: { maker: '一直被抢' },
    });
  });
});
