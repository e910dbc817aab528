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
    await expect.poll(() => price.innerText()).toContain('USD');

    await page.getByLabel('模板名称', { exact: true }).fill(name);
    await setNumber('示例成本（元）', '35');
    await setNumber('运费（元）', '45');
    await setNumber('汇率（1 USD = ? 元）', '7.2');
    await setNumber('利润率', '20');
    await setNumber('平台佣金', '8');
    // No discount yet: no crossed-out price.
    await expect.poll(() => crossed.innerText()).toContain('不显示');
    await setNumber('折扣（划线价，0 为不显示）', '30');
    await expect.poll(() => price.innerText()).toContain('15.43 USD');
    await expect.poll(() => crossed.innerText()).toContain('22.99 USD');
    await shot('01-new-live-example');

    // Margin + fee ≥ 1: the example says why, and saving is refused with the same message.
    await setNumber('利润率', '95');
    await example.getByText('利润率与平台佣金之和须小于1').waitFor();
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByTestId('save-problem').getByText('利润率与平台佣金之和须小于1').waitFor();
    await toast(page, '利润率与平台佣金之和须小于1').first().waitFor();
    await shot('02-refused');
    await setNumber('利润率', '20');
    await expect.poll(() => price.innerText()).toContain('15.43 USD');

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
    await page.locator('.ant-select-item-option[title="尾数 .99（向上；日元尾数 99）"]').first().click();
    await expect.poll(() => price.innerText()).toContain('15.99 USD');
    await expect.poll(() => crossed.innerText()).toContain('22.99 USD');
    await shot('04-edit');
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '价格模板已保存').first().waitFor();
    await waitForPath(page, '/price-template');
    await page.locator('.ant-table-row', { hasText: name }).getByText('尾数 .99（向上；日元尾数 99）').waitFor();

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

  test('a price rule chained to a template shows each step in the live example, and the rates with their date', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const tag = Date.now() % 100_000;
    const ruleName = `XL 加价 ${tag}`;
    await logIn(page, 'demo');
    await page.goto('/price-template');
    // Template 0's rates, each with the day it is valid from.
    await page
      .getByTestId('exchange-rates')
      .locator('.ant-table-row', { hasText: 'USD' })
      .getByText(/\d{4}-\d{2}-\d{2}/)
      .waitFor();

    // A rule: +2 (listing currency) on size XL.
    await page
      .getByTestId('price-rules')
      .getByRole('button', { name: /新建价格规则/ })
      .click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByLabel('规则名称', { exact: true }).fill(ruleName);
    await dialog.getByLabel('调整值').fill('2');
    await dialog.getByLabel('尺码为（留空为不限）').fill('XL');
    await dialog.getByLabel('尺码为（留空为不限）').press('Enter');
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    await toast(page, '价格规则已保存').first().waitFor();
    await page.getByTestId('price-rules').locator('.ant-table-row', { hasText: ruleName }).getByText('+2').waitFor();

    // A template chaining it: the worked example (¥35 + ¥45 at 7.2, 20 % + 8 %) is 15.4321, +2 on XL, rounded 17.43.
    await page.getByRole('button', { name: /新建价格模板/ }).click();
    await waitForPath(page, '/priceTemplateManagement');
    await page.getByLabel('模板名称', { exact: true }).fill(`带规则 ${tag}`);
    for (const [label, value] of [
      ['示例成本（元）', '35'],
      ['运费（元）', '45'],
      ['汇率（1 USD = ? 元）', '7.2'],
      ['利润率', '20'],
      ['平台佣金', '8'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByLabel(label, { exact: true }).blur();
    }
    await page.getByLabel('价格规则（按顺序执行）').click();
    await page.locator('.ant-select-item-option', { hasText: ruleName }).click();
    await page.keyboard.press('Escape');
    const steps = page.getByTestId('example-steps');
    await expect.poll(() => steps.innerText(), { timeout: 10_000 }).toContain(`${ruleName} (+2)`);
    expect(await steps.innerText()).toContain('15.4321 USD');
    expect(await steps.innerText()).toContain('17.4321 USD · 已应用');
    await expect.poll(() => page.getByTestId('example-price').innerText()).toContain('17.43 USD');
    await shot('06-rule-steps');
    // Another size: the rule is skipped, the price is the template's.
    await page.getByLabel('示例尺码').fill('M');
    await expect.poll(() => steps.innerText()).toContain('条件不符，跳过');
    await expect.poll(() => page.getByTestId('example-price').innerText()).toContain('15.43 USD');
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '价格模板已保存').first().waitFor();

    expect(s.pageErrors).toEqual([]);
    await s.close();
  });
});
