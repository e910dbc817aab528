import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { toast, useBrowser, waitForPath } from './harness';

/**
 * The personal product library on the desktop catalogue (docs/mobile.md#the-personal-product-library): 收藏 / 已收藏
 * on a product card and on the product page, 只看收藏 on the list.
 */

const browser = useBrowser('catalogue-library');

const TSHIRT = '经典纯棉圆领T恤';

const grid = (page: Page) => page.getByRole('list', { name: '产品库' });
/** The T-shirt's card: its link and, beside it, its 收藏 / 已收藏. */
const card = (page: Page) =>
  grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: TSHIRT }) });
const saveButton = (page: Page) => card(page).getByRole('button', { name: /^(收藏|已收藏)$/ });
/** What the server holds: the names in the library. */
const library = async (page: Page) =>
  (await api(page.request, routes.productFavoriteList, { query: { page: 1, limit: 50 } })).list.map((p) => p.name);

/** Holds the next call to `path` until `release` is called: what the page shows meanwhile is its own. */
async function holdNext(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const arrived = new Promise<void>((resolve) => (held = resolve));
  const handler = async (route: Route) => {
    held();
    await released;
    await route.continue();
  };
  await page.route(`**${path}`, handler, { times: 1 });
  return { arrived, release };
}

describe('the personal product library on the desktop catalogue', () => {
  test('save a blank from its card (at once, before the server answers), see it under 只看收藏, take it out there, save it again on its page', async () => {
    const s = await browser.session();
    const { page } = s;
    // A new account: its library is empty, whatever other files saved with the demo accounts.
    const username = `lib${Date.now().toString(36)}`;
    await api(page.request, routes.register, { body: { username, password: 'library-pass-123' } });

    await page.goto('/products');
    await card(page).waitFor();
    expect(await saveButton(page).textContent()).toBe('收藏');
    expect(await saveButton(page).getAttribute('aria-pressed')).toBe('false');

    // The card says 已收藏 while the call is still held back, and the server has it once the call went through.
    const save = await holdNext(page, routes.productFavorite.path);
    await saveButton(page).click();
    await save.arrived;
    await card(page).getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    expect(await library(page)).toEqual([]);
    save.release();
    await expect.poll(() => library(page)).toEqual([TSHIRT]);
    await card(page).getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    await s.shot('01-saved-on-card');

    // 只看收藏: the library, with the search's filters resting; in the address, so a reload keeps it.
    await page.getByRole('checkbox', { name: '只看收藏' }).click();
    await waitForPath(page, '/products', '?saved=1');
    await page.getByText('已收藏 1 款产品').waitFor();
    await expect.poll(() => grid(page).getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: '搜索产品名称' }).isDisabled()).toBe(true);
    await page.reload();
    await card(page).getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: '只看收藏' }).isChecked()).toBe(true);
    await s.shot('02-saved-only');

    // Taken out there, it leaves the list and the library.
    await saveButton(page).click();
    await page.getByText('还没有收藏的产品：点产品上的“收藏”，常用的空白产品就会出现在这里').waitFor();
    await expect.poll(() => library(page)).toEqual([]);
    await s.shot('03-saved-only-empty');

    // A call that fails puts the button back as it was, and says why.
    await page.getByRole('checkbox', { name: '只看收藏' }).click();
    await waitForPath(page, '/products', '');
    await card(page).getByRole('button', { name: '收藏', exact: true, pressed: false }).waitFor();
    await page.route(
      `**${routes.productFavorite.path}`,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 0, msg: '服务暂时不可用', data: null }),
        }),
      { times: 1 },
    );
    await saveButton(page).click();
    await toast(page, '服务暂时不可用').waitFor();
    await card(page).getByRole('button', { name: '收藏', exact: true, pressed: false }).waitFor();
    expect(await library(page)).toEqual([]);

    // On the product page, and back on the list it shows saved.
    await grid(page).getByRole('link', { name: TSHIRT }).click();
    await page.getByRole('heading', { name: TSHIRT }).waitFor();
    await page.getByRole('button', { name: '收藏', exact: true, pressed: false }).click();
    await page.getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    await expect.poll(() => library(page)).toEqual([TSHIRT]);
    await s.shot('04-saved-on-page');
    await page.getByRole('link', { name: '返回产品库' }).click();
    await waitForPath(page, '/products');
    await card(page).getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    await page.getByRole('checkbox', { name: '只看收藏' }).click();
    await page.getByText('已收藏 1 款产品').waitFor();
    await card(page).waitFor();
  });
});
