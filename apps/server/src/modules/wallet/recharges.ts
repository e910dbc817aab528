import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { message, rechargeAmount, type Lang } from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { PaymentProvider } from '../payments/index.js';
import { BILL_TYPE, moneyTransaction, rechargeQueries, walletQueries, type RechargeRecord } from './queries.js';
import { walletOf } from './service.js';

/** The path the provider posts its notify to (public, signed by the provider: docs/orders.md#recharging). */
export const NOTIFY_PATH = '/api/pay/notify';
/** A pending recharge is asked about once it is this old: its notify should have come by then. */
export const RECONCILE_AFTER_MS = 60_000;
/** Older pending recharges are left alone (the seller never paid); the provider closes its trade long before. */
const RECONCILE_WITHIN_MS = 7 * 24 * 3600_000;
const RECONCILE_BATCH = 100;

export interface RechargeDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The provider, asked for when first needed: the in-process sandbox fills its settings after start (docs/payments.md). */
  provider: () => PaymentProvider;
  /** This server's public URL (PUBLIC_URL), read at each recharge: where the provider sends the notify and the seller back. */
  publicUrl: () => string;
  now: () => number;
  log: Pick<Logger, 'warn' | 'error' | 'info'>;
}

/** Ours, unique per recharge: R, the time and random hex (letters and digits, within the provider's 64). */
const tradeNumber = (at: number) => `R${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(8).toString('hex')}`;

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Recharging the wallet through the payment provider (docs/orders.md#recharging): a pending recharge and the
 * provider's pay page; the provider's notify, or the reconcile asking it later, credits the wallet exactly
 * once: the recharge moves pending → paid and the bill line is written in one transaction.
 */
export function createRechargeService(deps: RechargeDeps) {
  const { db, now } = deps;
  const lock = deps.dialect === 'postgres';

  async function start(caller: Caller, input: string | number, lang: Lang, backTo: 'wallet' | 'phone' = 'wallet') {
    const amount = rechargeAmount(input);
    if (!amount) throw new AppError(400, 'rechargeAmountInvalid');
    let provider: PaymentProvider;
    try {
      provider = deps.provider();
    } catch (err) {
      deps.log.error({ err }, 'recharge: no payment provider');
      throw new AppError(503, 'rechargeUnavailable');
    }
    const at = now();
    const outTradeNo = tradeNumber(at);
    const id = await rechargeQueries(db).add({
      wallet_id: walletOf(caller),
      account_id: caller.id,
      office_id: caller.officeId ?? 0,
      amount,
      out_trade_no: outTradeNo,
      created_at: at,
    });
    const base = deps.publicUrl();
    const payUrl = provider.pagePayUrl({
      outTradeNo,
      amount,
      subject: message('rechargeSubject', lang),
      // Back to the page the seller started from (docs/orders.md#recharging), which follows the recharge.
      returnUrl: `${base}${backTo === 'phone' ? '/mobile-toolhome' : '/wallet'}?recharge=${id}`,
      notifyUrl: `${base}${NOTIFY_PATH}`,
    });
    return { recharge_id: id, pay_url: payUrl };
  }

  async function get(caller: Caller, id: number) {
    const r = await rechargeQueries(db).owned(caller.scope.accountIds, id);
    if (!r) throw new AppError(404, 'rechargeNotFound');
    return {
      id: r.id,
      amount: r.amount,
      status: r.status,
      out_trade_no: r.out_trade_no,
      createtime: seconds(r.created_at),
      paid_at: seconds(r.paid_at),
    };
  }

  /**
   * Pending → paid and the wallet credited, in one transaction; false when it was not pending any more (a
   * replay, a concurrent notify, the reconcile first). The bill line's ref is the trade number: (type, ref) is
   * unique on bills, a second line could not be written anyway.
   */
  async function credit(r: RechargeRecord, tradeNo: string): Promise<boolean> {
    return moneyTransaction(db, async (trx) => {
      const at = now();
      if (!(await rechargeQueries(trx).markPaid(r.id, tradeNo, at))) return false;
      await walletQueries(trx).move(
        {
          walletId: r.wallet_id,
          accountId: r.account_id,
          officeId: r.office_id,
          type: BILL_TYPE.recharge,
          amount: new Decimal(r.amount),
          orderNo: '',
          ref: r.out_trade_no,
          at,
        },
        lock,
      );
      return true;
    });
  }

  /** Whether what the provider says was paid is this recharge's amount, compared as decimals (10.5 = 10.50). */
  const sameAmount = (r: RechargeRecord, paid: string | undefined) => {
    try {
      return paid !== undefined && new Decimal(paid).equals(r.amount);
    } catch {
      return false;
    }
  };

  /**
   * The provider's notify (its form body as parsed). Answers `success` when it is authentic and ours (signature,
   * app, a known recharge of that amount), recorded or already recorded, so the provider stops repeating it;
   * `failure` otherwise, and nothing changes. A notify of an unpaid state is acknowledged and changes nothing.
   */
  async function notify(params: Record<string, string>): Promise<'success' | 'failure'> {
    const v = deps.provider().verifyNotify(params);
    if (!v.ok) {
      deps.log.warn({ out_trade_no: params.out_trade_no }, 'payment notify refused: signature or app');
      return 'failure';
    }
    const r = await rechargeQueries(db).byTradeNo(v.outTradeNo);
    if (!r) {
      deps.log.warn({ out_trade_no: v.outTradeNo }, 'payment notify of an unknown recharge');
      return 'failure';
    }
    if (!sameAmount(r, v.totalAmount)) {
      deps.log.error({ out_trade_no: v.outTradeNo, amount: r.amount, paid: v.totalAmount }, 'payment notify of another amount');
      return 'failure';
    }
    if (v.paid && (await credit(r, v.tradeNo))) deps.log.info({ out_trade_no: r.out_trade_no, amount: r.amount }, 'recharge credited');
    return 'success';
  }

  /**
   * For notifies that never came (docs/orders.md#recharging): pending recharges older than a minute are asked
   * about; paid → credited as the notify would (once), closed → closed. Answers how many were credited.
   */
  async function reconcile(): Promise<{ credited: number; closed: number }> {
    const at = now();
    const pending = await rechargeQueries(db).pendingBetween(at - RECONCILE_WITHIN_MS, at - RECONCILE_AFTER_MS, RECONCILE_BATCH);
    let credited = 0;
    let closed = 0;
    if (pending.length === 0) return { credited, closed };
    const provider = deps.provider();
    for (const r of pending) {
      try {
        const t = await provider.queryTrade(r.out_trade_no);
        if (t.state === 'paid' && t.tradeNo) {
          if (!sameAmount(r, t.totalAmount)) {
            deps.log.error({ out_trade_no: r.out_trade_no, amount: r.amount, paid: t.totalAmount }, 'recharge paid with another amount');
            continue;
          }
          if (await credit(r, t.tradeNo)) credited++;
        } else if (t.state === 'closed' && (await rechargeQueries(db).markClosed(r.id))) closed++;
      } catch (err) {
        deps.log.warn({ err, out_trade_no: r.out_trade_no }, 'recharge reconcile: the trade query failed');
      }
    }
    if (credited + closed > 0) deps.log.info({ credited, closed }, 'recharges reconciled');
    return { credited, closed };
  }

  return { start, get, notify, reconcile };
}
export type RechargeService = ReturnType<typeof createRechargeService>;
