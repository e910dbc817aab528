import Decimal from 'decimal.js';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type QueryOf } from '@app/contract';
import { closeOrderApp, openBillHistoryApp, type ImportedTshirt, type PaidOrder } from './support/orderFixtures.js';
import { TEST_DB, type TestApp } from './helper.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';

/**
 * The bill list, its totals and each account's share (docs/orders.md#bills), on both databases. The money moves
 * through the real calls (checkout, pay, cancel), recharges as a credited recharge writes them:
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

const DAY = 24 * 3600;
/** Unix seconds of a November 2026 day's start (UTC, the test clock's zone). */
const nov = (day: number) => Date.UTC(2026, 10, day) / 1000;

const list = async (as: string, query: QueryOf<typeof routes.billList> = {}) => {
  const res = await app.api(routes.billList, { as, query });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const stats = async (as: string, query: QueryOf<typeof routes.billStatistics> = {}) => {
  const res = await app.api(routes.billStatistics, { as, query });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

beforeAll(async () => {
  ({ app, tshirt, ids, officeA, A, B, C } = await openBillHistoryApp());
}, 120_000);
afterAll(() => closeOrderApp(app, tshirt));

describe('the bill list (GET /api/bill/getlist)', () => {
  it("a parent sees its family's lines newest first, amounts signed and balances after, as decimal text", async () => {
    const data = await list('demo');
    expect(data.count).toBe(6);
    const b1 = new Decimal(1200).minus(A.total);
    const b2 = b1.minus(B.total);
    const b3 = b2.plus(A.total);
    const b4 = b3.minus(C.total);
    expect(data.list.map((l) => [l.type, l.username, l.amount, l.balance, l.order_no])).toEqual([
      [2, 'demo-a', `-${C.total}`, money(b4), C.order_no],
      [3, 'demo-a', A.total, money(b3), A.order_no],
      [2, 'demo', `-${B.total}`, money(b2), B.order_no],
      [2, 'demo-a', `-${A.total}`, money(b1), A.order_no],
      [1, 'demo-a', '200.00', '1200.00', ''],
      [1, 'demo', '1000.00', '1000.00', ''],
    ]);
    expect(data.list[3]).toMatchObject({ office_id: officeA, createtime: nov(2) + 10 * 3600 });
    expect(data.list[5]!.office_id).toBe(0);
    // The last line's balance is the wallet's.
    expect((await app.api(routes.walletInfo, { as: 'demo' })).data.balance).toBe(money(b4));
  });

  it('filters by type, by day (both ends inclusive, to the last second of the day) and pages', async () => {
    expect((await list('demo', { type: 3 })).list.map((l) => l.order_no)).toEqual([A.order_no]);
    expect((await list('demo', { type: 1 })).list.map((l) => l.amount)).toEqual(['200.00', '1000.00']);
    const day2 = await list('demo', { start_time: nov(2), end_time: nov(3) - 1 });
    expect(day2.list.map((l) => l.order_no)).toEqual([B.order_no, A.order_no]);
    // B was paid at 23:59:59.5 of Nov 2: not a line of Nov 3.
    expect((await list('demo', { start_time: nov(3), end_time: nov(4) - 1 })).count).toBe(2);
    expect((await list('demo', { start_time: nov(4) })).count).toBe(0);
    expect((await list('demo', { end_time: nov(2) - 1 })).count).toBe(2);
    const page2 = await list('demo', { pageSize: 4, pageNumber: 2 });
    expect(page2.count).toBe(6);
    expect(page2.list.map((l) => l.amount)).toEqual(['200.00', '1000.00']);
    expect((await list('demo', { pageSize: 4, pageNumber: 3 })).list).toEqual([]);
  });

  it('filters by account (userids, 0 the caller), by username (exact or its beginning) and by office', async () => {
    expect((await list('demo', { userids: '0' })).list.map((l) => l.username)).toEqual(['demo', 'demo']);
    expect((await list('demo', { userids: String(ids['demo-a']) })).count).toBe(4);
    expect((await list('demo', { userids: `0,${ids['demo-a']}` })).count).toBe(6);
    expect((await list('demo', { username: 'demo-a' })).count).toBe(4);
    expect((await list('demo', { username: 'demo-' })).count).toBe(4);
    expect((await list('demo', { username: 'demo' })).count).toBe(6);
    expect((await list('demo', { username: 'demo-b' })).count).toBe(0);
    expect((await list('demo', { office_id: officeA })).list.every((l) => l.username === 'demo-a')).toBe(true);
    expect((await list('demo', { office_id: officeA })).count).toBe(4);
    expect((await list('demo', { office_id: 0 })).list.map((l) => l.username)).toEqual(['demo', 'demo']);
    // The offices the filter offers are the family's.
    const offices = (await app.api(routes.officeList, { as: 'demo' })).data.list.map((o) => o.id);
    expect(offices).toEqual([officeA]);
  });

  it('filters by shop or order type through the order: recharges drop out', async () => {
    expect((await list('demo', { orders_type: 1 })).list.map((l) => l.type)).toEqual([2, 3, 2, 2]);
    expect((await list('demo', { store_id: 0 })).count).toBe(4);
    expect((await list('demo', { orders_type: 2 })).count).toBe(0);
    expect((await list('demo', { store_id: 999 })).count).toBe(0);
  });

  it("a sub-account sees only its own lines; another family's lines are never listed", async () => {
    const a = await list('demo-a');
    expect(a.count).toBe(4);
    expect(new Set(a.list.map((l) => l.username))).toEqual(new Set(['demo-a']));
    // Asking for the parent's lines, or the other family's, narrows to nothing rather than failing.
    expect((await list('demo-a', { userids: String(ids.demo) })).count).toBe(0);
    expect((await list('demo-a', { username: 'demo' })).count).toBe(4);
    expect((await list('demo-b')).count).toBe(0);
    expect((await list('demo', { userids: String(ids['rival.shop']) })).count).toBe(0);
    expect((await list('demo', { username: 'rival' })).count).toBe(0);
    const rival = await list('rival.shop');
    expect(rival.list.map((l) => l.amount)).toEqual(['12345678.91', '0.20', '0.10']);
    expect((await list('rival.shop', { userids: String(ids['demo-a']) })).count).toBe(0);
  });
});

describe('the totals (GET /api/bill/statistics)', () => {
  it('adds up recharges, money spent on orders, refunds and the net exactly, with the orders paid and their units', async () => {
    const spent = new Decimal(A.total).plus(B.total).plus(C.total);
    expect(await stats('demo')).toEqual({
      recharge: '1200.00',
      payment: money(spent),
      refund: A.total,
      membership: '0.00',
      net: money(new Decimal(1200).minus(B.total).minus(C.total)),
      orders: 3,
      units: 6,
    });
    // Nov 3: C paid, A refunded; more went out than came back, and the net says so with its sign.
    const day3 = await stats('demo', { start_time: nov(3), end_time: nov(4) - 1 });
    expect(day3).toEqual({
      recharge: '0.00',
      payment: C.total,
      refund: A.total,
      membership: '0.00',
      net: money(new Decimal(A.total).minus(C.total)),
      orders: 1,
      units: 3,
    });
    expect(day3.net.startsWith('-')).toBe(true);
    expect(await stats('demo', { type: 1 })).toEqual({
      recharge: '1200.00',
      payment: '0.00',
      refund: '0.00',
      membership: '0.00',
      net: '1200.00',
      orders: 0,
      units: 0,
    });
    expect((await stats('demo', { orders_type: 1 })).recharge).toBe('0.00');
    expect(await stats('demo', { userids: '0' })).toMatchObject({ payment: B.total, orders: 1, units: 1 });
  });

  it('a range cutting through hours counts the lines on each side of its ends exactly (running totals and the edge lines)', async () => {
    // From Nov 1 09:30 (after demo's recharge at 09:00) to Nov 3 10:00:30 (A's refund at 10:00 in, C at 10:01 out).
    const range = { start_time: nov(1) + 9.5 * 3600, end_time: nov(3) + 10 * 3600 + 30 };
    expect(await stats('demo', range)).toEqual({
      recharge: '200.00',
      payment: money(new Decimal(A.total).plus(B.total)),
      refund: A.total,
      membership: '0.00',
      net: money(new Decimal(200).minus(B.total)),
      orders: 2,
      units: 3,
    });
    expect((await list('demo', range)).count).toBe(4);
    // Within one hour: the lines alone answer.
    expect((await list('demo', { start_time: nov(3) + 10 * 3600, end_time: nov(3) + 10 * 3600 + 30 })).count).toBe(1);
    // The last second of Nov 2 holds B (at 23:59:59.5): a range ending there, at the end of a whole hour, counts it.
    expect(await stats('demo', { start_time: nov(2) + 23 * 3600 + 1800, end_time: nov(3) - 1 })).toMatchObject({ orders: 1, units: 1 });
  });

  it("a sub-account's totals are its own; an account without lines has zeros; another family's are its own, to the cent", async () => {
    expect(await stats('demo-a')).toEqual({
      recharge: '200.00',
      payment: money(new Decimal(A.total).plus(C.total)),
      refund: A.total,
      membership: '0.00',
      net: money(new Decimal(200).minus(C.total)),
      orders: 2,
      units: 5,
    });
    expect(await stats('demo-b')).toEqual({
      recharge: '0.00',
      payment: '0.00',
      refund: '0.00',
      membership: '0.00',
      net: '0.00',
      orders: 0,
      units: 0,
    });
    // 0.10 + 0.20 + 12345678.91 summed as money, not as floats.
    expect(await stats('rival.shop')).toMatchObject({ recharge: '12345679.21', net: '12345679.21', payment: '0.00' });
  });
});

describe("each account's share (GET /api/bill/childStatistics)", () => {
  it('the caller first, then each sub-account, zero rows included', async () => {
    const res = await app.api(routes.billChildStatistics, { as: 'demo' });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data.list).toEqual([
      { userid: ids.demo, username: 'demo', orders: 1, units: 1, spent: B.total, refunded: '0.00' },
      {
        userid: ids['demo-a'],
        username: 'demo-a',
        orders: 2,
        units: 5,
        spent: money(new Decimal(A.total).plus(C.total)),
        refunded: A.total,
      },
      { userid: ids['demo-b'], username: 'demo-b', orders: 0, units: 0, spent: '0.00', refunded: '0.00' },
    ]);
    const day2 = (await app.api(routes.billChildStatistics, { as: 'demo', query: { start_time: nov(2), end_time: nov(2) + DAY - 1 } }))
      .data;
    expect(day2.list.map((r) => [r.username, r.orders, r.spent])).toEqual([
      ['demo', 1, B.total],
      ['demo-a', 1, A.total],
      ['demo-b', 0, '0.00'],
    ]);
    const a = (await app.api(routes.billChildStatistics, { as: 'demo-a' })).data.list;
    expect(a.map((r) => r.username)).toEqual(['demo-a']);
    const rival = (await app.api(routes.billChildStatistics, { as: 'rival.shop' })).data.list;
    expect(rival).toEqual([{ userid: ids['rival.shop'], username: 'rival.shop', orders: 0, units: 0, spent: '0.00', refunded: '0.00' }]);
  });
});

describe(`refusals (${TEST_DB})`, () => {
  it('an unknown type, a page over 100 lines and a day range the wrong way round are 400 naming the field', async () => {
    const type = await app.api(routes.billList, { as: 'demo', query: { type: 9 } });
    expect(type.status).toBe(400);
    expect(type.body.msg).toContain('type');
    // 4 is membership (docs/membership.md); 5 is no type.
    expect((await app.api(routes.billStatistics, { as: 'demo', query: { type: 5 } })).status).toBe(400);
    const size = await app.api(routes.billList, { as: 'demo', query: { pageSize: 1000 } });
    expect(size.status).toBe(400);
    expect(size.body.msg).toContain('pageSize');
    const range = await app.api(routes.billList, { as: 'demo', query: { start_time: nov(3), end_time: nov(2) } });
    expect(range.status).toBe(400);
    expect(range.body.msg).toContain('end_time 不能早于开始时间 start_time');
    const en = await app.api(routes.billChildStatistics, {
      as: 'demo',
      query: { start_time: nov(3), end_time: nov(2) },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    expect(en.body.msg).toContain('end_time cannot be before start_time');
    expect((await app.api(routes.billList, { query: {} })).status).toBe(401);
  });
});

describe(`the running totals (${TEST_DB})`, () => {
  it('rebuilt from the lines (their migration undone and run again) are the totals the trigger kept', async () => {
    const rows = async () => ({
      hours: (
        await app.db.db.selectFrom('bill_hour').selectAll().orderBy(['wallet_id', 'account_id', 'hour', 'type', 'office_id']).execute()
      ).map((x) => Object.values(x).map(Number)),
      days: (
        await app.db.db.selectFrom('bill_day').selectAll().orderBy(['wallet_id', 'account_id', 'day', 'type', 'office_id']).execute()
      ).map((x) => Object.values(x).map(Number)),
    });
    const kept = await rows();
    expect(kept.hours.length).toBeGreaterThan(0);
    expect(kept.days.length).toBeGreaterThan(0);
    const before = await stats('demo');
    const migrator = new Migrator({ db: app.db.db, provider: migrationProvider(app.db.dialect) });
    // Back to before 0038, undoing the migrations written after it on the way.
    const down = await migrator.migrateTo('0037_bill_figures');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0038_bill_totals', status: 'Success' });
    expect(down.results?.every((r) => r.status === 'Success' && r.direction === 'Down')).toBe(true);
    await migrateToLatest(app.db);
    expect(await rows()).toEqual(kept);
    expect(await stats('demo')).toEqual(before);
  });
});
