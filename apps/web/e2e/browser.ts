import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * Headless Chromium as the e2e suite and `npm run bench:editor` drive it (CHROMIUM_PATH overrides the binary);
 * `options` are added to the launch options (the benchmark handles Ctrl+C itself).
 */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    ...options,
  });
}
