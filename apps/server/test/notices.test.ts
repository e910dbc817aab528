import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, routes } from '@app/contract';
import { noticeSummary } from '../src/modules/notices/index.js';
import { buildTestApp, type TestApp } from './helper.js';

/** Notices (公告, docs/mobile.md#notices): the list and detail anyone may read, and what `npm run notice` calls. */

let t: TestApp;
const seconds = () => Math.floor(t.clock.now / 1000);
const list = async (query: { page?: number; limit?: number } = {}) => {
  const res = await t.api(routes.noticeList, { query });
  expect(res.status, res.text).toBe(200);
  return res.data;
};
/** Adds a notice a minute after the one before, as an operator would. */
const add = async (title: string, content = `${title} 的内容`) => {
  t.clock.advance(60_000);
  return t.notices.add({ title, content });
};

beforeAll(async () => {
  // Without the demo content: the table starts empty.
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the notice list', () => {
  it('is empty at first, and readable logged out', async () => {
    expect(await list()).toEqual({ list: [], total: 0 });
  });

  it('pages the notices in force newest first, with the total', async () => {
    const added = [];
    for (let i = 1; i <= 12; i++) added.push(await add(`公告 ${i}`));
    const newest = [...added].reverse();
    const first = await list({ limit: 5 });
    expect(first.total).toBe(12);
    expect(first.list.map((n) => n.id)).toEqual(newest.slice(0, 5).map((n) => n.id));
    expect(first.list[0]).toEqual({ id: added[11]!.id, title: '公告 12', summary: '公告 12 的内容', created_at: seconds() });
    expect((await list({ limit: 5, page: 2 })).list.map((n) => n.id)).toEqual(newest.slice(5, 10).map((n) => n.id));
    const last = await list({ limit: 5, page: 3 });
    expect(last).toEqual({ list: expect.any(Array), total: 12 });
    expect(last.list.map((n) => n.id)).toEqual(newest.slice(10).map((n) => n.id));
    expect((await list({ limit: 5, page: 4 })).list).toEqual([]);
    // 10 a page unless asked.
    expect((await list()).list).toHaveLength(10);
  });

  it('orders notices of the same second by id, the later first', async () => {
    const a = await t.notices.add({ title: '同一秒 A', content: 'a' });
    const b = await t.notices.add({ title: '同一秒 B', content: 'b' });
    expect(a.created_at).toBe(b.created_at);
    expect((await list({ limit: 2 })).list.map((n) => n.id)).toEqual([b.id, a.id]);
  });

  it('refuses a limit of 0 or over 50, a page of 0, and text for a number', async () => {
    for (const query of [{ limit: 0 }, { limit: 51 }, { page: 0 }, { limit: 'ten' as never }]) {
      const res = await t.api(routes.noticeList, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe(0);
    }
    expect((await list({ limit: 50 })).list.length).toBeGreaterThan(10);
  });
});

describe('summaries', () => {
  it('are the first 80 characters, whitespace collapsed, with … only when cut', () => {
    expect(noticeSummary('  短公告\n\n第二段\t 结束  ')).toBe('短公告 第二段 结束');
    const long = '一'.repeat(79) + '\n\n二三四';
    // The cut falls after a space: no space before the …
    expect(noticeSummary(long)).toBe('一'.repeat(79) + '…');
    expect(noticeSummary('字'.repeat(80))).toBe('字'.repeat(80));
    expect(noticeSummary('字'.repeat(81))).toBe('字'.repeat(80) + '…');
    // Cut between characters, never inside one: an emoji with a skin tone is one character of two code points.
    const thumbs = '👍🏽'.repeat(100);
    expect(noticeSummary(thumbs)).toBe('👍🏽'.repeat(80) + '…');
    expect(noticeSummary('only the head was read', true)).toBe('only the head was read…');
  });

  it('are made from the stored text on the list, also after a long run of whitespace', async () => {
    const spaced = await add('空白很多', `开头${' '.repeat(1500)}结尾`);
    const emoji = await add('表情', '🎉'.repeat(90));
    const page = (await list({ limit: 2 })).list;
    expect(page.map((n) => n.id)).toEqual([emoji.id, spaced.id]);
    expect(page[0]!.summary).toBe('🎉'.repeat(80) + '…');
    // The list reads only the text's first characters: those are 开头 and spaces, and the text goes on.
    expect(page[1]!.summary).toBe('开头…');
    // The detail is the text as stored.
    expect((await t.api(routes.noticeDetail, { query: { id: spaced.id } })).data.content).toBe(`开头${' '.repeat(1500)}结尾`);
  });
});

describe('a notice', () => {
  it('answers its whole text, logged out', async () => {
    const n = await add('春节发货安排', '第一段\n第二段');
    const res = await t.api(routes.noticeDetail, { query: { id: n.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ id: n.id, title: '春节发货安排', content: '第一段\n第二段', created_at: seconds() });
    expect((await t.api(routes.noticeDetail, { as: 'demo', query: { id: n.id } })).data.id).toBe(n.id);
  });

  it('once retired leaves the list and is not found, in the caller’s language', async () => {
    const n = await add('即将下线');
    const before = await list();
    expect(before.list[0]!.id).toBe(n.id);
    t.clock.advance(5000);
    const { notice, changed } = await t.notices.retire(n.id);
    expect(changed).toBe(true);
    expect(notice).toMatchObject({ id: n.id, retired_at: seconds() });
    const after = await list();
    expect(after.total).toBe(before.total - 1);
    expect(after.list.map((x) => x.id)).not.toContain(n.id);
    const gone = await t.api(routes.noticeDetail, { query: { id: n.id } });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 0, msg: '找不到该公告或已下线', data: null });
    const en = await t.api(routes.noticeDetail, { query: { id: n.id }, headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe('This notice does not exist or has been withdrawn');
    // Retiring it again changes nothing; the row stays, with its first retirement.
    t.clock.advance(5000);
    const again = await t.notices.retire(n.id);
    expect(again.changed).toBe(false);
    expect(again.notice.retired_at).toBe(notice.retired_at);
    expect((await t.notices.all()).find((x) => x.id === n.id)).toMatchObject({ retired_at: notice.retired_at });
  });

  it('refuses an id of 0 or text (400), and an unknown one (404)', async () => {
    expect((await t.api(routes.noticeDetail, { query: { id: 0 } })).status).toBe(400);
    expect((await t.api(routes.noticeDetail, { query: { id: 'abc' as never } })).status).toBe(400);
    expect((await t.api(routes.noticeDetail, { query: {} as never })).status).toBe(400);
    expect((await t.api(routes.noticeDetail, { query: { id: 99999 } })).status).toBe(404);
  });
});

describe('what the notice CLI calls', () => {
  it('adds a notice with its title and text trimmed, in force from now', async () => {
    const n = await add('  标题两边有空格  ', '\r\n 正文第一行\r\n正文第二行 \n');
    expect(n).toMatchObject({ title: '标题两边有空格', content: '正文第一行\n正文第二行', created_at: seconds(), retired_at: null });
    expect((await list()).list[0]).toMatchObject({ id: n.id, title: '标题两边有空格', summary: '正文第一行 正文第二行' });
  });

  it('refuses a title or text that is empty or too long, adding nothing', async () => {
    const total = (await list()).total;
    const refused = async (input: { title: string; content: string }, key: string, max: number) =>
      expect(t.notices.add(input)).rejects.toMatchObject({ status: 400, key, params: { max } });
    await refused({ title: '   ', content: '内容' }, 'noticeTitleInvalid', NOTICE_TITLE_MAX);
    await refused({ title: '题'.repeat(NOTICE_TITLE_MAX + 1), content: '内容' }, 'noticeTitleInvalid', NOTICE_TITLE_MAX);
    await refused({ title: '标题', content: ' \n ' }, 'noticeContentInvalid', NOTICE_CONTENT_MAX);
    await refused({ title: '标题', content: '文'.repeat(NOTICE_CONTENT_MAX + 1) }, 'noticeContentInvalid', NOTICE_CONTENT_MAX);
    expect((await list()).total).toBe(total);
    // At the limits exactly, it is taken.
    const n = await t.notices.add({ title: '题'.repeat(NOTICE_TITLE_MAX), content: '文'.repeat(NOTICE_CONTENT_MAX) });
    expect((await t.api(routes.noticeDetail, { query: { id: n.id } })).data.content).toHaveLength(NOTICE_CONTENT_MAX);
  });

  it('refuses to retire an unknown notice', async () => {
    await expect(t.notices.retire(99999)).rejects.toMatchObject({ status: 404, key: 'noticeNotFound' });
  });

  it('lists every notice for the operator, retired ones too, newest first', async () => {
    const all = await t.notices.all();
    const inForce = await list({ limit: 50 });
    expect(all.filter((n) => n.retired_at === null)).toHaveLength(inForce.total);
    expect(all.some((n) => n.retired_at !== null)).toBe(true);
    const order = all.map((n) => [n.created_at, n.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
  });
});
