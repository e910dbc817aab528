import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { makeFinished } from './finishedApi';
import { logIn, useBrowser } from './harness';

/**
 * A family's parent narrows its lists to an office (docs/domain.md#accounts-and-scope): the demo parent's office 深圳运营部 holds
 * demo-a and demo-b. On /finished the office select keeps a sub-account's product and leaves out the parent's own; the
 * choice lives in the address (a reload keeps it). /orders and /wallet offer the same select; a sub-account sees none.
 */
const run = useBrowser('family-filters');
const OFFICE = '深圳运营部';
const row = (page: Page, keyId: string) => page.locator('.finished-table tr.plain-table-row', { hasText: keyId });
const officeSelect = (page: Page) => page.getByRole('combobox', { name: '部门' });

async function chooseOffice(page: Page) {
  await officeSelect(page).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: OFFICE }).click();
  // The button's name starts with its icon's (search).
  await page.getByRole('button', { name: /搜\s*索$/ }).click();
}

describe('office filters of a family', () => {
  test("the parent's /finished narrowed to an office shows its accounts' products only, and keeps it across a reload", async () => {
    const sub = await run.session();
    await logIn(sub.page, 'demo-a');
    const [ofSub] = await makeFinished(sub.page, ['OFFICE 部门A']);
    // A sub-account is not offered the family's filters.
    await sub.page.goto('/finished');
    await row(sub.page, ofSub!.key_id).waitFor();
    expect(await officeSelect(sub.page).count()).toBe(0);

    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const [ofParent] = await makeFinished(page, ['PARENT 本人']);
    await page.goto('/finished');
    await row(page, ofParent!.key_id).waitFor();
    await row(page, ofSub!.key_id).waitFor();

    await chooseOffice(page);
    await page.waitForURL((u) => u.searchParams.has('office_id'));
    await row(page, ofSub!.key_id).waitFor();
    await expect.poll(() => row(page, ofParent!.key_id).count()).toBe(0);
    await shot('01-finished-by-office');
    await page.reload();
    await row(page, ofSub!.key_id).waitFor();
    expect(await row(page, ofParent!.key_id).count()).toBe(0);
    await expect.poll(() => page.locator('.ant-select-content', { hasText: OFFICE }).count()).toBeGreaterThan(0);

    // The order list and the bills offer the same select.
    for (const path of ['/orders', '/wallet']) {
      await page.goto(path);
      await officeSelect(page).waitFor();
    }
    await shot('02-wallet-office-select');
  }, 180_000);
});
