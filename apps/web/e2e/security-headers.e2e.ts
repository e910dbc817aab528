import { describe, expect, test } from 'vitest';
import { baseURL, isCspViolation, logIn, useBrowser } from './harness';

/**
 * Security headers on the real page (docs/security.md#headers). The rest of the
 * browser suite runs under the same CSP, and the harness fails any test whose page the CSP refused
 * something: this file checks the headers themselves and that the CSP does refuse what it should.
 */
const browser = useBrowser('security-headers', { demoTshirt: false });

/** The CSP as directive → sources. */
const directives = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources.join(' ')]),
  );

describe('security headers', () => {
  test('the page and the API answer with them', async () => {
    const { page } = await browser.session();
    const res = await page.goto('/login');
    const headers = res!.headers();
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');

    await logIn(page, 'demo');
    const info = await page.request.get('/api/user/info');
    expect((await info.json()).code).toBe(1);
    expect(info.headers()['cache-control']).toBe('no-store');
    expect(info.headers()['content-security-policy']).toBeTruthy();
  });

  test('an inline script injected into the page does not run, and the harness notices', async () => {
    const s = await browser.session();
    await s.page.goto('/login');
    await s.page.getByLabel('用户名').waitFor();
    const ran = await s.page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      // An inline script inserted into the document runs as it is inserted, when the CSP lets it.
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => s.pageErrors.filter(isCspViolation).length).toBeGreaterThan(0);
    expect(s.pageErrors.every(isCspViolation)).toBe(true);
    s.pageErrors.splice(0); // expected here; anywhere else it fails the test
  });

  test('the app may frame itself (the re-design popup); another site cannot frame it', async () => {
    const s = await browser.session();
    await s.page.goto('/login');
    await s.page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'own';
      frame.src = '/login';
      document.body.append(frame);
    });
    await s.page.frameLocator('iframe[name="own"]').getByLabel('用户名').waitFor();

    // A page of another origin that puts the login page in an iframe: the browser shows its error page.
    await s.page.route('http://other-site.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe name="app" src="${baseURL}/login"></iframe>` }),
    );
    await s.page.goto('http://other-site.test/');
    await s.page.waitForLoadState('load');
    const frame = s.page.frame({ name: 'app' });
    expect(frame).toBeTruthy();
    await expect.poll(() => frame!.url()).not.toBe('about:blank');
    expect(await frame!.locator('#root').count()).toBe(0);
    expect(await frame!.getByLabel('用户名').count()).toBe(0);
  });

  test('the API documentation still works under its CSP', async () => {
    const { page } = await browser.session();
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
  });
});
