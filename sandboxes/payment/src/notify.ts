import { randomUUID, type KeyObject } from 'node:crypto';
import { rsa2Sign, signContent } from './signing.js';
import { alipayTime, type PaymentState, type Trade } from './state.js';

/** The default pause before each retry of a notify the merchant did not answer `success` to. */
export const NOTIFY_RETRY_MS = [200, 1000, 5000, 15000];

/** What Alipay sends the merchant's browser and server once a trade is paid, signed with "Alipay's" key. */
export class Payments {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly state: PaymentState,
    private readonly alipayKey: KeyObject,
    private readonly retryMs: readonly number[],
  ) {}

  /** Signs as Alipay signs what it sends: sign and sign_type are left out of the signed string. */
  signed(params: Record<string, string>): Record<string, string> {
    return { ...params, sign: rsa2Sign(signContent(params, ['sign', 'sign_type']), this.alipayKey) };
  }

  /** Marks the trade paid and sends its notify; answers the browser's return address (signed sync return). */
  pay(trade: Trade): string | undefined {
    const now = this.state.now();
    trade.status = 'TRADE_SUCCESS';
    trade.gmtPayment = alipayTime(now);
    const common = { app_id: trade.appId, charset: 'utf-8', version: '1.0', sign_type: 'RSA2' };
    if (trade.notifyUrl) {
      trade.notify = this.signed({
        ...common,
        notify_time: alipayTime(now),
        notify_type: 'trade_status_sync',
        notify_id: randomUUID().replaceAll('-', ''),
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        total_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        trade_status: trade.status,
        gmt_create: trade.gmtCreate,
        gmt_payment: trade.gmtPayment,
        subject: trade.subject,
      });
      this.deliver(trade);
    }
    if (!trade.returnUrl) return undefined;
    const back = this.signed({
      ...common,
      method: 'alipay.trade.page.pay.return',
      timestamp: alipayTime(now),
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
    });
    const url = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries(back)) url.searchParams.set(k, v);
    return url.href;
  }

  /** Sends the trade's last notify, as it is, again and again until the merchant answers exactly `success`. */
  deliver(trade: Trade, attempt = 0): void {
    if (this.closed || !trade.notify || !trade.notifyUrl) return;
    const retry = (answer: string) => {
      trade.attempts.push({ at: alipayTime(this.state.now()), answer, ok: false });
      const wait = this.retryMs[attempt];
      if (wait === undefined || this.closed) return;
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.deliver(trade, attempt + 1);
      }, wait);
      this.timers.add(t);
    };
    if (this.state.dropNext > 0) {
      this.state.dropNext--;
      return retry('(dropped)');
    }
    fetch(trade.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(trade.notify).toString(),
      signal: AbortSignal.timeout(5000),
    })
      .then(async (res) => {
        const answer = (await res.text()).slice(0, 200);
        if (res.status === 200 && answer === 'success') trade.attempts.push({ at: alipayTime(this.state.now()), answer, ok: true });
        else retry(`${res.status} ${answer}`);
      })
      .catch((e: unknown) => retry(e instanceof Error ? e.message : String(e)));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
