import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isBusy, isDeadlock } from '../../db/text.js';
import { AppError } from '../../http/errors.js';

/** What a bill line shows (docs/orders.md#bills): the wallet page's latest lines, the bills' pages and the export. */
export const BILL_LINE_COLUMNS = [
  'bill.id',
  'bill.type',
  'bill.amount',
  'bill.balance',
  'bill.order_no',
  'bill.office_id',
  'bill.account_id',
  'bill.created_at',
] as const;

/** A bill line as the API sends it, its account's name beside it and its time in unix seconds. */
export function billLineOut(
  b: {
    id: number;
    type: number;
    amount: string;
    balance: string;
    order_no: string;
    office_id: number;
    account_id: number;
    created_at: number;
  },
  names: ReadonlyMap<number, { username: string }>,
) {
  return {
    id: b.id,
    type: b.type,
    amount: b.amount,
    balance: b.balance,
    order_no: b.order_no,
    username: names.get(b.account_id)?.username ?? '',
    office_id: b.office_id,
    createtime: Math.floor(b.created_at / 1000),
  };
}

/** Bill types (docs/orders.md#the-wallet; 4 membership: docs/membership.md#the-bill-line). */
export const BILL_TYPE = { recharge: 1, orderPayment: 2, refund: 3, membership: 4 } as const;

/** A movement lost a race with another on the same wallet: the caller's transaction is rolled back and run again. */
export class WalletRace extends Error {
  constructor() {
    super('the wallet moved meanwhile');
  }
}

/** Times a transaction moving money runs again after losing a race before the seller is asked to retry. */
const MONEY_ATTEMPTS = 20;

/**
 * Runs `fn` as one transaction that moves money (a payment, a refund, a recharge's credit), again when it lost
 * a race: another movement of the wallet in between (WalletRace), SQLite busy with another process's write, a
 * PostgreSQL deadlock; also when `alsoAgain` says so (an order number taken). After MONEY_ATTEMPTS the seller is
 * told the wallet is busy (409), never a database error.
 */
export async function moneyTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
  alsoAgain: (e: unknown) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (!(e instanceof WalletRace || isBusy(e) || isDeadlock(e) || alsoAgain(e))) throw e;
      if (attempt >= MONEY_ATTEMPTS) throw new AppError(409, 'walletBusy');
    }
  }
}

export interface Movement {
  /** The wallet: its top-level account. */
  walletId: number;
  /** The account that moved the money, and its office (0: none). */
  accountId: number;
  officeId: number;
  type: number;
  /** Signed: + into the wallet, − out of it. */
  amount: Decimal;
  orderNo: string;
  /** What it is for, once per type (the order number, the recharge's trade). */
  ref: string;
  at: number;
}

/**
 * The wallet's queries (docs/orders.md#the-wallet), on `db` (the caller's transaction when money moves with
 * something else, an order's payment). A balance is decimal text; it never goes below zero: a movement reads
 * the balance, works out the new one exactly and writes it only if the balance is still what it read
 * (another movement in between makes it a WalletRace, run again), with its bill line in the same transaction.
 */
export const walletQueries = (db: Kysely<Database>) => ({
  async balance(walletId: number): Promise<Decimal> {
    const row = await db.selectFrom('wallet').select('balance').where('owner_id', '=', walletId).executeTakeFirst();
    return new Decimal(row?.balance ?? 0);
  },

  /**
   * Moves money and records its bill line; answers the balance after. A debit beyond the balance is refused with
   * what is missing. With `lock` (PostgreSQL) the wallet's row is locked first, so movements of one wallet wait
   * for each other instead of racing (SQLite runs one transaction at a time anyway).
   */
  async move(m: Movement, lock: boolean): Promise<Decimal> {
    let read = db.selectFrom('wallet').select('balance').where('owner_id', '=', m.walletId);
    if (lock) read = read.forUpdate();
    const row = await read.executeTakeFirst();
    const before = new Decimal(row?.balance ?? 0);
    const after = before.plus(m.amount);
    if (after.isNegative()) throw new AppError(402, 'walletShortfall', { missing: after.negated().toFixed(2) });
    const text = after.toFixed(2);
    if (!row) {
      const res = await db
        .insertInto('wallet')
        .values({ owner_id: m.walletId, balance: text, updated_at: m.at })
        .onConflict((oc) => oc.column('owner_id').doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) !== 1) throw new WalletRace();
    } else {
      const res = await db
        .updateTable('wallet')
        .set({ balance: text, updated_at: m.at })
        .where('owner_id', '=', m.walletId)
        .where('balance', '=', row.balance)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new WalletRace();
    }
    await db
      .insertInto('bill')
      .values({
        wallet_id: m.walletId,
        account_id: m.accountId,
        office_id: m.officeId,
        type: m.type,
        amount: m.amount.toFixed(2),
        balance: text,
        order_no: m.orderNo,
        ref: m.ref,
        created_at: m.at,
      })
      .execute();
    return after;
  },

  /** Whether a movement of this type and ref was recorded. */
  hasMovement: async (type: number, ref: string) =>
    (await db.selectFrom('bill').select('id').where('type', '=', type).where('ref', '=', ref).executeTakeFirst()) !== undefined,

  /** The wallet an order was paid from and the account that paid (its payment's bill line), if it was paid. */
  payerOf: (orderNo: string) =>
    db
      .selectFrom('bill')
      .select(['wallet_id', 'account_id'])
      .where('type', '=', BILL_TYPE.orderPayment)
      .where('ref', '=', orderNo)
      .executeTakeFirst(),

  /** The wallet's latest bill lines of these accounts. */
  latestBills: (walletId: number, accountIds: readonly number[], limit: number) =>
    db
      .selectFrom('bill')
      .select(BILL_LINE_COLUMNS)
      .where('wallet_id', '=', walletId)
      .where('account_id', 'in', [...accountIds])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
});
export type WalletQueries = ReturnType<typeof walletQueries>;

/** A recharge's row (docs/orders.md#recharging). */
export interface RechargeRecord {
  id: number;
  wallet_id: number;
  account_id: number;
  office_id: number;
  amount: string;
  out_trade_no: string;
  trade_no: string;
  status: 'pending' | 'paid' | 'closed';
  created_at: number;
  paid_at: number;
}

/** The recharges' queries, on `db` (the crediting transaction when the wallet moves with them). */
export const rechargeQueries = (db: Kysely<Database>) => ({
  async add(r: Pick<RechargeRecord, 'wallet_id' | 'account_id' | 'office_id' | 'amount' | 'out_trade_no' | 'created_at'>) {
    const row = await db
      .insertInto('recharge')
      .values({ ...r, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  byTradeNo: (outTradeNo: string) =>
    db.selectFrom('recharge').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst() as Promise<RechargeRecord | undefined>,

  /** One of these accounts' recharges. */
  owned: (accountIds: readonly number[], id: number) =>
    db
      .selectFrom('recharge')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', 'in', [...accountIds])
      .executeTakeFirst() as Promise<RechargeRecord | undefined>,

  /**
   * pending → paid, only from pending: a replayed or concurrent notify (or the reconcile at the same moment)
   * finds it paid and moves nothing. On PostgreSQL the second writer waits for the first's row lock and then
   * sees the row no longer pending.
   */
  async markPaid(id: number, tradeNo: string, at: number): Promise<boolean> {
    const res = await db
      .updateTable('recharge')
      .set({ status: 'paid', trade_no: tradeNo, paid_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async markClosed(id: number): Promise<boolean> {
    const res = await db
      .updateTable('recharge')
      .set({ status: 'closed' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Pending recharges created within [from, to), oldest first. */
  pendingBetween: (from: number, to: number, limit: number) =>
    db
      .selectFrom('recharge')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('created_at')
      .limit(limit)
      .execute() as Promise<RechargeRecord[]>,
});
export type RechargeQueries = ReturnType<typeof rechargeQueries>;
