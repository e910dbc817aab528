import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().map(String);

describe('register, login, info, logout', () => {
  it('round-trips a new seller through register, info, logout and login', async () => {
    const reg = await t.api(routes.register, { body: { username: 'lin.shop', password: 'secret12', nickname: '林小店' } });
    expect(reg.status).toBe(200);
    expect(reg.data.user).toMatchObject({ username: 'lin.shop', nickname: '林小店', level: 0, is_parent: true, parent_id: null });
    const token = reg.data.token;

    const info = await t.call({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
    expect(info.json().data.username).toBe('lin.shop');

    const out = await t.api(routes.logout, { headers: { cookie: `token=${token}` } });
    expect(out.body.code).toBe(1);
    expect(cookiesOf(out).some((c) => /^token=;/.test(c))).toBe(true);
    const after = await t.call({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
    expect(after.statusCode).toBe(401);

    const again = await t.api(routes.login, { body: { username: 'lin.shop', password: 'secret12' } });
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

  it('accepts the token in a `token` header (SPEC §7.7) but not as ?token= on ordinary calls', async () => {
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

describe('login throttling', () => {
  it('refuses a username after 5 failures in 15 minutes, until the window passes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.api(routes.login, { body: { username: 'demo', password: `wrong${i}xx` } })).status).toBe(401);
    const refused = await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('该账号登录失败次数过多，请15分钟后再试');
    // Another account from the same address is not locked out by demo's failures.
    expect((await t.api(routes.login, { body: { username: 'demo-a', password: 'demo1234' } })).status).toBe(200);

    t.clock.advance(10 * 60 * 1000);
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).body.msg).toContain('5分钟');
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).status).toBe(200);
  });

  it('refuses an address after 20 failures across usernames', async () => {
    for (let i = 0; i < 20; i++) await t.api(routes.login, { body: { username: `ghost${i}`, password: 'whatever1' } });
    const refused = await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).status).toBe(200);
  });

  it('forgets a username’s failures after a successful login', async () => {
    for (let i = 0; i < 4; i++) await t.api(routes.login, { body: { username: 'demo', password: 'wrong-pass' } });
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).status).toBe(200);
    for (let i = 0; i < 4; i++) await t.api(routes.login, { body: { username: 'demo', password: 'wrong-pass' } });
    expect((await t.api(routes.login, { body: { username: 'demo', password: 'demo1234' } })).status).toBe(200);
  });
});
