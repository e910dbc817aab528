import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes, type DataOf } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { logIn, useBrowser } from './harness';
import { creditDemoWallet, usAddress } from './ordering';

/**
 * The wallet's bills on /wallet (docs/orders.md#the-wallet, #bills): after an order paid and another paid then cancelled
 * (refunded), the page lists the payment and the refund with their exact amounts, its statistics are the API's over the
 * same filters (and moved by exactly these orders), and the type filter narrows the lines and stays in the address
 * across a reload.
 */

const address = usAddress('Jane Bills');

const run = useBrowser('wallet-bills');

type Statistics = DataOf<typeof routes.billStatistics>;

/** Decimal text as whole cents, and back: sums checked exactly. */
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const c = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return negative ? -c : c;
};
const yuan = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
/** As the page shows money: thousands grouped; a sign when asked. */
const shown = (text: string, signed = false) => {
  const body = text.replace(/^[-+]/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return text.startsWith('-') ? `-${body}` : signed ? `+${body}` : body;
};

const lines = (page: Page) => page.getByTestId('bill-lines').locator('tr.ant-table-row');
const line = (page: Page, orderNo: string, type: string) => lines(page).filter({ hasText: orderNo }).filter({ hasText: type });
/** The amount column's text (the third). */
const amountOf = (row: Locator) => row.locator('td').nth(2).innerText();
const stat = (page: Page, key: keyof Statistics) => page.getByTestId(`bill-stat-${key}`).locator('.ant-statistic-content').innerText();

/** The statistics cards read as the API's figures over the same filters. */
async function expectStatistics(page: Page, s: Statistics) {
  await expect.poll(() => stat(page, 'payment')).toBe(`¥ ${shown(s.payment)}`);
  expect(await stat(page, 'recharge')).toBe(`¥ ${shown(s.recharge)}`);
  expect(await stat(page, 'refund')).toBe(`¥ ${shown(s.refund)}`);
  // A zero net shows plain (0.00, not +0.00).
  expect(await stat(page, 'net')).toBe(`¥ ${shown(s.net, cents(s.net) !== 0n)}`);
  expect(await stat(page, 'orders')).toBe(String(s.orders));
  expect(await stat(page, 'units')).toBe(String(s.units));
}

describe('the wallet’s bills', () => {
  test('a payment and a refund: both lines with exact amounts, the statistics, the type filter kept across a reload', async () => {
    creditDemoWallet();
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const before = await api(page.request, routes.billStatistics);

    // One order paid; another paid, then cancelled: refunded to the wallet.
    const [made] = await makeFinished(page, ['BILLS 账单']);
    const variant = (await api(page.request, routes.addToCartsPage, { query: { id: made!.id } })).list[0]!;
    const orders = [];
    for (let i = 0; i < 2; i++) {
      const cart = await api(page.request, routes.addToCarts, { body: { id: variant.id, num: i + 1 } });
      orders.push(
        await api(page.request, routes.orderCreate, { body: { cart_ids: String(cart.id), address, shipping_method: 'economy' } }),
      );
    }
    const [paid, refunded] = [orders[0]!, orders[1]!];
    await api(page.request, routes.orderPay, { body: { id: paid.id } });
    await api(page.request, routes.orderPay, { body: { id: refunded.id } });
    await api(page.request, routes.orderCancel, { body: { id: refunded.id } });

    await page.getByRole('menuitem', { name: /我的钱包/ }).click();
    await page.waitForURL((u) => u.pathname === '/wallet');

    // The lines, newest first, with the amounts as the API keeps them.
    await line(page, refunded.order_no, '退款').waitFor();
    expect(await amountOf(line(page, paid.order_no, '订单支付'))).toBe(shown(`-${paid.total}`));
    expect(await amountOf(line(page, refunded.order_no, '订单支付'))).toBe(shown(`-${refunded.total}`));
    expect(await amountOf(line(page, refunded.order_no, '退款'))).toBe(shown(refunded.total, true));
    expect(await lines(page).first().innerText()).toContain('退款');
    // The order number opens the order list searched by it.
    expect(await line(page, paid.order_no, '订单支付').getByRole('link', { name: paid.order_no }).getAttribute('href')).toBe(
      `/orders?keyword=${paid.order_no}`,
    );

    // The statistics: the API's over the same (no) filters, moved by exactly these two orders.
    const after = await api(page.request, routes.billStatistics);
    expect(after.payment).toBe(yuan(cents(before.payment) + cents(paid.total) + cents(refunded.total)));
    expect(after.refund).toBe(yuan(cents(before.refund) + cents(refunded.total)));
    expect(after.net).toBe(yuan(cents(before.net) - cents(paid.total)));
    expect(after.orders).toBe(before.orders + 2);
    expect(after.units).toBe(before.units + 3);
    await expectStatistics(page, after);
    await shot('01-wallet-bills');

    // 退款 only: the table narrows to the refunds, in the address; page 1.
    await page.getByLabel('类型').click();
    await page.locator('.ant-select-item-option', { hasText: '退款' }).click();
    // The button's name starts with its icon's (search).
    await page.getByRole('button', { name: /查\s*询$/ }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === '3');
    const refunds = await api(page.request, routes.billList, { query: { type: 3, pageSize: 100 } });
    const onlyRefunds = async () => {
      await expect.poll(() => lines(page).count()).toBe(Math.min(refunds.count, 20));
      for (const text of await lines(page).allInnerTexts()) expect(text).toContain('退款');
      await line(page, refunded.order_no, '退款').waitFor();
      expect(await lines(page).filter({ hasText: '订单支付' }).count()).toBe(0);
      await expectStatistics(page, await api(page.request, routes.billStatistics, { query: { type: 3 } }));
    };
    await onlyRefunds();
    await shot('02-wallet-refunds');

    // Kept across a reload: the filter shows 退款 and the lines are still the refunds.
    await page.reload();
    expect(new URL(page.url()).searchParams.get('type')).toBe('3');
    await page.getByRole('form', { name: '筛选账单' }).getByText('退款', { exact: true }).waitFor();
    await onlyRefunds();

    // 导出账单 over the same filter: the export log follows it to 已完成, and its file downloads (an .xlsx: a zip).
    await page.getByRole('button', { name: '导出账单' }).click();
    const exportRow = page.getByTestId('bill-exports').locator('tr.ant-table-row').first();
    await expect.poll(() => exportRow.innerText(), { timeout: 30_000 }).toContain('已完成');
    expect(await exportRow.innerText()).toContain(String(refunds.count));
    const [download] = await Promise.all([page.waitForEvent('download'), exportRow.getByRole('link', { name: /^下载/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bills-\d{8}-\d+\.xlsx$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    await shot('03-wallet-export');
  });
});
