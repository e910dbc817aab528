import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_PRICES, routes, type BodyOf } from '@app/contract';
import { addMonths } from '../src/modules/membership/index.js';
import { accountIdOf, creditWallet } from './support/orderFixtures.js';
import { buildTestApp, TEST_DB, TEST_PASSWORD, type TestApp } from './helper.js';

/**
 * Membership (docs/membership.md), on both databases: the plans anyone may read, and buying a level from the wallet
 * for a family. The clock is the test app's: a level's end is reached by moving it, never by waiting.
 *
 * demo (a level 2 granted without end, with demo-a and demo-b) buys V3; rival.shop (level 0, another family) is
 * refused for its balance, then buys V1 and lets it end.
 */
let t: TestApp;
const ids: Record<string, number> = {};
/** Catalogue products by the level they need: two at 0, one at 1, one at 2, two at 3. */
const products: Record<number, number> = {};

const seconds = (ms: number) => Math.floor(ms / 1000);
const upgrade = (as: string, body: BodyOf<typeof routes.memberUpgrade>, headers?: Record<string, string>) =>
  t.api(routes.memberUpgrade, { as, body, ...(headers ? { headers } : {}) });
const plans = async (as?: string) => {
  const res = await t.api(routes.memberPlans, as ? { as } : {});
  expect(res.status, res.text).toBe(200);
  return res.data;
};
const levelOf = async (as: string) => {
  const res = await t.api(routes.info, { as });
  expect(res.status, res.text).toBe(200);
  return res.data.level;
};
/** Whether `as` may design the product needing `level` (the editor's authorization). */
const authorized = async (as: string, level: number) =>
  (await t.api(routes.productDetail, { as, query: { product_id: products[level]! } })).data.authorization;
const balanceOf = async (as: string) => (await t.api(routes.walletInfo, { as })).data.balance;
const membershipBills = async (as: string) => {
  const res = await t.api(routes.billList, { as, query: { type: 4 } });
  expect(res.status, res.text).toBe(200);
  return res.data;
};
const purchases = async (accountId: number) =>
  Number(
    (
      await t.db.db
        .selectFrom('membership_purchase')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().map(String);

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of ['demo', 'demo-a', 'demo-b']) ids[u] = await accountIdOf(t, u);
  const reg = await t.api(routes.register, { body: { username: 'rival.shop', password: TEST_PASSWORD } });
  expect(reg.status, reg.text).toBe(200);
  ids['rival.shop'] = reg.data.user.id;
  // Blanks with nothing to show but their level: what the plans count and the editor authorizes.
  const { id: cid } = await t.db.db
    .insertInto('category')
    .values({ code: 'test', name: '测试', pid: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const spec = JSON.stringify({ colors: [], sizes: [], areas: [], views: [] });
  for (const [i, level] of [0, 0, 1, 2, 3, 3].entries()) {
    const { id } = await t.db.db
      .insertInto('product')
      .values({ code: `p${i}`, cid, name: `产品${i}`, tag: null, level, thumb: 'x.png', spec, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    products[level] ??= Number(id);
  }
});
afterAll(() => t?.close());

describe(`the plans (${TEST_DB})`, () => {
  it('are readable logged out: the four levels, what each unlocks and their prices, no current membership', async () => {
    const data = await plans();
    expect(data.currency).toBe('CNY');
    expect(data.current).toBeNull();
    expect(data.plans.map((p) => [p.level, p.name, p.products, p.material_tier])).toEqual([
      [0, '免费版', 2, null],
      [1, '入门版', 3, '入门版'],
      [2, '专业版', 4, '专业版'],
      [3, '旗舰版', 6, '旗舰版'],
    ]);
    expect(data.plans[0]!.prices).toEqual([]);
    expect(data.plans[2]!.prices).toEqual([
      { months: 1, price: '59.00' },
      { months: 3, price: '159.00' },
      { months: 12, price: '599.00' },
    ]);
    for (const level of [1, 2, 3] as const)
      expect(data.plans[level]!.prices).toEqual(
        Object.entries(MEMBERSHIP_PRICES[level]).map(([months, price]) => ({ months: Number(months), price })),
      );
    const en = await t.api(routes.memberPlans, { headers: { 'accept-language': 'en' } });
    expect(en.data.plans.map((p) => [p.name, p.material_tier])).toEqual([
      ['Free', null],
      ['Starter', 'Starter'],
      ['Professional', 'Professional'],
      ['Premium', 'Premium'],
    ]);
  });

  it("answer a logged-in caller's level and its end: the demo's level 2 is granted without end, its sub-accounts' too", async () => {
    expect((await plans('demo')).current).toEqual({ level: 2, ends_at: null, is_parent: true });
    expect((await plans('demo-a')).current).toEqual({ level: 2, ends_at: null, is_parent: false });
    expect((await plans('rival.shop')).current).toEqual({ level: 0, ends_at: null, is_parent: true });
  });
});

describe(`buying a level (${TEST_DB})`, () => {
  it('needs a login, and refuses a level or a period not on sale, or a request id too long, naming the field (400)', async () => {
    expect((await t.api(routes.memberUpgrade, { body: { level: 1, months: 1 } })).status).toBe(401);
    const refusals: [unknown, string][] = [
      [{ level: 0, months: 1 }, 'level'],
      [{ level: 4, months: 1 }, 'level'],
      [{ level: 'two', months: 1 }, 'level'],
      [{ level: 2, months: 2 }, 'months'],
      [{ level: 2, months: 24 }, 'months'],
      [{ level: 2 }, 'months'],
      [{ level: 2, months: 1, request_id: 'x'.repeat(65) }, 'request_id'],
      [{ level: 2, months: 1, price: '0.01' }, 'price'],
    ];
    for (const [body, field] of refusals) {
      const res = await upgrade('rival.shop', body as never);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg, JSON.stringify(body)).toContain(field);
    }
    const en = await upgrade('rival.shop', { level: 2, months: 2 }, { 'accept-language': 'en' });
    expect(en.body.msg).toContain('months must be one of 1, 3, 12');
    expect(await purchases(ids['rival.shop']!)).toBe(0);
  });

  it('without the balance is refused saying how much is missing, and changes nothing: balance, level, bills', async () => {
    const empty = await upgrade('rival.shop', { level: 1, months: 1 });
    expect(empty.status).toBe(402);
    expect(empty.body.msg).toBe('余额不足：需 ¥29.00，当前 ¥0.00，还差 ¥29.00，请先充值');
    await creditWallet(t, { walletId: ids['rival.shop']!, amount: '10.00', ref: 'R-rival' });
    const short = await upgrade('rival.shop', { level: 2, months: 1 }, { 'accept-language': 'en' });
    expect(short.status).toBe(402);
    expect(short.body.msg).toBe('Not enough balance: ¥59.00 needed, ¥10.00 in the wallet (¥49.00 short). Recharge the wallet first');
    expect(await balanceOf('rival.shop')).toBe('10.00');
    expect(await levelOf('rival.shop')).toBe(0);
    expect((await membershipBills('rival.shop')).count).toBe(0);
    expect(await purchases(ids['rival.shop']!)).toBe(0);
  });

  it('refuses a sub-account: its parent account manages the membership (403), charging nothing', async () => {
    await creditWallet(t, { walletId: ids.demo!, amount: '1000.00', ref: 'R-demo' });
    const res = await upgrade('demo-a', { level: 3, months: 1 });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('子账号的会员由主账号管理，请联系主账号开通或续费');
    const en = await upgrade('demo-a', { level: 3, months: 1 }, { 'accept-language': 'en' });
    expect(en.body.msg).toBe("A sub-account's membership is managed by its parent account: ask the parent account to buy or renew it");
    expect(await balanceOf('demo')).toBe('1000.00');
    expect((await membershipBills('demo')).count).toBe(0);
  });

  it('refuses the level granted without end, or a lower one: only a higher level can be bought over it', async () => {
    for (const level of [1, 2] as const) {
      const res = await upgrade('demo', { level, months: 12 });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('当前会员 V2 长期有效，只能购买更高等级');
    }
    expect(await balanceOf('demo')).toBe('1000.00');
  });

  it('charges the exact price with a 会员 bill line, and the family has the level at once: account, sub-accounts, authorization, cookie', async () => {
    // demo-a's session is read (and kept in the session cache) before the purchase.
    expect(await authorized('demo-a', 3)).toBe(0);
    expect(await authorized('demo', 3)).toBe(0);
    const res = await upgrade('demo', { level: 3, months: 1, request_id: 'buy-v3' });
    expect(res.status, res.text).toBe(200);
    // Nov 1 17:00 in China, one calendar month on.
    const ends = seconds(Date.UTC(2026, 11, 1, 9));
    expect(res.data).toEqual({ level: 3, ends_at: ends, price: '99.00', balance: '901.00' });
    const level = cookiesOf(res).find((c) => c.startsWith('level='))!;
    expect(level).toMatch(/^level=3;/);
    expect(level).toMatch(/Expires=/);
    expect(level).not.toMatch(/HttpOnly/);

    expect(await balanceOf('demo')).toBe('901.00');
    const bills = await membershipBills('demo');
    expect(bills.count).toBe(1);
    expect(bills.list[0]).toMatchObject({ type: 4, amount: '-99.00', balance: '901.00', order_no: '', username: 'demo' });
    const stats = (await t.api(routes.billStatistics, { as: 'demo' })).data;
    expect(stats).toMatchObject({ recharge: '1000.00', payment: '0.00', membership: '99.00', net: '901.00' });

    for (const as of ['demo', 'demo-a', 'demo-b']) {
      expect(await levelOf(as), as).toBe(3);
      expect(await authorized(as, 3), as).toBe(1);
      expect((await plans(as)).current, as).toMatchObject({ level: 3, ends_at: ends });
    }
    const children = (await t.api(routes.childList, { as: 'demo' })).data.list;
    expect(children.map((c) => c.level)).toEqual([3, 3, 3]);
    // A sub-account sees the line only as its parent's: its own lines hold none.
    expect((await membershipBills('demo-a')).count).toBe(0);
  });

  it('with the same request id charges once, also for two submits at once; the id with another purchase is refused', async () => {
    const again = await upgrade('demo', { level: 3, months: 1, request_id: 'buy-v3' });
    expect(again.status, again.text).toBe(200);
    expect(again.data).toEqual({ level: 3, ends_at: seconds(Date.UTC(2026, 11, 1, 9)), price: '99.00', balance: '901.00' });
    expect(cookiesOf(again).find((c) => c.startsWith('level='))).toMatch(/^level=3;/);
    expect((await membershipBills('demo')).count).toBe(1);

    const other = await upgrade('demo', { level: 3, months: 3, request_id: 'buy-v3' });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('该请求编号已用于另一项会员购买，请重新提交');

    // The same level again extends it from its end: Dec 1 → Jan 1, once however many submits.
    const both = await Promise.all([1, 2].map(() => upgrade('demo', { level: 3, months: 1, request_id: 'renew-1' })));
    const ends = seconds(Date.UTC(2027, 0, 1, 9));
    for (const r of both) {
      expect(r.status, r.text).toBe(200);
      expect(r.data).toEqual({ level: 3, ends_at: ends, price: '99.00', balance: '802.00' });
    }
    expect((await membershipBills('demo')).count).toBe(2);
    expect(await balanceOf('demo')).toBe('802.00');
    expect(await purchases(ids.demo!)).toBe(2);
  });

  it('extends the same level by the months bought, and refuses a lower level while the paid one runs', async () => {
    const res = await upgrade('demo', { level: 3, months: 3 });
    expect(res.status, res.text).toBe(200);
    expect(res.data).toMatchObject({ level: 3, ends_at: seconds(Date.UTC(2027, 3, 1, 9)), price: '269.00', balance: '533.00' });
    const lower = await upgrade('demo', { level: 2, months: 12 });
    expect(lower.status).toBe(409);
    expect(lower.body.msg).toBe('当前会员 V3 有效期至 2027-04-01，到期前不能购买更低等级');
    expect(await balanceOf('demo')).toBe('533.00');
    expect((await membershipBills('demo')).count).toBe(3);
  });

  it("leaves another family's level, balance and bills as they were", async () => {
    expect(await levelOf('rival.shop')).toBe(0);
    expect(await authorized('rival.shop', 1)).toBe(0);
    expect(await balanceOf('rival.shop')).toBe('10.00');
    expect((await membershipBills('rival.shop')).count).toBe(0);
    expect((await plans('rival.shop')).current).toEqual({ level: 0, ends_at: null, is_parent: true });
  });

  it('lists, filters and totals the 会员 lines with the others', async () => {
    const all = (await t.api(routes.billList, { as: 'demo' })).data;
    expect(all.list.map((l) => [l.type, l.amount])).toEqual([
      [4, '-269.00'],
      [4, '-99.00'],
      [4, '-99.00'],
      [1, '1000.00'],
    ]);
    expect((await t.api(routes.billStatistics, { as: 'demo', query: { type: 4 } })).data).toMatchObject({
      recharge: '0.00',
      membership: '467.00',
      net: '-467.00',
    });
  });
});

describe(`the end of a paid level (${TEST_DB})`, () => {
  it('a higher level runs from now for the months bought; a new sub-account takes the level and its end', async () => {
    await creditWallet(t, { walletId: ids['rival.shop']!, amount: '107.00', ref: 'R-rival-2' });
    const v1 = await upgrade('rival.shop', { level: 1, months: 1 });
    expect(v1.status, v1.text).toBe(200);
    expect(v1.data).toEqual({ level: 1, ends_at: seconds(Date.UTC(2026, 11, 1, 9)), price: '29.00', balance: '88.00' });
    t.clock.advance(24 * 3600 * 1000);
    // Nov 2: V2 for a month from now; what was left of V1 is not carried over.
    const v2 = await upgrade('rival.shop', { level: 2, months: 1 });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.data).toEqual({ level: 2, ends_at: seconds(Date.UTC(2026, 11, 2, 9)), price: '59.00', balance: '29.00' });
    const child = await t.api(routes.createChild, { as: 'rival.shop', body: { username: 'rival.ops', password: TEST_PASSWORD } });
    expect(child.status, child.text).toBe(200);
    expect(child.data.level).toBe(2);
    expect(await levelOf('rival.ops')).toBe(2);
    expect((await plans('rival.ops')).current).toEqual({ level: 2, ends_at: seconds(Date.UTC(2026, 11, 2, 9)), is_parent: false });
  });

  it('returns the family to level 0 once the end passes, for every read of the level, even a session read a moment before', async () => {
    const end = Date.UTC(2026, 11, 2, 9);
    // Sessions last a week: log in again just before the end.
    t.clock.now = end - 1;
    await t.login('rival.shop');
    await t.login('rival.ops');
    expect(await authorized('rival.ops', 2)).toBe(1);
    expect(await levelOf('rival.shop')).toBe(2);
    // 2 ms on, within the session cache's 2 s: its callers end with the level.
    t.clock.advance(2);
    for (const as of ['rival.shop', 'rival.ops']) {
      expect(await authorized(as, 2), as).toBe(0);
      expect(await authorized(as, 0), as).toBe(1);
      expect(await levelOf(as), as).toBe(0);
      expect((await plans(as)).current, as).toMatchObject({ level: 0, ends_at: null });
    }
    expect((await t.api(routes.childList, { as: 'rival.shop' })).data.list.map((c) => c.level)).toEqual([0, 0]);
    const login = await t.api(routes.login, { body: { username: 'rival.shop', password: TEST_PASSWORD } });
    expect(login.data.user.level).toBe(0);
    expect(cookiesOf(login).find((c) => c.startsWith('level='))).toMatch(/^level=0;/);
    // Ended, any level can be bought again, from now.
    const again = await upgrade('rival.shop', { level: 1, months: 1 });
    expect(again.status, again.text).toBe(200);
    expect(again.data).toMatchObject({ level: 1, ends_at: seconds(addMonths(t.clock.now, 1)), balance: '0.00' });
  });

  it('returns a level bought over a granted one to the granted level, never below it', async () => {
    t.clock.now = Date.UTC(2027, 3, 1, 9) + 1000;
    await t.login('demo');
    await t.login('demo-b');
    for (const as of ['demo', 'demo-b']) {
      expect(await levelOf(as), as).toBe(2);
      expect(await authorized(as, 3), as).toBe(0);
      expect(await authorized(as, 2), as).toBe(1);
    }
    expect((await plans('demo')).current).toEqual({ level: 2, ends_at: null, is_parent: true });
  });
});

describe('calendar months in China time', () => {
  const china = (y: number, m: number, d: number, h = 12) => Date.UTC(y, m - 1, d, h - 8);
  it('keep the day and time, or fall on the last day of a shorter month', () => {
    expect(addMonths(china(2026, 11, 15), 1)).toBe(china(2026, 12, 15));
    expect(addMonths(china(2026, 12, 15), 1)).toBe(china(2027, 1, 15));
    expect(addMonths(china(2027, 1, 31), 1)).toBe(china(2027, 2, 28));
    expect(addMonths(china(2028, 1, 31), 1)).toBe(china(2028, 2, 29));
    expect(addMonths(china(2026, 11, 30), 3)).toBe(china(2027, 2, 28));
    expect(addMonths(china(2026, 5, 31), 12)).toBe(china(2027, 5, 31));
    // 01:00 in China is still the day before in UTC: the China day counts.
    expect(addMonths(china(2027, 1, 31, 1), 1)).toBe(china(2027, 2, 28, 1));
  });
});
