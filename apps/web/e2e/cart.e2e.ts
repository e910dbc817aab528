import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cartLineTotal, message, routes } from '@app/contract';
import { api } from './api';
import { finishedVariants, makeFinished } from './finishedApi';
import { buttonName, logIn, settled, toast, useBrowser } from './harness';

/**
 * The cart a seller sees (docs/domain.md#cart): a variant added from the finished screen shows in the header's badge
 * (in this tab and another), then on /cart with its mockup, colour, size and price; its quantity changes the line
 * and selected totals; removing it lowers the badge.
 */

const run = useBrowser('cart');

/** The header's cart link; its label carries the count (购物车，N 件商品). */
const cartLink = (page: Page) => page.locator('header a.header-cart');
const badgeCount = async (page: Page) => Number(await cartLink(page).getAttribute('data-count'));
const cartCount = async (page: Page) => (await api(page.request, routes.cartCount)).count;

describe('the cart', () => {
  test('add from the finished screen → badge → /cart line → quantity and totals → remove', async () => {
    const s = await run.session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['CART 购物车']);
    const key = made!.key_id;
    const variant = (await finishedVariants(page.request, made!.id)).find((v) => v.key_id === `${key}-1-2`)!;
    const before = await cartCount(page);

    // Another tab of the back office follows the cart too.
    const other = await s.context.newPage();
    await other.goto('/');
    await expect.poll(() => badgeCount(other)).toBe(before);

    await page.goto('/finished');
    const row = page.locator('.finished-table tr.plain-table-row', { hasText: key });
    await row.getByRole('button', { name: `${key} 的更多操作` }).click();
    await page.getByRole('menuitem', { name: '加入购物车', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill(`${key}-1-2`);
    await dialog.getByRole('searchbox').press('Enter');
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(1);
    await dialog.getByRole('button', { name: `将 ${key}-1-2 加入购物车` }).click();
    await toast(page, message('addedSuccessfully')).waitFor();

    // The badge follows at once, here and in the other tab.
    await expect.poll(() => badgeCount(page)).toBe(before + 1);
    await expect.poll(() => badgeCount(other)).toBe(before + 1);
    expect(await cartLink(page).getAttribute('aria-label')).toBe(`购物车，${before + 1} 件商品`);
    await other.close();
    await page.locator('.ant-modal-close').click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await settled(page);
    await page.locator('header.ant-layout-header').screenshot({ path: path.join(run.dir, '01-header-badge.png') });

    // /cart shows the line: the colour's mockup, colour, size, unit price, quantity and line total.
    // Newest first: the line just added.
    const line = (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list[0]!;
    expect(line).toMatchObject({ attr_id: variant.sku_id, available: true, num: 1 });
    await cartLink(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const tr = page.locator(`.cart-table tr[data-row-key="${line.id}"]`);
    await tr.waitFor();
    await page.mouse.move(600, 600);
    expect(await tr.locator('img.cart-thumb').getAttribute('src')).toBe(line.img_urls[0]);
    expect(await tr.locator('img.cart-thumb').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const cells = async () => (await tr.locator('td').allInnerTexts()).map((c) => c.trim());
    const price = line.price;
    expect(await cells()).toEqual(expect.arrayContaining([variant.color, variant.size, `${price} CNY`]));
    await shot('02-cart');

    // Selected, its total is the selection's; a new quantity changes both, and is saved.
    await tr.getByRole('checkbox').check();
    const total = page.getByTestId('cart-total');
    await expect.poll(() => total.innerText()).toBe(`${price} CNY`);
    const quantity = tr.getByRole('spinbutton', { name: /的数量$/ });
    await quantity.fill('3');
    await quantity.press('Tab');
    const three = `${cartLineTotal({ price: line.price, num: 3 })} CNY`;
    await expect.poll(() => total.innerText()).toBe(three);
    await expect.poll(async () => (await cells()).includes(three)).toBe(true);
    const savedNum = async () =>
      (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list.find((l) => l.id === line.id)?.num;
    await expect.poll(savedNum).toBe(3);
    // Emptied, the field goes back to 1 when left.
    await quantity.fill('');
    await quantity.press('Tab');
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await expect.poll(() => total.innerText()).toBe(`${price} CNY`);
    await shot('03-cart-selected');

    // Removed after a confirmation: the line goes, and the badge drops.
    await tr.getByRole('button', { name: /^删除 / }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, '已删除 1 件商品').waitFor();
    await expect.poll(() => tr.count()).toBe(0);
    await expect.poll(() => badgeCount(page)).toBe(before);
    expect(await cartCount(page)).toBe(before);
    if (before === 0) {
      await page.getByText('购物车还是空的').waitFor();
      await shot('04-cart-empty');
      await page.getByRole('link', { name: '去成品管理挑选商品' }).click();
      await page.waitForURL((u) => u.pathname === '/finished');
    }
  }, 180_000);
});
