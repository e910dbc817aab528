import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * Security headers (docs/security.md#headers): the page and the API answer with a
 * Content-Security-Policy that allows only the app's own origin, refuse framing by other sites, are not
 * sniffed into another type, keep their address to themselves, and the API's answers are never stored.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>POD</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const ANSWERS: [string, () => Promise<{ headers: Record<string, unknown> }>][] = [
  ['the page /', () => t.call({ method: 'GET', url: '/' })],
  ['a client route', () => t.call({ method: 'GET', url: '/finished?page=2' })],
  ['an API call', () => t.call({ method: 'GET', url: routes.info.path, as: 'demo' })],
  ['an API failure', () => t.call({ method: 'GET', url: routes.info.path })],
  ['an unknown API call', () => t.call({ method: 'GET', url: '/api/nothing' })],
];

describe('every answer', () => {
  for (const [name, send] of ANSWERS) {
    it(`${name}: CSP, framing, nosniff, referrer`, async () => {
      const res = await send();
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      // Scripts: the app's own files only; nothing inline, no eval.
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      // <object> only for the cutpiece SVG of our own /api/design/cutpiece.
      expect(policy.get('object-src')).toEqual(["'self'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      // Framed only by the app itself (the re-design popup is /design in an iframe on /finished).
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('font-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      // Nothing from another origin anywhere.
      for (const [directive, sources] of policy)
        for (const s of sources) expect(s, `${directive} ${s}`).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
      // 'unsafe-inline' only for styles (Ant Design's CSS-in-JS), never for scripts.
      expect([...policy].filter(([, s]) => s.includes("'unsafe-inline'")).map(([d]) => d)).toEqual(['style-src']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // Plain HTTP (COOKIE_SECURE unset): no HSTS, no upgrade to a port that may not answer.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    });
  }
});

describe('API answers are never stored', () => {
  it('the session calls: login, info, logout', async () => {
    const login = await t.call({ method: 'POST', url: routes.login.path, payload: { username: 'demo', password: 'demo1234' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const wrong = await t.call({ method: 'POST', url: routes.login.path, payload: { username: 'demo', password: 'wrong-one' } });
    expect(wrong.headers['cache-control']).toBe('no-store');
    const cookie = String(login.headers['set-cookie']).match(/token=[^;]+/)![0];
    const info = await t.call({ method: 'GET', url: routes.info.path, headers: { cookie } });
    expect(info.json().code).toBe(1);
    expect(info.headers['cache-control']).toBe('no-store');
    const logout = await t.call({ method: 'POST', url: routes.logout.path, headers: { cookie } });
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it("a seller's data: lists and details", async () => {
    for (const url of [routes.finishedList.path, routes.materialList.path, routes.groupList.path, routes.childList.path]) {
      const res = await t.call({ method: 'GET', url, as: 'demo' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('the page shell and the hashed assets keep their caching', async () => {
    expect((await t.call({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await t.call({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toContain('immutable');
  });
});

describe('behind HTTPS (COOKIE_SECURE=1)', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const secure = await buildTestApp({ webDist, cookieSecure: true });
    try {
      const res = await secure.call({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
