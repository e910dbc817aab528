import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatMoney, routes } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { buttonName, logIn, toast, useBrowser } from './harness';
import { creditDemoWallet, usAddress } from './ordering';

/**
 * My orders (docs/orders.md): two orders made through the API show under 待付款 with their count; one is paid from the
 * wallet and moves to 待生产, the other is cancelled and moves to 已取消; the paid one's detail shows its lines, amounts,
 * address and history.
 */

const address = usAddress('Jane Orders');

const run = useBrowser('orders');

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}\\s*\\d+$`) });
const tabCount = async (page: Page, name: string) => Number(/\d+$/.exec((await tab(page, name).innerText()).trim())?.[0]);
const row = (page: Page, orderNo: string) => page.locator('.orders-table tr.ant-table-row', { hasText: orderNo });

describe('my orders', () => {
  test('two orders → 待付款 with the count → pay one → 待生产 → cancel the other → 已取消 → the detail', async () => {
    creditDemoWallet();
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['ORDERS 订单']);
    const variant = (await api(page.request, routes.addToCartsPage, { query: { id: made!.id } })).list[0]!;
    const orders = [];
    for (let i = 0; i < 2; i++) {
      const line = await api(page.request, routes.addToCarts, { body: { id: variant.id, num: i + 1 } });
      orders.push(
        await api(page.request, routes.orderCreate, { body: { cart_ids: String(line.id), address, shipping_method: 'economy' } }),
      );
    }
    const [toPay, toCancel] = [orders[0]!, orders[1]!];
    const before = await api(page.request, routes.orderList, { query: { pageSize: 1 } });
    const pending = before.counts['1'] ?? 0;
    // Paid orders move on through the factory by themselves (docs/orders.md#production): counted from 待生产 to 已完成.
    const paidOn = (counts: Record<string, number>) => ['2', '3', '4', '5'].reduce((n, k) => n + (counts[k] ?? 0), 0);
    const paidBefore = paidOn(before.counts);
    const cancelledBefore = before.counts['0'] ?? 0;
    const payDetail = await api(page.request, routes.orderDetail, { query: { id: toPay.id } });
    const balance = (await api(page.request, routes.walletInfo)).balance;

    // The menu's 我的订单 opens the list; 待付款 shows both, with the count.
    await page.goto('/');
    await page.getByRole('menuitem', { name: '我的订单' }).click();
    await page.waitForURL((u) => u.pathname === '/orders');
    await tab(page, '待付款').click();
    await page.waitForURL((u) => u.searchParams.get('status') === '1');
    await row(page, toPay.order_no).waitFor();
    await row(page, toCancel.order_no).waitFor();
    expect(await tabCount(page, '待付款')).toBe(pending);
    expect(pending).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain(formatMoney(balance, 'CNY'));
    expect(await row(page, toPay.order_no).getByTestId('order-total').innerText()).toBe(formatMoney(payDetail.total, 'CNY'));
    expect(await row(page, toPay.order_no).innerText()).toContain(`商品 ${payDetail.items_amount} + 运费 ${payDetail.shipping_amount}`);
    expect(await row(page, toPay.order_no).locator('.ant-tag').innerText()).toBe('待付款');
    await shot('01-orders-pending');

    // Paid: it leaves 待付款 for 待生产, the counts and the balance follow.
    await row(page, toPay.order_no)
      .getByRole('button', { name: `付款 ${toPay.order_no}` })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('付款') })
      .click();
    await toast(page, `订单 ${toPay.order_no} 已付款`).waitFor();
    await expect.poll(() => row(page, toPay.order_no).count()).toBe(0);
    await expect.poll(() => tabCount(page, '待付款')).toBe(pending - 1);
    const paidTabs = async () =>
      (await tabCount(page, '待生产')) +
      (await tabCount(page, '生产中')) +
      (await tabCount(page, '已发货')) +
      (await tabCount(page, '已完成'));
    await expect.poll(paidTabs).toBe(paidBefore + 1);
    const after = (await api(page.request, routes.walletInfo)).balance;
    expect(Number(after)).toBeCloseTo(Number(balance) - Number(payDetail.total), 2);
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain(formatMoney(after, 'CNY'));
    // 待生产 until the factory starts it (ten seconds at the embedded factory's pace), then 生产中.
    await tab(page, '全部').click();
    await expect.poll(() => row(page, toPay.order_no).locator('.ant-tag').first().innerText()).toMatch(/^(待生产|生产中)$/);

    // Cancelled (the confirmation of a pending order), it moves to 已取消.
    await tab(page, '待付款').click();
    await row(page, toCancel.order_no)
      .getByRole('button', { name: `取消 ${toCancel.order_no}` })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('取消订单') })
      .click();
    await toast(page, `订单 ${toCancel.order_no} 已取消`).waitFor();
    await expect.poll(() => row(page, toCancel.order_no).count()).toBe(0);
    await expect.poll(() => tabCount(page, '已取消')).toBe(cancelledBefore + 1);
    await tab(page, '已取消').click();
    await row(page, toCancel.order_no).waitFor();
    await tab(page, '全部').click();
    await row(page, toPay.order_no).waitFor();
    await shot('02-orders-all');

    // The paid order's detail: lines, amounts, address and the history (待付款 then 待生产).
    await row(page, toPay.order_no)
      .getByRole('link', { name: `详情 ${toPay.order_no}` })
      .click();
    await page.waitForURL((u) => u.pathname === '/orders/detail' && u.searchParams.get('id') === String(toPay.id));
    const line = payDetail.lines[0]!;
    const lineRow = page.locator('.orders-lines tr.ant-table-row').first();
    await lineRow.waitFor();
    const lineCells = (await lineRow.locator('td').allInnerTexts()).map((c) => c.trim());
    expect(lineCells).toEqual(
      expect.arrayContaining([
        line.color,
        line.size,
        formatMoney(line.price, 'CNY'),
        String(line.num),
        formatMoney(line.line_total, 'CNY'),
      ]),
    );
    const amounts = await page.getByTestId('order-amounts').innerText();
    for (const v of [payDetail.items_amount, payDetail.shipping_amount, payDetail.total]) expect(amounts).toContain(formatMoney(v, 'CNY'));
    const shownAddress = await page.getByTestId('order-address').innerText();
    for (const v of ['Jane Orders', '1 Market St', 'San Francisco', 'US', '94105']) expect(shownAddress).toContain(v);
    await expect.poll(() => page.getByTestId('order-history').innerText()).toMatch(/待生产[\s\S]*待付款/);
    expect(await page.getByRole('button', { name: '付款' }).count()).toBe(0);
    await shot('03-order-detail');

    // In English the pages speak the seller's words too.
    await page.locator('.ant-layout-header').getByText('EN', { exact: true }).click();
    await page.getByText('Shipping address').waitFor();
    await shot('05-order-detail-en');
    await page.goto('/orders');
    await tab(page, 'Pending payment').waitFor();
    await shot('06-orders-en');
  }, 240_000);

  test('批量付款 pays the selected orders in turn and, short of money, says how many were paid and links to the wallet', async () => {
    creditDemoWallet();
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['BATCH 批量']);
    const variant = (await api(page.request, routes.addToCartsPage, { query: { id: made!.id } })).list[0]!;
    const order = async (num: number) => {
      const line = await api(page.request, routes.addToCarts, { body: { id: variant.id, num } });
      return api(page.request, routes.orderCreate, { body: { cart_ids: String(line.id), address, shipping_method: 'economy' } });
    };
    // More than the wallet holds (a unit costs more than ¥10), then one it can pay: the newest (paid first) goes through,
    // the other is refused.
    const balance = Number((await api(page.request, routes.walletInfo)).balance);
    const tooBig = await order(Math.ceil(balance / 10) + 1);
    const small = await order(1);

    await page.goto('/orders?status=1');
    await row(page, small.order_no).waitFor();
    await row(page, small.order_no)
      .getByRole('checkbox', { name: `选择订单 ${small.order_no}` })
      .check();
    await row(page, tooBig.order_no)
      .getByRole('checkbox', { name: `选择订单 ${tooBig.order_no}` })
      .check();
    await page.getByRole('button', { name: '批量付款 (2)' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('付款') })
      .click();
    const outcome = page.getByTestId('batch-pay-outcome');
    await outcome.waitFor();
    expect(await outcome.innerText()).toMatch(/已支付 1 个订单，其余 1 个未支付：余额不足：还差 ¥[\d.,]+，请先充值/);
    expect(await outcome.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/wallet');
    await expect.poll(() => row(page, small.order_no).count()).toBe(0);
    await row(page, tooBig.order_no).waitFor();
    // Paid: 待生产, or already 生产中 at the embedded factory.
    expect([2, 3]).toContain((await api(page.request, routes.orderDetail, { query: { id: small.id } })).status);
    expect((await api(page.request, routes.orderDetail, { query: { id: tooBig.id } })).status).toBe(1);
    await shot('04-batch-pay-shortfall');
    await outcome.getByRole('link', { name: '去充值' }).click();
    await page.waitForURL((u) => u.pathname === '/wallet');
  }, 240_000);
});
