import { describe, expect, test } from 'vitest';
import { buttonName, logIn, toast, useBrowser } from './harness';

/**
 * Banned words (docs/domain.md#banned-words): paste words one per line, see them listed, check a text and see the words found
 * marked, delete with a confirmation. Words carry a per-run stamp: the e2e server may be reused.
 */
const run = useBrowser('banned-words', { demoTshirt: false });

describe('banned words page', () => {
  test('paste words, list and search them, check a text, delete in bulk', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const stamp = Date.now().toString(36).toUpperCase();
    await logIn(page, 'demo-b');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '违禁词' }).click();
    await page.waitForURL((u) => u.pathname === '/banned-words');
    await page.getByRole('heading', { name: '违禁词' }).waitFor();

    // An empty paste is refused on the page, with the catalogue's message.
    const paste = page.getByLabel('违禁词（每行一个）');
    await paste.fill('  \n\n');
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await page.getByText('请输入违禁词，每行一个').waitFor();
    await shot('01-empty-paste');

    // Four lines, one blank, one a repeat in another case: three added, one skipped.
    await paste.fill(`Nike${stamp}\n\n耐克${stamp}\nNIKE${stamp}\n  Disney${stamp}  `);
    await page.getByText('4 / 1000 行').waitFor();
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await toast(page, '已添加 3 个；跳过重复 1 个、已存在 0 个').waitFor();
    expect(await paste.inputValue()).toBe('');

    // One more for AliExpress, stripped rather than blocking.
    await paste.fill(`Gucci${stamp}`);
    await page.getByRole('combobox', { name: '适用平台' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="速卖通"]').click();
    await page.locator('label.ant-radio-button-wrapper', { hasText: '删除该词' }).click();
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await toast(page, '已添加 1 个；跳过重复 0 个、已存在 0 个').waitFor();

    // Listed, found by part of a word in any case.
    await page.getByLabel('搜索违禁词').fill(stamp.toLowerCase());
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByText('共 4 个').waitFor();
    const gucci = rows.filter({ hasText: `Gucci${stamp}` });
    expect(await gucci.textContent()).toContain('速卖通');
    expect(await gucci.textContent()).toContain('删除');
    expect(await rows.filter({ hasText: `Nike${stamp}` }).textContent()).toContain('全部平台');

    // Check a text: the Latin word whole and in any case, the Chinese one inside other characters; "class" is no hit.
    await page.getByLabel('要检测的文本').fill(`NIKE${stamp} running tee 正品耐克${stamp}鞋 world-class Nike${stamp}x`);
    await page.getByRole('button', { name: '检测', exact: true }).click();
    await page.getByText('发现 2 个违禁词').waitFor();
    await page.getByText('导出将被拦截').waitFor();
    const marks = page.getByTestId('banned-words-highlight').locator('mark');
    expect(await marks.allTextContents()).toEqual([`NIKE${stamp}`, `耐克${stamp}`]);
    await shot('02-listed-and-checked');

    // Checked for TikTok Shop only, the AliExpress word is not in play; a clean text says so.
    await page.getByLabel('要检测的文本').fill(`a Gucci${stamp} bag`);
    await page.getByRole('button', { name: '检测', exact: true }).click();
    await page.getByText('导出时将删除这些词').waitFor();
    await page.getByRole('combobox', { name: '按平台检测' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="TikTok Shop"]').click();
    await page.getByRole('button', { name: '检测', exact: true }).click();
    await page.getByText('未发现违禁词').waitFor();

    // Bulk delete, confirmed.
    await rows
      .filter({ hasText: `Nike${stamp}` })
      .getByRole('checkbox')
      .check();
    await rows
      .filter({ hasText: `Disney${stamp}` })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /删除所选 \(2\)/ }).click();
    await page.getByText('确认删除所选的 2 个违禁词？').waitFor();
    await shot('03-confirm-delete');
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, '已删除 2 个违禁词').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.allTextContents()).join(' ')).not.toContain(`Nike${stamp}`);
    await shot('04-after-delete');
  });

  test('reads in English', async () => {
    const s = await run.session();
    const { page, shot } = s;
    await logIn(page, 'demo-b');
    await page.locator('.ant-layout-header').getByText('EN', { exact: true }).click();
    await page.goto('/banned-words');
    await page.getByRole('heading', { name: 'Banned words' }).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Enter the banned words, one per line').waitFor();
    await shot('05-english');
  });
});
