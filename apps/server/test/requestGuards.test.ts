import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { multipart } from './support/multipart.js';
import { rowCount } from './support/rows.js';

/**
 * What a request must pass before anything reads it (docs/security.md#csrf, #authentication-before-validation, #tokens): from
 * this site, logged in before its body counts, and no secret of its address written to the log.
 */
let t: TestApp;
/** Every line the server logged, as written. */
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await buildTestApp({ logLevel: 'info', logStream });
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
const materialCount = () => rowCount(t, 'material');

describe('cross-site requests (point 7)', () => {
  it('refuses a multipart upload sent from another site with 403 and the envelope, storing nothing', async () => {
    const before = await materialCount();
    const form = multipart([{ name: 'file', filename: 'x.png', data: await png(), type: 'image/png' }]);
    const res = await t.call({
      method: 'POST',
      url: routes.materialUpload.path,
      payload: form.payload,
      headers: { ...form.headers, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      as: 'demo',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 0, data: null, msg: '请求来自其他网站，已拒绝' });
    expect(await materialCount()).toBe(before);
  });

  it('refuses a text/plain logout from another origin (a browser without Sec-Fetch-Site): the session lives on', async () => {
    const token = await t.login('demo-a');
    const res = await t.call({
      method: 'POST',
      url: routes.logout.path,
      payload: 'x',
      headers: { cookie: `token=${token}`, 'content-type': 'text/plain', origin: EVIL, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Refused: this request came from another website');
    const info = await t.call({ method: 'GET', url: routes.info.path, headers: { cookie: `token=${token}` } });
    expect(info.statusCode).toBe(200);
  });

  it('refuses a neighbouring subdomain and an opaque origin too', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-site' }, { origin: 'null' }, { origin: 'http://localhost.evil.example' }]) {
      const res = await t.call({ method: 'POST', url: routes.officeAdd.path, payload: { name: 'x' }, headers, as: 'demo' });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('lets the app’s own pages, direct clients and reads through', async () => {
    const ok = async (headers: Record<string, string>) =>
      (await t.call({ method: 'POST', url: routes.officeAdd.path, payload: { name: 'team' }, headers, as: 'demo' })).statusCode;
    expect(await ok({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' })).toBe(200);
    // An older browser: Origin alone, naming this host.
    expect(await ok({ host: 'shop.example.com', origin: 'https://shop.example.com' })).toBe(200);
    // No browser page behind it (curl, an API client): neither header.
    expect(await ok({})).toBe(200);
    // A link from another site to a page or a GET call is not a change.
    const read = await t.call({
      method: 'GET',
      url: routes.info.path,
      headers: { 'sec-fetch-site': 'cross-site', origin: EVIL },
      as: 'demo',
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('authentication before validation (point 9)', () => {
  it('a stranger’s malformed body gets 401, never field details', async () => {
    const res = await t.call({ method: 'POST', url: routes.createChild.path, payload: { username: 'x', level: 'admin' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('请先登录');
    const query = await t.call({ method: 'GET', url: `${routes.bulkDownload.path}?ids=not-numbers` });
    expect(query.statusCode).toBe(401);
    const form = multipart([{ name: 'nothing', value: 'here' }]);
    const upload = await t.call({ method: 'POST', url: routes.materialUpload.path, payload: form.payload, headers: form.headers });
    expect(upload.statusCode).toBe(401);
  });

  it('a logged-in seller still gets the field details', async () => {
    const res = await t.call({ method: 'POST', url: routes.createChild.path, payload: { username: 'x' }, as: 'demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/username/);
  });
});

describe('the request log (point 6)', () => {
  it('never holds a session token or a link signature from an address', async () => {
    const token = await t.login('demo');
    await t.call({ method: 'GET', url: `${routes.bulkDownload.path}?ids=1&token=${token}` });
    await t.call({ method: 'GET', url: `${routes.bulkDownload.path}?ids=1&sig=SIGNATUREVALUE.xyz` });
    await t.call({ method: 'GET', url: `${routes.info.path}?TOKEN=${token}&x=1` });
    const requests = logLines.filter((l) => l.includes('"incoming request"'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const all = logLines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('SIGNATUREVALUE');
    expect(all).toContain(`${routes.bulkDownload.path}?ids=1&sig=[redacted]`);
  });
});
