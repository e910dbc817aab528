import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { attachment } from '../src/modules/downloads/index.js';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * One rule for every name a seller gives (docs/security.md#names): control and bidirectional-override characters
 * are refused with a message naming the field; download names built from older names are made safe.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const BAD = ['rlo\u202excod.exe', 'nul\u0000x', 'esc\u001b[31m', 'two\nlines', 'cr\rx', 'iso\u2066x\u2069', 'del\u007f'];
const MESSAGE = '不能包含控制字符或文字方向控制字符（换行、制表符、U+202E 等），请删除后重试';

describe('a name with control or bidi-override characters is refused, naming the field', () => {
  const calls: [string, (name: string) => Promise<{ status: number; body: { msg: string } }>, string][] = [
    ['a shop', (name) => t.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name } }), 'name'],
    ['a group', (name) => t.api(routes.groupAdd, { as: 'demo', body: { pid: 0, name } }), 'name'],
    ['a folder', (title) => t.api(routes.materialFolderAdd, { as: 'demo', body: { title } }), 'title'],
    ['a watermark', (name) => t.api(routes.watermarkAdd, { as: 'demo', body: { name, type: 'text', text: 'POD', position: 9 } }), 'name'],
    ['an office', (name) => t.api(routes.officeAdd, { as: 'demo', body: { name } }), 'name'],
    [
      'a sub-account nickname',
      (nickname) => t.api(routes.createChild, { as: 'demo', body: { username: 'ops-x', password: 'rival-pass-123', nickname } }),
      'nickname',
    ],
  ];
  for (const [what, send, field] of calls) {
    it(what, async () => {
      for (const bad of BAD) {
        const res = await send(bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.msg).toBe(`参数错误: ${field}: ${MESSAGE}`);
      }
    });
  }

  it('in English when asked', async () => {
    const res = await t.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: 'a\u202eb' }, headers: { 'accept-language': 'en' } });
    expect(res.body.msg).toBe(
      'Invalid parameters: name: cannot hold control or text-direction characters (line breaks, tabs, U+202E …): remove them and try again',
    );
  });

  it('a remark may have several lines, but no other control characters', async () => {
    const nul = await t.api(routes.addRemark, { as: 'demo', body: { id: 1, remark: 'a\u0000b' } });
    expect(nul.body.msg).toBe(`参数错误: remark: ${MESSAGE}`);
    expect((await t.api(routes.addRemark, { as: 'demo', body: { id: 1, remark: 'a\u202eb' } })).status).toBe(400);
    // Past validation (no such product here): line breaks are a remark's own.
    expect((await t.api(routes.addRemark, { as: 'demo', body: { id: 999_999, remark: '第一行\n第二行' } })).status).toBe(404);
  });

  it('plain names, Chinese included, are taken', async () => {
    expect((await t.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '美国店 #2 (new)' } })).status).toBe(200);
  });
});

describe('download names', () => {
  it('a name stored before the rule cannot make a download read as another type', () => {
    const header = attachment('rlo\u202excod.exe_20261101.xlsx');
    expect(header).not.toContain('\u202e');
    expect(header).not.toMatch(/%E2%80%AE/i);
    expect(header).toBe(`attachment; filename="rlo_xcod.exe_20261101.xlsx"; filename*=UTF-8''rlo_xcod.exe_20261101.xlsx`);
    expect(attachment('a\r\nSet-Cookie: x')).not.toMatch(/[\r\n]/);
  });
});
