import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type GroupNode, type QueryOf } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { insertFinishedInGroup } from './support/rows.js';

/** Custom groups (docs/domain.md#groups, docs/api.md#groups) and what they do to finished products. */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const tree = async (as: string, query: QueryOf<typeof routes.groupList> = {}): Promise<GroupNode[]> =>
  (await app.api(routes.groupList, { as, query })).data.list;
const add = async (as: string, pid: number, name: string) => {
  const res = await app.api(routes.groupAdd, { as, body: { pid, name } });
  expect(res.body.code, res.text).toBe(1);
  return res.data.id;
};

const finishedIn = (username: string, groupId: number) => insertFinishedInGroup(app, username, groupId);

describe('the group tree', () => {
  it('adds, nests, renames (both spellings of add) and lists groups per owner', async () => {
    const top = await add('demo-a', 0, '新分组');
    const child = await add('demo-a', top, '夏季');
    await add('demo-a', child, '短袖');
    expect((await app.api(routes.groupUpdate, { as: 'demo-a', body: { id: top, name: '  服装  ' } })).body).toMatchObject({
      code: 1,
      data: { name: '服装' },
    });
    expect((await app.api(routes.groupAdd, { as: 'demo-a', body: { id: child, name: '夏季新品' } })).body.code).toBe(1);
    const list = await tree('demo-a');
    expect(list).toEqual([
      {
        id: top,
        pid: 0,
        name: '服装',
        is_locked: 0,
        locked: 0,
        childlist: [
          {
            id: child,
            pid: top,
            name: '夏季新品',
            is_locked: 0,
            locked: 0,
            childlist: [expect.objectContaining({ name: '短袖', pid: child })],
          },
        ],
      },
    ]);
    // Per owner: demo-b sees none of it; the parent sees it by asking for demo-a's tree.
    expect(await tree('demo-b')).toEqual([]);
    const demoA = (await app.db.db.selectFrom('account').select('id').where('username', '=', 'demo-a').executeTakeFirstOrThrow()).id;
    expect((await tree('demo', { userid: String(demoA) }))[0]!.name).toBe('服装');
    expect((await app.api(routes.groupList, { as: 'demo-b', query: { userid: String(demoA) } })).status).toBe(404);
  });

  it('refuses empty names, too deep a tree, the special groups and other families', async () => {
    expect((await app.api(routes.groupAdd, { as: 'demo-b', body: { pid: 0, name: '   ' } })).status).toBe(400);
    let pid = 0;
    for (let i = 0; i < 4; i++) pid = await add('demo-b', pid, `L${i + 1}`);
    const deep = await app.api(routes.groupAdd, { as: 'demo-b', body: { pid, name: 'L5' } });
    expect(deep.body).toMatchObject({ code: 0, msg: '分组最多 4 级' });
    for (const id of [-1, 0]) {
      expect((await app.api(routes.groupUpdate, { as: 'demo-b', body: { id, name: 'x' } })).body.msg).toBe('“全部”和“未分组”不能编辑');
      expect((await app.api(routes.groupLock, { as: 'demo-b', body: { id } })).body.msg).toBe('“全部”和“未分组”不能编辑');
      expect((await app.api(routes.groupDel, { as: 'demo-b', body: { id } })).body.msg).toBe('“全部”和“未分组”不能编辑');
    }
    const mine = (await tree('demo-a'))[0]!.id;
    for (const [route, body] of [
      [routes.groupUpdate, { id: mine, name: 'x' }],
      [routes.groupLock, { id: mine }],
      [routes.groupUnlock, { id: mine }],
      [routes.groupDel, { id: mine }],
      [routes.groupAdd, { pid: mine, name: 'x' }],
    ] as const) {
      const res = await app.api(route, { as: 'demo-b', body });
      expect(res.status, route.path).toBe(404);
      expect(res.body.msg).toBe('找不到该分组');
    }
    expect((await tree('demo-a'))[0]!.name).toBe('服装');
  });
});

describe('locks and deleting', () => {
  it('a locked group protects its products (and those below it) from deletion; unlocked, they can go', async () => {
    const top = await add('demo-a', 0, '锁定测试');
    const below = await add('demo-a', top, '下级');
    const inTop = await finishedIn('demo-a', top);
    const inBelow = await finishedIn('demo-a', below);
    expect((await app.api(routes.groupLock, { as: 'demo-a', body: { id: top } })).body).toMatchObject({ code: 1, data: { is_locked: 1 } });
    const node = (await tree('demo-a')).find((g) => g.id === top)!;
    expect(node).toMatchObject({ is_locked: 1, locked: 1 });
    expect(node.childlist[0]).toMatchObject({ is_locked: 0, locked: 1 });
    // The list marks rows filed in a locked group or below one.
    const listed = (await app.api(routes.finishedList, { as: 'demo-a', query: { pageSize: '200' } })).data.list;
    expect(
      listed
        .filter((r) => r.is_locked === 1)
        .map((r) => r.id)
        .sort(),
    ).toEqual([inTop, inBelow].sort());

    for (const id of [inTop, inBelow]) {
      const res = await app.api(routes.finishedDel, { as: 'demo', body: { ids: String(id) } });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('所选成品所在的分组已锁定，不能删除，请先解锁分组');
    }
    // With an unprotected one beside it: nothing is deleted.
    const free = await finishedIn('demo-a', 0);
    expect((await app.api(routes.finishedDel, { as: 'demo-a', body: { ids: `${free},${inBelow}` } })).status).toBe(409);
    expect(await app.db.db.selectFrom('finished').select('id').where('id', 'in', [inTop, inBelow, free]).execute()).toHaveLength(3);
    // The list flags them.
    const rows = (await app.api(routes.finishedList, { as: 'demo-a', query: { group_id: String(top) } })).data;
    expect(rows.list.map((r: { id: number; is_locked: number }) => [r.id, r.is_locked]).sort()).toEqual(
      [
        [inBelow, 1],
        [inTop, 1],
      ].sort(),
    );
    // The group itself cannot be deleted while locked.
    expect((await app.api(routes.groupDel, { as: 'demo-a', body: { id: below } })).body.msg).toBe(
      '该分组或其下级分组已锁定，不能删除，请先解锁',
    );

    expect((await app.api(routes.groupUnlock, { as: 'demo-a', body: { id: top } })).data.is_locked).toBe(0);
    const del = await app.api(routes.finishedDel, { as: 'demo-a', body: { ids: `${free},${inBelow}` } });
    expect(del.body).toMatchObject({ code: 1, data: { deleted: 2 } });
  });

  it('a locked group keeps its products: clearing or moving one out (from it or a group under it) is refused', async () => {
    const top = await add('demo-a', 0, '锁定归档');
    const below = await add('demo-a', top, '下级');
    const elsewhere = await add('demo-a', 0, '别处');
    const inTop = await finishedIn('demo-a', top);
    const inBelow = await finishedIn('demo-a', below);
    const free = await finishedIn('demo-a', 0);
    expect((await app.api(routes.groupLock, { as: 'demo-a', body: { id: top } })).body.code).toBe(1);
    const join = (ids: number[], group_id: number, as = 'demo-a') =>
      app.api(routes.joinToGroup, { as, body: { ids: ids.join(','), group_id } });
    const groupOf = async (id: number) =>
      (await app.db.db.selectFrom('finished').select('group_id').where('id', '=', id).executeTakeFirstOrThrow()).group_id;

    // 清除分组 (group 0), filing into another group, by the owner or the parent account: refused, nothing moved.
    for (const [ids, target, as] of [
      [[inTop], 0, 'demo-a'],
      [[inBelow], 0, 'demo'],
      [[inTop], elsewhere, 'demo-a'],
      [[inBelow], top, 'demo-a'],
      [[free, inBelow], elsewhere, 'demo-a'],
    ] as const) {
      const res = await join([...ids], target, as);
      expect(res.status, res.text).toBe(409);
      expect(res.body.msg).toBe('所选成品所在的分组已锁定，不能移出或清除分组，请先解锁分组');
    }
    expect([await groupOf(inTop), await groupOf(inBelow), await groupOf(free)]).toEqual([top, below, 0]);
    // So the walk-around (clear, then delete) is closed.
    expect((await app.api(routes.finishedDel, { as: 'demo-a', body: { ids: String(inTop) } })).status).toBe(409);
    // Filing into a locked group, or again into the group it is in, is not taking anything out.
    expect((await join([free], below)).body).toMatchObject({ code: 1, data: { updated: 1 } });
    expect((await join([inTop], top)).body.code).toBe(1);
    // Unlocked, they move again.
    expect((await app.api(routes.groupUnlock, { as: 'demo-a', body: { id: top } })).body.code).toBe(1);
    expect((await join([inTop, inBelow, free], 0)).body).toMatchObject({ code: 1, data: { updated: 3 } });
  });

  it('filing, filtering with descendants, clearing; deleting a group moves its products to 未分组', async () => {
    const top = await add('demo-b', 0, '归档');
    const sub = await add('demo-b', top, '子分组');
    const p1 = await finishedIn('demo-b', 0);
    const p2 = await finishedIn('demo-b', 0);
    const join = (ids: number[], group_id: number, as = 'demo-b') =>
      app.api(routes.joinToGroup, { as, body: { ids: ids.join(','), group_id } });
    expect((await join([p1], top)).body).toMatchObject({ code: 1, data: { updated: 1 } });
    expect((await join([p2], sub)).body.code).toBe(1);
    const listed = async (group_id: number) =>
      (await app.api(routes.finishedList, { as: 'demo-b', query: { group_id: String(group_id) } })).data.list.map((r) => r.id).sort();
    expect(await listed(top)).toEqual([p1, p2].sort());
    expect(await listed(sub)).toEqual([p2]);
    expect(await listed(0)).not.toContain(p1);
    // Filing into another family's group, or into a group that does not exist: refused.
    const other = await add('demo-a', 0, '别人的');
    expect((await join([p1], other)).status).toBe(404);
    expect((await join([p1], 999_999)).body.msg).toBe('找不到该分组');
    // Clearing (group 0).
    expect((await join([p1], 0)).body.code).toBe(1);
    expect(await listed(0)).toContain(p1);

    const del = await app.api(routes.groupDel, { as: 'demo-b', body: { id: top } });
    expect(del.body).toMatchObject({ code: 1, data: { deleted: 2, ungrouped: 1 } });
    expect(await listed(0)).toEqual(expect.arrayContaining([p1, p2]));
    expect((await tree('demo-b')).find((g) => g.id === top)).toBeUndefined();
  });
});
