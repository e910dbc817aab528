import Decimal from 'decimal.js';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import { ownedBy } from '../../db/scope.js';
import { BILL_LINE_COLUMNS, BILL_TYPE } from './queries.js';

/** What the bill list and its statistics filter by, its accounts already resolved (docs/orders.md#bills). */
export interface BillFilter {
  /** The family's wallet: every account of a scope spends from it. */
  walletId: number;
  /** The accounts whose lines are read: the caller's scope narrowed by userids and username. */
  accountIds: readonly number[];
  type?: number;
  /** Milliseconds, both inclusive. */
  from?: number;
  to?: number;
  officeId?: number;
  storeId?: number;
  ordersType?: number;
}

/**
 * An exact sum of a decimal-text money column (docs/orders.md#bills). PostgreSQL sums it as `numeric` and answers
 * the sum as text (the pool reads numeric as a JS number, which would round it). SQLite has no decimal type: each
 * amount is taken as whole cents (`round(real × 100)`: two-decimal text is within a cent's half of its double, so
 * the rounding gives its cents exactly) and the cents summed as integers, exact below 2^53 cents.
 */
function moneySum(dialect: DialectName, column: string): { expr: RawBuilder<string | number | null>; read: (v: unknown) => Decimal } {
  if (dialect === 'postgres')
    return { expr: sql`sum(cast(${sql.ref(column)} as numeric))::text`, read: (v) => new Decimal((v as string | null) ?? 0) };
  return {
    expr: sql`sum(cast(round(cast(${sql.ref(column)} as real) * 100) as integer))`,
    read: (v) => new Decimal((v as number | null) ?? 0).div(100),
  };
}

const HOUR_MS = 3_600_000;

/** A range of whole hours or days, both ends inclusive; an end left open is undefined. */
type Units = [from: number | undefined, to: number | undefined];

/**
 * A filter's lines as running totals read them (docs/orders.md#figures): the whole days of its range from
 * `bill_day`, the whole hours before and after them from `bill_hour`, and the filters of the lines left at its
 * ends (a partial first and last hour) from `bill`. Undefined when the totals cannot answer: a filter by shop or
 * order type (through the orders), or a range within one hour.
 */
export function totalsSplit(f: BillFilter): { days?: Units; hours: Units[]; edges: BillFilter[] } | undefined {
  if (f.storeId !== undefined || f.ordersType !== undefined) return undefined;
  const fromHour = f.from === undefined ? undefined : Math.ceil(f.from / HOUR_MS);
  const toHour = f.to === undefined ? undefined : Math.floor((f.to + 1) / HOUR_MS) - 1;
  if (fromHour !== undefined && toHour !== undefined && fromHour > toHour) return undefined;
  const edges: BillFilter[] = [];
  if (fromHour !== undefined && fromHour * HOUR_MS > f.from!) edges.push({ ...f, to: fromHour * HOUR_MS - 1 });
  if (toHour !== undefined && (toHour + 1) * HOUR_MS - 1 < f.to!) edges.push({ ...f, from: (toHour + 1) * HOUR_MS });
  const fromDay = fromHour === undefined ? undefined : Math.ceil(fromHour / 24);
  const toDay = toHour === undefined ? undefined : Math.floor((toHour + 1) / 24) - 1;
  if (fromDay !== undefined && toDay !== undefined && fromDay > toDay) return { hours: [[fromHour, toHour]], edges };
  const hours: Units[] = [];
  if (fromHour !== undefined && fromDay! * 24 > fromHour) hours.push([fromHour, fromDay! * 24 - 1]);
  if (toHour !== undefined && (toDay! + 1) * 24 - 1 < toHour) hours.push([(toDay! + 1) * 24, toHour]);
  return { days: [fromDay, toDay], hours, edges };
}

/**
 * The bill lines' reads (docs/orders.md#bills). Filters by shop and order type, and the units of the orders paid,
 * join the orders module's `orders` and `order_line` by the line's order number: one query per page or figure
 * (docs/domain.md#table-owners lists it among the reads across).
 */
export const billQueries = (db: Kysely<Database>, dialect: DialectName) => {
  const filtered = (f: BillFilter) => {
    let q = db
      .selectFrom('bill')
      .where('bill.wallet_id', '=', f.walletId)
      .where(ownedBy({ accountIds: f.accountIds }, 'bill.account_id'));
    if (f.type !== undefined) q = q.where('bill.type', '=', f.type);
    if (f.from !== undefined) q = q.where('bill.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('bill.created_at', '<=', f.to);
    if (f.officeId !== undefined) q = q.where('bill.office_id', '=', f.officeId);
    if (f.storeId !== undefined || f.ordersType !== undefined) {
      // Through the order the line refers to; a recharge refers to none (order_no ''), so it drops out.
      const { storeId, ordersType } = f;
      q = q.where((eb) => {
        let order = eb.selectFrom('orders').select('orders.id').whereRef('orders.order_no', '=', 'bill.order_no');
        if (storeId !== undefined) order = order.where('orders.store_id', '=', storeId);
        if (ordersType !== undefined) order = order.where('orders.orders_type', '=', ordersType);
        return eb.exists(order);
      });
    }
    return q;
  };
  const money = moneySum(dialect, 'bill.amount');

  /**
   * The running totals' rows of a filter's whole days and hours (totalsSplit), one query per table: `read` selects
   * and groups what it needs from them (the tables have the same columns but their unit of time).
   */
  async function fromTotals<R>(
    f: BillFilter,
    split: { days?: Units; hours: Units[] },
    read: (q: ReturnType<typeof totalsOf>) => Promise<R[]>,
  ): Promise<R[]> {
    const parts: Promise<R[]>[] = [];
    if (split.days) parts.push(read(totalsOf('bill_day', f, [split.days])));
    if (split.hours.length > 0) parts.push(read(totalsOf('bill_hour', f, split.hours)));
    return (await Promise.all(parts)).flat();
  }
  const totalsOf = (table: 'bill_hour' | 'bill_day', f: BillFilter, ranges: Units[]) => {
    const unit = sql.ref(`t.${table === 'bill_hour' ? 'hour' : 'day'}`);
    let q = db
      .selectFrom(`${table} as t` as 'bill_hour as t')
      .where('t.wallet_id', '=', f.walletId)
      .where(ownedBy({ accountIds: f.accountIds }, 't.account_id'))
      .where((eb) =>
        eb.or(
          ranges.map(([from, to]) =>
            eb.and([...(from === undefined ? [] : [eb(unit, '>=', from)]), ...(to === undefined ? [] : [eb(unit, '<=', to)])]),
          ),
        ),
      );
    if (f.type !== undefined) q = q.where('t.type', '=', f.type);
    if (f.officeId !== undefined) q = q.where('t.office_id', '=', f.officeId);
    return q;
  };

  /** How many lines match: the running totals' whole days and hours and the edges' lines, or every line counted. */
  async function count(f: BillFilter): Promise<number> {
    const counted = (g: BillFilter) =>
      filtered(g)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const split = totalsSplit(f);
    if (!split) return counted(f);
    const [whole, ...edges] = await Promise.all([
      fromTotals(f, split, (q) => q.select((eb) => eb.fn.sum<number>('t.lines').as('n')).execute()),
      ...split.edges.map(counted),
    ]);
    return whole.reduce((n, r) => n + Number(r.n ?? 0), 0) + edges.reduce((n, e) => n + e, 0);
  }

  /** The money per account and type of the lines themselves. */
  async function lineSums(f: BillFilter) {
    const rows = await filtered(f)
      .select(['bill.account_id', 'bill.type', money.expr.as('total')])
      .groupBy(['bill.account_id', 'bill.type'])
      .execute();
    return rows.map((r) => ({ accountId: Number(r.account_id), type: Number(r.type), total: money.read(r.total) }));
  }

  /** The orders paid and their units per account, from the lines themselves. */
  async function linePaidUnits(f: BillFilter) {
    const rows = await filtered(f)
      .where('bill.type', '=', BILL_TYPE.orderPayment)
      .innerJoin('orders', 'orders.order_no', 'bill.order_no')
      .innerJoin('order_line', 'order_line.order_id', 'orders.id')
      .select((eb) => [
        'bill.account_id',
        eb.fn.count<number>('bill.order_no').distinct().as('orders'),
        eb.fn.sum<number>('order_line.num').as('units'),
      ])
      .groupBy('bill.account_id')
      .execute();
    return rows.map((r) => ({ accountId: Number(r.account_id), orders: Number(r.orders), units: Number(r.units ?? 0) }));
  }

  return {
    /** One page of lines, newest first, and how many match. */
    async page(f: BillFilter, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        filtered(f)
          .select(BILL_LINE_COLUMNS)
          .orderBy('bill.created_at', 'desc')
          .orderBy('bill.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        count(f),
      ]);
      return { rows, count: total };
    },

    /**
     * One keyset page of lines by id, newest first: those below `beforeId` (all when undefined). The export reads
     * its lines this way (docs/orders.md#export): each page is found by the index, however deep into the lines.
     */
    before: (f: BillFilter, limit: number, beforeId: number | undefined) => {
      let q = filtered(f);
      if (beforeId !== undefined) q = q.where('bill.id', '<', beforeId);
      return q.select(BILL_LINE_COLUMNS).orderBy('bill.id', 'desc').limit(limit).execute();
    },

    /** The lines' money per account and type, summed exactly: the running totals' whole days and hours and the edges' lines. */
    async sums(f: BillFilter): Promise<{ accountId: number; type: number; total: Decimal }[]> {
      const split = totalsSplit(f);
      if (!split) return lineSums(f);
      const [whole, ...edges] = await Promise.all([
        fromTotals(f, split, (q) =>
          q
            .select((eb) => ['t.account_id', 't.type', eb.fn.sum<number>('t.cents').as('cents')])
            .groupBy(['t.account_id', 't.type'])
            .execute()
            .then((rows) =>
              rows.map((r) => ({ accountId: Number(r.account_id), type: Number(r.type), total: new Decimal(r.cents ?? 0).div(100) })),
            ),
        ),
        ...split.edges.map(lineSums),
      ]);
      const byKey = new Map<string, { accountId: number; type: number; total: Decimal }>();
      for (const r of [whole, ...edges].flat()) {
        const key = `${r.accountId}:${r.type}`;
        const had = byKey.get(key);
        byKey.set(key, had ? { ...had, total: had.total.plus(r.total) } : r);
      }
      return [...byKey.values()];
    },

    /**
     * Per account, the orders among the lines' payments and the units in them. An order has one payment line
     * ((type, ref) unique), so its lines' units are counted once: the running totals' whole days and hours and the edges' lines.
     */
    async paidUnits(f: BillFilter): Promise<{ accountId: number; orders: number; units: number }[]> {
      if (f.type !== undefined && f.type !== BILL_TYPE.orderPayment) return [];
      const split = totalsSplit(f);
      if (!split) return linePaidUnits(f);
      const [whole, ...edges] = await Promise.all([
        fromTotals({ ...f, type: BILL_TYPE.orderPayment }, split, (q) =>
          q
            .select((eb) => ['t.account_id', eb.fn.sum<number>('t.orders').as('orders'), eb.fn.sum<number>('t.units').as('units')])
            .groupBy('t.account_id')
            .execute()
            .then((rows) =>
              rows.map((r) => ({ accountId: Number(r.account_id), orders: Number(r.orders ?? 0), units: Number(r.units ?? 0) })),
            ),
        ),
        ...split.edges.map(linePaidUnits),
      ]);
      const byAccount = new Map<number, { accountId: number; orders: number; units: number }>();
      for (const r of [whole, ...edges].flat()) {
        const had = byAccount.get(r.accountId);
        byAccount.set(r.accountId, had ? { ...had, orders: had.orders + r.orders, units: had.units + r.units } : r);
      }
      return [...byAccount.values()].filter((r) => r.orders > 0);
    },
  };
};
export type BillQueries = ReturnType<typeof billQueries>;
