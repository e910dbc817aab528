import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlipaySdk } from 'alipay-sdk';
import { startPaymentSandbox, type PaymentSandbox } from '../src/index.js';
import { appOn, notifyReceiver, post } from './merchant.js';

// The payment sandbox over real HTTP, driven by the official Alipay SDK the server uses: the page pay's
// checks, the cashier, the notify (signature, retries, replays) and alipay.trade.query.
let sb: PaymentSandbox;
let sdk: AlipaySdk;
let merchant: Awaited<ReturnType<typeof notifyReceiver>>;
let seq = 0;
beforeAll(async () => {
  sb = await startPaymentSandbox({ notifyRetryMs: [10, 10, 10] });
  ({ sdk } = await appOn(sb.url, '2021000000000001'));
  merchant = await notifyReceiver();
});
afterAll(async () => {
  await sb.close();
  await merchant.close();
});

const tradeNo = () => `T_${Date.now()}_${++seq}`;
const biz = (o: Record<string, string> = {}) => ({
  out_trade_no: tradeNo(),
  total_amount: '88.80',
  subject: '钱包充值',
  product_code: 'FAST_INSTANT_TRADE_PAY',
  ...o,
});
const payUrl = (b: Record<string, string>, s = sdk) =>
  s.pageExecute('alipay.trade.page.pay', 'GET', { bizContent: b, returnUrl: 'http://shop.test/back', notifyUrl: merchant.url });
const open = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, html: await res.text() };
};
const refusal = (html: string) => ({
  subCode: /data-sub-code>([^<]+)</.exec(html)?.[1],
  field: /data-field>([^<]+)</.exec(html)?.[1],
});
const query = (outTradeNo: string, s = sdk) =>
  s.exec('alipay.trade.query', { bizContent: { out_trade_no: outTradeNo } }, { validateSign: true });
const notifiesOf = (outTradeNo: string) => merchant.received.filter((n) => n.out_trade_no === outTradeNo);

describe('page pay', () => {
  it('shows the cashier with the amount, the subject, 付款 and 取消', async () => {
    const page = await open(payUrl(biz({ total_amount: '0.1' })));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<strong data-amount>0.10</strong>');
    expect(page.html).toContain('钱包充值');
    expect(page.html).toContain('付款');
    expect(page.html).toContain('取消');
  });

  it('takes the parameters in a form body too (the SDK’s POST form)', async () => {
    const url = new URL(payUrl(biz()));
    const res = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: url.searchParams.toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-amount');
  });

  it('refuses an unknown app, naming app_id', async () => {
    const { sdk: other } = await appOn(sb.url, '2021000000000002');
    const url = payUrl(biz(), other).replace('2021000000000002', '2021000000009999');
    const page = await open(url);
    expect(page.status).toBe(400);
    expect(refusal(page.html)).toEqual({ subCode: 'isv.invalid-app-id', field: 'app_id' });
  });

  it('refuses a bad signature: a parameter changed after signing, or another app’s key', async () => {
    const tampered = payUrl(biz()).replace('88.80', '0.01');
    expect(refusal((await open(tampered)).html)).toEqual({ subCode: 'isv.invalid-signature', field: 'sign' });
    const { sdk: other } = await appOn(sb.url, '2021000000000003');
    const signedByOther = payUrl(biz(), other).replace('2021000000000003', '2021000000000001');
    expect(refusal((await open(signedByOther)).html)).toEqual({ subCode: 'isv.invalid-signature', field: 'sign' });
  });

  it('refuses a bad amount, naming total_amount', async () => {
    for (const total_amount of ['0', '0.001', '1.234', '100000000.01', '-1', 'abc', '1e3']) {
      const page = await open(payUrl(biz({ total_amount })));
      expect(page.status, total_amount).toBe(400);
      expect(refusal(page.html).field, total_amount).toBe('total_amount');
    }
    expect((await open(payUrl(biz({ total_amount: '100000000' })))).status).toBe(200);
    expect((await open(payUrl(biz({ total_amount: '0.01' })))).status).toBe(200);
  });

  it('refuses the other business fields as the page pay documents them', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ out_trade_no: 'x'.repeat(65) }, 'out_trade_no'],
      [{ out_trade_no: 'a-b' }, 'out_trade_no'],
      [{ subject: 's'.repeat(257) }, 'subject'],
      [{ product_code: 'QUICK_WAP_WAY' }, 'product_code'],
    ];
    for (const [o, field] of cases) expect(refusal((await open(payUrl(biz(o)))).html).field).toBe(field);
  });

  it('refuses an out_trade_no already paid with another amount, and one already paid', async () => {
    const b = biz();
    expect((await post(`${sb.url}/sandbox/trades/pay`, { url: payUrl(b) })).status).toBe(200);
    const other = await open(payUrl({ ...b, total_amount: '88.81' }));
    expect(refusal(other.html)).toEqual({ subCode: 'ACQ.CONTEXT_INCONSISTENT', field: 'total_amount' });
    expect(refusal((await open(payUrl(b))).html)).toEqual({ subCode: 'ACQ.TRADE_HAS_SUCCESS', field: 'out_trade_no' });
    // 88.8 is the same amount as 88.80.
    expect(refusal((await open(payUrl({ ...b, total_amount: '88.8' }))).html).subCode).toBe('ACQ.TRADE_HAS_SUCCESS');
  });
});

describe('paying and the notify', () => {
  it('付款 redirects to return_url with signed return params and sends a notify the SDK verifies', async () => {
    const b = biz();
    const page = await open(payUrl(b));
    const action = /action="(\/cashier\/[^"]+\/pay)"/.exec(page.html)![1]!;
    const res = await fetch(`${sb.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://shop.test/back');
    const ret = Object.fromEntries(back.searchParams);
    expect(ret).toMatchObject({ method: 'alipay.trade.page.pay.return', out_trade_no: b.out_trade_no, total_amount: '88.80' });
    expect(sdk.checkNotifySignV2(ret)).toBe(true);

    await vi.waitFor(() => expect(notifiesOf(b.out_trade_no)).toHaveLength(1));
    const n = notifiesOf(b.out_trade_no)[0]!;
    expect(n).toMatchObject({
      notify_type: 'trade_status_sync',
      app_id: '2021000000000001',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: ret.trade_no,
      out_trade_no: b.out_trade_no,
      total_amount: '88.80',
      receipt_amount: '88.80',
      trade_status: 'TRADE_SUCCESS',
      subject: '钱包充值',
    });
    for (const f of ['notify_time', 'notify_id', 'gmt_create', 'gmt_payment']) expect(n[f]).toBeTruthy();
    expect(sdk.checkNotifySignV2(n)).toBe(true);
    expect(sdk.checkNotifySignV2({ ...n, total_amount: '0.01' })).toBe(false);
  });

  it('retries until the merchant answers exactly `success`', async () => {
    merchant.answers.push('fail', 'success ', 'SUCCESS');
    const b = biz();
    await post(`${sb.url}/sandbox/trades/pay`, { url: payUrl(b) });
    await vi.waitFor(() => expect(notifiesOf(b.out_trade_no)).toHaveLength(4));
    const trade = (await (await fetch(`${sb.url}/sandbox/trades?app_id=2021000000000001&out_trade_no=${b.out_trade_no}`)).json()) as any;
    expect(trade.attempts.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, false, true]);
    // Every attempt carries the same signed notify.
    expect(new Set(notifiesOf(b.out_trade_no).map((n) => n.notify_id)).size).toBe(1);
  });

  it('fails the next N deliveries when asked, then delivers', async () => {
    expect((await post(`${sb.url}/sandbox/notify-failures`, { count: 2 })).status).toBe(200);
    const b = biz();
    await post(`${sb.url}/sandbox/trades/pay`, { url: payUrl(b) });
    await vi.waitFor(() => expect(notifiesOf(b.out_trade_no)).toHaveLength(1));
    const trade = (await (await fetch(`${sb.url}/sandbox/trades?app_id=2021000000000001&out_trade_no=${b.out_trade_no}`)).json()) as any;
    expect(trade.attempts.map((a: { answer: string }) => a.answer)).toEqual(['(dropped)', '(dropped)', 'success']);
  });

  it('re-sends a trade’s notify as it was (a replay)', async () => {
    const b = biz();
    await post(`${sb.url}/sandbox/trades/pay`, { url: payUrl(b) });
    await vi.waitFor(() => expect(notifiesOf(b.out_trade_no)).toHaveLength(1));
    expect((await post(`${sb.url}/sandbox/trades/notify`, { app_id: '2021000000000001', out_trade_no: b.out_trade_no })).status).toBe(200);
    await vi.waitFor(() => expect(notifiesOf(b.out_trade_no)).toHaveLength(2));
    const [first, again] = notifiesOf(b.out_trade_no);
    expect(again).toEqual(first);
  });
});

describe('alipay.trade.query', () => {
  it('answers ACQ.TRADE_NOT_EXIST, then WAIT_BUYER_PAY, TRADE_SUCCESS; TRADE_CLOSED after 取消 (signed answers)', async () => {
    const b = biz();
    expect(await query(b.out_trade_no)).toMatchObject({ code: '40004', subCode: 'ACQ.TRADE_NOT_EXIST' });
    const page = await open(payUrl(b));
    expect(await query(b.out_trade_no)).toMatchObject({
      code: '10000',
      msg: 'Success',
      tradeStatus: 'WAIT_BUYER_PAY',
      totalAmount: '88.80',
    });
    await post(`${sb.url}/sandbox/trades/pay`, { app_id: '2021000000000001', out_trade_no: b.out_trade_no });
    const paid = await query(b.out_trade_no);
    expect(paid).toMatchObject({ code: '10000', tradeStatus: 'TRADE_SUCCESS', outTradeNo: b.out_trade_no });
    expect(paid.tradeNo).toMatch(/^\d{28}$/);
    expect(page.status).toBe(200);

    const c = biz();
    const cashier = await open(payUrl(c));
    const cancel = /action="(\/cashier\/[^"]+\/cancel)"/.exec(cashier.html)![1]!;
    expect((await fetch(`${sb.url}${cancel}`, { method: 'POST' })).status).toBe(200);
    expect(await query(c.out_trade_no)).toMatchObject({ code: '10000', tradeStatus: 'TRADE_CLOSED' });
  });

  it('refuses a query from an unknown app and one with a bad signature', async () => {
    const { sdk: other } = await appOn(sb.url, '2021000000000004');
    other.config.appId = '2021000000000098';
    expect(await query('X1', other)).toMatchObject({ code: '40002', subCode: 'isv.invalid-app-id' });
    other.config.appId = '2021000000000001';
    expect(await query('X1', other)).toMatchObject({ code: '40002', subCode: 'isv.invalid-signature' });
  });
});
