import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { repoRoot } from './server';

/** What the orders suites share (docs/orders.md): an address to ship to, money on the demo wallet, the checkout's form. */

/** A US address, as `order/create` takes it, for the given recipient. */
export const usAddress = (recipient: string) => ({
  recipient,
  phone: '+1 415 555 0100',
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  address1: '1 Market St',
  postcode: '94105',
});

/** The suite's server has the demo accounts but not the demo content: adds the demo wallet's ¥1,000.00 (a recharge). */
export function creditDemoWallet() {
  execFileSync('npx', ['tsx', 'apps/server/src/demo/walletCli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** On /checkout: types a new US address for `recipient` (choosing 使用新地址 first when the seller has saved ones). */
export async function typeNewAddress(page: Page, recipient: string) {
  if ((await api(page.request, routes.addressList)).list.length > 0) await page.getByRole('radio', { name: '使用新地址' }).check();
  const a = usAddress(recipient);
  await page.getByLabel('收件人').fill(a.recipient);
  await page.getByLabel('电话').fill(a.phone);
  await page.getByLabel('国家/地区').fill('美国');
  await page.locator('.ant-select-item-option', { hasText: '美国 (US)' }).click();
  await page.getByLabel('省/州').fill(a.province);
  await page.getByLabel('城市').fill(a.city);
  await page.getByLabel('邮编').fill(a.postcode);
  await page.getByLabel('地址', { exact: true }).fill(a.address1);
}
