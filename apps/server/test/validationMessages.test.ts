import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { validationDetail } from '../src/http/validationText.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from './helper.js';

/**
 * What a seller reads when a call's input is refused by its contract (the 400 after 参数错误: / Invalid parameters:):
 * each field named once (docs/messages.md#validation).
 */
let t: TestApp;
const SELLER = 'lin.shop';
beforeAll(async () => {
  t = await buildTestApp();
  const reg = await t.api(routes.register, { body: { username: SELLER, password: TEST_PASSWORD } });
  expect(reg.status, reg.text).toBe(200);
});
afterAll(() => t.close());

type Lang = 'zh' | 'en';

/** The refusal's message of a GET with this query string, as the registered seller, in `lang`. */
async function refusedGet(path: string, query: string, lang: Lang) {
  const res = await t.call({ method: 'GET', url: `${path}?${query}`, as: SELLER, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(400);
  return res.json().msg as string;
}

/** The refusal's message of a POST with this body, as the registered seller, in `lang`. */
async function refusedPost(path: string, body: object, lang: Lang) {
  const res = await t.call({ method: 'POST', url: path, payload: body, as: SELLER, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(400);
  return res.json().msg as string;
}

const times = (text: string, word: string) => text.split(word).length - 1;

describe('a validation message names the field once', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`pageSize, username (${lang})`, async () => {
      const pageSize = await refusedGet(routes.finishedList.path, 'pageSize=7', lang);
      expect(times(pageSize, 'pageSize'), pageSize).toBe(1);
      for (const username of ['ab', 'a b']) {
        const msg = await refusedPost(routes.createChild.path, { username, password: TEST_PASSWORD }, lang);
        expect(times(msg, 'username'), msg).toBe(1);
      }
      const missing = await refusedPost(routes.createChild.path, { username: 'lin.other' }, lang);
      expect(times(missing, 'password'), missing).toBe(1);
    });
  }
});

/** Each request's refusal in Chinese and in English: the catalogue's words for zod's kinds of issue, never zod's English. */
const LOCALISED: { what: string; send: (lang: Lang) => Promise<string>; zh: string; en: string }[] = [
  {
    what: 'not a number (query text)',
    send: (lang) => refusedGet(routes.finishedList.path, 'pageNumber=abc', lang),
    zh: '参数错误: pageNumber 须为数字',
    en: 'Invalid parameters: pageNumber must be a number',
  },
  {
    what: "not a number ('' or a number)",
    send: (lang) => refusedGet(routes.finishedList.path, 'combine_rule_type=abc', lang),
    zh: '参数错误: combine_rule_type 须为数字',
    en: 'Invalid parameters: combine_rule_type must be a number',
  },
  {
    what: 'not a number (a JSON true)',
    send: (lang) => refusedPost(routes.joinToGroup.path, { ids: '1', group_id: true }, lang),
    zh: '参数错误: group_id 须为数字',
    en: 'Invalid parameters: group_id must be a number',
  },
  {
    what: 'not text',
    send: (lang) => refusedPost(routes.login.path, { username: SELLER, password: 7 }, lang),
    zh: '参数错误: password 须为文本',
    en: 'Invalid parameters: password must be text',
  },
  {
    what: 'not one of the page sizes',
    send: (lang) => refusedGet(routes.finishedList.path, 'pageSize=7', lang),
    zh: '参数错误: pageSize 须为以下之一：10、20、50、100、200',
    en: 'Invalid parameters: pageSize must be one of 10, 20, 50, 100, 200',
  },
  {
    what: 'not one of an enum',
    send: (lang) => refusedPost(routes.keywordBanAdd.path, { words: 'x', platform: 0, action: 'warn' }, lang),
    zh: '参数错误: action 须为以下之一：block、strip',
    en: 'Invalid parameters: action must be one of block, strip',
  },
  {
    what: 'too small',
    send: (lang) => refusedGet(routes.finishedList.path, 'pageNumber=0', lang),
    zh: '参数错误: pageNumber 不能小于1',
    en: 'Invalid parameters: pageNumber must be at least 1',
  },
  {
    what: 'too big',
    send: (lang) => refusedGet(routes.finishedList.path, 'combine_rule_type=9', lang),
    zh: '参数错误: combine_rule_type 不能大于3',
    en: 'Invalid parameters: combine_rule_type must be at most 3',
  },
  {
    what: 'too long',
    send: (lang) => refusedGet(routes.finishedList.path, `name=${'x'.repeat(101)}`, lang),
    zh: '参数错误: name 最多100个字符',
    en: 'Invalid parameters: name can hold at most 100 characters',
  },
  {
    what: 'too short',
    send: (lang) => refusedPost(routes.createChild.path, { username: 'ab', password: TEST_PASSWORD }, lang),
    zh: '参数错误: username 至少3个字符',
    en: 'Invalid parameters: username needs at least 3 characters',
  },
  {
    what: 'too many ids',
    send: (lang) => refusedGet(routes.bulkDownload.path, `ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, lang),
    zh: '参数错误: ids 最多1000项',
    en: 'Invalid parameters: ids can hold at most 1000 items',
  },
  {
    what: 'bad format (comma-joined ids)',
    send: (lang) => refusedGet(routes.finishedList.path, 'userids=a,b', lang),
    zh: '参数错误: userids 须为逗号分隔的数字',
    en: 'Invalid parameters: userids must be comma-joined numbers',
  },
  {
    what: "bad format (a username's characters)",
    send: (lang) => refusedPost(routes.createChild.path, { username: 'a b', password: TEST_PASSWORD }, lang),
    zh: '参数错误: username 只能包含字母、数字和 _ . -',
    en: 'Invalid parameters: username may hold letters, digits, _ . and - only',
  },
  {
    what: 'an unknown field',
    send: (lang) => refusedPost(routes.createChild.path, { username: 'lin.other', password: TEST_PASSWORD, level: 3 }, lang),
    zh: '参数错误: 不支持的字段：level',
    en: 'Invalid parameters: Unknown fields: level',
  },
  {
    what: 'neither of two fields',
    send: (lang) => refusedGet(routes.jobStatus.path, '', lang),
    zh: '参数错误: 请提供以下之一：id, task_id',
    en: 'Invalid parameters: Give one of id, task_id',
  },
];

describe("a validation message is said in the seller's language", () => {
  for (const c of LOCALISED) {
    it(c.what, async () => {
      expect(await c.send('zh')).toBe(c.zh);
      expect(await c.send('en')).toBe(c.en);
    });
  }

  it('an upload field (multipart) is said the same way', async () => {
    const form = (fid: string) => {
      const boundary = 'b0undary';
      const part = (head: string, body: string) => `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${body}\r\n`;
      const payload =
        part('name="fid"', fid) + part('name="file"; filename="a.png"\r\nContent-Type: image/png', 'png') + `--${boundary}--\r\n`;
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    for (const [lang, text] of [
      ['zh', '参数错误: fid 须为数字'],
      ['en', 'Invalid parameters: fid must be a number'],
    ] as const) {
      const { payload, headers } = form('abc');
      const res = await t.call({
        method: 'POST',
        url: routes.materialUpload.path,
        as: SELLER,
        payload,
        headers: { ...headers, 'accept-language': lang },
      });
      expect([res.statusCode, res.json().msg]).toEqual([400, text]);
    }
  });
});

describe('what the catalogue has no words for', () => {
  // A refinement's own English (a kind zod names but the catalogue does not say) stays out of a Chinese answer.
  const issue = { code: 'custom', path: ['extends', 'layers'], message: 'layers overlap in a way we cannot draw' };

  it('is the plain 参数错误 naming the field in Chinese', () => {
    expect(validationDetail([issue], { extends: { layers: [] } }, 'zh')).toBe('extends.layers');
    expect(validationDetail([{ ...issue, path: [] }], {}, 'zh')).toBe('');
  });

  it('is said as the schema wrote it in English', () => {
    expect(validationDetail([issue], { extends: { layers: [] } }, 'en')).toBe('extends.layers: layers overlap in a way we cannot draw');
  });
});
