import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
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

/** The refusal's message of a POST with this body (no session), in `lang`. */
async function refusedPost(path: string, body: object, lang: Lang) {
  const res = await t.call({ method: 'POST', url: path, payload: body, headers: { 'accept-language': lang } });
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
        const msg = await refusedPost(routes.register.path, { username, password: TEST_PASSWORD }, lang);
        expect(times(msg, 'username'), msg).toBe(1);
      }
      const missing = await refusedPost(routes.register.path, { username: 'lin.other' }, lang);
      expect(times(missing, 'password'), missing).toBe(1);
    });
  }
});
