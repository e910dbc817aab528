import { describe, expect, test } from 'vitest';
import { buttonName, logIn, toast, useBrowser, waitForPath } from './harness';

/**
 * Pricing templates (docs/pricing-templates.md): create one with the live example following the fields (the worked
 * example of docs/pricing-templates.md#rounding: cost ¥35 → $15.43, crossed out $22.99), a refused combination shown,
 * save, find it in the list, edit, delete.
 */
const run = useBrowser('price-templates', { demoTshirt: false });

describe('pricing templates', () => {
  test('create with a live example, find, edit and delete', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const name = `US 服装 ${Date.now() % 100_000}`;
    const example = page.getByTestId('live-example');
    const price = page.getByTestId('example-price');
    const crossed = page.getByTestId('example-crossed');
    const setNumber = async (label: string, value: string) => {
      const box = page.getByLabel(label, { exact: true });
      await box.fill(value);
      await box.blur();
    };

    await logIn(page, 'demo');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '价格模板' }).click();
    await waitForPath(page, '/price-template');
    await page.getByRole('button', { name: /新建价格模板/ }).click();
    await waitForPath(page, '/priceTemplateManagement');

    // The sample starts at the demo T-shirt's price (¥39) with the new template's defaults.
    expect(await page.getByLabel('示例成本（元）').inputValue()).toBe('39');
    await expect.poll(() => price.innerText()).toContain('$');

    await page.getByLabel('模板名称', { exact: true }).fill(name);
    await setNumber('示例成本（元）', '35');
    await setNumber('运费（元）', '45');
    await setNumber('汇率（1 USD = ? 元）', '7.2');
    await setNumber('利润率', '20');
    await setNumber('平台佣金', '8');
    // No discount yet: no crossed-out price.
    await expect.poll(() => crossed.innerText()).toContain('不显示');
    await setNumber('折扣（划线价，0 为不显示）', '30');
    await expect.poll(() => price.innerText()).toContain('$15.43');
    await expect.poll(() => crossed.innerText()).toContain('$22.99');
    await shot('01-new-live-example');

    // Margin + fee ≥ 1: the example says why, and saving is refused with the same message.
    await setNumber('利润率', '95');
    await example.getByText('利润率与平台佣金之和须小于1').waitFor();
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByTestId('save-problem').getByText('利润率与平台佣金之和须小于1').waitFor();
    await toast(page, '利润率与平台佣金之和须小于1').first().waitFor();
    await shot('02-refused');
    await setNumber('利润率', '20');
    await expect.poll(() => price.innerText()).toContain('$15.43');

    await page.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '价格模板已保存').first().waitFor();
    await waitForPath(page, '/price-template');

    // Found by part of its name.
    await page.getByLabel('搜索模板名称').fill(name.slice(0, 8));
    await page.getByLabel('搜索模板名称').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('(成本+45) ÷ 7.2 ÷ (1−20%−8%) × (1+0%)');
    expect(await row.innerText()).toContain('折扣 30%');
    await shot('03-list');

    // Edit: rounding to .99 moves the price to $15.99; saved and shown in the list.
    await row.getByRole('button', { name: /编辑/ }).click();
    await waitForPath(page, '/priceTemplateManagement');
    expect(await page.getByLabel('模板名称', { exact: true }).inputValue()).toBe(name);
    await page.getByLabel('示例成本（元）').fill('35');
    await page.getByLabel('售价取整', { exact: true }).click();
    await page.locator('.ant-select-item-option[title="尾数 .99（向上）"]').first().click();
    await expect.poll(() => price.innerText()).toContain('$15.99');
    await expect.poll(() => crossed.innerText()).toContain('$22.99');
    await shot('04-edit');
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '价格模板已保存').first().waitFor();
    await waitForPath(page, '/price-template');
    await page.locator('.ant-table-row', { hasText: name }).getByText('尾数 .99（向上）').waitFor();

    // Delete, after the confirmation.
    await page
      .locator('.ant-table-row', { hasText: name })
      .getByRole('button', { name: new RegExp(`删除 ${name}`) })
      .click();
    await page.locator('.ant-popconfirm').getByText('是否确认删除?').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, `已删除 ${name}`).waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: name }).count()).toBe(0);
    await shot('05-deleted');

    expect(s.pageErrors).toEqual([]);
    await s.close();
  });
});
