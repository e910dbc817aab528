import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_BAN_MAX_LINES, KEYWORD_BAN_MAX_WORDS, routes, type BodyOf, type QueryOf } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

/** Banned words (/keywords_ban/*; docs/domain.md#banned-words), on SQLite and PostgreSQL. */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
  await app.login('rival', 'rival-pass-123');
});
afterAll(async () => {
  await app.close();
});

const add = async (as: string, body: BodyOf<typeof routes.keywordBanAdd>) => {
  const res = await app.api(routes.keywordBanAdd, { as, body });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const words = async (as: string, query: QueryOf<typeof routes.keywordBanList> = {}) =>
  (await app.api(routes.keywordBanList, { as, query })).data;
const idsOf = async (as: string, ...ws: string[]) => {
  const list = (await words(as, { pageSize: 100 })).list;
  return ws.map((w) => list.find((r) => r.word === w)!.id);
};
const refused = async (res: Promise<{ status: number; body: { code: number; msg: string } }>, status: number, msg: string | RegExp) => {
  const r = await res;
  expect(r.status).toBe(status);
  expect(r.body.code).toBe(0);
  expect(r.body.msg).toMatch(msg);
};

describe('adding banned words by pasting', () => {
  it('adds one word per line, trimmed, skipping blank lines and counting repeats in the paste', async () => {
    const res = await add('demo-a', { words: '  Nike \n\n耐克\r\nnike\n\t\nDisney   Princess\nNIKE ', platform: 0, action: 'block' });
    expect(res).toEqual({ added: 3, duplicates: 2, existing: 0 });
    const { count, list } = await words('demo-a');
    expect(count).toBe(3);
    // Newest first (then by id), as typed (trimmed, inner spaces collapsed), with the owner and a time.
    expect(list.map((r) => [r.word, r.platform, r.action, r.username])).toEqual([
      ['Disney Princess', 0, 'block', 'demo-a'],
      ['耐克', 0, 'block', 'demo-a'],
      ['Nike', 0, 'block', 'demo-a'],
    ]);
    expect(list[0]!.createtime).toBe(Math.floor(app.clock.now / 1000));
  });

  it('skips words already kept for the same marketplace, whatever their case, and keeps them per marketplace', async () => {
    expect(await add('demo-b', { words: 'gucci\nprada', platform: 2, action: 'strip' })).toEqual({ added: 2, duplicates: 0, existing: 0 });
    expect(await add('demo-b', { words: 'GUCCI\nChanel\nprada', platform: 2, action: 'block' })).toEqual({
      added: 1,
      duplicates: 0,
      existing: 2,
    });
    // Another marketplace (or all of them) keeps its own copy.
    expect(await add('demo-b', { words: 'gucci', platform: 0, action: 'block' })).toEqual({ added: 1, duplicates: 0, existing: 0 });
    const list = (await words('demo-b')).list.map((r) => `${r.word}/${r.platform}/${r.action}`);
    expect(list.sort()).toEqual(['Chanel/2/block', 'gucci/0/block', 'gucci/2/strip', 'prada/2/strip']);
  });

  it('blocks by default', async () => {
    await add('rival', { words: 'defaultaction', platform: 15 });
    expect((await words('rival', { word: 'defaultaction' })).list[0]).toMatchObject({ action: 'block', platform: 15 });
  });

  it('refuses an empty paste, too many lines, a too-long word and a bad marketplace or action, adding nothing', async () => {
    const before = (await words('demo')).count;
    await refused(app.api(routes.keywordBanAdd, { as: 'demo', body: { words: ' \n\n \t', platform: 0 } }), 400, '请输入违禁词，每行一个');
    const many = Array.from({ length: KEYWORD_BAN_MAX_LINES + 1 }, (_, i) => `w${i}`).join('\n');
    await refused(
      app.api(routes.keywordBanAdd, { as: 'demo', body: { words: many, platform: 0 } }),
      400,
      `一次最多添加 ${KEYWORD_BAN_MAX_LINES} 行，当前 1001 行`,
    );
    await refused(
      app.api(routes.keywordBanAdd, {
        as: 'demo',
        body: { words: `ok\n\n${'x'.repeat(101)}`, platform: 0 },
        headers: { 'accept-language': 'en' },
      }),
      400,
      'The banned word on line 3 is longer than 100 characters',
    );
    await refused(
      app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'x', platform: 7 } }),
      400,
      /platform 须为以下之一：0、1、2、3、15/,
    );
    await refused(
      app.api(routes.keywordBanAdd, { as: 'demo', body: { words: 'x', platform: 0, action: 'warn' as 'block' } }),
      400,
      /action/,
    );
    await refused(app.api(routes.keywordBanAdd, { as: 'demo', body: { platform: 0 } as never }), 400, /words/);
    expect((await words('demo')).count).toBe(before);
  });

  it('accepts exactly the line limit, and a word of exactly the length limit', async () => {
    const lines = Array.from({ length: KEYWORD_BAN_MAX_LINES }, (_, i) => `bulk${i}`);
    lines[0] = 'y'.repeat(100);
    expect(await add('rival', { words: lines.join('\n'), platform: 1 })).toEqual({
      added: KEYWORD_BAN_MAX_LINES,
      duplicates: 0,
      existing: 0,
    });
    expect((await words('rival', { platform: 1 })).count).toBe(KEYWORD_BAN_MAX_LINES);
  });

  it('refuses words past the per-account limit, adding none of the paste', async () => {
    const owner = (await app.db.db.selectFrom('account').select('id').where('username', '=', 'rival').executeTakeFirstOrThrow()).id;
    const kept = (await words('rival')).count;
    const rows = Array.from({ length: KEYWORD_BAN_MAX_WORDS - kept - 1 }, (_, i) => ({
      owner_id: owner,
      word: `filler${i}`,
      word_norm: `filler${i}`,
      platform: 0,
      action: 'block' as const,
      created_at: app.clock.now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await app.db.db
        .insertInto('keyword_ban')
        .values(rows.slice(i, i + 500))
        .execute();
    await refused(
      app.api(routes.keywordBanAdd, { as: 'rival', body: { words: 'one\ntwo', platform: 0 } }),
      400,
      `违禁词最多 ${KEYWORD_BAN_MAX_WORDS} 个，已有 ${KEYWORD_BAN_MAX_WORDS - 1} 个`,
    );
    expect(await add('rival', { words: 'one', platform: 0 })).toMatchObject({ added: 1 });
    await app.db.db.deleteFrom('keyword_ban').where('owner_id', '=', owner).where('word', 'like', 'filler%').execute();
  });
});

describe('the list', () => {
  it('pages, searches by part of a word in any case (LIKE characters taken literally) and filters by marketplace', async () => {
    await add('demo', { words: 'Alpha\nalphabet\n100%_cotton\n品牌A\nbeta', platform: 0 });
    expect((await words('demo', { word: 'ALPHA' })).list.map((r) => r.word)).toEqual(['alphabet', 'Alpha']);
    expect((await words('demo', { word: '%_' })).list.map((r) => r.word)).toEqual(['100%_cotton']);
    expect((await words('demo', { word: '_' })).list.map((r) => r.word)).toEqual(['100%_cotton']);
    expect((await words('demo', { word: '品牌' })).list.map((r) => r.word)).toEqual(['品牌A']);
    const page1 = await words('demo', { pageNumber: 1, pageSize: 2, platform: 0 });
    const page2 = await words('demo', { pageNumber: 2, pageSize: 2, platform: 0 });
    expect(page1.list).toHaveLength(2);
    expect(page2.count).toBe(page1.count);
    expect(new Set([...page1.list, ...page2.list].map((r) => r.id)).size).toBe(4);
    expect((await words('demo', { platform: 2 })).list.map((r) => r.word).sort()).toEqual(['Chanel', 'gucci', 'prada']);
    await refused(app.api(routes.keywordBanList, { as: 'demo', query: { pageSize: 101 } }), 400, /pageSize/);
    await refused(app.api(routes.keywordBanList, { as: 'demo', query: { platform: 4 } }), 400, /platform 须为以下之一/);
  });

  it("shows a parent its sub-accounts' words, a sub-account only its own, another family nothing", async () => {
    const parent = (await words('demo', { pageSize: 100 })).list.map((r) => r.username);
    expect(new Set(parent)).toEqual(new Set(['demo', 'demo-a', 'demo-b']));
    expect(new Set((await words('demo-a', { pageSize: 100 })).list.map((r) => r.username))).toEqual(new Set(['demo-a']));
    expect((await words('rival', { word: 'nike' })).count).toBe(0);
  });

  it('needs a session', async () => {
    expect((await app.api(routes.keywordBanList)).status).toBe(401);
  });
});

describe('deleting', () => {
  it("deletes the scope's words, a parent its sub-account's too", async () => {
    await add('demo-a', { words: 'temp1\ntemp2\ntemp3', platform: 0 });
    const [t1, t2, t3] = await idsOf('demo-a', 'temp1', 'temp2', 'temp3');
    expect((await app.api(routes.keywordBanDel, { as: 'demo-a', body: { ids: `${t1},${t2},${t1}` } })).data).toEqual({ deleted: 2 });
    expect((await app.api(routes.keywordBanDel, { as: 'demo', body: { ids: String(t3) } })).data).toEqual({ deleted: 1 });
    expect((await words('demo-a', { word: 'temp' })).count).toBe(0);
  });

  it("answers 404 for another family's word, a sibling's or a missing one, and deletes nothing of the call", async () => {
    const [mine] = await idsOf('demo-a', 'Nike');
    const [theirs] = await idsOf('rival', 'one');
    const [sibling] = await idsOf('demo-b', 'Chanel');
    await refused(app.api(routes.keywordBanDel, { as: 'demo-a', body: { ids: `${mine},${theirs}` } }), 404, '找不到该违禁词');
    await refused(app.api(routes.keywordBanDel, { as: 'rival', body: { ids: String(mine) } }), 404, '找不到该违禁词');
    await refused(app.api(routes.keywordBanDel, { as: 'demo-a', body: { ids: String(sibling) } }), 404, '找不到该违禁词');
    await refused(
      app.api(routes.keywordBanDel, { as: 'demo-a', body: { ids: '999999999' }, headers: { 'accept-language': 'en' } }),
      404,
      'Banned word not found',
    );
    expect(await idsOf('demo-a', 'Nike')).toEqual([mine]);
    expect(await idsOf('rival', 'one')).toEqual([theirs]);
    expect(await idsOf('demo-b', 'Chanel')).toEqual([sibling]);
    await refused(app.api(routes.keywordBanDel, { as: 'demo-a', body: { ids: '1,,2' } }), 400, /ids 须为逗号分隔的数字/);
  });
});

describe('checking texts', () => {
  it('says which words occur in which text, where, with their action; Latin whole-word, CJK anywhere', async () => {
    const texts = ['NIKE running tee', 'World-class cotton', '正品耐克运动鞋 nike', 'disney princess dress'];
    const res = await app.api(routes.keywordBanCheck, { as: 'demo-a', body: { texts } });
    expect(res.body.code, res.text).toBe(1);
    const [nike, naike, disney] = await idsOf('demo-a', 'Nike', '耐克', 'Disney Princess');
    expect(res.data).toEqual({
      blocked: true,
      list: [
        { index: 0, hits: [{ id: nike, word: 'Nike', platform: 0, action: 'block', ranges: [{ start: 0, end: 4 }] }] },
        {
          index: 2,
          hits: [
            { id: naike, word: '耐克', platform: 0, action: 'block', ranges: [{ start: 2, end: 4 }] },
            { id: nike, word: 'Nike', platform: 0, action: 'block', ranges: [{ start: 8, end: 12 }] },
          ],
        },
        { index: 3, hits: [{ id: disney, word: 'Disney Princess', platform: 0, action: 'block', ranges: [{ start: 0, end: 15 }] }] },
      ],
    });
  });

  it("uses a marketplace's own words and those for all; every word when none is named", async () => {
    const texts = ['Gucci and Prada bag', 'chanel'];
    const forA = (await app.api(routes.keywordBanCheck, { as: 'demo-b', body: { texts, platform: 2 } })).data;
    expect(forA.list.flatMap((t) => t.hits.map((h) => `${t.index}:${h.word}/${h.platform}/${h.action}`))).toEqual([
      '0:gucci/2/strip',
      '0:gucci/0/block',
      '0:prada/2/strip',
      '1:Chanel/2/block',
    ]);
    const forB = (await app.api(routes.keywordBanCheck, { as: 'demo-b', body: { texts, platform: 15 } })).data;
    expect(forB.list.flatMap((t) => t.hits.map((h) => h.word))).toEqual(['gucci']);
    const all = (await app.api(routes.keywordBanCheck, { as: 'demo-b', body: { texts } })).data;
    expect(all.list.flatMap((t) => t.hits)).toHaveLength(4);
  });

  it('says blocked only when a hit blocks', async () => {
    await add('demo-b', { words: 'stripme', platform: 15, action: 'strip' });
    const strip = (await app.api(routes.keywordBanCheck, { as: 'demo-b', body: { texts: ['a stripme tee'], platform: 15 } })).data;
    expect(strip).toMatchObject({ blocked: false, list: [{ index: 0, hits: [{ word: 'stripme', action: 'strip' }] }] });
    const clean = (await app.api(routes.keywordBanCheck, { as: 'demo-b', body: { texts: ['a plain tee'] } })).data;
    expect(clean).toEqual({ blocked: false, list: [] });
  });

  it("never matches another account's words outside the caller's scope", async () => {
    const res = (await app.api(routes.keywordBanCheck, { as: 'rival', body: { texts: ['Nike 耐克 gucci'] } })).data;
    expect(res).toEqual({ blocked: false, list: [] });
    // The parent checks against its whole family's words.
    const parent = (await app.api(routes.keywordBanCheck, { as: 'demo', body: { texts: ['Nike 耐克 gucci'] } })).data;
    expect(parent.list[0]!.hits.map((h) => h.word).sort()).toEqual(['Nike', 'gucci', 'gucci', '耐克']);
  });

  it("checks a sub-account's texts against its parent's words too, never a sibling's", async () => {
    await add('demo', { words: 'ownerban', platform: 0 });
    await add('demo-a', { words: 'operatora', platform: 0 });
    const words = async (as: string) =>
      (await app.api(routes.keywordBanCheck, { as, body: { texts: ['ownerban operatora tee'] } })).data.list.flatMap((l) =>
        l.hits.map((h) => h.word),
      );
    expect((await words('demo-a')).sort()).toEqual(['operatora', 'ownerban']);
    expect(await words('demo-b')).toEqual(['ownerban']);
    expect(await words('rival')).toEqual([]);
    // The parent's word is applied, not shown: the sub-account's list stays its own.
    const listed = (await app.api(routes.keywordBanList, { as: 'demo-a', query: { word: 'ownerban' } })).data;
    expect(listed.count).toBe(0);
  });

  it('refuses no texts, too many, a too-long one and a bad marketplace', async () => {
    await refused(app.api(routes.keywordBanCheck, { as: 'demo', body: { texts: [] } }), 400, /texts/);
    await refused(app.api(routes.keywordBanCheck, { as: 'demo', body: { texts: Array(501).fill('x') } }), 400, /texts/);
    await refused(app.api(routes.keywordBanCheck, { as: 'demo', body: { texts: ['x'.repeat(20_001)] } }), 400, /texts\.0/);
    await refused(app.api(routes.keywordBanCheck, { as: 'demo', body: { texts: ['x'], platform: 9 } }), 400, /platform 须为以下之一/);
  });
});
