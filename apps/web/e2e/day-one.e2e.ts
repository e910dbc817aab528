import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { buttonName, logIn, toast, useBrowser, waitForPath } from './harness';

const run = useBrowser('day-one');
const session = () => run.session();

/** The open date picker's weekday heads and, after a click on its month button, its month names. */
async function pickerNames(page: Page): Promise<{ weekdays: string[]; months: string[] }> {
  const panel = page.locator('.ant-picker-dropdown:visible .ant-picker-panel').first();
  await panel.waitFor();
  const weekdays = await panel.locator('.ant-picker-date-panel thead th').allTextContents();
  await panel.locator('.ant-picker-month-btn').click();
  const months = await page
    .locator('.ant-picker-dropdown:visible .ant-picker-month-panel .ant-picker-cell-inner')
    .first()
    .waitFor()
    .then(() => page.locator('.ant-picker-dropdown:visible .ant-picker-month-panel .ant-picker-cell-inner').allTextContents());
  return { weekdays, months };
}

describe('a seller’s first day', () => {
  test('the date picker speaks the chosen language', async () => {
    const s = await session();
    const { page } = s;
    await logIn(page, 'demo');
    await page.goto('/finished');
    const range = page.locator('.ant-picker-range');
    // The picker loads when the field is first opened (docs/web.md#where-the-bytes-go).
    await page.getByLabel('创建时间').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await s.shot('01-date-picker-zh-days');
    const zh = await pickerNames(page);
    expect(zh.weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(zh.months.slice(0, 3)).toEqual(['一月', '二月', '三月']);
    expect(zh.months).toContain('十二月');
    await s.shot('01-date-picker-zh-months');
    await page.keyboard.press('Escape');
    // The closing dropdown (still on its month panel) must be gone, or the next look reads it instead.
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });

    await page.locator('.ant-layout-header').getByText('EN', { exact: true }).click();
    await page.locator('.ant-layout-sider').getByText('Publish', { exact: true }).waitFor();
    await range.locator('input').first().click();
    const en = await pickerNames(page);
    expect(en.weekdays).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(en.months.slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    await s.shot('02-date-picker-en');
  });

  test('after a failed login and a good one, only the success message shows', async () => {
    const { page, shot } = await session();
    await page.goto('/login');
    await page.getByLabel('用户名').fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await toast(page, '用户名或密码错误').waitFor();

    // The first attempt has settled (its button no longer spins) before the second is sent.
    const submit = page.locator('form button[type=submit]');
    await expect.poll(async () => await submit.getAttribute('aria-busy')).toBe('false');
    await page.getByLabel('密码', { exact: true }).fill('demo1234');
    await submit.click();
    await waitForPath(page, '/');
    await toast(page, '登录成功').waitFor();
    // The error stayed with the login form: the page the seller lands on shows the success alone.
    expect(await page.getByText('用户名或密码错误').count()).toBe(0);
    expect(await toast(page, '登录成功').count()).toBe(1);
    await shot('03-login-success-only');
  });

  test('a sub-account has no sub-account management entry; the parent has', async () => {
    const parent = await session();
    await logIn(parent.page, 'demo');
    const parentMenu = parent.page.locator('.ant-layout-sider');
    await parentMenu.getByRole('link', { name: '成品管理' }).waitFor();
    expect(await parentMenu.getByRole('link', { name: '子账号管理' }).count()).toBe(1);

    const sub = await session();
    await logIn(sub.page, 'demo-a');
    const subMenu = sub.page.locator('.ant-layout-sider');
    await subMenu.getByRole('link', { name: '成品管理' }).waitFor();
    expect(await subMenu.getByRole('link', { name: '子账号管理' }).count()).toBe(0);
    await sub.shot('04-sub-account-menu');
  });

  test('the Excel batch dialog offers a template that a spreadsheet program opens and the dialog reads back', async () => {
    const s = await session();
    const { page } = s;
    await logIn(page, 'demo');
    const [product] = await makeFinished(page, ['TEMPLATE']);
    await page.goto(`/finished?key_id=${product!.key_id}`);
    await page.locator('.finished-table tr.plain-table-row', { hasText: product!.key_id }).getByRole('link', { name: '重新设计' }).click();
    await page.getByRole('button', { name: /Excel批量设计/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Excel批量设计（最多同时发起20个）' });
    await s.shot('05-excel-dialog');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: /下载模板/ }).click()]);
    expect(download.suggestedFilename()).toBe('批量设计模板.xlsx');
    const dir = mkdtempSync(path.join(tmpdir(), 'day-one-'));
    const file = path.join(dir, 'template.xlsx');
    await download.saveAs(file);

    // A real spreadsheet program reads it: the header and one example row.
    execFileSync('libreoffice', ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    const csv = readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.csv'))!,
      ),
      'utf8',
    );
    expect(csv.trim().split(/\r?\n/)).toEqual(['号码,姓名', '10,张三']);

    // And the dialog itself previews it.
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.locator('.ant-table-tbody tr.ant-table-row', { hasText: '张三' }).waitFor();
    expect(await dialog.locator('.ant-table-tbody tr.ant-table-row').allTextContents()).toEqual(['10张三']);
    await s.shot('06-excel-template-read-back');
  });

  test('at 1440 px the finished table shows every column without a horizontal scroll; operations never cover the images', async () => {
    const s = await session();
    const { page } = s;
    await logIn(page, 'demo');
    const [product] = await makeFinished(page, ['WIDE TABLE']);
    // Long names, as sellers write them for marketplaces: they must end at the info column's edge.
    const detail = await api(page.request, routes.finishedDetail, { query: { id: product!.id } });
    await api(page.request, routes.updateFinished, {
      body: {
        list: detail.child_info.flatMap((c) =>
          c.attrs.map((a) => ({
            id: a.id,
            export_name: 'Custom Football Jersey with Your Name and Number — Breathable Quick-Dry Sportswear',
            material_img_name: '极光鲸鱼,海军蓝条纹,糖果条纹,复古波点,黑白波点',
          })),
        ),
      },
    });
    await page.goto('/finished');
    const first = page.locator('.finished-table tr.plain-table-row', { hasText: product!.key_id });
    await first.locator('img.finished-thumb').waitFor();
    await s.shot('07-finished-1440');

    const scroller = page.locator('.finished-table').first();
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    // Every column head of docs/finished.md#the-list is inside the table's visible box, the type column too.
    const box = (await scroller.boundingBox())!;
    const heads = ['创建时间', '备注', '自定义分组', '产品信息', '图片', '账号', '导出/发布店铺', '出单量', '类型', '操作'];
    for (const name of heads) {
      const head = (await page.locator('.finished-table thead th', { hasText: name }).first().boundingBox())!;
      expect(head.x, name).toBeGreaterThanOrEqual(box.x);
      expect(head.x + head.width, name).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }

    // The operations cell starts where the images cell ends, and the thumbnail stays inside its cell.
    const cells = first.locator('td');
    const images = (await first.locator('td', { has: page.locator('img.finished-thumb') }).boundingBox())!;
    const thumb = (await first.locator('img.finished-thumb').boundingBox())!;
    const ops = (await cells.last().boundingBox())!;
    expect(ops.x).toBeGreaterThanOrEqual(images.x + images.width - 0.5);
    expect(thumb.x + thumb.width).toBeLessThanOrEqual(images.x + images.width);

    // No text of the product info runs past its cell into the images.
    const info = first.locator('td', { hasText: product!.key_id });
    const infoBox = (await info.boundingBox())!;
    const rights = await info.locator('span, strong, div').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    expect(rights.length).toBeGreaterThan(0);
    for (const right of rights) expect(right).toBeLessThanOrEqual(infoBox.x + infoBox.width + 0.5);
  });

  test('batch edit: each product stays named above its rows while they scroll; fill down stays in its product unless confirmed', async () => {
    const s = await session();
    const { page } = s;
    await logIn(page, 'demo');
    const [a, b] = await makeFinished(page, ['BLOCK A', 'BLOCK B']);
    await page.goto(`/batch-edit-finished?ids=${encodeURIComponent(JSON.stringify([a!.id, b!.id]))}`);
    const blockA = page.getByTestId(`batch-block-${a!.key_id}`);
    const blockB = page.getByTestId(`batch-block-${b!.key_id}`);
    const exportNames = (block: typeof blockA) => block.locator('input[aria-label^="导出名称"]');
    await exportNames(blockB).first().waitFor();
    const rowsA = await exportNames(blockA).count();
    const rowsB = await exportNames(blockB).count();
    expect(rowsA).toBeGreaterThan(3);

    // Scrolled into the middle of A's rows: A's number and name sit right under the app header.
    const headA = blockA.locator('.batch-block-head');
    await exportNames(blockA)
      .nth(rowsA - 2)
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(async () => Math.round((await headA.boundingBox())!.y)).toBe(64);
    expect(await headA.textContent()).toContain(a!.key_id);
    expect(await headA.textContent()).toContain('经典纯棉圆领T恤');
    // What the seller sees in the window (a full-page picture would unroll the sticky heads).
    await page.screenshot({ path: path.join(run.dir, '08-batch-edit-scrolled-a.png') });
    // Further down, B's heading takes the place; A's has left with its block.
    const headB = blockB.locator('.batch-block-head');
    await exportNames(blockB)
      .nth(rowsB - 2)
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(async () => Math.round((await headB.boundingBox())!.y)).toBe(64);
    expect((await headA.boundingBox())!.y).toBeLessThan(64);
    expect(await headB.textContent()).toContain(b!.key_id);

    // Fill down in A: A's rows only.
    await page.evaluate(() => window.scrollTo(0, 0));
    await exportNames(blockA).first().fill('EXPORT-A');
    await blockA.getByRole('button', { name: '用第一行填充导出名称' }).click();
    await page.getByRole('menuitem', { name: '填充本成品' }).click();
    await expect
      .poll(() => exportNames(blockA).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .toEqual(Array(rowsA).fill('EXPORT-A'));
    expect(await exportNames(blockB).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).not.toContain('EXPORT-A');

    // Crossing into B takes a confirmation.
    await blockA.getByRole('button', { name: '用第一行填充导出名称' }).click();
    await page.getByRole('menuitem', { name: /填充所有成品/ }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '用本成品第一行的值填充所有成品的这一列' });
    await confirm.waitFor();
    await s.shot('09-batch-edit-cross-confirm');
    await confirm.getByRole('button', { name: buttonName('填充所有成品') }).click();
    await expect
      .poll(() => exportNames(blockB).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .toEqual(Array(rowsB).fill('EXPORT-A'));

    await page.getByRole('button', { name: buttonName('全部保存') }).click();
    await toast(page, `已保存 ${rowsA + rowsB} 个款式`).waitFor();
  });
});
