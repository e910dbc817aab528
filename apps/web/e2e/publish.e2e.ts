import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { message, routes } from '@app/contract';
import { api } from './api';
import { makeFinished, type Made } from './finishedApi';
import { connectBody, createSandboxShop } from './marketplaceB';
import { buttonName, useBrowser, waitForPath, windowShot, type Session } from './harness';

/**
 * Online publishing as a seller meets it (docs/publish-tab.md, docs/publishing.md): on /finished
 * the export dialog's Publish Online tab, TikTok Shop, a connected shop (a not-connected one is offered
 * disabled), the shop's template, the variant table (a size unticked), the pre-flight refusing a product whose
 * title holds a banned word and publishing the other; the publish page in a new tab follows the batch to published,
 * its remote id linking to the sandbox's product page. Then a listing refused by the marketplace (the
 * sandbox's daily quota set to 0) fails with the seller's message and, the quota restored, is retried.
 * Marketplace B is the repo's sandbox (globalSetup), reached by its developer endpoints for the shop and quota.
 */
const run = useBrowser('publish');
const sandboxB = inject('marketplaceB');

const SHOP = 'TK Sunny Tees';
const OFFLINE_SHOP = 'TK 未连接店';
const TEMPLATE = 'Summer tees TikTok';
const TITLE = 'Sunny Day Cotton Tee';
const RETRY_TITLE = 'Ocean Wave Cotton Tee';
const PRICING = 'TikTok USD .99';

/** A dialog over a page taller than the window: the window as the seller sees it. */
const dialogShot = (page: Page, name: string) => windowShot(page, run.dir, name);

async function sandbox<T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const res = await fetch(`${sandboxB}${url}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${url}`).toBe(true);
  return (await res.json()) as T;
}

/** Gives every variant of a finished product an export name: the listing's title (an English one for TikTok). */
async function nameProduct(page: Page, finishedId: number, name: string) {
  const detail = await api(page.request, routes.finishedDetail, { query: { id: finishedId } });
  const list = detail.child_info.flatMap((c) => c.attrs.map((a) => ({ id: a.id, export_name: name })));
  await api(page.request, routes.updateFinished, { body: { list } });
}

const row = (page: Page, keyId: string) => page.locator('.finished-table tr.plain-table-row', { hasText: keyId });
const dialog = (page: Page) => page.getByRole('dialog');
const tab = (page: Page) => page.getByTestId('publish-tab');
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
/** Waits until the open dropdown has finished sliding in (a click during the motion can miss the option). */
const dropdownSettled = (page: Page) =>
  expect
    .poll(() => page.locator('.ant-select-dropdown:visible').evaluateAll((els) => els.some((e) => !/-(appear|enter)/.test(e.className))))
    .toBe(true);
const record = (page: Page, keyId: string) => page.locator('.publish-records tr.ant-table-row', { hasText: keyId });

describe('publish online to TikTok Shop', () => {
  let s: Session;
  let made: Made[];
  let sandboxShopId: string;

  test('Publish Online tab → TikTok shop and template → untick a size → pre-flight refuses a banned word in a title → publish the other → /tiktok-publish shows it published, linked to the listing', async () => {
    s = await run.session({ wholeFile: true });
    const { page, context } = s;
    await api(page.request, routes.register, { body: { username: `pub${Date.now().toString(36)}`, password: 'rival-pass-123' } });

    // A shop on the sandbox (its developer endpoint), connected to ours; another of ours left unconnected.
    const creds = await createSandboxShop(sandboxB, SHOP);
    sandboxShopId = creds.shop_id;
    const shop = await api(page.request, routes.storeAdd, { body: { pid: 15, name: SHOP } });
    await api(page.request, routes.storeConnect, { body: connectBody(shop.id, creds) });
    await api(page.request, routes.storeAdd, { body: { pid: 15, name: OFFLINE_SHOP } });
    // Men's T-shirts, a leaf of the sandbox's category tree.
    await api(page.request, routes.tiktokTemplateAdd, {
      body: {
        store_id: shop.id,
        name: TEMPLATE,
        category_id: 601303,
        package_weight: 0.3,
        package_length: 30,
        package_width: 25,
        package_height: 3,
      },
    });

    // A pricing template in dollars whose prices end in .99.
    await api(page.request, routes.priceTemplateAdd, {
      body: {
        name: PRICING,
        platform_type: 15,
        currency_code: 'USD',
        shipping: 0,
        exchange_rate: 7,
        margin: 0.2,
        platform_fee: 0.05,
        tax_rate: 0,
        discount: 0,
        rounding: '99',
        crossed_out_rounding: 'none',
      },
    });

    // Three T-shirts named in English, one of them with a word the seller banned on TikTok Shop.
    made = await makeFinished(page, ['SUNNY', 'REPLICA', 'OCEAN']);
    await nameProduct(page, made[0]!.id, TITLE);
    await nameProduct(page, made[1]!.id, 'Replica Summer Tee');
    await nameProduct(page, made[2]!.id, RETRY_TITLE);
    await api(page.request, routes.keywordBanAdd, { body: { words: 'replica', platform: 15, action: 'block' } });

    await page.goto('/finished');
    await row(page, made[0]!.key_id).waitFor();
    await row(page, made[0]!.key_id).getByText('经典纯棉圆领T恤').first().click();
    await row(page, made[1]!.key_id).getByText('经典纯棉圆领T恤').first().click();
    await expect.poll(() => page.getByTestId('selected-count').innerText()).toContain('已选 2 项');
    await page.getByRole('button', { name: '批量导出亚马逊格式' }).click();
    await dialog(page).getByRole('tab', { name: '在线发布' }).click();
    await dialog(page).getByText('发布 2 个成品').waitFor();
    // Each chosen product's colours, sizes and variants, before anything is chosen.
    const first = tab(page).getByTestId(`variants-${made[0]!.id}`);
    await first.locator('tr.ant-table-row').first().waitFor();
    await dialogShot(page, '01-tab-empty');

    // Publishing with nothing chosen: the shop and the template are asked for.
    await tab(page)
      .getByRole('button', { name: buttonName('发布') })
      .click();
    await tab(page).locator('.ant-form-item-explain-error', { hasText: '请选择店铺' }).waitFor();
    await tab(page).locator('.ant-form-item-explain-error', { hasText: '请选择商品模板' }).waitFor();

    await tab(page).locator('.ant-radio-button-wrapper', { hasText: 'TikTok Shop' }).click();
    await tab(page).getByLabel('店铺').click();
    // The unconnected shop is offered, disabled, with why; a link leads to /stores.
    await dropdownSettled(page);
    const offline = option(page, OFFLINE_SHOP);
    await offline.getByText('未连接', { exact: true }).waitFor();
    expect(await offline.getAttribute('aria-disabled')).toBe('true');
    await tab(page)
      .getByRole('link', { name: /去连接店铺/ })
      .waitFor();
    await option(page, SHOP).click();
    await tab(page).locator('.ant-select-content', { hasText: SHOP }).waitFor();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await tab(page).getByLabel('商品模板').click();
    await option(page, TEMPLATE).waitFor();
    await dropdownSettled(page);
    await option(page, TEMPLATE).click();
    await tab(page).locator('.ant-select-content', { hasText: TEMPLATE }).waitFor();
    expect(
      await tab(page)
        .getByRole('link', { name: /管理商品模板/ })
        .getAttribute('href'),
    ).toBe('/tiktok-templates');

    // The table shows the built-in default's prices (the cost converted to USD, up to .99), with the currency;
    // a pricing template reprices it (getVariantPrice): its own prices, also ending in .99.
    const price = first.getByLabel(/^价格 /).first();
    await expect.poll(() => price.inputValue()).toMatch(/\.99$/);
    expect(await first.getByTestId('price-currency').first().innerText()).toBe('USD');
    const defaultPrice = await price.inputValue();
    await tab(page).getByLabel('价格模板').click();
    await option(page, PRICING).waitFor();
    await dropdownSettled(page);
    await option(page, PRICING).click();
    await expect.poll(() => price.inputValue()).not.toBe(defaultPrice);
    expect(await price.inputValue()).toMatch(/\.99$/);

    // The variant table: untick the first product's last size; its variants leave the table's count.
    const sizes = first.getByTestId('size-ticks').locator('.ant-checkbox-wrapper');
    const sizeCount = await sizes.count();
    expect(sizeCount).toBeGreaterThan(1);
    const summary = dialog(page).locator('.ant-collapse-item', { hasText: made[0]!.key_id }).getByTestId('variant-summary');
    const total = Number(/\/ (\d+) 个 SKU/.exec(await summary.innerText())![1]);
    const droppedSize = (await sizes.last().innerText()).trim();
    await sizes.last().click();
    const kept = total - total / sizeCount;
    await summary.getByText(`已选 ${kept} / ${total} 个 SKU`).waitFor();
    expect(await first.locator('tr.ant-table-row', { hasText: droppedSize }).count()).toBe(0);
    // A price with three decimals is refused until corrected.
    await price.fill('12.345');
    await summary.getByText('有 1 个价格不正确').waitFor();
    await price.fill('24.5');
    await expect.poll(() => summary.getByText('价格不正确').count()).toBe(0);
    await dialogShot(page, '02-tab-variant-table');

    // Publish: the pre-flight refuses the banned word in the title, sends nothing, and offers the other one.
    await tab(page)
      .getByRole('button', { name: buttonName('发布') })
      .click();
    const report = tab(page).getByTestId('preflight-report');
    await report.getByText('发布前检查：1 个可以发布，1 个不能发布').waitFor();
    await report.getByText(made[1]!.key_id).waitFor();
    await report.getByText(message('publishBannedWord', 'zh', { word: 'replica', field: '标题' })).waitFor();
    expect((await api(page.request, routes.publishList, { query: { platform: 15 } })).count).toBe(0);
    // Brought into view under the variant table.
    await expect.poll(() => report.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await dialogShot(page, '03-preflight-report');

    // Publish the other one: the form clears and /tiktok-publish opens in a new tab on the batch.
    const [progress] = await Promise.all([
      context.waitForEvent('page'),
      tab(page)
        .getByRole('button', { name: /发布其余 1 个/ })
        .click(),
    ]);
    await tab(page).getByTestId('publish-sent').getByText('已提交 1 个商品发布').waitFor();
    expect(await tab(page).locator('.ant-select-content', { hasText: SHOP }).count()).toBe(0);
    await progress.setViewportSize({ width: 1440, height: 900 });
    await waitForPath(progress, '/tiktok-publish');
    expect(new URL(progress.url()).searchParams.get('batch_id')).toBeTruthy();
    const published = record(progress, made[0]!.key_id);
    await published.locator('[data-status="published"]').waitFor({ timeout: 60_000 });
    await progress.getByTestId('batch-tally').getByText('1 / 1 已发布').waitFor();
    await published.getByText(SHOP).waitFor();
    const link = published.getByTestId('remote-link');
    const remoteId = (await link.innerText()).trim();
    expect(remoteId).toMatch(/^\d+$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    // Only the accepted product was published.
    expect(await progress.locator('.publish-records tr.ant-table-row').count()).toBe(1);
    await progress.screenshot({ path: path.join(run.dir, '04-publish-page.png'), fullPage: true });

    // The listing as the marketplace received it: its title, and no SKU of the unticked size.
    const [listing] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await listing.waitForLoadState();
    expect(listing.url()).toContain(`/sandbox/products/${remoteId}`);
    await listing.getByText(TITLE).first().waitFor();
    // The prices as the table left them: the typed one and the pricing template's.
    const prices = await listing.locator('td', { hasText: /^\s*\d+(\.\d+)? [A-Z]{3}\s*$/ }).allInnerTexts();
    expect(prices).toHaveLength(kept);
    expect(prices[0]).toMatch(/^24\.50? /);
    expect(prices.slice(1).every((p) => /\.99 /.test(p))).toBe(true);
    const listed = await sandbox<{ products: { product_id: string; title: string; sku_count: number }[] }>(
      'GET',
      `/sandbox/products?shop_id=${sandboxShopId}`,
    );
    expect(listed.products).toEqual([expect.objectContaining({ product_id: remoteId, title: TITLE, sku_count: kept })]);
    await listing.screenshot({ path: path.join(run.dir, '05-sandbox-listing.png'), fullPage: true });
    await listing.close();
    await progress.close();
  }, 240_000);

  test('a listing the marketplace refuses (daily quota 0) fails with the seller message; the quota restored, retry publishes it', async () => {
    const { page } = s;
    const shopId = (await api(page.request, routes.storeList, { query: { type: 15 } })).list
      .flatMap((m) => m.stores)
      .find((x) => x.name === SHOP)!.id;
    const template = (await api(page.request, routes.tiktokTemplatesByStore, { query: { store_id: shopId } })).list[0]!;
    await sandbox('POST', `/sandbox/shops/${sandboxShopId}/limits`, { daily_quota: 0 });
    // Published elsewhere (the flow through the tab is the test above).
    await api(page.request, routes.tiktokPublish, { body: { design_product_ids: [made[2]!.id], tk_template_id: template.id } });

    await page.goto('/tiktok-publish');
    const failed = record(page, made[2]!.key_id);
    await failed.locator('[data-status="failed"]').waitFor({ timeout: 60_000 });
    await failed.getByText(message('tiktokDailyQuota')).waitFor();
    await page.getByRole('combobox', { name: '状态' }).click();
    await option(page, '失败').click();
    await expect.poll(() => page.locator('.publish-records tr.ant-table-row').count()).toBe(1);
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(run.dir, '06-publish-page-failed.png'), fullPage: true });

    await sandbox('POST', `/sandbox/shops/${sandboxShopId}/limits`, { daily_quota: null });
    await failed.getByRole('button', { name: /重试/ }).click();
    // Retried, it is no longer failed: the status filter empties, then the record shows published.
    await page.getByRole('combobox', { name: '状态' }).click();
    await option(page, '全部状态').click();
    await record(page, made[2]!.key_id).locator('[data-status="published"]').waitFor({ timeout: 60_000 });
    await record(page, made[2]!.key_id).getByTestId('remote-link').waitFor();
    const attempts = await record(page, made[2]!.key_id).getByTestId('attempts').innerText();
    expect(Number(attempts)).toBeGreaterThanOrEqual(2);
    // Polling stopped once nothing is on its way.
    await expect.poll(() => page.getByTestId('auto-refresh').count()).toBe(0);
    await page.screenshot({ path: path.join(run.dir, '07-publish-page-retried.png'), fullPage: true });
    const listed = await sandbox<{ count: number }>('GET', `/sandbox/products?shop_id=${sandboxShopId}`);
    expect(listed.count).toBe(2);
  }, 180_000);
});
