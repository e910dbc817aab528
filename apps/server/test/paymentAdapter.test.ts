import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultAppConfig, loadConfig, type AppConfig } from '../src/config.js';
import { paymentProviderFrom, startPaymentSandboxIfUnset, type PaymentProvider } from '../src/modules/payments/index.js';

/**
 * The payment adapter (docs/payments.md#the-adapter) against the payment sandbox started as `npm start`
 * starts it (its own thread, a key pair made and registered at start), over real HTTP: the pay URL the
 * sandbox accepts, the notify checked with the SDK, tampered notifies refused, the trade query's states.
 * No database.
 */
let config: AppConfig;
let sandbox: { close(): Promise<void> };
let provider: PaymentProvider;
let gateway: string;
const received: Record<string, string>[] = [];
const notifyServer = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push(Object.fromEntries(new URLSearchParams(body)));
    res.end('success');
  });
});
let notifyUrl: string;
beforeAll(async () => {
  config = defaultAppConfig(os.tmpdir());
  sandbox = await startPaymentSandboxIfUnset(config);
  provider = paymentProviderFrom(config);
  gateway = new URL(config.payment.gatewayUrl!).origin;
  await new Promise<void>((r) => notifyServer.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as { port: number }).port}/api/payments/notify`;
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((r) => notifyServer.close(r));
});

let seq = 0;
const recharge = (amount = '88.80') => ({
  outTradeNo: `R${Date.now()}_${++seq}`,
  amount,
  subject: '钱包充值',
  returnUrl: 'http://localhost:8080/wallet',
  notifyUrl,
});
const control = (p: string, body: unknown) =>
  fetch(`${gateway}/sandbox/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function paidNotify(amount = '88.80') {
  const r = recharge(amount);
  const res = await control('trades/pay', { url: provider.pagePayUrl(r) });
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(received.find((n) => n.out_trade_no === r.outTradeNo)).toBeDefined());
  return {
    r,
    notify: received.find((n) => n.out_trade_no === r.outTradeNo)!,
    tradeNo: ((await res.json()) as { trade_no: string }).trade_no,
  };
}

describe('payment adapter against the sandbox', () => {
  it('started the sandbox in-process and filled the payment settings', () => {
    expect(config.payment).toMatchObject({ appId: expect.any(String), sandboxInProcess: true });
    expect(config.payment.gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/gateway\.do$/);
  });

  it('makes a pay URL the cashier accepts, with the amount and subject', async () => {
    const page = await fetch(provider.pagePayUrl(recharge('0.5')));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<strong data-amount>0.50</strong>');
    expect(html).toContain('钱包充值');
  });

  it('verifies the notify of a paid trade', async () => {
    const { r, notify, tradeNo } = await paidNotify();
    expect(provider.verifyNotify(notify)).toEqual({ ok: true, outTradeNo: r.outTradeNo, tradeNo, totalAmount: '88.80', paid: true });
  });

  it('refuses tampered notifies', async () => {
    const { notify } = await paidNotify();
    const { sign: _sign, ...unsigned } = notify;
    for (const bad of [
      { ...notify, total_amount: '8880.00' },
      { ...notify, out_trade_no: 'R_other' },
      { ...notify, trade_status: 'TRADE_CLOSED' },
      { ...notify, sign: notify.sign!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      unsigned,
    ])
      expect(provider.verifyNotify(bad)).toEqual({ ok: false });
  });

  it('says what was paid: the amount and the trade, for the caller to compare with the recharge', async () => {
    const { r, notify } = await paidNotify('10.5');
    // Alipay writes two decimals: the caller compares amounts as decimals (10.5 = 10.50), never as text.
    expect(provider.verifyNotify(notify)).toMatchObject({ ok: true, outTradeNo: r.outTradeNo, totalAmount: '10.50', paid: true });
    const other = await paidNotify('10.51');
    expect(provider.verifyNotify(other.notify)).toMatchObject({ ok: true, outTradeNo: other.r.outTradeNo, totalAmount: '10.51' });
  });

  it('queries a trade: unknown, waiting, paid, closed', async () => {
    const r = recharge();
    expect(await provider.queryTrade(r.outTradeNo)).toEqual({ state: 'unknown' });
    const html = await (await fetch(provider.pagePayUrl(r))).text();
    expect(await provider.queryTrade(r.outTradeNo)).toMatchObject({ state: 'waiting', totalAmount: '88.80' });
    const paid = await control('trades/pay', { app_id: config.payment.appId, out_trade_no: r.outTradeNo });
    const { trade_no: tradeNo } = (await paid.json()) as { trade_no: string };
    expect(await provider.queryTrade(r.outTradeNo)).toEqual({ state: 'paid', tradeNo, totalAmount: '88.80' });
    expect(html).toContain('付款');

    const c = recharge();
    const cancel = /action="(\/cashier\/[^"]+\/cancel)"/.exec(await (await fetch(provider.pagePayUrl(c))).text())![1]!;
    await fetch(`${gateway}${cancel}`, { method: 'POST' });
    expect(await provider.queryTrade(c.outTradeNo)).toMatchObject({ state: 'closed' });
  });
});

describe('payment configuration', () => {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const bare = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
  const env = (o: Record<string, string>) => loadConfig({ PAYMENT_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do', ...o }).app.payment;

  it('takes the keys as PEM, bare base64 or a file path', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paykey-')), 'app_private_key.pem');
    fs.writeFileSync(file, keys.privateKey);
    for (const [priv, pub] of [
      [keys.privateKey, keys.publicKey],
      [bare(keys.privateKey), bare(keys.publicKey)],
      [file, bare(keys.publicKey)],
    ] as const) {
      const p = env({ PAYMENT_APP_ID: '2021000000000009', PAYMENT_APP_PRIVATE_KEY: priv, PAYMENT_ALIPAY_PUBLIC_KEY: pub });
      expect(p.appPrivateKey).toContain(bare(keys.privateKey).slice(0, 40));
      expect(() => paymentProviderFrom({ ...config, payment: p })).not.toThrow();
    }
  });

  it('refuses a gateway without its keys, keys without a gateway, and a key that does not read', () => {
    expect(() => env({ PAYMENT_APP_ID: '1' })).toThrow(/PAYMENT_APP_PRIVATE_KEY, PAYMENT_ALIPAY_PUBLIC_KEY: required/);
    expect(() => loadConfig({ PAYMENT_APP_ID: '1' })).toThrow(/PAYMENT_APP_ID: set without PAYMENT_GATEWAY_URL/);
    expect(() => env({ PAYMENT_APP_ID: '1', PAYMENT_APP_PRIVATE_KEY: 'nope', PAYMENT_ALIPAY_PUBLIC_KEY: keys.publicKey })).toThrow(
      /PAYMENT_APP_PRIVATE_KEY: not an RSA private key/,
    );
    expect(() => paymentProviderFrom(defaultAppConfig(os.tmpdir()))).toThrow(/No payment provider/);
  });
});
