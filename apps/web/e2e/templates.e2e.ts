import * as XLSX from '@e965/xlsx';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { routes } from '@app/contract';
import { api } from './api';
import { buttonName, toast, useBrowser, waitForPath } from './harness';

/**
 * The product templates page /templates (docs/templates.md): each kind created and
 * edited, the option lists cascading, a seller's own Amazon template imported, deletes confirmed.
 */
const browser = useBrowser('templates', { demoTshirt: false });

/** A workbook shaped like a marketplace's category template: the field row (item_sku …) under a signature and a label row. */
function marketplaceTemplate(): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Instructions']]), 'Instructions');
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['TemplateType=fptcustom', 'Version=2023.1209', 'TemplateSignature=U0hJUlQ='],
      ['Product Type', 'Seller SKU', 'Brand Name', 'Product Name', 'Price', 'Quantity'],
      ['feed_product_type', 'item_sku', 'brand_name', 'item_name', 'standard_price', 'quantity'],
    ]),
    'Template',
  );
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsm' }) as Buffer;
}
const templateFile = () => ({
  name: 'Clothing.xlsm',
  mimeType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  buffer: marketplaceTemplate(),
});

const drawer = (page: Page) => page.locator('.ant-drawer-open');
const row = (page: Page, name: string) => page.locator('.ant-table-row', { hasText: name });

/** Opens the Select labelled `label` inside `scope` and picks the option titled `option`. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').locator(`.ant-select-item-option[title="${option}"]`).click();
}

async function confirmDelete(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: new RegExp(`删除 ${name}`) })
    .click();
  await page.locator('.ant-popconfirm').getByText('是否确认删除?').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await toast(page, `模板“${name}”已删除`).waitFor();
  await expect.poll(() => row(page, name).count()).toBe(0);
}

describe('product templates page', () => {
  test('create, edit and delete each kind; import an own Amazon template', async () => {
    const s = await browser.session();
    const { page } = s;
    await api(page.request, routes.register, { body: { username: `tpl${Date.now().toString(36)}`, password: 'rival-pass-123' } });
    await api(page.request, routes.storeAdd, { body: { pid: 1, name: 'Sunny US' } });
    await api(page.request, routes.storeAdd, { body: { pid: 3, name: 'Sunny Walmart' } });

    await page.goto('/');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '商品模板' }).click();
    await waitForPath(page, '/templates');
    await page.getByRole('tab', { name: '亚马逊模板' }).waitFor();
    await page.getByText('还没有模板').waitFor();
    await s.shot('01-empty');

    // Amazon: the form's own checks first, then the cascade site → category → feed type → item type.
    await page.getByRole('button', { name: '新建模板' }).click();
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await drawer(page).locator('.ant-form-item-explain-error', { hasText: '请输入模板名称' }).waitFor();
    await drawer(page).locator('.ant-form-item-explain-error', { hasText: '请选择店铺' }).waitFor();
    await pick(page, drawer(page), '店铺', 'Sunny US');
    await drawer(page).getByLabel('模板名称', { exact: true }).fill('US T恤');
    // The feed type waits for a category.
    expect(await drawer(page).getByLabel('商品类型 (feed_product_type)', { exact: true }).isDisabled()).toBe(true);
    await pick(page, drawer(page), '分类', '服装');
    await pick(page, drawer(page), '商品类型 (feed_product_type)', 'T恤/衬衫 (shirt)');
    await pick(page, drawer(page), 'item_type', '时尚T恤 (fashion-t-shirts)');
    await s.shot('02-amazon-form-top');
    await drawer(page).getByLabel('品牌 (brand_name)', { exact: true }).fill('Sunny');
    await drawer(page).getByLabel('五点描述 1', { exact: true }).fill('Soft ring-spun cotton');
    await drawer(page).getByLabel('搜索关键词 (generic_keywords)', { exact: true }).fill('tee gift 礼物');
    await drawer(page).getByText('15 / 250 字节').waitFor();
    await drawer(page).getByLabel('SKU 前缀', { exact: true }).fill('SUN-');
    await s.shot('02-amazon-form-bottom');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“US T恤”已保存').waitFor();
    await row(page, 'US T恤').getByText('US · shirt · fashion-t-shirts').waitFor();

    // Edit it: import the seller's own template file; the drawer shows its column count.
    await row(page, 'US T恤').getByRole('button', { name: '编辑 US T恤' }).click();
    await drawer(page).getByText('标准表格模板').waitFor();
    await drawer(page).locator('input[type=file]').setInputFiles(templateFile());
    await toast(page, '已导入自定义模板：6 列').waitFor();
    await drawer(page).getByText('自定义模板: 6 列').waitFor();
    await drawer(page).getByLabel('库存数量', { exact: true }).fill('250');
    await s.shot('03-amazon-edit-diy');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“US T恤”已保存').waitFor();
    await row(page, 'US T恤').getByText('自定义模板: 6 列').waitFor();
    await row(page, 'US T恤')
      .getByText(/库存数量 250/)
      .waitFor();

    // A new template straight from a file.
    await page.getByRole('button', { name: '导入自定义模板' }).click();
    const modal = page.getByRole('dialog', { name: '导入自定义亚马逊模板' });
    await pick(page, modal, '店铺', 'Sunny US');
    await modal.getByLabel('模板名称', { exact: true }).fill('卖家自己的模板');
    await modal.locator('input[type=file]').setInputFiles(templateFile());
    await modal.getByText('Clothing.xlsm').waitFor();
    await modal.getByRole('button', { name: buttonName('创建') }).click();
    await toast(page, '已导入自定义模板：6 列').waitFor();
    await row(page, '卖家自己的模板').getByText('自定义模板: 6 列').waitFor();
    await s.shot('04-amazon-list');

    // A shop of another marketplace is not offered for an Amazon template (and the server refuses it).
    await page.getByRole('button', { name: '新建模板' }).click();
    await drawer(page).getByLabel('店铺', { exact: true }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Sunny US"]').waitFor();
    expect(
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Sunny Walmart"]').count(),
    ).toBe(0);
    await page.keyboard.press('Escape');
    await drawer(page)
      .getByRole('button', { name: buttonName('取消') })
      .click();
    await drawer(page).waitFor({ state: 'hidden' });

    await confirmDelete(page, '卖家自己的模板');

    // Simple: Txt, three columns, one fixed value.
    await page.getByRole('tab', { name: '简易模板' }).click();
    await waitForPath(page, '/templates', '?tab=simple');
    await page.getByRole('button', { name: '新建模板' }).click();
    await pick(page, drawer(page), '店铺', 'Sunny Walmart');
    await drawer(page).getByLabel('模板名称', { exact: true }).fill('Txt 快速导出');
    await drawer(page).getByText('Txt 文本').click();
    for (const c of ['产品', '颜色', '尺码', '价格', '划线价', '关键词', '主图链接', '附图链接'])
      await drawer(page).getByRole('checkbox', { name: c }).uncheck();
    await drawer(page).getByText('3 列').waitFor();
    await drawer(page).getByLabel('导出名称 固定值（可选，写入每一行）').fill('Custom Tee');
    await s.shot('05-simple-form');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“Txt 快速导出”已保存').waitFor();
    await row(page, 'Txt 快速导出').getByText('成品编号、导出名称、SKU').waitFor();
    await row(page, 'Txt 快速导出').getByText('Txt 文本').waitFor();

    // Edit: back to simplified Excel; the fixed value came back with the template.
    await row(page, 'Txt 快速导出').getByRole('button', { name: '编辑 Txt 快速导出' }).click();
    expect(await drawer(page).getByLabel('导出名称 固定值（可选，写入每一行）').inputValue()).toBe('Custom Tee');
    await drawer(page).getByText('简易 Excel').click();
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“Txt 快速导出”已保存').waitFor();
    await row(page, 'Txt 快速导出').getByText('简易 Excel').waitFor();
    await s.shot('06-simple-list');

    // Walmart: create, edit, delete.
    await page.getByRole('tab', { name: '沃尔玛模板' }).click();
    await page.getByRole('button', { name: '新建模板' }).click();
    await pick(page, drawer(page), '店铺', 'Sunny Walmart');
    await drawer(page).getByLabel('模板名称', { exact: true }).fill('WM 卫衣');
    await drawer(page).getByLabel('商品类型 (product_type)', { exact: true }).fill('Sweatshirts');
    await drawer(page).getByLabel('SKU 前缀', { exact: true }).fill('WM_1');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await drawer(page).locator('.ant-form-item-explain-error', { hasText: 'SKU 前缀只能包含字母、数字和 -，最多 20 位' }).waitFor();
    await drawer(page).getByLabel('SKU 前缀', { exact: true }).fill('WM-1');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“WM 卫衣”已保存').waitFor();
    await row(page, 'WM 卫衣').getByText('Sweatshirts').waitFor();
    await row(page, 'WM 卫衣').getByRole('button', { name: '编辑 WM 卫衣' }).click();
    await drawer(page).getByLabel('商品类型 (product_type)', { exact: true }).fill('Hoodies');
    await drawer(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await toast(page, '模板“WM 卫衣”已保存').first().waitFor();
    await row(page, 'WM 卫衣').getByText('Hoodies').waitFor();
    await s.shot('07-walmart-list');
    await confirmDelete(page, 'WM 卫衣');

    // Back on the Amazon tab, filter by shop; then delete the last one.
    await page.getByRole('tab', { name: '亚马逊模板' }).click();
    await pick(page, page.locator('.ant-card'), '按店铺筛选', 'Sunny US');
    await row(page, 'US T恤').waitFor();
    await s.shot('08-amazon-filtered');
    await confirmDelete(page, 'US T恤');
    await page.getByText('还没有模板').waitFor();

    expect(s.pageErrors).toEqual([]);
    await s.close();
  });
});
