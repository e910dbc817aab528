import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type StoreMarketplace } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { rowCount } from './support/rows.js';

/** Shops (docs/api.md#export-and-shops; docs/domain.md#accounts-and-scope). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  // A seller of another family.
  const reg = await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  expect(reg.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const tree = async (as: string, type?: number): Promise<StoreMarketplace[]> => {
  const res = await app.api(routes.storeList, { as, query: type === undefined ? {} : { type } });
  expect(res.body.code, res.text).toBe(1);
  return res.data.list;
};
const shopsOf = async (as: string) => (await tree(as)).flatMap((m) => m.stores.map((s) => ({ ...s, marketplace: m.id })));
const add = async (as: string, pid: number, name: string) => {
  const res = await app.api(routes.storeAdd, { as, body: { pid, name } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const count = () => rowCount(app, 'store');

describe('shops', () => {
  it('lists every marketplace, empty, for a seller without shops', async () => {
    expect(await tree('rival')).toEqual([
      { id: 1, name: '亚马逊', stores: [] },
      { id: 3, name: '沃尔玛', stores: [] },
      { id: 2, name: '速卖通', stores: [] },
      { id: 15, name: 'TikTok Shop', stores: [] },
    ]);
    const en = await app.api(routes.storeList, { as: 'rival', headers: { 'accept-language': 'en' } });
    expect(en.data.list.map((m) => m.name)).toEqual(['Amazon', 'Walmart', 'AliExpress', 'TikTok Shop']);
  });

  it('adds, lists under the marketplace, filters by type, renames and deletes', async () => {
    app.clock.advance(1000);
    const us = await add('demo-a', 1, '  Sunny Tees US  ');
    expect(us).toMatchObject({ name: 'Sunny Tees US', pid: 1, username: 'demo-a', createtime: Math.floor(app.clock.now / 1000) });
    const ali = await add('demo-a', 2, '阳光T恤速卖通店');
    const tk = await add('demo-a', 15, 'Sunny Tees US'); // the same name on another marketplace is another shop
    const wm = await add('demo-a', 3, 'Sunny Walmart');

    const list = await tree('demo-a');
    expect(list.map((m) => [m.id, m.stores.map((s) => s.id)])).toEqual([
      [1, [us.id]],
      [3, [wm.id]],
      [2, [ali.id]],
      [15, [tk.id]],
    ]);
    expect(list[0]!.stores[0]).toEqual(us);

    expect(await tree('demo-a', 2)).toEqual([{ id: 2, name: '速卖通', stores: [ali] }]);
    expect((await tree('demo-a', 15))[0]!.stores.map((s) => s.id)).toEqual([tk.id]);

    const renamed = await app.api(routes.storeUpdate, { as: 'demo-a', body: { id: ali.id, name: ' 阳光速卖通 ' } });
    expect(renamed.body).toMatchObject({ code: 1, data: { id: ali.id, name: '阳光速卖通', pid: 2 } });
    expect((await tree('demo-a', 2))[0]!.stores[0]!.name).toBe('阳光速卖通');
    // Renaming to its own name is not a duplicate.
    expect((await app.api(routes.storeUpdate, { as: 'demo-a', body: { id: ali.id, name: '阳光速卖通' } })).body.code).toBe(1);

    const del = await app.api(routes.storeDel, { as: 'demo-a', body: { id: tk.id } });
    expect(del.body).toMatchObject({ code: 1, data: { id: tk.id } });
    expect((await tree('demo-a', 15))[0]!.stores).toEqual([]);
    expect((await app.api(routes.storeDel, { as: 'demo-a', body: { id: tk.id } })).status).toBe(404);
  });

  it('refuses an unknown marketplace, an empty or too long name and a duplicate, in the caller’s language, changing nothing', async () => {
    await add('demo-b', 1, 'Dup Shop');
    const before = await count();
    const refusals: [object, number, string, string][] = [
      [{ pid: 7, name: 'x' }, 400, '不支持的平台', 'Unknown marketplace'],
      [{ pid: 1, name: '   ' }, 400, '请输入店铺名称', 'Enter a shop name'],
      [{ pid: 1, name: '店'.repeat(51) }, 400, '店铺名称最多 50 个字', 'A shop name holds at most 50 characters'],
      [{ pid: 1, name: ' Dup Shop ' }, 409, '该平台下已有同名店铺：Dup Shop', 'This marketplace already has a shop named Dup Shop'],
    ];
    for (const [body, status, zh, en] of refusals) {
      const res = await app.api(routes.storeAdd, { as: 'demo-b', body: body as never });
      expect([res.status, res.body.code, res.body.msg], JSON.stringify(body)).toEqual([status, 0, zh]);
      const resEn = await app.api(routes.storeAdd, { as: 'demo-b', body: body as never, headers: { 'accept-language': 'en-US' } });
      expect(resEn.body.msg).toBe(en);
    }
    // 50 characters (an emoji counts as one) are allowed.
    const fifty = await add('demo-b', 1, '😀'.repeat(50));
    expect(await count()).toBe(before + 1);

    const other = await add('demo-b', 1, 'Other Shop');
    for (const [name, msg] of [
      ['', '请输入店铺名称'],
      ['x'.repeat(51), '店铺名称最多 50 个字'],
      ['Dup Shop', '该平台下已有同名店铺：Dup Shop'],
    ]) {
      const res = await app.api(routes.storeUpdate, { as: 'demo-b', body: { id: other.id, name: name! } });
      expect(res.body.msg).toBe(msg);
    }
    expect((await tree('demo-b', 1))[0]!.stores.map((s) => s.name)).toEqual(['Dup Shop', fifty.name, 'Other Shop']);

    expect((await app.api(routes.storeList, { as: 'demo-b', query: { type: 4 } })).body).toMatchObject({ code: 0, msg: '不支持的平台' });
    expect((await app.api(routes.storeAdd, { as: 'demo-b', body: { pid: 1 } as never })).status).toBe(400);
    expect((await app.api(routes.storeAdd, { body: { pid: 1, name: 'x' } })).status).toBe(401);
  });

  it('a parent sees, renames and deletes its sub-accounts’ shops; a sub-account only its own', async () => {
    const a = await add('demo-a', 2, 'A 的店');
    const b = await add('demo-b', 2, 'B 的店');
    const mine = await add('demo', 2, 'A 的店'); // unique per owner: the parent may use the same name

    const parentView = (await tree('demo', 2))[0]!.stores;
    expect(parentView.map((s) => [s.id, s.username])).toEqual(
      expect.arrayContaining([
        [a.id, 'demo-a'],
        [b.id, 'demo-b'],
        [mine.id, 'demo'],
      ]),
    );
    expect((await shopsOf('demo-a')).map((s) => s.id)).not.toContain(b.id);
    expect((await shopsOf('demo-a')).map((s) => s.id)).not.toContain(mine.id);

    // A sibling's or the parent's shop is not found for a sub-account.
    for (const id of [b.id, mine.id]) {
      expect((await app.api(routes.storeUpdate, { as: 'demo-a', body: { id, name: 'x' } })).body).toMatchObject({
        code: 0,
        msg: '找不到该店铺',
      });
      expect((await app.api(routes.storeDel, { as: 'demo-a', body: { id } })).status).toBe(404);
    }

    // The parent renames a sub-account's shop: the name is checked within that account's shops.
    await add('demo-a', 2, 'A 的第二家店');
    const dup = await app.api(routes.storeUpdate, { as: 'demo', body: { id: a.id, name: 'A 的第二家店' } });
    expect(dup.body.msg).toBe('该平台下已有同名店铺：A 的第二家店');
    const ok = await app.api(routes.storeUpdate, { as: 'demo', body: { id: a.id, name: 'A 店（主账号改）' } });
    expect(ok.body).toMatchObject({ code: 1, data: { name: 'A 店（主账号改）', username: 'demo-a' } });
    expect((await app.api(routes.storeDel, { as: 'demo', body: { id: b.id } })).body.code).toBe(1);
    expect((await shopsOf('demo-b')).map((s) => s.id)).not.toContain(b.id);
  });

  it('another family’s shop answers 404 exactly like a missing one and is never listed', async () => {
    const theirs = await add('rival', 1, 'Rival Store');
    const missing = theirs.id + 10_000;
    for (const as of ['demo', 'demo-a']) {
      expect((await shopsOf(as)).map((s) => s.id)).not.toContain(theirs.id);
      const upd = await app.api(routes.storeUpdate, { as, body: { id: theirs.id, name: 'taken over' } });
      const updMissing = await app.api(routes.storeUpdate, { as, body: { id: missing, name: 'taken over' } });
      expect([upd.status, upd.body.msg]).toEqual([404, '找不到该店铺']);
      expect([updMissing.status, updMissing.body.msg]).toEqual([upd.status, upd.body.msg]);
      const del = await app.api(routes.storeDel, { as, body: { id: theirs.id } });
      const delMissing = await app.api(routes.storeDel, { as, body: { id: missing } });
      expect([del.status, del.body.msg]).toEqual([404, '找不到该店铺']);
      expect([delMissing.status, delMissing.body.msg]).toEqual([del.status, del.body.msg]);
    }
    expect((await tree('rival', 1))[0]!.stores).toEqual([theirs]);
  });
});
