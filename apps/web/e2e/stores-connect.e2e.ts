import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { routes } from '@app/contract';
import type { ShopCredentials } from '@sandbox/marketplace-b';
import { api } from './api';
import { buttonName, toast, useBrowser, waitForPath } from './harness';
import { createSandboxShop } from './marketplaceB';

/**
 * Marketplace connections on /stores (docs/publishing.md#tokens, #connecting): made-up credentials are refused by
 * the marketplace (the run's TikTok Shop sandbox) in the dialog; the shop's real ones connect it, show its expiry,
 * reconnect, disconnect. Then the shop's stock setting (docs/publishing.md#stock).
 */
const browser = useBrowser('stores-connect', { demoTshirt: false });
const sandboxB = inject('marketplaceB');

const card = (page: Page, platform: number) => page.locator(`[data-marketplace="${platform}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

async function fillConnect(
  page: Page,
  c: Pick<ShopCredentials, 'app_key' | 'app_secret' | 'access_token' | 'refresh_token' | 'shop_cipher' | 'warehouse_id'>,
  expires: string,
) {
  const d = dialog(page);
  await d.getByLabel('App Key').fill(c.app_key);
  await d.getByLabel('App Secret').fill(c.app_secret);
  await d.getByLabel('Access Token').fill(c.access_token);
  await d.getByLabel('Refresh Token').fill(c.refresh_token);
  await d.getByLabel('Shop Cipher').fill(c.shop_cipher);
  await d.getByLabel('Warehouse ID').fill(c.warehouse_id);
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
    // Made-up credentials: the marketplace refuses them, the dialog stays open and the shop stays 未连接.
    const madeUp = {
      app_key: 'tk-app-key',
      app_secret: 'tk-app-secret',
      access_token: 'tk-access-1',
      refresh_token: 'tk-refresh',
      shop_cipher: 'tk-cipher',
      warehouse_id: 'WH-7001',
    };
    await fillConnect(page, madeUp, '2030-06-01 12:00:00');
    await dialog(page)
      .getByRole('button', { name: buttonName('连接') })
      .click();
    await page.getByText('平台拒绝了签名：App Key 与 App Secret 不是同一个应用的，请重新复制两者').waitFor();
    await dialog(page).getByText('连接店铺 TK 阳光店').waitFor();
    expect(await card(page, 15).getByText('未连接').count()).toBe(1);
    await s.shot('02-made-up-refused');

    const real = await createSandboxShop(sandboxB, 'TK 阳光店');
    await fillConnect(page, real, '2030-06-01 12:00:00');
    await s.shot('02-connect-dialog');
    await dialog(page)
      .getByRole('button', { name: buttonName('连接') })
      .click();
    await toast(page, '已连接店铺 TK 阳光店').waitFor();
    await card(page, 15).getByText('已连接 · 令牌到期 2030-06-01 12:00').waitFor();
    // The page's data never carries a secret.
    const listed = JSON.stringify(await api(page.request, routes.storeList));
    for (const secret of [real.app_secret, real.access_token, real.refresh_token, real.shop_cipher]) expect(listed).not.toContain(secret);
    await s.shot('03-connected');

    await card(page, 15).getByRole('button', { name: '重新连接' }).click();
    await fillConnect(page, real, '2031-01-15 08:30:00');
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

    // The shop's stock: made to order with its handling days, shown in the list.
    await card(page, 15).getByText('每个 SKU 99 件').waitFor();
    await card(page, 15).getByRole('button', { name: '库存设置' }).click();
    await dialog(page).getByText('库存设置：TK 阳光店').waitFor();
    await dialog(page).getByRole('radio', { name: '按单生产' }).check();
    await dialog(page).getByLabel('备货期（天）').fill('5');
    await s.shot('06-stock-dialog');
    await dialog(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '已保存店铺 TK 阳光店 的库存设置').waitFor();
    await card(page, 15).getByText('按单生产 · 5 天').waitFor();
    await s.shot('07-stock-saved');
  });
});
