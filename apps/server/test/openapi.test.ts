import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('lists every API route the server registered', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(t.apiRoutes.length).toBeGreaterThan(5);
    const missing = t.apiRoutes.filter((r) => !doc.paths?.[r.url]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties.username).toBeTruthy();
  });

  it('serves the docs page with every asset from this server, no CDN', async () => {
    const page = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const srcs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(0);
    expect(srcs.filter((s) => /^(https?:)?\/\//.test(s))).toEqual([]);
    for (const src of srcs) {
      const url = new URL(src, 'http://x/api/docs/').pathname;
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
