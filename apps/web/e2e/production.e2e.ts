import type { Page } from 'playwright-core';
import Decimal from 'decimal.js';
import { describe, expect, test } from 'vitest';
import { message, routes } from '@app/contract';
import { api } from './api';
import { typeNewAddress } from './ordering';
import { makeFinished } from './finishedApi';
import { baseURL, buttonName, logIn, toast, useBrowser } from './harness';

/**
 * The loop a seller lives on (docs/orders.md): a finished product added to the cart from the finished screen, the
 * header's badge, /cart, checkout, a recharge of what the order costs on the payment sandbox's cashier, payment, and the
 * order followed through the in-process factory sandbox (about 40 s to shipping at its default pace) to 已发货 with a
 * carrier and tracking number; the finished product then counts the ordered units.
 */

const run = useBrowser('production');
const cartLink = (page: Page) => page.locator('header a.header-cart');

describe('an order through production', () => {
  test('finished → cart → checkout → recharge → pay → 生产中 → 已发货 with tracking → the ordered count', async () => {
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['FACTORY 工厂']);
    const key = made!.key_id;

    // Added from the finished screen: the badge counts it (other suites leave lines in the demo's cart).
    const before = (await api(page.request, routes.cartCount)).count;
    await page.goto('/finished');
    await expect.poll(async () => Number(await cartLink(page).getAttribute('data-count'))).toBe(before);
    const row = page.locator('.finished-table tr.plain-table-row', { hasText: key });
    await row.getByRole('button', { name: `${key} 的更多操作` }).click();
    await page.getByRole('menuitem', { name: '加入购物车', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill(`${key}-1-1`);
    await dialog.getByRole('searchbox').press('Enter');
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(1);
    await dialog.getByRole('button', { name: `将 ${key}-1-1 加入购物车` }).click();
    await toast(page, message('addedSuccessfully')).waitFor();
    await expect.poll(async () => Number(await cartLink(page).getAttribute('data-count'))).toBe(before + 1);
    await page.locator('.ant-modal-close').click();

    // /cart → 去结算 → checkout with an address → 提交订单.
    const line = (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list[0]!;
    await cartLink(page).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.locator(`.cart-table tr[data-row-key="${line.id}"]`).getByRole('checkbox').check();
    await page.getByRole('button', { name: /^去结算/ }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await typeNewAddress(page, 'Jane Factory');
    await expect.poll(() => page.getByTestId('checkout-total').innerText()).toMatch(/^¥\d/);
    await page.getByRole('button', { name: '提交订单' }).click();
    const orderNo = /\d{16}/.exec(await page.getByText(/订单已提交：\d{16}/).innerText())![0];
    const order = (await api(page.request, routes.orderList, { query: { keyword: orderNo } })).list[0]!;

    // Recharged by what the order costs, on the payment sandbox's cashier.
    await page.goto('/wallet');
    await page.getByRole('button', { name: buttonName('充值') }).click();
    await page.getByRole('dialog').getByLabel('充值金额（元）').fill(new Decimal(order.total).toFixed(2));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('去支付') })
      .click();
    await page.waitForURL((u) => u.origin !== baseURL);
    await page.getByRole('button', { name: buttonName('付款') }).click();
    await page.waitForURL((u) => u.origin === baseURL && u.pathname === '/wallet');
    await page.getByText(`充值成功：¥${new Decimal(order.total).toFixed(2)} 已到账`).waitFor({ timeout: 20_000 });

    // Paid from its detail page; then followed as the factory moves it.
    await page.goto(`/orders/detail?id=${order.id}`);
    await page.getByRole('button', { name: `付款 ${orderNo}` }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('付款') })
      .click();
    await toast(page, `订单 ${orderNo} 已付款`).waitFor();
    await shot('01-paid');
    const history = page.getByTestId('order-history');
    await expect
      .poll(
        async () => {
          await page.reload();
          return history.innerText();
        },
        { timeout: 150_000, interval: 2000 },
      )
      .toMatch(/已发货[\s\S]*生产中[\s\S]*待生产[\s\S]*待付款/);
    const shipped = await api(page.request, routes.orderDetail, { query: { id: order.id } });
    expect(shipped.status).toBeGreaterThanOrEqual(4);
    expect(shipped.tracking_no).not.toBe('');
    await page.getByText(shipped.tracking_no).first().waitFor();
    await page.getByText(shipped.carrier).first().waitFor();
    await shot('02-shipped');

    // The finished product counts the ordered unit.
    await page.goto(`/finished?key_id=${key}`);
    const finishedRow = page.locator('.finished-table tr.plain-table-row', { hasText: key });
    await finishedRow.waitFor();
    expect((await api(page.request, routes.finishedList, { query: { key_id: key } })).list[0]!.order_num).toBe(1);
    await expect.poll(() => finishedRow.innerText()).not.toContain('未出单');
    await shot('03-finished-ordered');
  }, 300_000);
});
