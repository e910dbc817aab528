import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_FIRST_CALLS } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>POD</title><div id="root"></div>');
  fs.writeFileSync(
    path.join(webDist, 'mobile.html'),
    '<!doctype html><html><head><title>POD phone</title></head><body><div id="phone-root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The build's compressed copies (docs/web.md#compressed-files).
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
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

  it("names the phone home's first calls in its page, each of them a call the server answers", async () => {
    const home = await t.call({ method: 'GET', url: '/mobile-home' });
    const preloads = [...home.body.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
    expect(preloads).toEqual(PHONE_FIRST_CALLS['/mobile-home']);
    expect(preloads.length).toBeGreaterThan(0);
    // Logged out, as a first visit: each answers with data, not a refusal the page would have to ask again for.
    for (const url of preloads) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().code, url).toBe(1);
    }
    // Another phone page starts with calls of its own: the plain page.
    const other = await t.call({ method: 'GET', url: '/mobile-product' });
    expect(other.body).not.toContain('rel="preload"');
    expect(other.body).toContain('phone-root');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's compressed copy a browser accepts, the file itself to one that accepts none", async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps unknown API calls and missing assets as 404, not the app shell', async () => {
    expect((await t.call({ method: 'GET', url: '/api/nope' })).json().code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
