import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { message, routes, type DataOf } from '@app/contract';
import { batchDesignSpreadsheet } from '@app/design/fixtures';
import { api } from './api';
import { makeFinished, rowKeys, type Made } from './finishedApi';
import { answerConfirm, buttonName, logIn, toast, useBrowser } from './harness';

/**
 * The finished-products screen (/finished) as a seller uses it in headless Chromium, against the real
 * server: the list and its filters in the URL, copying numbers, right-click and F12 blocked here only, remarks,
 * groups, combinations, add to cart, re-design, delete.
 */

const run = useBrowser('finished');
const session = () => run.session();

const row = (page: Page, keyId: string) => page.locator('.finished-table tr.plain-table-row', { hasText: keyId });

/** Chooses an operation from a row's "更多" menu. */
async function moreAction(page: Page, keyId: string, action: string) {
  await row(page, keyId)
    .getByRole('button', { name: `${keyId} 的更多操作` })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('finished-products screen', () => {
  let made: Made[];

  test('lists, filters through the URL, copies a number, and blocks right-click and F12 here only', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    made = await makeFinished(page, ['ALPHA 一号', 'BRAVO 二号', 'CHARLIE 三号']);
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.getByRole('menuitem', { name: /成品管理/ }).click();
    await page.waitForURL((u) => u.pathname === '/finished');
    await expect.poll(() => rowKeys(page)).toEqual(expect.arrayContaining(made.map((m) => m.key_id)));
    // Newest first.
    const keys = await rowKeys(page);
    expect(keys.indexOf(made[2]!.key_id)).toBeLessThan(keys.indexOf(made[0]!.key_id));
    await expect(page.getByText(/共 \d+ 条/).isVisible()).resolves.toBe(true);
    await expect(row(page, made[0]!.key_id).getByText('未出单').isVisible()).resolves.toBe(true);
    await shot('01-list');

    // Every list thumbnail is 100 px high.
    const heights = await page
      .locator('.finished-table tbody img.finished-thumb')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalHeight));
    expect(heights.length).toBeGreaterThan(0);
    for (const h of heights) expect(h).toBe(100);

    // Search by finished number (Enter runs it); the URL holds the filter.
    await page.getByRole('textbox', { name: /^成品编号/ }).fill(made[1]!.key_id);
    await page.getByRole('textbox', { name: /^成品编号/ }).press('Enter');
    await expect.poll(() => rowKeys(page)).toEqual([made[1]!.key_id]);
    expect(new URL(page.url()).searchParams.get('key_id')).toBe(made[1]!.key_id);
    await page.reload();
    await expect.poll(() => rowKeys(page)).toEqual([made[1]!.key_id]);
    await expect(page.getByRole('textbox', { name: /^成品编号/ }).inputValue()).resolves.toBe(made[1]!.key_id);
    await shot('02-filtered');

    // The copy icon on row hover puts the finished number on the clipboard.
    await row(page, made[1]!.key_id).hover();
    await row(page, made[1]!.key_id).getByRole('button', { name: '复制成品编号' }).click();
    await toast(page, message('copySucceeded')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made[1]!.key_id);

    // Reset clears the form and the URL.
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(async () => (await rowKeys(page)).length).toBeGreaterThanOrEqual(3);

    // Right-click and F12 are prevented on this screen…
    const prevented = () =>
      page.evaluate(() => {
        const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        const f12 = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true });
        document.body.dispatchEvent(menu);
        document.body.dispatchEvent(f12);
        return [menu.defaultPrevented, f12.defaultPrevented];
      });
    expect(await prevented()).toEqual([true, true]);
    // …and not elsewhere.
    await page.getByRole('menuitem', { name: /概览/ }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // The address changes before the screen leaves (the next page's code may still be loading): wait for it.
    await page.getByRole('heading', { name: '成品管理' }).waitFor({ state: 'detached' });
    expect(await prevented()).toEqual([false, false]);
  }, 150_000);

  test('what a seller types in the search form stays when the group tree arrives late', async () => {
    const { page } = await session();
    await logIn(page, 'demo');
    // Hold the group tree back until the seller has typed (a slow connection), then let it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/finished_group/getGrouplist*', async (r) => {
      await released;
      await r.continue();
    });
    await page.goto('/finished');
    const box = page.getByRole('textbox', { name: /^素材图名称/ });
    await box.fill('typed before the tree');
    const treeArrived = page.waitForResponse((res) => res.url().includes('/api/finished_group/getGrouplist'));
    release();
    await treeArrived;
    await page.waitForLoadState('networkidle');
    expect(await box.inputValue()).toBe('typed before the tree');
    await page.unroute('**/api/finished_group/getGrouplist*');
  });

  test('edits a remark with Enter, files into a new group, filters by it; a locked group refuses deletion', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    await page.goto('/finished');
    const key = made[0]!.key_id;
    await row(page, key).waitFor();

    // Remark: Enter saves (备注修改成功！).
    await row(page, key).getByRole('link', { name: '编辑备注' }).click();
    await page.getByRole('textbox', { name: '编辑备注' }).fill('加急 urgent');
    await page.getByRole('textbox', { name: '编辑备注' }).press('Enter');
    await toast(page, message('remarkSaved')).waitFor();
    await expect.poll(() => row(page, key).getByText('加急 urgent').count()).toBe(1);

    // Groups: create one (新分组, in rename mode), rename it on blur.
    await page.getByRole('tab', { name: '自定义分组' }).click();
    await page.getByRole('button', { name: /管理分组/ }).click();
    await page.getByRole('button', { name: /^(plus )?新建分组$/ }).click();
    const nameField = page.getByRole('textbox', { name: '分组名称' });
    await expect.poll(() => nameField.inputValue()).toBe('新分组');
    await nameField.fill('夏季爆款');
    await nameField.blur();
    await page.getByRole('dialog').getByText('夏季爆款').waitFor();
    await shot('10-group-manager');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('关闭') })
      .click();

    // File the row into it (a group must be chosen first).
    await moreAction(page, key, '分组');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await toast(page, message('chooseGroup')).waitFor();
    await page.getByRole('dialog').getByRole('combobox').click();
    await page.locator('.ant-select-tree').getByText('夏季爆款').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await toast(page, '已加入分组').waitFor();
    await expect.poll(() => row(page, key).getByText('夏季爆款').count()).toBe(1);

    // The group filters the list.
    await page.locator('.nav-tree').getByText('夏季爆款').click();
    await expect.poll(() => rowKeys(page)).toEqual([key]);
    await shot('11-group-filter');

    // Locked, its product cannot be deleted: the server says why and the row stays.
    await page.getByRole('button', { name: /管理分组/ }).click();
    await page.getByRole('button', { name: '锁定夏季爆款' }).click();
    await page.getByRole('button', { name: '解锁夏季爆款' }).waitFor();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('关闭') })
      .click();
    await page.goto('/finished');
    await moreAction(page, key, '删除');
    await answerConfirm(page, message('confirmDelete'), '删除');
    await toast(page, message('groupLockedDelete')).waitFor();
    await expect.poll(() => row(page, key).count()).toBe(1);
    await shot('12-locked-refused');
  }, 90_000);

  test('combines two products, shows the combination, and cancels it back', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    await page.goto('/finished');
    const [a, b] = [made[1]!, made[2]!];
    await row(page, a.key_id).waitFor();
    const combine = page.getByRole('button', { name: buttonName('设置组合商品') });
    expect(await combine.isDisabled()).toBe(true);
    // Clicking a row toggles its selection.
    await row(page, a.key_id).getByText('经典纯棉圆领T恤').first().click();
    await row(page, b.key_id).getByText('经典纯棉圆领T恤').first().click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toContain('已选 2 项');
    await combine.click();
    // The toast is looked for while the confirmation is answered: it shows for 3 s from the moment it closes.
    await Promise.all([toast(page, '已组合为新的组合商品').waitFor(), answerConfirm(page, message('confirmCombineSimple'), '确定')]);
    await expect.poll(async () => (await rowKeys(page)).includes(a.key_id)).toBe(false);
    const comboRow = page.locator('.finished-table tr.plain-table-row', { hasText: '多素材组合' }).first();
    await comboRow.waitFor();
    await expect(comboRow.getByTestId('child-strip').locator('img').count()).resolves.toBe(2);
    await shot('20-combined');

    // Cancel Combo on the row: both come back.
    const comboKey = /FP\d+/.exec(await comboRow.innerText())![0];
    await moreAction(page, comboKey, '取消组合');
    await answerConfirm(page, message('confirmCancelCombo'), '确定');
    await expect.poll(() => rowKeys(page)).toEqual(expect.arrayContaining([a.key_id, b.key_id]));
    await expect.poll(() => page.locator('.finished-table tr.plain-table-row', { hasText: '多素材组合' }).count()).toBe(0);
    await shot('21-uncombined');
  }, 90_000);

  test('bulk picture download goes through a signed link: the zip arrives here; the link is refused in another account’s browser and once expired', async () => {
    const s = await session();
    const { page } = s;
    await logIn(page, 'demo');
    await page.goto('/finished');
    const key = made[0]!.key_id;
    await row(page, key).waitFor();
    await row(page, key).getByText('经典纯棉圆领T恤').first().click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toContain('已选 1 项');

    await page.getByRole('button', { name: /批量操作/ }).click();
    const linkAnswer = page.waitForResponse((r) => r.url().endsWith(routes.downloadLink.path));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '批量下载图片' }).click()]);
    const link = ((await (await linkAnswer).json()) as { data: DataOf<typeof routes.downloadLink> }).data;
    // The address carries a signature, never the session token (httpOnly: the page cannot read it).
    expect(link.url).toMatch(/^\/api\/finished\/mutiDownload\?ids=\d+&sig=/);
    expect(download.url()).toBe(new URL(link.url, page.url()).href);
    expect(download.suggestedFilename()).toMatch(/^finished-images-.*-1\.zip$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

    // In another account's browser the same link is refused.
    const other = await session();
    await logIn(other.page, 'demo-a');
    const elsewhere = await other.page.request.get(link.url);
    expect(elsewhere.status()).toBe(403);
    expect(((await elsewhere.json()) as { msg: string }).msg).toBe(message('downloadLinkInvalid'));

    // Once it has expired, refused here too, though this browser still holds the owner's session.
    // (Asked until the server's clock passes expires_at: DOWNLOAD_LINK_TTL_SECONDS is 3 in e2e/server.ts.)
    await expect.poll(async () => (await page.request.get(link.url)).status(), { timeout: 30_000, interval: 500 }).toBe(403);
  }, 90_000);

  test('adds a variant to the cart and opens the re-design popup on the chosen variant', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    await page.goto('/finished');
    const key = made[2]!.key_id;
    await row(page, key).waitFor();

    await moreAction(page, key, '加入购物车');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill(`${key}-1-2`);
    await dialog.getByRole('searchbox').press('Enter');
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(1);
    await dialog.getByRole('spinbutton', { name: '数量' }).fill('3');
    await dialog.getByRole('button', { name: `将 ${key}-1-2 加入购物车` }).click();
    await toast(page, message('addedSuccessfully')).waitFor();
    await shot('30-cart');
    const cart = await api(page.request, routes.cartList, { query: { pageSize: 200 } });
    expect(cart.list[0]).toMatchObject({ num: 3 });
    await page.locator('.ant-modal-close').click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

    await row(page, key).getByRole('link', { name: '重新设计' }).click();
    await page.getByRole('button', { name: `重新设计 ${key}-1-1` }).click();
    const frame = page.frameLocator('iframe[title="设计器"]');
    await frame.locator('[data-testid="editor-stage"][data-interactive="true"] canvas').first().waitFor({ timeout: 60_000 });
    await frame.getByTestId('layer-list').getByText('CHARLIE 三号').waitFor();
    await shot('31-design-popup');

    // Closing the popup on unsaved changes asks first (removing the frame gives the editor no leave prompt).
    const popup = page.locator('.ant-modal', { has: page.locator('iframe[title="设计器"]') });
    const confirmLeave = page.locator('.ant-modal-confirm', { hasText: '设计还没有保存' });
    const toldDirty = page.evaluate(
      () => new Promise<void>((r) => window.addEventListener('message', (e) => (e.data as { dirty?: boolean }).dirty === true && r())),
    );
    await frame.getByRole('button', { name: /文\s*字$/ }).click();
    await frame.getByTestId('layer-list').getByText('双击编辑文字').waitFor();
    // The editor tells the popup once the change settles (300 ms, like its draft).
    await toldDirty;
    await popup.locator('.ant-modal-close').click();
    await confirmLeave.waitFor();
    await shot('32-design-popup-unsaved');
    await confirmLeave.getByRole('button', { name: buttonName('留下') }).click();
    await confirmLeave.waitFor({ state: 'hidden' });
    expect(await popup.isVisible()).toBe(true);

    // Saved inside the popup: the popup closes by itself, asking nothing; the list's message links the product;
    // the row behind shows its new picture once the recomposition is done, with no reload.
    const thumb = row(page, key).locator('img.finished-thumb');
    const before = await thumb.getAttribute('src');
    await frame.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    await popup.waitFor({ state: 'hidden', timeout: 60_000 });
    expect(await confirmLeave.count()).toBe(0);
    const saved = page.getByTestId('design-saved');
    await saved.waitFor();
    await shot('33-design-saved');
    expect(await saved.getByRole('link', { name: '查看成品' }).getAttribute('href')).toBe(`/finished?key_id=${key}`);
    await expect.poll(() => thumb.getAttribute('src'), { timeout: 60_000 }).not.toBe(before);
    await shot('34-row-refreshed');
    expect(new URL(page.url()).pathname).toBe('/finished');
  }, 120_000);

  test('Excel batch design: previews a LibreOffice sheet, cuts at 20, starts one product per row and follows each job', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const [template] = await makeFinished(page, ['NO. 姓名']);
    await page.goto(`/finished?key_id=${template!.key_id}`);
    await expect.poll(() => rowKeys(page)).toEqual([template!.key_id]);
    await row(page, template!.key_id).getByRole('link', { name: '重新设计' }).click();
    await page.getByRole('button', { name: /Excel批量设计/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Excel批量设计（最多同时发起20个）' });
    const confirm = dialog.getByRole('button', { name: buttonName('确定') });
    expect(await confirm.isDisabled()).toBe(true);

    // A renamed text file is refused with its message (docs/messages.md#validation).
    await dialog.locator('input[type=file]').setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from('号码,姓名') });
    await toast(page, message('excelFormat')).waitFor();

    // 25 rows: the first 20 are taken, with the notice.
    await dialog.locator('input[type=file]').setInputFiles(batchDesignSpreadsheet('jersey-25.xlsx'));
    await toast(page, message('batchTruncated')).waitFor();
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(20);

    // 5 rows from an .xls: previewed, numbers kept as text.
    await dialog.locator('input[type=file]').setInputFiles(batchDesignSpreadsheet('jersey-5.xls'));
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(5);
    await expect(dialog.locator('tbody tr.ant-table-row').first().innerText()).resolves.toMatch(/^01\s/);
    await shot('40-excel-preview');
    await confirm.click();
    await toast(page, message('batchDesignStarted')).waitFor();
    // Each row's job is followed to its end.
    await expect
      .poll(() => dialog.getByTestId('batch-progress').innerText(), { timeout: 90_000, interval: 1000 })
      .toMatch(/已完成 5 个，失败 0 个，共 5 个/);
    await shot('41-excel-done');
  }, 150_000);
});
