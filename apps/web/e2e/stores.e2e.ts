import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { routes } from '@app/contract';
import { api } from './api';
import { buttonName, toast, useBrowser, waitForPath } from './harness';

/** The shops page /stores (docs/api.md#export-and-shops): add in two marketplaces, rename, delete, a refusal shown. */
const browser = useBrowser('stores', { demoTshirt: false });

const card = (page: Page, platform: number) => page.locator(`[data-marketplace="${platform}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

async function addShop(page: Page, marketplace: string, name: string) {
  await page.getByRole('button', { name: '添加店铺' }).first().click();
  await dialog(page).getByLabel('平台').click();
  await page.locator('.ant-select-dropdown').getByText(marketplace, { exact: true }).click();
  await dialog(page).getByLabel('店铺名称').fill(name);
  await dialog(page)
    .getByRole('button', { name: buttonName('创建') })
    .click();
}

describe('shops page', () => {
  test('add two shops in two marketplaces, rename one, delete one, see the refusals', async () => {
    const s = await browser.session();
    const { page } = s;
    // A new main account of its own: its shop list starts empty. Registering logs the browser in.
    await api(page.request, routes.register, { body: { username: `shop${Date.now().toString(36)}`, password: 'rival-pass-123' } });

    await page.goto('/');
    await page.locator('.ant-layout-sider').getByText('设置', { exact: true }).waitFor();
    await page.locator('.ant-layout-sider').getByRole('link', { name: '店铺管理' }).click();
    await waitForPath(page, '/stores');
    await page.getByText('还没有店铺').waitFor();
    await s.shot('01-empty');

    // The name is checked before anything is sent.
    await page.getByRole('button', { name: '添加店铺' }).first().click();
    await dialog(page)
      .getByRole('button', { name: buttonName('创建') })
      .click();
    // The form's own messages (a placeholder may read the same words).
    const fieldError = (text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
    await fieldError('请输入店铺名称').waitFor();
    await fieldError('请选择平台').waitFor();
    await s.shot('02-add-validation');
    await dialog(page)
      .getByRole('button', { name: buttonName('取消') })
      .click();
    await dialog(page).waitFor({ state: 'hidden' });

    await addShop(page, '亚马逊', 'Sunny Tees US');
    await toast(page, '已添加店铺 Sunny Tees US').waitFor();
    await card(page, 1).getByText('Sunny Tees US').waitFor();
    await addShop(page, '速卖通', '阳光T恤速卖通店');
    await card(page, 2).getByText('阳光T恤速卖通店').waitFor();
    expect(await card(page, 1).getByText('1 家店铺').count()).toBe(1);
    expect(await card(page, 15).getByText('该平台还没有店铺').count()).toBe(1);

    // A duplicate name on the same marketplace: the server's message, and the dialog stays open.
    await addShop(page, '亚马逊', 'Sunny Tees US');
    await toast(page, '该平台下已有同名店铺：Sunny Tees US').waitFor();
    await s.shot('03-duplicate-refused');
    await dialog(page)
      .getByRole('button', { name: buttonName('取消') })
      .click();
    await dialog(page).waitFor({ state: 'hidden' });
    expect(await card(page, 1).locator('tbody tr').count()).toBe(1);

    // Rename the AliExpress shop.
    await card(page, 2).getByRole('button', { name: '重命名' }).click();
    await dialog(page).getByLabel('店铺名称').fill('阳光速卖通');
    await dialog(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '已重命名为 阳光速卖通').waitFor();
    await card(page, 2).getByText('阳光速卖通', { exact: true }).waitFor();
    // The old name is gone from the marketplace's card (a toast of the add may still be fading).
    await expect.poll(() => card(page, 2).getByText('阳光T恤速卖通店').count()).toBe(0);
    await s.shot('04-two-shops');

    // The marketplace filter is the call's `type`, kept in the address.
    await page.getByRole('radiogroup', { name: '按平台筛选' }).getByText('速卖通').click();
    await waitForPath(page, '/stores', '?type=2');
    await card(page, 2).waitFor();
    await expect.poll(() => card(page, 1).count()).toBe(0); // the list follows the address a moment after it changes
    await page.getByRole('radiogroup', { name: '按平台筛选' }).getByText('全部平台').click();
    await card(page, 1).waitFor();

    // Delete the Amazon shop, after confirming.
    await card(page, 1).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByText('删除店铺“Sunny Tees US”？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, '已删除店铺 Sunny Tees US').waitFor();
    await card(page, 1).getByText('该平台还没有店铺').waitFor();
    const left = await api(page.request, routes.storeList);
    expect(left.list.flatMap((m) => m.stores.map((st) => [m.id, st.name]))).toEqual([[2, '阳光速卖通']]);
    await s.shot('05-after-delete');
  });
});
