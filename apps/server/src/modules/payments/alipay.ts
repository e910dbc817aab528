import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { PaymentProvider, TradeState } from './provider.js';

export interface AlipaySettings {
  /** The gateway, e.g. https://openapi.alipay.com/gateway.do. */
  gatewayUrl: string;
  appId: string;
  /** PEM (PKCS#1 or PKCS#8) or bare base64 as Alipay's key tool gives it. */
  appPrivateKey: string;
  /** PEM or bare base64 (SPKI), as Alipay's console shows 支付宝公钥. */
  alipayPublicKey: string;
  /** Milliseconds a trade query may take; the SDK's default is 5000. */
  timeoutMs?: number;
}

/** The app key as PKCS#1 PEM, the SDK's default key type, whatever form it was given in. */
function pkcs1(key: string): string {
  const der = () => Buffer.from(key.replace(/\s+/g, ''), 'base64');
  let k;
  if (key.includes('-----BEGIN')) k = createPrivateKey(key);
  else {
    try {
      k = createPrivateKey({ key: der(), format: 'der', type: 'pkcs8' });
    } catch {
      k = createPrivateKey({ key: der(), format: 'der', type: 'pkcs1' });
    }
  }
  return k.export({ format: 'pem', type: 'pkcs1' }).toString();
}

const STATES: Record<string, TradeState['state']> = {
  WAIT_BUYER_PAY: 'waiting',
  TRADE_SUCCESS: 'paid',
  // Paid, and past the refund period (alipay.trade.query).
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/**
 * Alipay's computer-website pay through the official SDK (alipay-sdk): it signs the requests and checks
 * every signature Alipay sends (docs/payments.md#the-adapter); nothing here signs or verifies by hand.
 */
export function alipayProvider(s: AlipaySettings): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: s.appId,
    privateKey: pkcs1(s.appPrivateKey),
    alipayPublicKey: s.alipayPublicKey,
    gateway: s.gatewayUrl,
    timeout: s.timeoutMs ?? 5000,
  });
  return {
    pagePayUrl: (r) =>
      sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: { out_trade_no: r.outTradeNo, total_amount: r.amount, subject: r.subject, product_code: 'FAST_INSTANT_TRADE_PAY' },
        returnUrl: r.returnUrl,
        notifyUrl: r.notifyUrl,
      }),

    verifyNotify(params) {
      // The notify's values arrive decoded (a parsed form): the SDK must not decode them again (checkNotifySignV2).
      if (!sdk.checkNotifySignV2(params)) return { ok: false };
      // A notify signed by Alipay for another app of ours is not this app's payment.
      const { app_id, out_trade_no, trade_no, total_amount, trade_status } = params;
      if (app_id !== s.appId || !out_trade_no || !trade_no || !total_amount) return { ok: false };
      return {
        ok: true,
        outTradeNo: out_trade_no,
        tradeNo: trade_no,
        totalAmount: total_amount,
        paid: trade_status === 'TRADE_SUCCESS' || trade_status === 'TRADE_FINISHED',
      };
    },

    async queryTrade(outTradeNo) {
      // validateSign: the answer must carry Alipay's signature, else the SDK throws.
      const r = await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: outTradeNo } }, { validateSign: true });
      if (r.code === '40004' && r.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      if (r.code !== '10000') throw new Error(`alipay.trade.query: ${r.code} ${String(r.subCode ?? '')} ${String(r.subMsg ?? r.msg)}`);
      const state = STATES[String(r.tradeStatus)];
      if (!state) throw new Error(`alipay.trade.query: unknown trade_status ${String(r.tradeStatus)}`);
      return { state, tradeNo: String(r.tradeNo), totalAmount: String(r.totalAmount) };
    },
  };
}
