import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { loadConfig } from '../src/config.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().map(String);

describe('register, login, info, logout', () => {
  it('round-trips a new seller through register, info, logout and login', async () => {
    const reg = await t.api(routes.register, { body: { username: 'lin.shop', password: 'secret-pass-12', nickname: '林小店' } });
    expect(reg.status).toBe(200);
    expect(reg.data.user).toMatchObject({ username: 'lin.shop', nickname: '林小店', level: 0, is_parent: true, parent_id: null });
    const token = cookiesOf(reg)
      .find((c) => c.startsWith('token='))!
      .split(';')[0]!
      .slice('token='.length);

    const info = await t.call({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
    expect(info.json().data.username).toBe('lin.shop');

    const out = await t.api(routes.logout, { headers: { cookie: `token=${token}` } });
    expect(out.body.code).toBe(1);
    expect(cookiesOf(out).some((c) => /^token=;/.test(c))).toBe(true);
    const after = await t.call({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
    expect(after.statusCode).toBe(401);

    const again = await t.api(routes.login, { body: { username: 'lin.shop', password: 'secret-pass-12' } });
    expect(again.data.user.nickname).toBe('林小店');
  });

  it('sets the token cookie httpOnly and SameSite=Lax with an expiry, and readable username and level cookies', async () => {
    const res = await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } });
    const cookies = cookiesOf(res);
    const token = cookies.find((c) => c.startsWith('token='))!;
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).toMatch(/Expires=/);
    const username = cookies.find((c) => c.startsWith('username='))!;
    expect(username).toMatch(/^username=demo;/);
    expect(username).not.toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('level='))).toMatch(/^level=2;/);
  });

  it('accepts the token in a `token` header (docs/api.md#tokens) but not as ?token= on ordinary calls', async () => {
    const token = await t.login('demo');
    const viaHeader = await t.call({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(viaHeader.json().data.username).toBe('demo');
    const viaQuery = await t.call({ method: 'GET', url: `/api/user/info?token=${token}` });
    expect(viaQuery.statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await t.api(routes.login, { body: { username: 'demo', password: 'nope-nope' } });
    const unknown = await t.api(routes.login, { body: { username: 'nobody', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.msg).toBe('用户名或密码错误');
    expect(unknown.body.msg).toBe(wrong.body.msg);
    expect(cookiesOf(wrong).filter((c) => c !== 'undefined')).toEqual([]);
  });

  it('refuses a duplicate username with 409 and keeps the first account', async () => {
    const dup = await t.api(routes.register, { body: { username: 'demo', password: 'another1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('用户名已被注册');
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).body.code).toBe(1);
  });

  it('ends a session when it expires', async () => {
    const token = await t.login('demo');
    t.clock.advance(t.config.sessionTtlMs + 1000);
    const res = await t.call({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('登录已过期，请重新登录');
  });
});

describe('the session token stays out of page scripts’ reach (docs/security.md#cookies)', () => {
  it('login and register answer no token: it travels in the httpOnly cookie only', async () => {
    const login = await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } });
    const reg = await t.api(routes.register, { body: { username: 'lin.shop', password: 'secret-pass-12' } });
    for (const res of [login, reg]) {
      expect(res.body.code).toBe(1);
      expect(res.data).not.toHaveProperty('token');
      const cookie = cookiesOf(res).find((c) => c.startsWith('token='))!;
      expect(cookie).toMatch(/HttpOnly/);
      // No byte of the session token anywhere in the body.
      expect(res.text).not.toContain(cookie.split(';')[0]!.slice('token='.length));
    }
  });

  it('an API client gets a header token only by asking for it with the password, and no cookie with it', async () => {
    const res = await t.api(routes.apiToken, { body: { username: 'demo', password: 'demo1234' } });
    expect(res.status).toBe(200);
    expect(cookiesOf(res).filter((c) => c !== 'undefined')).toEqual([]);
    const info = await t.call({ method: 'GET', url: '/api/user/info', headers: { token: res.data.token } });
    expect(info.json().data.username).toBe('demo');
    expect((await t.api(routes.apiToken, { body: { username: 'demo', password: 'wrong-pass' } })).status).toBe(401);
  });
});

/** Two client addresses. */
const A = '203.0.113.5';
const B = '198.51.100.7';

describe('login throttling (docs/security.md#throttling)', () => {
  const login = (password: string, remoteAddress: string, username = 'demo', headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/api/user/login', payload: { username, password }, remoteAddress, headers });

  it('failures from one address never lock the seller out from another: the right password from B logs in at once', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`wrong${i}xx`, A)).statusCode).toBe(401);
    // The seller, elsewhere: the first attempt succeeds.
    let attempts = 0;
    let fromB;
    do {
      fromB = await login('demo1234', B);
      attempts++;
    } while (fromB.statusCode === 429 && attempts < 3);
    expect(fromB.statusCode).toBe(200);
    expect(attempts).toBe(1);
    // The address that guessed is slowed down, told when to try again, and let in once that time has passed.
    const fromA = await login('demo1234', A);
    expect(fromA.statusCode).toBe(429);
    expect(fromA.json().msg).toBe('该账号在此处登录失败次数过多，请30秒后再试');
    expect(fromA.headers['retry-after']).toBe('30');
    t.clock.advance(30_000);
    expect((await login('demo1234', A)).statusCode).toBe(200);
    console.log(
      JSON.stringify({
        figure: 'login after 5 wrong passwords from A',
        fromB: { status: fromB.statusCode, attempts },
        fromA: { status: fromA.statusCode, retryAfterSeconds: Number(fromA.headers['retry-after']) },
      }),
    );
  });

  it('slows down one address guessing one account, doubling the wait, without touching other accounts', async () => {
    for (let i = 0; i < 5; i++) await login(`wrong${i}xx`, A);
    expect((await login('guess-6', A)).json().msg).toContain('30秒');
    t.clock.advance(30_000);
    expect((await login('guess-6', A)).statusCode).toBe(401);
    const next = await login('guess-7', A);
    expect(next.statusCode).toBe(429);
    expect(next.json().msg).toContain('60秒');
    // Another account from the same address is not slowed by demo's failures.
    expect((await login('demo1234', A, 'demo-a')).statusCode).toBe(200);
    // The failures leave the 15-minute window: the address starts afresh.
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login('demo1234', A)).statusCode).toBe(200);
  });

  it('forgets a username’s failures from an address after a successful login there', async () => {
    for (let i = 0; i < 4; i++) await login('wrong-pass', A);
    expect((await login('demo1234', A)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login('wrong-pass', A);
    expect((await login('demo1234', A)).statusCode).toBe(200);
  });

  it('limits login attempts per address, telling when to try again; other addresses go on', async () => {
    const { max } = t.config.addressLimits.login;
    for (let i = 0; i < max; i++) await login('whatever1', A, `ghost${i}`);
    const refused = await login('demo1234', A);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 0, data: null });
    expect(refused.json().msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('demo1234', B)).statusCode).toBe(200);
  });

  it('limits registrations per address', async () => {
    const { max } = t.config.addressLimits.register;
    const register = (username: string, remoteAddress: string) =>
      t.call({ method: 'POST', url: '/api/user/register', payload: { username, password: 'secret-pass-12' }, remoteAddress });
    for (let i = 0; i < max; i++) expect((await register(`shop${i}`, A)).statusCode).toBe(200);
    const refused = await register('one-more', A);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/请\d+秒后再试/);
    expect((await register('one-more', B)).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: it cannot dodge the limit', async () => {
    const { max } = t.config.addressLimits.login;
    for (let i = 0; i < max; i++) await login('whatever1', A, `ghost${i}`, { 'x-forwarded-for': `192.0.2.${i}` });
    expect((await login('demo1234', A, 'demo', { 'x-forwarded-for': '192.0.2.200' })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('behind a trusted proxy each client counts by its own address', async () => {
    const proxy = '10.0.0.2';
    const behind = await buildTestApp({ trustProxy: [proxy] });
    try {
      const login = (password: string, client: string, username = 'demo') =>
        behind.call({
          method: 'POST',
          url: '/api/user/login',
          payload: { username, password },
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': client },
        });
      const { max } = behind.config.addressLimits.login;
      for (let i = 0; i < max; i++) await login('whatever1', A, `ghost${i}`);
      expect((await login('demo1234', A)).statusCode).toBe(429);
      // Another seller behind the same proxy is not held back by A.
      expect((await login('demo1234', B)).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('reads hop counts and proxy addresses, and refuses trusting everyone', () => {
    expect(loadConfig({}).app.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).app.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).app.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
