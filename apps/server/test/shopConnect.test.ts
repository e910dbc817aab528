import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Store } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';

/** Marketplace connections (docs/security.md#marketplace-secrets): connect, getlist, disconnect. */
let app: TestApp;
let logged = '';
beforeAll(async () => {
  // Every log line at the most verbose level, to show no secret is ever written.
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logged += String(chunk);
      done();
    },
  });
  app = await buildTestApp({ logLevel: 'trace', logStream });
  const reg = await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  expect(reg.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const add = async (as: string, pid: number, name: string): Promise<Store> => {
  const res = await app.api(routes.storeAdd, { as, body: { pid, name } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const shop = async (as: string, id: number) => {
  const res = await app.api(routes.storeList, { as });
  return { text: res.text, listed: res.data.list.flatMap((m) => m.stores).find((s) => s.id === id) };
};
const future = () => Math.floor(app.clock.now / 1000) + 86_400;
const tiktok = (id: number) => ({
  id,
  app_key: 'tk-app-key',
  app_secret: 'SECRET-app-tk-1',
  access_token: 'SECRET-access-tk-1',
  refresh_token: 'SECRET-refresh-tk-1',
  expires_at: future(),
  shop_cipher: 'SECRET-cipher-tk-1',
  warehouse_id: 'WH-7001',
});
const SECRETS = ['SECRET-app-tk-1', 'SECRET-access-tk-1', 'SECRET-refresh-tk-1', 'SECRET-cipher-tk-1'];
const rawRow = async (shopId: number) =>
  app.db.db.selectFrom('store_connection').selectAll().where('store_id', '=', shopId).executeTakeFirst();

describe('marketplace connections', () => {
  it('connects a TikTok Shop shop: getlist shows it connected, never a secret; the row holds them sealed', async () => {
    const tk = await add('demo-a', 15, 'TK Connect');
    expect(tk).toMatchObject({ connected: false, token_expires_at: null, needs_reconnect: false });
    const body = tiktok(tk.id);
    const res = await app.api(routes.storeConnect, { as: 'demo-a', body });
    expect(res.body.code, res.text).toBe(1);
    expect(res.data).toMatchObject({ id: tk.id, connected: true, token_expires_at: body.expires_at, needs_reconnect: false });
    for (const s of SECRETS) expect(res.text).not.toContain(s);

    const { text, listed } = await shop('demo-a', tk.id);
    expect(listed).toMatchObject({ connected: true, token_expires_at: body.expires_at, needs_reconnect: false });
    for (const s of [...SECRETS, 'tk-app-key']) expect(text).not.toContain(s);

    const row = (await rawRow(tk.id))!;
    const rowText = JSON.stringify(row);
    for (const s of SECRETS) expect(rowText).not.toContain(s);
    expect(row.app_secret).toMatch(/^v1:/);
    expect(row).toMatchObject({ app_key: 'tk-app-key', warehouse_id: 'WH-7001', token_expires_at: body.expires_at });

    expect(await app.shops.connectionFor(tk.id)).toEqual({
      platform: 15,
      app_key: 'tk-app-key',
      app_secret: 'SECRET-app-tk-1',
      access_token: 'SECRET-access-tk-1',
      refresh_token: 'SECRET-refresh-tk-1',
      token_expires_at: body.expires_at,
      shop_cipher: 'SECRET-cipher-tk-1',
      warehouse_id: 'WH-7001',
    });
    expect(logged).toContain('/api/store/connect'); // the requests were logged, their bodies not
    for (const s of SECRETS) expect(logged).not.toContain(s);
  });

  it('reconnecting replaces the values and clears needs_reconnect; disconnect forgets them', async () => {
    const tk = await add('demo-a', 15, 'TK Reconnect');
    await app.api(routes.storeConnect, { as: 'demo-a', body: tiktok(tk.id) });
    await app.db.db.updateTable('store_connection').set({ needs_reconnect: 1 }).where('store_id', '=', tk.id).execute();
    expect((await shop('demo-a', tk.id)).listed).toMatchObject({ connected: true, needs_reconnect: true });

    const again = { ...tiktok(tk.id), access_token: 'new-access', expires_at: future() + 100 };
    expect((await app.api(routes.storeConnect, { as: 'demo-a', body: again })).body.code).toBe(1);
    expect((await shop('demo-a', tk.id)).listed).toMatchObject({
      connected: true,
      needs_reconnect: false,
      token_expires_at: again.expires_at,
    });
    expect((await app.shops.connectionFor(tk.id))!.access_token).toBe('new-access');

    const off = await app.api(routes.storeDisconnect, { as: 'demo-a', body: { id: tk.id } });
    expect(off.data).toMatchObject({ id: tk.id, connected: false, token_expires_at: null, needs_reconnect: false });
    expect((await shop('demo-a', tk.id)).listed).toMatchObject({ connected: false, token_expires_at: null });
    expect(await rawRow(tk.id)).toBeUndefined();
    expect(await app.shops.connectionFor(tk.id)).toBeUndefined();
  });

  it('connects an AliExpress shop without the TikTok-only fields', async () => {
    const ali = await add('demo-a', 2, 'Ali Connect');
    const body = { id: ali.id, app_key: 'ak', app_secret: 'as-secret', access_token: 'at-secret', expires_at: future() };
    const res = await app.api(routes.storeConnect, { as: 'demo-a', body });
    expect(res.body.code, res.text).toBe(1);
    expect(await app.shops.connectionFor(ali.id)).toMatchObject({
      platform: 2,
      app_secret: 'as-secret',
      access_token: 'at-secret',
      refresh_token: '',
      shop_cipher: '',
      warehouse_id: '',
    });
  });

  it('refuses a shop of another marketplace', async () => {
    for (const pid of [1, 3]) {
      const s = await add('demo-a', pid, `Offline ${pid}`);
      const res = await app.api(routes.storeConnect, { as: 'demo-a', body: tiktok(s.id) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 0, msg: '只有速卖通和 TikTok Shop 店铺可以在线连接' });
      expect(await rawRow(s.id)).toBeUndefined();
    }
  });

  it('names every missing or wrong field, in zh and en', async () => {
    const tk = await add('demo-b', 15, 'TK Invalid');
    const ali = await add('demo-b', 2, 'Ali Invalid');
    const cases: [number, Record<string, unknown>, string, string][] = [
      [tk.id, { app_key: '  ' }, '请填写 App Key', 'Enter the App Key'],
      [tk.id, { app_secret: undefined }, '请填写 App Secret', 'Enter the App Secret'],
      [tk.id, { access_token: '' }, '请填写 Access Token', 'Enter the Access Token'],
      [tk.id, { refresh_token: '' }, '请填写 Refresh Token', 'Enter the Refresh Token'],
      [tk.id, { shop_cipher: undefined }, '请填写 Shop Cipher', 'Enter the Shop Cipher'],
      [tk.id, { warehouse_id: ' ' }, '请填写 Warehouse ID', 'Enter the Warehouse ID'],
      [tk.id, { expires_at: undefined }, '请填写令牌到期时间', 'Enter when the access token expires'],
      [tk.id, { expires_at: Math.floor(app.clock.now / 1000) }, '令牌到期时间须晚于现在', 'The token expiry must be in the future'],
      [ali.id, { app_key: '' }, '请填写 App Key', 'Enter the App Key'],
    ];
    for (const [id, change, zh, en] of cases) {
      const body = { ...tiktok(id), ...change } as never;
      const res = await app.api(routes.storeConnect, { as: 'demo-b', body });
      expect(res.status, zh).toBe(400);
      expect(res.body.msg).toBe(zh);
      const resEn = await app.api(routes.storeConnect, { as: 'demo-b', body, headers: { 'accept-language': 'en' } });
      expect(resEn.body.msg).toBe(en);
    }
    expect(await rawRow(tk.id)).toBeUndefined();
    expect(await rawRow(ali.id)).toBeUndefined();
  });

  it("another account's shop is not found; a parent connects and disconnects a sub-account's", async () => {
    const sub = await add('demo-a', 15, 'TK Family');
    const theirs = await add('rival', 15, 'TK Rival');
    const sibling = await add('demo-b', 15, 'TK Sibling');
    for (const id of [theirs.id, sibling.id, 999_999]) {
      const res = await app.api(routes.storeConnect, { as: 'demo-a', body: tiktok(id) });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('找不到该店铺');
      expect((await app.api(routes.storeDisconnect, { as: 'demo-a', body: { id } })).status).toBe(404);
    }
    expect((await app.api(routes.storeConnect, { as: 'rival', body: tiktok(sub.id) })).status).toBe(404);

    expect((await app.api(routes.storeConnect, { as: 'demo', body: tiktok(sub.id) })).body.code).toBe(1);
    expect((await shop('demo-a', sub.id)).listed).toMatchObject({ connected: true });
    expect((await app.api(routes.storeDisconnect, { as: 'demo', body: { id: sub.id } })).body.code).toBe(1);
    expect((await shop('demo-a', sub.id)).listed).toMatchObject({ connected: false });
  });

  it('a deleted shop takes its connection with it', async () => {
    const tk = await add('demo-a', 15, 'TK Deleted');
    await app.api(routes.storeConnect, { as: 'demo-a', body: tiktok(tk.id) });
    expect(await rawRow(tk.id)).toBeDefined();
    expect((await app.api(routes.storeDel, { as: 'demo-a', body: { id: tk.id } })).body.code).toBe(1);
    expect(await rawRow(tk.id)).toBeUndefined();
  });
});
