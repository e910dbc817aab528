import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { makeFinished, type Made } from './finishedApi';
import { logIn, useBrowser } from './harness';

/**
 * The desktop finished-products screen in a phone-wide window (docs/finished.md#narrow-screens): the panel above the
 * list, the search form and toolbar wrapped within the window, and the table scrolling sideways inside its panel with
 * the selection box and the picture kept at the left, the operations at the right. At 1440 px, the list as it was.
 */

const run = useBrowser('finished-narrow');

const table = (page: Page) => page.locator('.finished-table');
const headers = (page: Page) => table(page).locator('thead th').allInnerTexts();
/** An element's left and right edges in the window, in whole pixels. */
const edges = async (l: Locator) => {
  const box = (await l.boundingBox())!;
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
};

describe('the finished list at narrow widths', () => {
  let made: Made;

  test('at 390×844 the page stays within the window and the table scrolls sideways with its first columns in view', async () => {
    const s = await run.session({ phone: true });
    const { page } = s;
    await logIn(page, 'demo');
    made = (await makeFinished(page, ['NARROW 窄屏']))[0]!;
    await page.goto(`/finished?key_id=${made.key_id}`);
    const width = page.viewportSize()!.width;
    expect(width).toBe(390);

    const box = page.getByRole('checkbox', { name: `选择成品 ${made.key_id}` });
    const picture = table(page).getByRole('img', { name: `${made.key_id} 第 1 张图` });
    await picture.waitFor();
    // The picture and the product info first, then the others as at 1440 px; the operations last.
    const shown = await headers(page);
    expect(shown.slice(0, 4).map((h) => h.trim())).toEqual(['', '图片', '产品信息', '创建时间']);
    expect(shown.at(-1)?.trim()).toBe('操作');

    // Nothing but the table scrolls sideways: the form's fields, its buttons and the toolbar stay in the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const control of [
      // Their icons' names come first ("search 搜索").
      page.getByRole('button', { name: /搜\s*索$/ }),
      page.getByRole('button', { name: /重\s*置$/ }),
      page.getByPlaceholder('开始日期 ~ 结束日期'),
      page.getByRole('button', { name: /批量导出亚马逊格式/ }),
      page.getByRole('button', { name: /批量操作/ }),
    ])
      expect((await edges(control)).right).toBeLessThanOrEqual(width);
    const { scroll, client } = await table(page).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(client).toBeLessThan(width);
    expect(scroll).toBeGreaterThan(width);
    await s.shot('01-narrow');

    const before = {
      box: await edges(box),
      picture: await edges(picture),
      created: await edges(table(page).getByRole('columnheader', { name: '创建时间' })),
    };
    await table(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => table(page).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const scrolled = await table(page).evaluate((el) => el.scrollLeft);

    // The box and the picture stay where they were; the columns after them moved under them by the scroll.
    expect(await edges(box)).toEqual(before.box);
    expect(await edges(picture)).toEqual(before.picture);
    const created = await edges(table(page).getByRole('columnheader', { name: '创建时间' }));
    expect(Math.abs(created.left - (before.created.left - scrolled))).toBeLessThanOrEqual(1);
    expect((await edges(table(page).getByRole('columnheader', { name: '类型' }))).right).toBeLessThanOrEqual(width);
    expect((await edges(table(page).getByRole('columnheader', { name: '操作' }))).right).toBeLessThanOrEqual(width);
    await s.shot('02-narrow-scrolled');

    // The box kept in view still ticks its row.
    await box.click();
    expect(await box.isChecked()).toBe(true);
    await page.getByTestId('selected-count').getByText('已选 1 项').waitFor();
  });

  test('at 1440×900 the columns keep their order and the table fits without scrolling', async () => {
    const { page } = await run.session();
    await logIn(page, 'demo');
    await page.goto(`/finished?key_id=${made.key_id}`);
    await table(page)
      .getByRole('img', { name: `${made.key_id} 第 1 张图` })
      .waitFor();
    expect((await headers(page)).slice(0, 3).map((h) => h.trim())).toEqual(['', '创建时间', '备注']);
    const { scroll, client } = await table(page).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll).toBe(client);
  });
});
