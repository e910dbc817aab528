import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import { buildTestApp, type TestApp } from './helper.js';
import { insertFinishedInGroup } from './support/rows.js';

/**
 * Where a call takes a number, a number or numeric text is what it reads (docs/security.md#numbers): true is
 * not product 1, null is not group 0, and '' or a list is not a number. Each refusal is a 400 naming the
 * field, and changes nothing.
 */
let app: TestApp;
let finishedId: number;
let groupId: number;
beforeAll(async () => {
  app = await buildTestApp();
  const group = await app.api(routes.groupAdd, { as: 'demo-a', body: { pid: 0, name: '夏季' } });
  groupId = group.data.id;
  finishedId = await insertFinishedInGroup(app, 'demo-a', groupId, 'STRICT1');
});
afterAll(() => app.close());

const design = frontDesign('/files/materials/1/art.png', 'strict', 9);

/** What JSON can carry where a number belongs, and is not one. */
const BAD_BODY_VALUES: unknown[] = [true, false, null, [], [1], '', ' 1', 'abc', '1e3', {}];

/** Each body call with one numeric field, its other fields valid. */
const BODY_CASES: { name: string; path: string; field: string; body: (v: unknown) => Record<string, unknown> }[] = [
  {
    name: 'synthesis',
    path: routes.synthesisCreate.path,
    field: 'product_id',
    body: (v) => ({ product_id: v, attr_id: 1, extends: design }),
  },
  { name: 'synthesis', path: routes.synthesisCreate.path, field: 'attr_id', body: (v) => ({ product_id: 1, attr_id: v, extends: design }) },
  { name: 'join a group', path: routes.joinToGroup.path, field: 'group_id', body: (v) => ({ ids: String(finishedId), group_id: v }) },
  { name: 'remark', path: routes.addRemark.path, field: 'id', body: (v) => ({ id: v, remark: 'x' }) },
  { name: 'edit a variant', path: routes.updateFinished.path, field: 'list.0.price', body: (v) => ({ list: [{ id: 1, price: v }] }) },
  {
    name: 'edit a variant',
    path: routes.updateFinished.path,
    field: 'list.0.as_parent',
    body: (v) => ({ list: [{ id: 1, as_parent: v }] }),
  },
  { name: 'add to cart', path: routes.addToCarts.path, field: 'num', body: (v) => ({ id: finishedId, num: v }) },
  { name: 'cart', path: routes.cartAdd.path, field: 'product_id', body: (v) => ({ product_id: v, attr_id: 1, num: 1, extends: design }) },
  { name: 'cart', path: routes.cartUpdate.path, field: 'num', body: (v) => ({ id: 1, num: v }) },
  { name: 're-design', path: routes.designResave.path, field: 'type', body: (v) => ({ key_id: 'FPSTRICT1', type: v, extends: design }) },
  { name: 'new group', path: routes.groupAdd.path, field: 'pid', body: (v) => ({ pid: v, name: 'x' }) },
  { name: 'group', path: routes.groupLock.path, field: 'id', body: (v) => ({ id: v }) },
  { name: 'material folder', path: routes.materialFolderAdd.path, field: 'pid', body: (v) => ({ pid: v, title: 'x' }) },
  { name: 'material folder', path: routes.materialFolderAdd.path, field: 'userId', body: (v) => ({ userId: v, title: 'x' }) },
  { name: 'materials', path: routes.materialDelete.path, field: 'ids.0', body: (v) => ({ ids: [v] }) },
];

/** Query strings carry text: '' or the same name twice is not a number either. */
const QUERY_CASES: { path: string; field: string; query: string[] }[] = [
  { path: routes.finishedList.path, field: 'group_id', query: ['group_id=', 'group_id=1&group_id=2', 'group_id=true', 'group_id=%201'] },
  { path: routes.finishedList.path, field: 'start_time', query: ['start_time=', 'start_time=null', 'start_time=0x10'] },
  { path: routes.finishedList.path, field: 'pageNumber', query: ['pageNumber=', 'pageNumber=1&pageNumber=1'] },
  { path: routes.finishedDetail.path, field: 'id', query: ['id=', 'id=1&id=1', 'id=true'] },
  { path: routes.groupList.path, field: 'userid', query: ['userid=', 'userid=null'] },
  { path: routes.materialList.path, field: 'userId', query: ['userId=', 'userId=false'] },
];

const groupOf = async () =>
  (await app.db.db.selectFrom('finished').select('group_id').where('id', '=', finishedId).executeTakeFirstOrThrow()).group_id;

describe('numbers are numbers', () => {
  for (const c of BODY_CASES) {
    it(`${c.name}: ${c.field} refuses ${BAD_BODY_VALUES.map((v) => JSON.stringify(v)).join(' ')}`, async () => {
      for (const value of BAD_BODY_VALUES) {
        const res = await app.call({ method: 'POST', url: c.path, as: 'demo-a', payload: c.body(value) });
        const body = res.json();
        expect(res.statusCode, `${c.field}: ${JSON.stringify(value)} → ${res.body}`).toBe(400);
        expect(body.code).toBe(0);
        expect(body.msg, JSON.stringify(value)).toContain(`${c.field} 须为数字`);
      }
    });
  }

  for (const c of QUERY_CASES) {
    it(`${c.path}: ${c.field} refuses ${c.query.join(' ')}`, async () => {
      for (const q of c.query) {
        const res = await app.call({ method: 'GET', url: `${c.path}?${q}`, as: 'demo-a' });
        expect(res.statusCode, `${q} → ${res.body}`).toBe(400);
        expect(res.json().msg, q).toContain(c.field);
      }
    });
  }

  it('group_id: null does not take a product out of its group', async () => {
    expect(await groupOf()).toBe(groupId);
    const res = await app.call({
      method: 'POST',
      url: routes.joinToGroup.path,
      as: 'demo-a',
      payload: { ids: String(finishedId), group_id: null },
    });
    expect(res.statusCode).toBe(400);
    expect(await groupOf()).toBe(groupId);
  });

  it('still reads numbers and numeric text (form-style clients send strings)', async () => {
    const asText = await app.call({
      method: 'POST',
      url: routes.joinToGroup.path,
      as: 'demo-a',
      payload: { ids: String(finishedId), group_id: '0' },
    });
    expect(asText.json().code, asText.body).toBe(1);
    expect(await groupOf()).toBe(0);
    const asNumber = await app.api(routes.joinToGroup, { as: 'demo-a', body: { ids: String(finishedId), group_id: groupId } });
    expect(asNumber.body.code, asNumber.text).toBe(1);
    expect(await groupOf()).toBe(groupId);
    const list = await app.call({
      method: 'GET',
      url: `${routes.finishedList.path}?group_id=${groupId}&pageNumber=1&pageSize=10`,
      as: 'demo-a',
    });
    expect(list.json().data.count, list.body).toBe(1);
    const price = await app.call({
      method: 'POST',
      url: routes.updateFinished.path,
      as: 'demo-a',
      payload: { list: [{ id: 999999, price: '12.50' }] },
    });
    expect(price.statusCode, price.body).not.toBe(400);
  });
});
