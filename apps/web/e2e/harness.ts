import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = inject('baseURL');
const resultsDir = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Empties the screenshot folder of a suite: apps/web/test-results/<suite>/. */
export function resetScreenshots(suite: string): string {
  const dir = path.join(resultsDir, suite);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot as <dir>/<name>.png. */
  shot: (name: string) => Promise<void>;
  /** Uncaught exceptions in the page: a broken screen, whatever it shows. */
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
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (msg) => {
    // Shown in the test output to help whoever reads a failure; the browser's own 4xx lines are expected.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) console.warn(`[browser] ${msg.text()}`);
  });
  return {
    context,
    page,
    pageErrors,
    shot: async (name) => {
      // Let transitions (menus, toasts, drawers) settle so the picture shows what a person sees.
      await page.waitForTimeout(350);
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}

/** The toast area of Ant Design's message API. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** Waits until the page's path (and, if given, query) is the expected one. */
export async function waitForPath(page: Page, pathname: string, search?: string) {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search));
}

/** Ant Design puts a space between two Chinese characters on buttons ("登 录"); match either way. */
export const buttonName = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);
