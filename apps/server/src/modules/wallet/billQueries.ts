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
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
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

    /** The lines' money per account and type, summed exactly. */
    async sums(f: BillFilter): Promise<{ accountId: number; type: number; total: Decimal }[]> {
      const rows = await filtered(f)
        .select(['bill.account_id', 'bill.type', money.expr.as('total')])
        .groupBy(['bill.account_id', 'bill.type'])
        .execute();
      return rows.map((r) => ({ accountId: Number(r.account_id), type: Number(r.type), total: money.read(r.total) }));
    },

    /**
     * Per account, the orders among the lines' payments and the units in them. An order has one payment line
     * ((type, ref) unique), so its lines' units are counted once.
     */
    async paidUnits(f: BillFilter): Promise<{ accountId: number; orders: number; units: number }[]> {
      if (f.type !== undefined && f.type !== BILL_TYPE.orderPayment) return [];
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
    },
  };
};
export type BillQueries = ReturnType<typeof billQueries>;
