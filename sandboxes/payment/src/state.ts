import { randomUUID, type KeyObject } from 'node:crypto';

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

/** One notify delivery attempt: what the merchant answered, or why nothing was delivered. */
export interface NotifyAttempt {
  at: string;
  /** The merchant's answer body (cut to 200 characters), `(dropped)` for a failure asked for, or the error. */
  answer: string;
  ok: boolean;
}

export interface Trade {
  appId: string;
  outTradeNo: string;
  tradeNo: string;
  /** Yuan with two decimals, as Alipay writes amounts ("0.10"). */
  totalAmount: string;
  subject: string;
  status: TradeStatus;
  gmtCreate: string;
  gmtPayment?: string;
  notifyUrl?: string;
  returnUrl?: string;
  /** The last notify sent (signed), re-sent as it is by the replay control call. */
  notify?: Record<string, string>;
  attempts: NotifyAttempt[];
}

/** Alipay's time format, in Beijing time (UTC+8): `yyyy-MM-dd HH:mm:ss`. */
export const alipayTime = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** Everything the sandbox knows, in memory: registered apps and their trades. */
export class PaymentState {
  readonly apps = new Map<string, KeyObject>();
  private readonly trades = new Map<string, Trade>();
  /** Cashier page tokens → trade key. */
  readonly cashiers = new Map<string, string>();
  /** Notify delivery attempts still to drop (the control call's "fail the next N"). */
  dropNext = 0;
  private seq = 0;

  constructor(readonly now: () => number) {}

  trade(appId: string, outTradeNo: string): Trade | undefined {
    return this.trades.get(`${appId}\n${outTradeNo}`);
  }

  /** A new WAIT_BUYER_PAY trade (or the waiting one already made for this out_trade_no). */
  open(t: Pick<Trade, 'appId' | 'outTradeNo' | 'totalAmount' | 'subject' | 'notifyUrl' | 'returnUrl'>): Trade {
    const key = `${t.appId}\n${t.outTradeNo}`;
    const known = this.trades.get(key);
    if (known) return Object.assign(known, { subject: t.subject, notifyUrl: t.notifyUrl, returnUrl: t.returnUrl });
    const ms = this.now();
    // Alipay's trade_no: the date, a channel part, then a sequence (28 digits).
    const day = alipayTime(ms).slice(0, 10).replaceAll('-', '');
    const trade: Trade = {
      ...t,
      tradeNo: `${day}22001${String(++this.seq).padStart(15, '0')}`,
      status: 'WAIT_BUYER_PAY',
      gmtCreate: alipayTime(ms),
      attempts: [],
    };
    this.trades.set(key, trade);
    return trade;
  }

  cashierFor(trade: Trade): string {
    const token = randomUUID();
    this.cashiers.set(token, `${trade.appId}\n${trade.outTradeNo}`);
    return token;
  }

  byCashier(token: string): Trade | undefined {
    const key = this.cashiers.get(token);
    return key === undefined ? undefined : this.trades.get(key);
  }
}
