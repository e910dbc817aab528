import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { routes } from '@app/contract';
import { api } from './api';
import { buttonName, toast, useBrowser, waitForPath } from './harness';

/** Marketplace connections on /stores (docs/publishing.md#tokens): connect a TikTok Shop shop, see its expiry, reconnect, disconnect. */
const browser = useBrowser('stores-connect', { demoTshirt: false });

const card = (page: Page, platform: number) => page.locator(`[data-marketplace="${platform}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

async function fillConnect(page: Page, accessToken: string, expires: string) {
  const d = dialog(page);
  await d.getByLabel('App Key').fill('tk-app-key');
  await d.getByLabel('App Secret').fill('tk-app-secret');
  await d.getByLabel('Access Token').fill(accessToken);
  await d.getByLabel('Refresh Token').fill('tk-refresh');
  await d.getByLabel('Shop Cipher').fill('tk-cipher');
  await d.getByLabel('Warehouse ID').fill('WH-7001');
  await d.getByLabel('令牌到期时间').click();
  await d.getByLabel('令牌到期时间').fill(expires);
  await page.locator('.ant-picker-dropdown .ant-picker-ok button').click();
}

describe('shop connections', () => {
  test('connect a TikTok Shop shop, see it connected with its expiry, reconnect, disconnect', async () => {
    const s = await browser.session();
    const { page } = s;
    await api(page.request, routes.register, { body: { username: `conn${Date.now().toString(36)}`, password: 'rival-pass-123' } });
    await api(page.request, routes.storeAdd, { body: { pid: 15, name: 'TK 阳光店' } });
    await api(page.request, routes.storeAdd, { body: { pid: 1, name: 'Amazon 店' } });

    await page.goto('/stores');
    await waitForPath(page, '/stores');
    await card(page, 15).getByText('未连接').waitFor();
    // Offline marketplaces have no connection.
    expect(await card(page, 1).getByText('未连接').count()).toBe(0);
    expect(await card(page, 1).getByRole('button', { name: '连接' }).count()).toBe(0);
    await s.shot('01-not-connected');

    await card(page, 15)
      .getByRole('button', { name: /(^|\s)连接$/ })
      .click();
    await dialog(page).getByText('连接店铺 TK 阳光店').waitFor();
    // Nothing filled: every required field is named.
    await dialog(page)
      .getByRole('button', { name: buttonName('连接') })
      .click();
    await dialog(page).locator('.ant-form-item-explain-error', { hasText: '请输入Shop Cipher' }).waitFor();
    await dialog(page).locator('.ant-form-item-explain-error', { hasText: '请输入令牌到期时间' }).waitFor();
    expect(await dialog(page).locator('input[type="password"]').count()).toBe(4);
    await fillConnect(page, 'tk-access-1', '2030-06-01 12:00:00');
    await s.shot('02-connect-dialog');
    await dialog(page)
      .getByRole('button', { name: buttonName('连接') })
      .click();
    await toast(page, '已连接店铺 TK 阳光店').waitFor();
    await card(page, 15).getByText('已连接 · 令牌到期 2030-06-01 12:00').waitFor();
    // The page's data never carries a secret.
    const listed = JSON.stringify(await api(page.request, routes.storeList));
    for (const secret of ['tk-app-secret', 'tk-access-1', 'tk-refresh', 'tk-cipher']) expect(listed).not.toContain(secret);
    await s.shot('03-connected');

    await card(page, 15).getByRole('button', { name: '重新连接' }).click();
    await fillConnect(page, 'tk-access-2', '2031-01-15 08:30:00');
    await dialog(page)
      .getByRole('button', { name: buttonName('重新连接') })
      .click();
    await card(page, 15).getByText('已连接 · 令牌到期 2031-01-15 08:30').waitFor();
    await s.shot('04-reconnected');

    await card(page, 15).getByRole('button', { name: '断开' }).click();
    await page.locator('.ant-popconfirm').getByText('断开店铺“TK 阳光店”的连接？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('断开') })
      .click();
    await toast(page, '已断开店铺 TK 阳光店').waitFor();
    await card(page, 15).getByText('未连接').waitFor();
    await s.shot('05-disconnected');
  });
});
