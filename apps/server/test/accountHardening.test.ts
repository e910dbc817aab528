import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';

/**
 * Guessing passwords and multiplying accounts (docs/security.md#throttling, #passwords, #sub-accounts): a
 * ceiling of failed logins per account across addresses that a device the seller logged in on before does
 * not feel, new passwords that are not common, and a ceiling and a pace on sub-accounts.
 */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const login = (password: string, remoteAddress: string, cookie?: string) =>
  t.call({
    method: 'POST',
    url: routes.login.path,
    payload: { username: 'demo', password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The device cookie a login set, as a Cookie header, and its attributes. */
function deviceCookieOf(res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; expires?: Date }[];
}) {
  const c = res.cookies.find((x) => x.name === 'device');
  expect(c, 'device cookie').toBeDefined();
  return c!;
}

/** Five wrong guesses from each of `n` addresses (the per-address limit never stops them). */
async function guessFrom(n: number) {
  for (let a = 0; a < n; a++) for (let i = 0; i < 5; i++) expect((await login(`guess-${a}-${i}`, `192.0.2.${a + 1}`)).statusCode).toBe(401);
}

describe('failed logins per account, across addresses', () => {
  it('past the ceiling, an unknown device waits growing delays, told when to try again', async () => {
    const { maxPerAccount, delayMs } = t.config.loginThrottle;
    await guessFrom(maxPerAccount / 5);
    const refused = await login('guess-next', '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(`该账号近期登录失败次数过多，请${delayMs / 1000}秒后再试，或在曾登录过此账号的设备上登录`);
    expect(refused.headers['retry-after']).toBe(String(delayMs / 1000));
    // Even the right password from an unknown device waits: the guesser cannot tell it apart.
    expect((await login('demo1234', '198.51.100.10')).statusCode).toBe(429);
    t.clock.advance(delayMs);
    expect((await login('guess-again', '198.51.100.11')).statusCode).toBe(401);
    const next = await login('guess-more', '198.51.100.12');
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe(String((2 * delayMs) / 1000));
  });

  it('a device that logged in to the account before passes at once, with its signed cookie', async () => {
    const first = await login('demo1234', '203.0.113.5');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device.httpOnly).toBe(true);
    expect(device.sameSite).toBe('Lax');
    expect(device.path).toBe('/api/user');
    expect(device.expires!.getTime() - t.clock.now).toBe(t.config.loginThrottle.deviceTtlMs);
    await guessFrom(t.config.loginThrottle.maxPerAccount / 5);
    expect((await login('demo1234', '198.51.100.20')).statusCode).toBe(429);
    // The seller, on their own computer (from a new address, even): in at once.
    const seller = await login('demo1234', '198.51.100.21', `device=${device.value}`);
    expect(seller.statusCode, seller.body).toBe(200);
    // A cookie changed by hand, or one made for another account, counts for nothing.
    const forged = `${device.value.slice(0, -2)}xx`;
    expect((await login('demo1234', '198.51.100.22', `device=${forged}`)).statusCode).toBe(429);
    const other = deviceCookieOf(
      await t.call({ method: 'POST', url: routes.login.path, payload: { username: 'demo-a', password: 'demo1234' } }),
    );
    expect((await login('demo1234', '198.51.100.23', `device=${other.value}`)).statusCode).toBe(429);
  });

  it('one device cookie remembers several accounts, and registration remembers the new one', async () => {
    const reg = await t.call({ method: 'POST', url: routes.register.path, payload: { username: 'lin.shop', password: TEST_PASSWORD } });
    expect(reg.statusCode).toBe(200);
    const first = deviceCookieOf(reg);
    const both = deviceCookieOf(await login('demo1234', '203.0.113.5', `device=${first.value}`));
    await guessFrom(t.config.loginThrottle.maxPerAccount / 5);
    expect((await login('demo1234', '198.51.100.30', `device=${both.value}`)).statusCode).toBe(200);
  });

  it('the per-address throttle still holds for a known device', async () => {
    const device = deviceCookieOf(await login('demo1234', '203.0.113.5'));
    for (let i = 0; i < 5; i++) await login(`wrong-${i}-x`, '203.0.113.5', `device=${device.value}`);
    expect((await login('demo1234', '203.0.113.5', `device=${device.value}`)).statusCode).toBe(429);
  });

  it('logging out keeps the device cookie', async () => {
    const res = await t.call({ method: 'POST', url: routes.logout.path });
    expect([res.headers['set-cookie']].flat().join(';')).not.toMatch(/device=/);
  });
});

describe('new passwords', () => {
  const register = (username: string, password: string, lang = 'zh') =>
    t.api(routes.register, { body: { username, password }, headers: { 'accept-language': lang } });

  it('under 8 characters is refused, saying why', async () => {
    const res = await register('lin.shop', 'k9#mQ2x');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('参数错误: 密码需 8–64 个字符：太短的密码很快就会被猜出');
    expect((await register('lin.shop', 'k9#mQ2x', 'en')).body.msg).toContain('A password needs 8 to 64 characters');
  });

  it('a common or predictable one is refused, saying why; a strong one is taken', async () => {
    for (const weak of ['password', '12345678', 'qwertyui', 'iloveyou1', 'lin.shop1', 'abcd1234', 'demo1234']) {
      const res = await register('lin.shop', weak);
      expect(res.status, weak).toBe(400);
      expect(res.body.msg, weak).toMatch(/^密码太常见或太有规律/);
    }
    expect((await register('lin.shop', TEST_PASSWORD)).status).toBe(200);
  });

  it('a sub-account gets the same rule', async () => {
    const weak = await t.api(routes.createChild, { as: 'demo', body: { username: 'ops-1', password: 'password1' } });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toMatch(/^密码太常见/);
    const short = await t.api(routes.createChild, { as: 'demo', body: { username: 'ops-1', password: 'a1!' } });
    expect(short.body.msg).toContain('密码需 8–64 个字符');
  });

  it('existing accounts are not judged again: the demo logs in with demo1234', async () => {
    expect((await login('demo1234', '203.0.113.5')).statusCode).toBe(200);
  });
});

describe('sub-accounts', () => {
  const create = (username: string) => t.api(routes.createChild, { as: 'demo', body: { username, password: TEST_PASSWORD } });

  it('are created at most perWindow an hour per parent, told when to try again', async () => {
    const { perWindow, windowMs } = t.config.subAccounts;
    // The demo's own two (seeded now) out of the window.
    t.clock.advance(windowMs);
    for (let i = 0; i < perWindow; i++) {
      expect((await create(`ops-${i}`)).status).toBe(200);
      t.clock.advance(1000);
    }
    const refused = await create('ops-next');
    expect(refused.status).toBe(429);
    const wait = windowMs / 1000 - perWindow;
    expect(refused.body.msg).toBe(`创建子账号过于频繁，请${wait}秒后再试`);
    expect(refused.headers['retry-after']).toBe(String(wait));
    t.clock.advance(wait * 1000);
    expect((await create('ops-next')).status).toBe(200);
  });

  it('have a ceiling per parent, with a clear message', async () => {
    const small = await buildTestApp({ subAccounts: { max: 4, perWindow: 100, windowMs: 3600_000 } });
    try {
      // The demo seeds two (demo-a, demo-b).
      for (const name of ['ops-1', 'ops-2'])
        expect((await small.api(routes.createChild, { as: 'demo', body: { username: name, password: TEST_PASSWORD } })).status).toBe(200);
      const refused = await small.api(routes.createChild, { as: 'demo', body: { username: 'ops-3', password: TEST_PASSWORD } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('每个主账号最多4个子账号，已达上限：如需更多请联系客服');
      expect((await small.api(routes.accountList, { as: 'demo' })).data.list).toHaveLength(5);
    } finally {
      await small.close();
    }
  });
});
