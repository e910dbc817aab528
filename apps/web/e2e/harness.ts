import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, vi } from 'vitest';
import { launchBrowser } from './browser';
import { importDemoTshirt } from './catalogue';

export { launchBrowser };

export const baseURL = inject('baseURL');
const resultsDir = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Empties the screenshot folder of a suite: apps/web/test-results/<suite>/. */
export function resetScreenshots(suite: string): string {
  const dir = path.join(resultsDir, suite);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot as <dir>/<name>.png. */
  shot: (name: string) => Promise<void>;
  /**
   * Uncaught exceptions in the page (a broken screen, whatever it shows) and anything the
   * Content-Security-Policy refused (a picture, font, style or frame the app needs and the server's CSP
   * does not allow: apps/server/src/http/securityHeaders.ts).
   */
  pageErrors: string[];
  close: () => Promise<void>;
}

/** A fresh browser profile (no cookies, no stored language) on a desktop or phone screen. */
export async function openSession(browser: Browser, dir: string, opts: { phone?: boolean } = {}): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: opts.phone ?? false,
    hasTouch: opts.phone ?? false,
    // The app turns Ant Design's motion off for it (App.tsx): a click never lands on a dialog still zooming
    // in (its mouse-down and mouse-up on different elements, so no click: three flaky CI runs on 2026-11-26).
    reducedMotion: 'reduce',
  });
  await watchCsp(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (msg) => {
    // Shown in the test output to help whoever reads a failure; the browser's own 4xx lines are expected.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) console.warn(`[browser] ${msg.text()}`);
    if (isCspViolation(msg.text())) pageErrors.push(msg.text());
  });
  return {
    context,
    page,
    pageErrors,
    shot: async (name) => {
      await settled(page);
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}

/**
 * Waits until the page shows what a person would see: its fonts loaded, its (not lazily deferred) images
 * decoded, no finite animation or transition still running (menus, toasts, drawers), then a frame drawn.
 * A picture is evidence, not an assertion: whatever still runs after 10 s is pictured as it is.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const ready = async () => {
      await document.fonts.ready;
      const images = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
      await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await frame();
    };
    await Promise.race([ready(), new Promise((r) => setTimeout(r, 10_000))]);
  });
}

/** The window as the seller sees it, once settled (a full-page capture shifts a fixed layout: dialogs, drawers). */
export async function windowShot(page: Page, dir: string, name: string) {
  await settled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const CSP_REPORT = '[csp-violation]';

/** A console line saying the CSP refused something: Chromium's own, or the one watchCsp writes. */
export const isCspViolation = (text: string) => text.startsWith(CSP_REPORT) || text.includes('Content Security Policy');

/**
 * Every page and frame of the context reports what the Content-Security-Policy refused as a console
 * error, which the session counts as a page error: a future CSP that blocks what the app needs fails the
 * test that meets it.
 */
export async function watchCsp(context: BrowserContext) {
  await context.addInitScript((prefix: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${prefix} ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  }, CSP_REPORT);
}

/**
 * The newest toast with this text (an earlier identical one may still be fading out): Ant Design's toast area, or on
 * the login page, which has none, the notice in its form (docs/web.md#where-the-bytes-go).
 */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message, .login-notice').getByText(text).last();

/** Waits until the page's path (and, if given, query) is the expected one. */
export async function waitForPath(page: Page, pathname: string, search?: string) {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search));
}

/** Ant Design puts a space between two Chinese characters on buttons ("登 录"); match either way. */
export const buttonName = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/**
 * Answers a confirmation (antd modal.confirm) titled `title` with its button `button`, and waits until it
 * has closed. On a loaded machine a click during the confirmation's opening animation can go unseen, so the
 * button is clicked again while the confirmation stays open and is not working (antd's action button runs
 * its handler once however often it is clicked).
 */
export async function answerConfirm(page: Page, title: string | RegExp, button: string) {
  const confirm = page.locator('.ant-modal-confirm', { has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
  await confirm.waitFor();
  const action = confirm.getByRole('button', { name: buttonName(button) });
  await vi.waitFor(
    async () => {
      if (!(await confirm.isVisible())) return;
      const working = ((await action.getAttribute('class', { timeout: 1_000 }).catch(() => '')) ?? '').includes('ant-btn-loading');
      if (!working) await action.click({ timeout: 2_000 }).catch(() => undefined);
      throw new Error(`the confirmation “${String(title)}” is still open`);
    },
    { timeout: 30_000, interval: 1_500 },
  );
}

/** Logs in through the login form and waits for the home page. */
export async function logIn(page: Page, username: string, password = 'demo1234') {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * A test file's browser: one Chromium for the file, the demo T-shirt imported (unless `demoTshirt` is
 * false), screenshots under test-results/<suite>/. A session closes after its test, or with the file when
 * opened `wholeFile` (a flow told in several tests); an uncaught error in any open page fails the test.
 */
export function useBrowser(suite: string, opts: { demoTshirt?: boolean } = {}) {
  let browser: Browser | undefined;
  let dir = '';
  const perTest: Session[] = [];
  const perFile: Session[] = [];
  beforeAll(async () => {
    dir = resetScreenshots(suite);
    if (opts.demoTshirt ?? true) importDemoTshirt(inject('dataDir'));
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    // A failed test leaves a picture of each open page, for whoever reads the failure (CI keeps the folder).
    if (ctx.task.result?.state === 'fail') {
      const slug = ctx.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
      await Promise.all(
        [...perTest, ...perFile].map((s, i) =>
          s.page.screenshot({ path: path.join(dir, `FAILED-${slug}-${i}.png`) }).catch(() => undefined),
        ),
      );
    }
    const errors = [...perTest, ...perFile].flatMap((s) => s.pageErrors.splice(0));
    await Promise.all(perTest.splice(0).map((s) => s.close()));
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(perFile.splice(0).map((s) => s.close()));
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    get dir() {
      return dir;
    },
    async session(o: { phone?: boolean; wholeFile?: boolean } = {}): Promise<Session> {
      const s = await openSession(this.browser, dir, o);
      (o.wholeFile ? perFile : perTest).push(s);
      return s;
    },
  };
}
