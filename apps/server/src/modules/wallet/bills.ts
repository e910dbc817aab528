import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { BillFilterQuery, BillListQuery } from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import type { Caller } from '../../http/auth.js';
import type { AccountRepo } from '../accounts/index.js';
import { billQueries, type BillFilter } from './billQueries.js';
import { BILL_TYPE, billLineOut } from './queries.js';
import { walletOf } from './service.js';

/**
 * GET /api/bill/getlist, /statistics, /childStatistics (docs/orders.md#bills): the bill lines of the caller's
 * scope (a sub-account its own, a parent its own and its sub-accounts'), their exact totals, and each account's
 * share. Filters that are about the account (userids, username) pick accounts of the scope; the others pick lines.
 */
export function createBillService(deps: { db: Kysely<Database>; dialect: DialectName; accounts: Pick<AccountRepo, 'namesByIds'> }) {
  const q = billQueries(deps.db, deps.dialect);

  /**
   * The scope's accounts the filters keep, with every scope account's name: `userids` (0: the caller) and
   * `username` (exactly, or its beginning; case aside) narrow them. An id or a name outside the scope keeps none.
   */
  async function accountsOf(caller: Caller, f: BillFilterQuery) {
    const names = await deps.accounts.namesByIds(caller.scope.accountIds);
    let ids = [...caller.scope.accountIds];
    if (f.userids) {
      const wanted = new Set(f.userids.split(',').map((u) => (Number(u) === 0 ? caller.id : Number(u))));
      ids = ids.filter((i) => wanted.has(i));
    }
    if (f.username) {
      const prefix = f.username.toLowerCase();
      ids = ids.filter((i) => (names.get(i)?.username ?? '').toLowerCase().startsWith(prefix));
    }
    return { ids, names };
  }

  const filterOf = (caller: Caller, f: BillFilterQuery, accountIds: readonly number[]): BillFilter => ({
    walletId: walletOf(caller),
    accountIds,
    type: f.type,
    from: f.start_time === undefined ? undefined : f.start_time * 1000,
    // The end second counts whole, as the order list reads it.
    to: f.end_time === undefined ? undefined : f.end_time * 1000 + 999,
    officeId: f.office_id,
    storeId: f.store_id,
    ordersType: f.orders_type,
  });

  async function list(caller: Caller, query: BillListQuery) {
    const { ids, names } = await accountsOf(caller, query);
    const { rows, count } = await q.page(filterOf(caller, query, ids), query.pageSize, (query.pageNumber - 1) * query.pageSize);
    return {
      count,
      list: rows.map((b) => billLineOut(b, names)),
    };
  }

  /** Per account: the money by type, and the orders paid with their units. */
  async function figures(caller: Caller, f: BillFilterQuery, accountIds: readonly number[]) {
    const filter = filterOf(caller, f, accountIds);
    const [sums, paid] = await Promise.all([q.sums(filter), q.paidUnits(filter)]);
    return { sums, paid };
  }

  const total = (rows: { total: Decimal }[]) => rows.reduce((s, r) => s.plus(r.total), new Decimal(0));
  // A payment is written negative (money out of the wallet); the figures show money spent as a positive amount.
  const spentOf = (rows: { type: number; total: Decimal }[]) => total(rows.filter((r) => r.type === BILL_TYPE.orderPayment)).negated();
  const ofType = (rows: { type: number; total: Decimal }[], type: number) => total(rows.filter((r) => r.type === type));
  // toFixed of a negated zero is "0.00" (decimal.js drops the sign of zero), never "-0.00".
  const text = (d: Decimal) => d.toFixed(2);

  async function statistics(caller: Caller, query: BillFilterQuery) {
    const { ids } = await accountsOf(caller, query);
    const { sums, paid } = await figures(caller, query, ids);
    return {
      recharge: text(ofType(sums, BILL_TYPE.recharge)),
      payment: text(spentOf(sums)),
      refund: text(ofType(sums, BILL_TYPE.refund)),
      // Written negative as a payment is (docs/membership.md#the-bill-line); shown as money spent.
      membership: text(ofType(sums, BILL_TYPE.membership).negated()),
      net: text(total(sums)),
      orders: paid.reduce((n, p) => n + p.orders, 0),
      units: paid.reduce((n, p) => n + p.units, 0),
    };
  }

  /**
   * Each account's row of the per-account statistics over a resolved filter: the caller (`callerId`) first, then
   * the others by id; an account without lines has a row of zeros. The bills export writes the same rows.
   */
  async function childRows(callerId: number, filter: BillFilter, names: ReadonlyMap<number, { username: string }>) {
    const [sums, paid] = await Promise.all([q.sums(filter), q.paidUnits(filter)]);
    const rows = [...filter.accountIds].sort((a, b) => (a === callerId ? -1 : b === callerId ? 1 : a - b));
    return rows.map((id) => {
      const own = sums.filter((s) => s.accountId === id);
      const p = paid.find((x) => x.accountId === id);
      return {
        userid: id,
        username: names.get(id)?.username ?? '',
        orders: p?.orders ?? 0,
        units: p?.units ?? 0,
        spent: text(spentOf(own)),
        refunded: text(ofType(own, BILL_TYPE.refund)),
      };
    });
  }

  /** The caller first, then the sub-accounts of its scope the filters keep; an account without lines has a row of zeros. */
  async function childStatistics(caller: Caller, query: BillFilterQuery) {
    const { ids, names } = await accountsOf(caller, query);
    return { list: await childRows(caller.id, filterOf(caller, query, ids), names) };
  }

  /** The filters resolved for the caller as the list reads them (the export keeps them for its job). */
  async function resolve(caller: Caller, query: BillFilterQuery): Promise<BillFilter> {
    const { ids } = await accountsOf(caller, query);
    return filterOf(caller, query, ids);
  }

  return { list, statistics, childStatistics, childRows, resolve };
}
export type BillService = ReturnType<typeof createBillService>;
