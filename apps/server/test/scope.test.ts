import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
  await t.login('rival', 'rival-pass-123');
  ids = {};
  for (const u of ['demo', 'demo-a', 'demo-b', 'rival'])
    ids[u] = (await t.call({ method: 'GET', url: '/api/user/info', as: u })).json().data.id;
});
afterAll(() => t.close());

describe('parent and sub-account visibility (docs/domain.md#accounts-and-scope)', () => {
  it('a parent picks from 本人 (id 0) and its sub-accounts', async () => {
    const list = (await t.api(routes.accountList, { as: 'demo' })).data.list;
    expect(list).toEqual([
      { id: 0, nickname: '本人', username: 'demo' },
      { id: ids['demo-a'], nickname: '运营 A', username: 'demo-a' },
      { id: ids['demo-b'], nickname: '运营 B', username: 'demo-b' },
    ]);
  });

  it('a sub-account sees only itself', async () => {
    expect((await t.api(routes.accountList, { as: 'demo-a' })).data.list).toEqual([
      { id: ids['demo-a'], nickname: '运营 A', username: 'demo-a' },
    ]);
    expect((await t.api(routes.childList, { as: 'demo-a' })).data.list.map((a: { username: string }) => a.username)).toEqual(['demo-a']);
  });

  it('the child list of a parent is itself and its sub-accounts, never another family', async () => {
    const names = (await t.api(routes.childList, { as: 'demo' })).data.list.map((a: { username: string }) => a.username);
    expect(names).toEqual(['demo', 'demo-a', 'demo-b']);
    expect((await t.api(routes.childList, { as: 'rival' })).data.list.map((a: { username: string }) => a.username)).toEqual(['rival']);
  });

  it('a sub-account cannot act on its sibling, and another parent cannot act on either: 404, nothing changes', async () => {
    expect((await t.api(routes.disableChild, { body: { id: ids['demo-b']! }, as: 'demo-a' })).status).toBe(404);
    expect((await t.api(routes.disableChild, { body: { id: ids['demo-a']! }, as: 'rival' })).status).toBe(404);
    expect((await t.api(routes.disableChild, { body: { id: ids['demo']! }, as: 'demo' })).status).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 'demo-a', password: 'demo1234' } })).statusCode,
    ).toBe(200);
  });

  it('a sub-account cannot create sub-accounts or offices', async () => {
    const res = await t.api(routes.createChild, { body: { username: 'grandchild', password: 'secret-pass-12' }, as: 'demo-a' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('子账号不能管理子账号');
    expect((await t.api(routes.officeAdd, { body: { name: 'x' }, as: 'demo-a' })).status).toBe(403);
  });

  it('a parent creates, disables and enables a sub-account; disabling ends its sessions', async () => {
    const created = await t.api(routes.createChild, {
      body: { username: 'demo-c', password: 'secret-pass-12', nickname: '运营 C' },
      as: 'demo',
    });
    expect(created.data).toMatchObject({ username: 'demo-c', nickname: '运营 C', level: 2, disabled: 0 });
    const id = created.data.id;
    const token = await t.login('demo-c', 'secret-pass-12');
    expect((await t.api(routes.accountList, { as: 'demo' })).data.list.map((a: { username: string }) => a.username)).toContain('demo-c');

    // Used just before (the server keeps recently seen sessions at hand): disabling still ends it at once.
    expect((await t.call({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode).toBe(200);
    expect((await t.api(routes.disableChild, { body: { id }, as: 'demo' })).body.code).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode).toBe(401);
    const refused = await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 'demo-c', password: 'secret-pass-12' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('该账号已被停用，请联系主账号');

    expect((await t.api(routes.enableChild, { body: { id }, as: 'demo' })).body.code).toBe(1);
    expect(
      (await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 'demo-c', password: 'secret-pass-12' } })).statusCode,
    ).toBe(200);
  });

  it('offices: a parent lists and adds its own; a sub-account sees the office it belongs to; others see none of them', async () => {
    const demoOffices = (await t.api(routes.officeList, { as: 'demo' })).data.list;
    expect(demoOffices).toEqual([{ id: expect.any(Number), name: '深圳运营部', member_count: 2 }]);
    expect((await t.api(routes.officeList, { as: 'demo-a' })).data.list.map((o: { name: string }) => o.name)).toEqual(['深圳运营部']);
    expect((await t.api(routes.officeList, { as: 'rival' })).data.list).toEqual([]);
    const added = (await t.api(routes.officeAdd, { body: { name: '杭州设计组' }, as: 'rival' })).data;
    expect(added).toMatchObject({ name: '杭州设计组', member_count: 0 });
    // rival cannot put a new sub-account into demo's office
    const res = await t.api(routes.createChild, {
      body: { username: 'rival-x', password: 'secret-pass-12', office_id: demoOffices[0]!.id },
      as: 'rival',
    });
    expect(res.status).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: '/api/user/login', payload: { username: 'rival-x', password: 'secret-pass-12' } })).statusCode,
    ).toBe(401);
  });
});
