import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** What the phone suites share (docs/mobile.md): the drawer, logging in on the phone, the accessibility check. */

export const drawer = (page: Page) => page.getByRole('navigation', { name: '菜单' });

export async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '菜单' }).click();
  await drawer(page).waitFor();
}

/** Logs in on /mobile-login (the page must be showing it). */
export async function phoneLogIn(page: Page, username: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The page's critical accessibility violations as axe-core finds them in the browser (rule, what it says, where): a
 * page with none gives []. The rules are axe's WCAG A and AA ones.
 */
export async function criticalViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's protocol, not as a page script: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations
    .filter((v) => v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}
