import Decimal from 'decimal.js';
import { describe, expect, test } from 'vitest';
import { message, routes } from '@app/contract';
import { api } from './api';
import { typeNewAddress } from './ordering';
import { makeFinished } from './finishedApi';
import { logIn, toast, useBrowser } from './harness';

/**
 * Checking out (docs/orders.md#checkout): lines chosen on /cart go to /checkout, a new address picks the country's
 * shipping methods, the total is the items and the chosen method's price, the order is placed and its lines leave
 * the cart; paying from a wallet that does not cover it says what is missing and leaves the order to be paid.
 */

const run = useBrowser('checkout');

describe('checkout', () => {
  test('cart → 去结算 → address and shipping → 提交订单 → pay from the wallet, or the shortfall said', async () => {
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['CHECKOUT 结算']);
    const variants = (await api(page.request, routes.addToCartsPage, { query: { id: String(made!.id) } })).list as { id: number }[];
    for (const v of variants.slice(0, 2))
      expect((await api(page.request, routes.addToCarts, { body: { id: v.id, num: 2 } })).id).toBeGreaterThan(0);
    const lines = (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list.slice(0, 2);
    const itemsTotal = lines.reduce((s, l) => s.plus(new Decimal(l.price).times(l.num)), new Decimal(0));
    const before = new Decimal((await api(page.request, routes.walletInfo)).balance);

    await page.goto('/cart');
    for (const l of lines) await page.locator(`.cart-table tr[data-row-key="${l.id}"]`).getByRole('checkbox').check();
    await page.getByRole('button', { name: '去结算（2）' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');

    // A seller with no address yet types one; the country gives the methods, cheapest first and chosen.
    await typeNewAddress(page, 'Jane Doe');
    const grams = lines.reduce((g, l) => g + l.num * l.weight_g, 0);
    const methods = (await api(page.request, routes.shippingMethods, { query: { country: 'US', weight: grams } })).list;
    const cheapest = methods[0]!;
    await page.getByRole('radio', { name: new RegExp(cheapest.name) }).waitFor();
    const total = page.getByTestId('checkout-total');
    await expect.poll(() => total.innerText()).toBe(`¥${itemsTotal.plus(cheapest.price).toFixed(2)}`);
    // Another method: its price makes the total.
    const express = methods.find((m) => m.id === 'express')!;
    await page.getByRole('radio', { name: new RegExp(express.name) }).check();
    const orderTotal = itemsTotal.plus(express.price).toFixed(2);
    await expect.poll(() => total.innerText()).toBe(`¥${orderTotal}`);
    await shot('01-checkout');

    await page.getByRole('button', { name: '提交订单' }).click();
    await page.getByText(/订单已提交：\d{16}/).waitFor();
    const cartIds = (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list.map((l) => l.id);
    expect(cartIds).not.toContain(lines[0]!.id);
    expect(cartIds).not.toContain(lines[1]!.id);
    await shot('02-placed');

    // Paying from the wallet: paid when it covers the total (another suite may have credited the demo wallet on this
    // server), else the shortfall said and the order left to be paid.
    await page.getByRole('button', { name: `立即付款 ¥${orderTotal}` }).click();
    const covered = before.greaterThanOrEqualTo(orderTotal);
    if (covered) {
      await page.getByText('已付款，订单进入待生产').first().waitFor();
      expect((await api(page.request, routes.walletInfo)).balance).toBe(before.minus(orderTotal).toFixed(2));
    } else {
      await toast(page, message('walletShortfall', 'zh', { missing: before.minus(orderTotal).negated().toFixed(2) })).waitFor();
      expect((await api(page.request, routes.walletInfo)).balance).toBe(before.toFixed(2));
    }
    const orders = (await api(page.request, routes.orderList, { query: { status: covered ? 2 : 1 } })).list;
    expect(orders[0]).toMatchObject({ total: orderTotal, recipient: 'Jane Doe', country: 'US', units: 4 });
    await shot('03-paid-or-short');
  });
});
