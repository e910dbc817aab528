import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const expectFailure = (res: { statusCode: number; json(): any; headers: Record<string, unknown> }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.code).not.toBe(1);
  expect(body.data).toBeNull();
  expect(typeof body.msg).toBe('string');
  expect(body.msg.length).toBeGreaterThan(0);
  expect(body.request_id).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  return body;
};

describe('the response envelope', () => {
  it('wraps success as code 1 with data', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/info', as: 'demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, msg: '成功', data: { username: 'demo' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a validation error with 400 naming the field', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'ab', password: 'secret1' } });
    const body = expectFailure(res, 400);
    expect(body.msg).toContain('参数错误');
    expect(body.msg).toContain('username');
  });

  it("names a required field the request left out, in the seller's language", async () => {
    const missing = async (opts: { url: string; payload: object; as?: string }, lang: string) =>
      expectFailure(await t.call({ method: 'POST', ...opts, headers: { 'accept-language': lang } }), 400).msg;
    const register = { url: routes.register.path, payload: { username: 'lin.shop' } };
    expect(await missing(register, 'zh')).toBe('参数错误: 缺少必填项：password');
    expect(await missing(register, 'en')).toBe('Invalid parameters: password is required');
    // A number field, and a field of the shape a union body came closest to (a new group: {pid, name}).
    const cart = { url: routes.cartUpdate.path, payload: { id: 1 }, as: 'demo' };
    expect(await missing(cart, 'zh')).toBe('参数错误: 缺少必填项：num');
    expect(await missing(cart, 'en')).toBe('Invalid parameters: num is required');
    const group = { url: routes.groupAdd.path, payload: { pid: 0 }, as: 'demo' };
    expect(await missing(group, 'zh')).toBe('参数错误: 缺少必填项：name');
    expect(await missing(group, 'en')).toBe('Invalid parameters: name is required');
  });

  it('answers wrong types with 400', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 12, password: ['x'] } });
    expectFailure(res, 400);
  });

  it('refuses unknown fields on write calls', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/register',
      payload: { username: 'newseller', password: 'secret-pass-12', level: 3 },
    });
    const body = expectFailure(res, 400);
    expect(body.msg).toContain('level');
    const login = await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 'newseller', password: 'secret-pass-12' } });
    expect(login.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "demo",',
    });
    const body = expectFailure(res, 400);
    expect(body.msg).toBe('请求内容不是有效的JSON');
  });

  it('answers an unknown API route with 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/finished/nothing-here' });
    const body = expectFailure(res, 404);
    expect(body.msg).toContain('/api/finished/nothing-here');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/info' });
    expect(expectFailure(res, 401).msg).toBe('请先登录');
  });

  it('answers 413 for a 2 MB body where the limit is 1 MB', async () => {
    const payload = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const res = await t.call({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload });
    expect(expectFailure(res, 413).msg).toBe('请求内容过大');
  });

  it('answers in English when the caller prefers it', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/info', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(expectFailure(res, 401).msg).toBe('Please log in first');
  });

  it('answers 404 for another account family’s row', async () => {
    await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
    await t.login('rival', 'rival-pass-123');
    const demoA = (await t.call({ method: 'GET', url: '/api/user/info', as: 'demo-a' })).json().data;
    const res = await t.call({ method: 'POST', url: '/api/user/disableChild', payload: { id: demoA.id }, as: 'rival' });
    expect(expectFailure(res, 404).msg).toBe('找不到该记录');
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a request id and no stack trace, and are logged', async () => {
    const lines: string[] = [];
    // Capture the server's log: the failure must be logged with the id the client got.
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const own = await buildTestApp({ logLevel: 'error', logStream });
    try {
      const token = await own.login('demo');
      await own.db.db.destroy();
      const res = await own.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: `token=${token}` } });
      const body = expectFailure(res, 500);
      expect(body.msg).toBe('服务器开小差了，请稍后重试');
      expect(lines.join('')).toContain(body.request_id);
    } finally {
      await own.close();
    }
  });
});
