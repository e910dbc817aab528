import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>POD</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'mobile.html'), '<!doctype html><title>POD phone</title><div id="phone-root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('one process serves the web app', () => {
  it('answers client routes with the app shell, never cached', async () => {
    for (const url of ['/', '/login', '/account/sub-accounts?q=a']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.call({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
  });

  it("answers the phone shell's addresses with the phone entry, the back office's with its own", async () => {
    for (const url of [
      '/mobile-home',
      '/mobile-product-library?x=1',
      '/product?keyword=tee',
      '/announcement?id=3',
      '/mobile-productdtl?id=1',
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('phone-root');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/products', '/productdtl?id=1', '/mobilehome', '/finished']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API calls and missing assets as 404, not the app shell', async () => {
    expect((await t.call({ method: 'GET', url: '/api/nope' })).json().code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
