import { describe, expect, test } from 'vitest';
import { makeFinished } from './finishedApi';
import { buttonName, logIn, toast, useBrowser, waitForPath } from './harness';

/**
 * Title templates and keyword sets (docs/listing-tools.md): make a keyword set, make a title template whose live
 * preview on a finished product shows the filled title with a keyword of the set, refuses an unknown placeholder,
 * marks a title a Chinese name fills as one the marketplace refuses, and is saved and found in the list.
 */
const run = useBrowser('titles');

describe('title templates and keyword sets', () => {
  test('make a keyword set and a title template, preview it on a product', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const stamp = Date.now() % 100_000;
    const setName = `Beach words ${stamp}`;
    const templateName = `Tee titles ${stamp}`;
    const keyword = `seaside${stamp}`;

    await logIn(page, 'demo');
    // A finished product of its own (the harness shares one server: other tests' products may be there too).
    const [made] = await makeFinished(page, ['TITLE PREVIEW']);
    const menu = page.locator('.ant-layout-sider');
    await menu.getByRole('link', { name: '关键词组' }).click();
    await waitForPath(page, '/keyword-sets');
    await page.getByRole('button', { name: /新建关键词组/ }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('名称', { exact: true }).fill(setName);
    await dialog.getByLabel('关键词（每行一个，也可用逗号分隔）').fill(`${keyword}\n${keyword}\n`);
    // One keyword however often it is pasted.
    await dialog.getByText(/^1 个关键词/).waitFor();
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '关键词组已保存').first().waitFor();
    await page.locator('.ant-table-row', { hasText: setName }).waitFor();
    await shot('01-keyword-set');

    await menu.getByRole('link', { name: '标题模板' }).click();
    await waitForPath(page, '/title-templates');
    await page.getByRole('button', { name: /新建标题模板/ }).click();
    await waitForPath(page, '/title-template-edit');
    await page.getByLabel('模板名称', { exact: true }).fill(templateName);
    const text = page.getByLabel('模板内容', { exact: true });
    await text.fill('Gift {export_name} {size} {colour}');
    // An unknown placeholder is named at once.
    await page
      .getByTestId('save-problem')
      .getByText(/不认识的占位符：\{colour\}/)
      .waitFor();
    await text.fill('Gift {export_name} {size}');
    // Placeholders are inserted at the cursor.
    await text.press('End');
    await page.getByText('{keyword}', { exact: true }).click();
    await expect.poll(() => text.inputValue()).toBe('Gift {export_name} {size} {keyword}');

    // The live preview on a finished product, with the keyword set.
    const preview = page.getByTestId('title-preview');
    await preview.getByLabel('成品', { exact: true }).fill(made!.key_id);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: made!.key_id }).click();
    await preview.getByLabel('关键词组', { exact: true }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${setName}"]`).click();
    const family = preview.getByTestId('preview-family');
    await expect.poll(() => family.innerText(), { timeout: 15_000 }).toContain(keyword);
    expect(await family.innerText()).toMatch(/^Gift /);
    // Each variant's title carries its size.
    await expect.poll(() => preview.getByTestId('made-title').count()).toBeGreaterThan(1);
    await shot('02-live-preview');

    // A tighter limit cuts at a word, and says so.
    await page.getByLabel('自定义长度上限（0 = 平台上限）').fill('12');
    await expect.poll(() => family.innerText(), { timeout: 15_000 }).toContain('已截断');
    await shot('03-cut');
    await page.getByLabel('自定义长度上限（0 = 平台上限）').fill('0');

    // A placeholder that fills with Chinese (the demo T-shirt's 产品名称): the export would refuse the title, so the
    // preview marks it and names the placeholder with the English-name alternative.
    await text.fill('{product_name} {size}');
    const notice = preview.getByTestId('preview-not-english');
    await notice.getByText(/\{product_name\} 填入的是中文产品名称/).waitFor({ timeout: 15_000 });
    await notice
      .getByText(/\{export_name\}/)
      .first()
      .waitFor();
    await family.getByText('含中文，平台会拒绝').waitFor();
    await shot('03b-not-english');
    await text.fill('Gift {export_name} {size} {keyword}');

    await page.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '标题模板已保存').first().waitFor();
    await waitForPath(page, '/title-templates');
    const row = page.locator('.ant-table-row', { hasText: templateName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Gift {export_name} {size} {keyword}');
    await shot('04-list');

    expect(s.pageErrors).toEqual([]);
    await s.close();
  });
});
