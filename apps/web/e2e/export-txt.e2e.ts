import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { buttonName, useBrowser, waitForPath, windowShot } from './harness';

/**
 * The large marketplace's flat file as Txt (docs/exports.md#what-the-files-hold), as a seller meets it: the
 * Txt format offers the shop's Amazon templates, the preview names a title a spreadsheet would read as a
 * formula (exported as written), the record counts written and refused products, and /export-records filters
 * by shop.
 */
const run = useBrowser('export-txt');

const US = 'Txt Tees US';
const UK = 'Txt Tees UK';
const TITLE = '-50% Summer Tee';

const dialog = (page: Page) => page.getByRole('dialog');
const cascaderItem = (page: Page, text: string) =>
  page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: text });
/** Chooses `items` in the dialog's cascader `label`, clicking again when a click went unseen on a loaded machine. */
async function pick(page: Page, label: string, items: string[]) {
  const open = page.locator('.ant-cascader-dropdown:visible');
  await vi.waitFor(
    async () => {
      if ((await open.count()) === 0) await dialog(page).getByLabel(label).click({ timeout: 2_000 });
      for (const text of items) await cascaderItem(page, text).click({ timeout: 2_000 });
      await expect.poll(() => open.count(), { timeout: 1_500 }).toBe(0);
    },
    { timeout: 30_000, interval: 300 },
  );
}

/** A large-marketplace shop with one Amazon template, through the API. */
async function shopWithTemplate(page: Page, name: string) {
  const shop = await api(page.request, routes.storeAdd, { body: { pid: 1, name } });
  const site = (await api(page.request, routes.templateSiteList)).list[0]!.value;
  const category = (await api(page.request, routes.templateCategoryList, { query: { site } })).list[0]!.value;
  const feed = (await api(page.request, routes.templateFeedTypeList, { query: { category } })).list[0]!.value;
  const item = (await api(page.request, routes.templateItemTypeList, { query: { feed_product_type: feed } })).list[0]!.value;
  const template = await api(page.request, routes.templateAmazonAdd, {
    body: {
      store_id: shop.id,
      name: `${name} flat`,
      site,
      category,
      feed_product_type: feed,
      item_type: item,
      brand_name: 'Sunny',
      quantity: 5,
    },
  });
  return { shop: shop.id, template: template.id };
}

describe('Txt flat file and the records by shop', () => {
  test('exports the flat file as Txt with a formula-looking title kept, counts it, and filters the records by shop', async () => {
    const { page, shot } = await run.session();
    await api(page.request, routes.register, { body: { username: `txt${Date.now().toString(36)}`, password: 'rival-pass-123' } });
    const us = await shopWithTemplate(page, US);
    const uk = await shopWithTemplate(page, UK);
    const [made] = await makeFinished(page, ['TXT ONE']);
    const detail = await api(page.request, routes.finishedDetail, { query: { id: made!.id } });
    const attrs = detail.child_info.flatMap((c) => c.attrs);
    await api(page.request, routes.updateFinished, { body: { list: attrs.map((a) => ({ id: a.id, export_name: TITLE })) } });

    await page.goto('/finished');
    const row = page.locator('.finished-table tr.plain-table-row', { hasText: made!.key_id });
    await row.getByText('经典纯棉圆领T恤').first().click();
    await page.getByRole('button', { name: '批量导出亚马逊格式' }).click();
    await dialog(page).getByRole('tab', { name: '离线导出' }).waitFor();
    await pick(page, '店铺', ['亚马逊', US]);
    // Txt offers the shop's Amazon templates (the flat file as text) beside the simple ones.
    await dialog(page).getByText('Txt', { exact: true }).click();
    await pick(page, '产品模板', ['亚马逊模板', `${US} flat`]);
    const previewSection = dialog(page).getByRole('region', { name: '预览首个商品' });
    const warning = previewSection.getByTestId('preview-warnings');
    await warning.getByText('item_name 以「-」开头', { exact: false }).waitFor();
    await previewSection.locator('th', { hasText: 'item_sku' }).first().waitFor();
    await windowShot(page, run.dir, '01-txt-preview-warning');

    await dialog(page)
      .getByRole('button', { name: buttonName('确认导出') })
      .click();
    await waitForPath(page, '/export-records');
    const record = page.locator('.export-records tr.ant-table-row').first();
    await record.locator('[data-status="done"]').waitFor({ timeout: 60_000 });
    await record.getByText('1 个商品有提醒').waitFor();
    await expect.poll(() => record.locator('td').allInnerTexts(), { timeout: 10_000 }).toEqual(expect.arrayContaining(['Txt', '1', '0']));
    await record.getByRole('button', { name: '展开行' }).click();
    await page
      .locator('.export-records tr.ant-table-expanded-row')
      .getByText(/item_name 以「-」开头/)
      .waitFor();
    await shot('02-records-counts-and-notes');

    // The file: the marketplace's tab-delimited UTF-8 text, three header rows, the title as written.
    const [download] = await Promise.all([page.waitForEvent('download'), record.getByRole('link', { name: /下载/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    expect(lines[0]!.startsWith('TemplateType=fptcustom\t')).toBe(true);
    const fields = lines[2]!.split('\t');
    expect(fields).toContain('item_sku');
    expect(lines[3]!.split('\t')[fields.indexOf('item_name')]).toBe(TITLE);

    // A second shop's export, then the filter: only that shop's record, kept in the address.
    await api(page.request, routes.finishedAmazonExports, {
      query: { ids: String(made!.id), store_id: uk.shop, template_id: uk.template, domain_id: 1 },
    });
    await page.reload();
    await expect.poll(() => page.locator('.export-records tr.ant-table-row').count(), { timeout: 30_000 }).toBe(2);
    await page.getByLabel('按店铺筛选').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: UK }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('store_id')).toBe(String(uk.shop));
    await expect.poll(() => page.locator('.export-records tr.ant-table-row').count(), { timeout: 30_000 }).toBe(1);
    await page.locator('.export-records tr.ant-table-row').first().getByText(UK, { exact: true }).waitFor();
    await shot('03-records-filtered-by-shop');
    expect(us.shop).not.toBe(uk.shop);
  }, 240_000);
});
