import { describe, expect, test } from 'vitest';
import { generatedCode } from '@app/contract';
import { buttonName, logIn, toast, useBrowser } from './harness';

/**
 * 条码管理 (docs/listing-tools.md#barcodes): generate codes from a GS1 prefix, import a paste with a refused line and
 * read the per-line report, see the codes listed and filtered, look at one's image, delete a maker, and choose the maker
 * for a shop (whose maker then is not deleted).
 * Names and codes carry a per-run stamp: the e2e server may be reused.
 */
const run = useBrowser('barcodes', { demoTshirt: false });

describe('barcodes page', () => {
  test('generate, import with a report, list, image, and a shop’s maker', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const stamp = Date.now().toString(36).toUpperCase();
    // A prefix of this run: 9 digits, so 1,000 item references; an EAN-13 pool of this run's own codes too.
    const prefix = `2${String(Date.now()).slice(-8)}`;
    const pasted = [0, 1, 2].map((ref) => generatedCode(`3${prefix.slice(1)}`, 'EAN', ref));
    await logIn(page, 'demo-b');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '条码管理' }).click();
    await page.waitForURL((u) => u.pathname === '/barcodes');
    await page.getByRole('heading', { name: '条码管理' }).waitFor();

    // Generate 5 codes from the prefix.
    await page.getByRole('button', { name: '按前缀生成' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(`前缀 ${stamp}`);
    await dialog.getByLabel('GS1 厂商识别码').fill(prefix);
    await dialog.getByText('此前缀可容纳 1,000 个项目代码').waitFor();
    await dialog.getByLabel('数量').fill('5');
    await dialog.getByRole('button', { name: buttonName('生成') }).click();
    await toast(page, '已生成 5 个条码（跳过已有 0 个）').waitFor();
    const makers = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: /^条码来源$/ }) })
      .locator('.ant-table-tbody tr.ant-table-row');
    const generator = makers.filter({ hasText: `前缀 ${stamp}` });
    await generator.waitFor();
    expect(await generator.textContent()).toContain(`前缀 ${prefix} · EAN-13`);

    // Import a paste into a new pool: three codes and one with a wrong check digit.
    await page.getByRole('button', { name: '导入条码' }).click();
    await dialog.getByLabel('条码池名称').fill(`池 ${stamp}`);
    const wrong = `${pasted[0]!.slice(0, 12)}${(Number(pasted[0]!.slice(12)) + 1) % 10}`;
    await dialog.getByLabel('条码（每行一个）').fill([...pasted, wrong].join('\n'));
    await dialog.getByRole('button', { name: buttonName('导入') }).click();
    await dialog.getByText('导入结果：成功 3 个，未导入 1 行').waitFor();
    const reportRow = dialog.locator('.ant-table-tbody tr.ant-table-row');
    expect(await reportRow.textContent()).toContain('4');
    expect(await reportRow.textContent()).toContain(wrong);
    expect(await reportRow.textContent()).toContain('校验位错误');
    await shot('01-import-report');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('关闭') })
      .click();

    // The pool's codes listed, by its 查看条码.
    const pool = makers.filter({ hasText: `池 ${stamp}` });
    await pool.waitFor();
    await pool.getByRole('button', { name: '查看条码' }).click();
    await page.waitForURL((u) => u.searchParams.has('maker'));
    const codes = page
      .locator('.ant-card')
      .filter({ has: page.getByLabel('搜索条码') })
      .locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(3);
    expect(await codes.allTextContents()).toEqual(pasted.map((c) => expect.stringContaining(c)));

    // A code's image.
    await codes.first().getByRole('button', { name: pasted[0] }).click();
    const image = dialog.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);
    await shot('02-code-image');
    await page.keyboard.press('Escape');

    // Delete the pool, after confirming: its codes go with it and the list stops filtering by it.
    await pool.getByRole('button', { name: buttonName('删除') }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText(`删除“池 ${stamp}”及其未使用的条码？`).waitFor();
    await confirm.getByRole('button', { name: buttonName('删除') }).click();
    await toast(page, `已删除“池 ${stamp}”（3 个条码）`).waitFor();
    await pool.waitFor({ state: 'detached' });
    await page.waitForURL((u) => !u.searchParams.has('maker'));

    // The shop setting: a new shop draws from the generated maker.
    await page.goto('/stores');
    await page.getByRole('button', { name: '添加店铺' }).first().click();
    await page.getByRole('combobox', { name: '平台' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="亚马逊"]').click();
    await dialog.getByLabel('店铺名称').fill(`条码店 ${stamp}`);
    await dialog.getByRole('button', { name: buttonName('创建') }).click();
    const select = page.getByRole('combobox', { name: `条码来源 条码店 ${stamp}` });
    await select.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="前缀 ${stamp} (5)"]`).click();
    await toast(page, `“条码店 ${stamp}”的条码来源已更新`).waitFor();
    await shot('03-shop-maker');

    // A maker a shop draws from is not deleted: the refusal names the shop.
    await page.goto('/barcodes');
    await generator.getByRole('button', { name: buttonName('删除') }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, `条码来源“前缀 ${stamp}”正被店铺“条码店 ${stamp}”使用，请先在店铺设置中换一个再删除`).waitFor();
    await generator.waitFor();
  });
});
