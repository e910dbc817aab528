import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type QueryOf } from '@app/contract';
import type { JobContext } from '../src/jobs/queue.js';
import { BILL_EXPORT_JOB, BILL_TYPE, billExportRepo, billQueries, createBillExportJob } from '../src/modules/wallet/index.js';
import { libreOfficeCsv } from './support/libreOffice.js';
import { closeOrderApp, openBillHistoryApp, type ImportedTshirt, type PaidOrder } from './support/orderFixtures.js';
import { TEST_DB, type TestApp } from './helper.js';

/**
 * Bills exports (docs/orders.md#export), on both databases: the file a seller downloads, read back by LibreOffice.
 * The money moves as in bills.test.ts (seedBillHistory), through the real calls (checkout, pay, cancel):
 *
 *   Nov 1 09:00      demo      充值 +1000.00
 *   Nov 1 10:00      demo-a    充值  +200.00 (demo-a's office)
 *   Nov 2 10:00      demo-a    订单支付 −A (order A, 2 units)
 *   Nov 2 23:59:59.5 demo      订单支付 −B (order B, 1 unit)
 *   Nov 3 10:00      demo-a    退款 +A (A cancelled)
 *   Nov 3 10:01      demo-a    订单支付 −C (order C, 3 units)
 *
 * and another family (rival.shop) with recharges of its own wallet.
 */
let app: TestApp;
let tshirt: ImportedTshirt;
let ids: Record<string, number>;
let officeA: number;
let A: PaidOrder, B: PaidOrder, C: PaidOrder;

/** Unix seconds of a November 2026 day's start (UTC, the test clock's zone). */
const nov = (day: number) => Date.UTC(2026, 10, day) / 1000;

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

beforeAll(async () => {
  ({ app, tshirt, ids, officeA, A, B, C } = await openBillHistoryApp());
}, 120_000);
afterAll(() => closeOrderApp(app, tshirt));

/** Starts an export as `as`; answers its record id. */
async function startExport(as: string, query: QueryOf<typeof routes.billExport>, headers?: Record<string, string>) {
  const res = await app.api(routes.billExport, { as, query, ...(headers ? { headers } : {}) });
  expect(res.body.code, res.text).toBe(1);
  return res.data.id;
}

const exportLog = async (as: string) => {
  const res = await app.api(routes.billExportLog, { as, query: { pageSize: 100 } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

/** The file of a finished export as the seller downloads it, read by LibreOffice (cells as the sheet shows them). */
async function downloaded(as: string, id: number) {
  const file = await app.call({ method: 'GET', url: `/api/bill/exportDownload?id=${id}`, as });
  expect(file.statusCode, file.body).toBe(200);
  return { name: String(file.headers['content-disposition']), table: await libreOfficeCsv(file.rawPayload) };
}

/** China time (UTC+8) of a moment, as the file writes it. */
const chinaTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const bills = async (as: string, query: QueryOf<typeof routes.billList> = {}) => {
  const res = await app.api(routes.billList, { as, query: { pageSize: 100, ...query } });
  expect(res.body.code, res.text).toBe(1);
  return res.data.list;
};

describe(`bills export (GET /api/bill/export, ${TEST_DB})`, () => {
  let officeName: string;
  beforeAll(async () => {
    officeName = (await app.api(routes.officeList, { as: 'demo' })).data.list.find((o) => o.id === officeA)!.name;
  });

  it("writes the family's lines newest first, the amounts exactly as the bill list shows them, in a job", async () => {
    const id = await startExport('demo', { exporttype: 1 });
    await app.queue.drain();

    const rec = (await exportLog('demo')).list.find((r) => r.id === id)!;
    expect(rec).toMatchObject({ exporttype: 1, status: 'done', row_count: 6, download_url: `/api/bill/exportDownload?id=${id}` });
    expect(rec.size).toBeGreaterThan(0);

    const { name, table } = await downloaded('demo', id);
    expect(name).toContain(`bills-${chinaTime(app.clock.now).slice(0, 10).replace(/-/g, '')}-${id}.xlsx`);
    expect(table[0]).toEqual(['时间 (UTC+8)', '类型', '金额', '余额', '订单号', '账号', '办公室']);
    const lines = await bills('demo');
    const label = { [BILL_TYPE.recharge]: '充值', [BILL_TYPE.orderPayment]: '订单支付', [BILL_TYPE.refund]: '退款' };
    expect(table.slice(1)).toEqual(
      lines.map((l) => [
        chinaTime(l.createtime * 1000),
        label[l.type as 1 | 2 | 3],
        l.amount,
        l.balance,
        l.order_no,
        l.username,
        l.office_id === officeA ? officeName : '',
      ]),
    );
    // The amounts stay text, exactly as stored: no "1000" for "1000.00", no rounding, the sign kept.
    expect(table.slice(1).map((r) => r[2])).toEqual([`-${C.total}`, A.total, `-${B.total}`, `-${A.total}`, '200.00', '1000.00']);
    expect(table.slice(1).map((r) => r[4])).toEqual([C.order_no, A.order_no, B.order_no, A.order_no, '', '']);
    // B was paid at 23:59:59.5 UTC on Nov 2: Nov 3 07:59:59 in China.
    expect(table[3]![0]).toBe('2026-11-03 07:59:59');
  }, 120_000);

  it('exports what the bill list filters keep, and speaks English to an English seller', async () => {
    const id = await startExport('demo', { exporttype: 1, type: 2, userids: String(ids['demo-a']) }, { 'accept-language': 'en' });
    await app.queue.drain();
    const { table } = await downloaded('demo', id);
    expect(table[0]).toEqual(['Time (UTC+8)', 'Type', 'Amount', 'Balance', 'Order no.', 'Account', 'Office']);
    expect(table.slice(1).map((r) => [r[1], r[2], r[4], r[5]])).toEqual([
      ['Order payment', `-${C.total}`, C.order_no, 'demo-a'],
      ['Order payment', `-${A.total}`, A.order_no, 'demo-a'],
    ]);
  }, 120_000);

  it("exporttype 2 writes one row per account, each account's figures as childStatistics answers them", async () => {
    const id = await startExport('demo', { exporttype: 2 });
    await app.queue.drain();
    const { table } = await downloaded('demo', id);
    expect(table[0]).toEqual(['账号', '订单数', '件数', '消费', '退款']);
    const share = (await app.api(routes.billChildStatistics, { as: 'demo' })).data.list;
    expect(table.slice(1)).toEqual(share.map((s) => [s.username, String(s.orders), String(s.units), s.spent, s.refunded]));
    expect(table.slice(1).map((r) => r[0])).toEqual(share.map((s) => s.username));
    expect(new Set(table.slice(1).map((r) => r[0])).size).toBe(table.length - 1);
    const a = table.find((r) => r[0] === 'demo-a')!;
    expect(a.slice(1)).toEqual(['2', '5', money(new Decimal(A.total).plus(C.total)), A.total]);
    expect((await exportLog('demo')).list.find((r) => r.id === id)).toMatchObject({ exporttype: 2, row_count: share.length });
  }, 120_000);

  it('reads the lines page by page by id, newest first, and a second run of a done export changes nothing', async () => {
    const id = await startExport('demo', { exporttype: 1 });
    // The same job over pages of 2 lines, run before the queue's: three full pages and an empty one.
    const small = createBillExportJob({
      repo: billExportRepo(app.db.db),
      queries: billQueries(app.db.db, app.db.dialect),
      bills: app.bills,
      accounts: app.accountRepo,
      storage: app.storage,
      now: () => app.clock.now,
      tmpPath: (n) => path.join(tshirt.dir, `${n}.part`),
      pageSize: 2,
    });
    const ctx = (): JobContext => ({
      id: 'x',
      kind: BILL_EXPORT_JOB,
      ownerId: ids.demo!,
      taskId: null,
      payload: { bill_export_id: id },
      attempt: 1,
      maxAttempts: 2,
      progress: async () => undefined,
    });
    await small.jobKind.run(ctx());
    const first = (await exportLog('demo')).list.find((r) => r.id === id)!;
    expect(first).toMatchObject({ status: 'done', row_count: 6 });
    const before = (await downloaded('demo', id)).table;
    expect(before.slice(1).map((r) => r[4])).toEqual([C.order_no, A.order_no, B.order_no, A.order_no, '', '']);
    // The queued job finds it done, and so does a run again.
    await app.queue.drain();
    await app.jobKinds[BILL_EXPORT_JOB]!.run(ctx());
    expect((await exportLog('demo')).list.find((r) => r.id === id)).toEqual(first);
    expect((await downloaded('demo', id)).table).toEqual(before);
  }, 120_000);
});

describe('whose exports (GET /api/bill/exportLog, /exportDownload)', () => {
  it("a sub-account sees its own exports, a parent its own and its sub-accounts'; another family's id is 404", async () => {
    const mine = await startExport('demo-a', { exporttype: 1 });
    await app.queue.drain();
    const subLog = await exportLog('demo-a');
    expect(subLog.list.map((r) => r.id)).toEqual([mine]);
    expect(subLog.count).toBe(1);
    // A sub-account's export holds its own lines only.
    const { table } = await downloaded('demo-a', mine);
    expect(new Set(table.slice(1).map((r) => r[5]))).toEqual(new Set(['demo-a']));
    expect(table.length - 1).toBe(4);

    const parentLog = await exportLog('demo');
    expect(parentLog.list[0]!.id).toBe(mine);
    expect(parentLog.list.map((r) => r.id)).toEqual([...parentLog.list.map((r) => r.id)].sort((a, b) => b - a));
    const parents = parentLog.list.find((r) => r.id !== mine)!.id;
    // A sub-account cannot download its parent's export, nor another family anything of this one.
    const missing = await app.call({ method: 'GET', url: '/api/bill/exportDownload?id=99999999', as: 'rival.shop' });
    expect(missing.statusCode).toBe(404);
    for (const [as, id] of [
      ['rival.shop', mine],
      ['rival.shop', parents],
      ['demo-a', parents],
    ] as const) {
      const res = await app.call({ method: 'GET', url: `/api/bill/exportDownload?id=${id}`, as });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(missing.json().msg);
    }
    expect((await exportLog('rival.shop')).count).toBe(0);
  }, 120_000);

  it('refuses an unknown exporttype, a missing one and an end before the start (400)', async () => {
    for (const query of [{ exporttype: 3 }, {}, { exporttype: 1, start_time: nov(3), end_time: nov(2) }]) {
      const res = await app.api(routes.billExport, { as: 'demo', query: query as never });
      expect(res.status, res.text).toBe(400);
    }
  });
});
