import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { baseURL, buttonName, logIn, useBrowser, windowShot } from './harness';

/**
 * Recharging the wallet as a seller does (docs/orders.md#recharging): /wallet → 充值 50 → the payment sandbox's
 * cashier page → 付款 → back on /wallet, the recharge followed until the provider's notify has credited it: the
 * balance 50 more and the 充值 line at the top of the bills.
 */

const run = useBrowser('wallet', { demoTshirt: false });

/** Decimal text plus whole yuan, exactly (cents as integers). */
const plusYuan = (text: string, yuan: number) => {
  const [whole = '0', frac = ''] = text.split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0')) + BigInt(yuan) * 100n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};
/** As the page shows money: thousands grouped. */
const grouped = (text: string) => text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('the wallet', () => {
  test('recharge 50 through the cashier: back on /wallet the balance is 50 more and the bill line shows', async () => {
    const { page } = await run.session();
    await logIn(page, 'demo');
    const before = (await api(page.request, routes.walletInfo)).balance;

    await page.getByRole('menuitem', { name: /我的钱包/ }).click();
    await page.waitForURL((u) => u.pathname === '/wallet');
    const balance = page.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent()).toContain(grouped(plusYuan(before, 0)));
    await windowShot(page, run.dir, '01-wallet');

    // A wrong amount is refused in the dialog, in the server's words.
    await page.getByRole('button', { name: buttonName('充值') }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('充值金额（元）');
    await amount.fill('0.001');
    await dialog.getByRole('button', { name: buttonName('去支付') }).click();
    await dialog.getByText('充值金额须在 0.01 至 100000.00 元之间，最多两位小数').waitFor();
    await amount.fill('50');
    await windowShot(page, run.dir, '02-recharge-dialog');
    await dialog.getByRole('button', { name: buttonName('去支付') }).click();

    // The sandbox's cashier, on its own origin.
    await page.waitForURL((u) => u.origin !== baseURL);
    await page.locator('[data-amount]').waitFor();
    expect(await page.locator('[data-amount]').textContent()).toBe('50.00');
    await windowShot(page, run.dir, '03-cashier');
    await page.getByRole('button', { name: buttonName('付款') }).click();

    // Back on /wallet?recharge=<id>: followed until paid.
    await page.waitForURL((u) => u.origin === baseURL && u.pathname === '/wallet' && u.searchParams.has('recharge'));
    await page.getByText('充值成功：¥50.00 已到账').waitFor({ timeout: 20_000 });
    const after = plusYuan(before, 50);
    await expect.poll(() => balance.textContent()).toContain(grouped(after));
    expect((await api(page.request, routes.walletInfo)).balance).toBe(after);
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => first.textContent()).toContain('充值');
    expect(await first.textContent()).toContain('+50.00');
    expect(await first.textContent()).toContain('demo');
    await windowShot(page, run.dir, '04-wallet-recharged');
  });
});
