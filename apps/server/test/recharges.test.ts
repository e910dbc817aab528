import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@app/contract';
import { startPaymentSandboxIfUnset } from '../src/modules/payments/index.js';
import { BILL_TYPE, NOTIFY_PATH, RECONCILE_AFTER_MS } from '../src/modules/wallet/index.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';

/**
 * Recharging the wallet through the payment sandbox (docs/orders.md#recharging), on both databases: the server
 * listens on a real port so the sandbox's thread can post the notify, as the provider would.
 */
let app: TestApp;
let sandbox: { close(): Promise<void> };
let gateway: string;
let base: string;

beforeAll(async () => {
  app = await buildTestApp();
  sandbox = await startPaymentSandboxIfUnset(app.config);
  gateway = new URL(app.config.payment.gatewayUrl!).origin;
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
  app.config.publicUrl = base;
  const reg = await app.api(routes.register, { body: { username: 'rechargerival', password: TEST_PASSWORD } });
  expect(reg.body.code, reg.text).toBe(1);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

const control = async (p: string, body: unknown) => {
  const res = await fetch(`${gateway}/sandbox/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
};
const trade = async (outTradeNo: string) =>
  (await (await fetch(`${gateway}/sandbox/trades?app_id=${app.config.payment.appId}&out_trade_no=${outTradeNo}`)).json()) as {
    notify?: Record<string, string>;
    attempts?: { answer?: string }[];
  };

const balance = async (as = 'demo') => (await app.api(routes.walletInfo, { as })).data.balance;
const rechargeBills = async (ref: string) =>
  app.db.db.selectFrom('bill').selectAll().where('type', '=', BILL_TYPE.recharge).where('ref', '=', ref).execute();
const row = (id: number) => app.db.db.selectFrom('recharge').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function recharge(amount: string | number, as = 'demo') {
  const res = await app.api(routes.walletRecharge, { as, body: { amount } });
  expect(res.body.code, res.text).toBe(1);
  const r = await row(res.data.recharge_id);
  return { ...res.data, outTradeNo: r.out_trade_no };
}
const status = async (id: number, as = 'demo') => (await app.api(routes.walletGetRecharge, { as, query: { id } })).data?.status;

/** Posts a notify's form to the server as the provider does. */
const postNotify = async (form: Record<string, string>) => {
  const res = await fetch(`${base}${NOTIFY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** A recharge paid through the sandbox, its notify delivered and answered success. */
async function paid(amount: string) {
  const before = await balance();
  const r = await recharge(amount);
  const pay = await control('trades/pay', { url: r.pay_url });
  expect(pay.return_url).toContain(`/wallet?recharge=${r.recharge_id}`);
  await vi.waitFor(async () => expect(await status(r.recharge_id)).toBe('paid'), { timeout: 10_000, interval: 50 });
  const t = await trade(r.outTradeNo);
  return { ...r, before, notify: t.notify! };
}

describe('recharging the wallet', () => {
  it('credits a paid recharge once, through the notify: the balance up and one bill line', async () => {
    const r = await paid('50');
    expect(await balance()).toBe(r.before === undefined ? '' : (Number(r.before) + 50).toFixed(2));
    const bills = await rechargeBills(r.outTradeNo);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ amount: '50.00', order_no: '' });
    const info = await app.api(routes.walletInfo, { as: 'demo' });
    expect(info.data.bills[0]).toMatchObject({ type: BILL_TYPE.recharge, amount: '50.00', balance: info.data.balance });
    const got = await app.api(routes.walletGetRecharge, { as: 'demo', query: { id: r.recharge_id } });
    expect(got.data).toMatchObject({ status: 'paid', amount: '50.00', out_trade_no: r.outTradeNo });
    expect(got.data.paid_at).toBeGreaterThan(0);
    // The sandbox saw `success` and stopped repeating it.
    await vi.waitFor(async () => expect((await trade(r.outTradeNo)).attempts?.at(-1)?.answer).toBe('success'));
  });

  it("started on the phone, the pay page sends the seller back to the phone's personal centre", async () => {
    const res = await app.api(routes.walletRecharge, { as: 'demo', body: { amount: '12.00', back_to: 'phone' } });
    expect(res.body.code, res.text).toBe(1);
    const pay = await control('trades/pay', { url: res.data.pay_url });
    expect(pay.return_url).toContain(`/mobile-toolhome?recharge=${res.data.recharge_id}`);
    const odd = await app.api(routes.walletRecharge, { as: 'demo', body: { amount: '12.00', back_to: 'elsewhere' as 'phone' } });
    expect(odd.body.code).toBe(0);
  });

  it('the same notify 10 times at once credits once, and each is answered success', async () => {
    const r = await paid('12.34');
    const after = await balance();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(r.notify)));
    expect(answers.map((a) => a.text)).toEqual(Array(10).fill('success'));
    expect(answers[0]!.type).toMatch(/^text\/plain/);
    // A replay from the sandbox too.
    await control('trades/notify', { app_id: app.config.payment.appId, out_trade_no: r.outTradeNo });
    await vi.waitFor(async () => expect((await trade(r.outTradeNo)).attempts?.at(-1)?.answer).toBe('success'));
    expect(await balance()).toBe(after);
    expect(await rechargeBills(r.outTradeNo)).toHaveLength(1);
  });

  it('ten notifies of a recharge not yet credited at once credit it once', async () => {
    // The notify is lost (sent to an address nobody listens on), then delivered 10 times at once by hand.
    app.config.publicUrl = 'http://127.0.0.1:9';
    const r = await recharge('7.5');
    app.config.publicUrl = base;
    await control('trades/pay', { url: r.pay_url });
    await vi.waitFor(async () => expect((await trade(r.outTradeNo)).notify).toBeDefined());
    const form = (await trade(r.outTradeNo)).notify!;
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(form)));
    expect(answers.map((a) => a.text)).toEqual(Array(10).fill('success'));
    expect(await balance()).toBe((Number(before) + 7.5).toFixed(2));
    expect(await rechargeBills(r.outTradeNo)).toHaveLength(1);
    expect(await status(r.recharge_id)).toBe('paid');
  });

  it('a bad signature, another amount or an unknown trade changes nothing and is answered failure', async () => {
    app.config.publicUrl = 'http://127.0.0.1:9';
    const r = await recharge('20');
    app.config.publicUrl = base;
    await control('trades/pay', { url: r.pay_url });
    await vi.waitFor(async () => expect((await trade(r.outTradeNo)).notify).toBeDefined());
    const form = (await trade(r.outTradeNo)).notify!;
    const before = await balance();
    const flipped = form.sign!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const bad of <Record<string, string>[]>[
      { ...form, sign: flipped },
      { ...form, total_amount: '2000.00' },
      { ...form, out_trade_no: 'R_unknown' },
      { total_amount: '20.00', out_trade_no: r.outTradeNo },
    ])
      expect((await postNotify(bad)).text).toBe('failure');
    expect(await balance()).toBe(before);
    expect(await rechargeBills(r.outTradeNo)).toHaveLength(0);
    expect(await status(r.recharge_id)).toBe('pending');
  });

  it('a notify of another amount, signed by the provider, changes nothing', async () => {
    // The provider's trade of 30.00 for a recharge recorded as 30.01: its genuine notify does not match.
    app.config.publicUrl = 'http://127.0.0.1:9';
    const r = await recharge('30');
    app.config.publicUrl = base;
    await app.db.db.updateTable('recharge').set({ amount: '30.01' }).where('id', '=', r.recharge_id).execute();
    await control('trades/pay', { url: r.pay_url });
    await vi.waitFor(async () => expect((await trade(r.outTradeNo)).notify).toBeDefined());
    const before = await balance();
    expect((await postNotify((await trade(r.outTradeNo)).notify!)).text).toBe('failure');
    expect(await balance()).toBe(before);
    expect(await status(r.recharge_id)).toBe('pending');
  });

  it('the reconcile credits a recharge whose notify never came, once, and closes a cancelled one', async () => {
    app.config.publicUrl = 'http://127.0.0.1:9';
    const r = await recharge('88.8');
    const c = await recharge('5');
    app.config.publicUrl = base;
    await control('trades/pay', { url: r.pay_url });
    // The cancelled one: the cashier's 取消.
    const page = await (await fetch(c.pay_url)).text();
    const cancel = /action="(\/cashier\/[^"]+\/cancel)"/.exec(page)![1]!;
    await fetch(`${gateway}${cancel}`, { method: 'POST', redirect: 'manual' });
    const before = await balance();
    // Younger than a minute: not asked yet.
    expect(await app.recharges.reconcile()).toEqual({ credited: 0, closed: 0 });
    app.clock.advance(RECONCILE_AFTER_MS + 1000);
    // Two reconciles at once (two job processes): each paid recharge is credited once. The one of 20.00 whose
    // notify was refused above (tampered copies only) was paid too, and is credited here as well.
    const [a, b] = await Promise.all([app.recharges.reconcile(), app.recharges.reconcile()]);
    expect(a.credited + b.credited).toBe(2);
    expect(a.closed + b.closed).toBe(1);
    expect(await balance()).toBe((Number(before) + 88.8 + 20).toFixed(2));
    expect(await rechargeBills(r.outTradeNo)).toHaveLength(1);
    expect(await status(r.recharge_id)).toBe('paid');
    expect(await status(c.recharge_id)).toBe('closed');
    expect(await app.recharges.reconcile()).toEqual({ credited: 0, closed: 0 });
  });

  it("another account's recharge is not found", async () => {
    const r = await recharge('1');
    const res = await app.api(routes.walletGetRecharge, { as: 'rechargerival', query: { id: r.recharge_id } });
    expect(res.status).toBe(404);
    expect((await app.api(routes.walletGetRecharge, { as: 'demo', query: { id: 999999 } })).status).toBe(404);
  });

  it('refuses amounts outside 0.01–100000.00 or with more than two decimals, with a clear message', async () => {
    for (const amount of ['0', '0.001', '100000.01', '-5', 'abc', '', '1e3', 12.345, 0, 1.5e6, ' 5 5']) {
      const res = await app.api(routes.walletRecharge, { as: 'demo', body: { amount }, headers: { 'accept-language': 'en' } });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.msg).toContain('0.01 to 100000.00');
    }
    for (const [amount, text] of [
      ['0.01', '0.01'],
      ['100000', '100000.00'],
      [12.3, '12.30'],
      ['050.5', '50.50'],
    ] as const) {
      const r = await recharge(amount);
      expect((await row(r.recharge_id)).amount).toBe(text);
    }
  });

  it('the notify route needs no session and is not refused as cross-site', async () => {
    const res = await fetch(`${base}${NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://example.com' },
      body: 'out_trade_no=x',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('failure');
  });
});
