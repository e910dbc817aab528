import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { makeFinished, rowKeys, type Made } from './finishedApi';
import { logIn, useBrowser, waitForPath } from './harness';

/**
 * The finished screen as a dense list with dialogs that have addresses (docs/finished.md): at 1440×900 a
 * page of products fits the screen; the edit, remark, re-design and export dialogs open from a link or their
 * address, close with Back and stay open on reload, the list's filters kept behind them; the creation range
 * is picked to the second; the pager under the list keeps the page and the rows per page in the address.
 */

const run = useBrowser('finished-dialogs');
const session = () => run.session();

const row = (page: Page, keyId: string) => page.locator('.finished-table tr.plain-table-row', { hasText: keyId });

/** The rows of the table whose whole box is inside the window, as the seller sees the page without scrolling. */
const rowsInView = (page: Page) =>
  page
    .locator('.finished-table tbody tr.plain-table-row')
    .evaluateAll((rows) =>
      rows.filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= 0 && b.bottom <= window.innerHeight && b.height > 0;
      }),
    )
    .then((inside) => inside.length);

describe('the finished list and its dialogs', () => {
  let made: Made[];

  test('at 1440×900 at least 8 rows of the default page fit the screen; a long remark stays in its column', async () => {
    const { page, shot } = await session();
    await logIn(page, 'demo');
    made = await makeFinished(
      page,
      Array.from({ length: 10 }, (_, i) => `ROW ${i + 1} 第${i + 1}行`),
    );
    const long = '客户要求加急，周五之前发货，包装用礼盒并附上感谢卡片 — rush order, gift box and thank-you card';
    await api(page.request, routes.addRemark, { body: { id: made[9]!.id, remark: long } });

    await page.goto('/finished');
    await expect.poll(() => rowKeys(page), { timeout: 30_000 }).toEqual(made.map((m) => m.key_id).reverse());
    await row(page, made[9]!.key_id).locator('img.finished-thumb').waitFor();
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
    await shot('01-list-1440');

    // The remark ends inside its cell, before the group column; hovering it shows the whole text.
    const target = row(page, made[9]!.key_id);
    const cells = target.locator('td');
    const remarkCell = (await cells.nth(2).boundingBox())!;
    const groupCell = (await cells.nth(3).boundingBox())!;
    const remarkText = target.locator('.finished-remark .finished-remark-text');
    const text = (await remarkText.boundingBox())!;
    expect(text.x + text.width).toBeLessThanOrEqual(remarkCell.x + remarkCell.width + 0.5);
    expect(text.x + text.width).toBeLessThanOrEqual(groupCell.x + 0.5);
    expect(text.y + text.height).toBeLessThanOrEqual(remarkCell.y + remarkCell.height + 0.5);
    await remarkText.hover();
    await page.locator('.ant-tooltip').getByText(long).waitFor();
    await shot('02-remark-hover');
  }, 150_000);

  test('a dialog opened from its link closes with Back and stays open on reload, the filters kept behind it', async () => {
    const { page, shot } = await session();
    await logIn(page, 'demo');
    const key = made[3]!.key_id;
    await page.goto(`/finished?key_id=${key}`);
    await expect.poll(() => rowKeys(page)).toEqual([key]);

    // The edit drawer: a link, an address of its own under the list's.
    await row(page, key).getByRole('link', { name: '编辑成品' }).click();
    await waitForPath(page, `/finished/${key}/edit`, `?key_id=${key}`);
    const drawer = page.getByTestId('parent-info');
    await drawer.waitFor();
    await shot('10-edit-drawer');

    // Reloaded: the drawer is open again over the same filtered list.
    await page.reload();
    await drawer.waitFor();
    // (The list behind, not the drawer's own table of variants.)
    await expect
      .poll(() =>
        page.locator('.finished-table tr.plain-table-row').evaluateAll((rows) => rows.map((r) => /FP\d+/.exec(r.textContent ?? '')?.[0])),
      )
      .toEqual([key]);

    // Back: the drawer closes, the filtered list stays.
    await page.goBack();
    await waitForPath(page, '/finished', `?key_id=${key}`);
    await drawer.waitFor({ state: 'detached' });
    expect(await rowKeys(page)).toEqual([key]);

    // The remark editor by its address (a shared link): saving closes it to the list.
    await page.goto(`/finished/${key}/remark?key_id=${key}`);
    const remark = page.getByRole('textbox', { name: '编辑备注' });
    await remark.fill('第二批');
    await shot('11-remark-dialog');
    await remark.press('Enter');
    await waitForPath(page, '/finished', `?key_id=${key}`);
    await expect.poll(() => row(page, key).getByText('第二批').count()).toBe(1);

    // The re-design dialog: a link, then Back.
    await row(page, key).getByRole('link', { name: '重新设计' }).click();
    await waitForPath(page, `/finished/${key}/redesign`, `?key_id=${key}`);
    await page.getByRole('button', { name: `重新设计 ${key}-1-1` }).waitFor();
    await shot('12-redesign-dialog');
    await page.goBack();
    await page.getByRole('button', { name: `重新设计 ${key}-1-1` }).waitFor({ state: 'detached' });

    // The export dialog: the chosen products in its address; reloaded it opens again, Back closes it.
    await row(page, key).getByText('经典纯棉圆领T恤').first().click();
    await page.getByRole('button', { name: /批量导出亚马逊格式/ }).click();
    await page.waitForURL((u) => u.pathname === '/finished/export/offline' && u.searchParams.get('ids') === String(made[3]!.id));
    const exportDialog = page.locator('.ant-modal', { hasText: '导出 1 个成品' });
    await exportDialog.waitFor();
    await page.reload();
    await exportDialog.waitFor();
    await shot('13-export-dialog');
    await page.goBack();
    await exportDialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('key_id')).toBe(key);

    // A finished number that names no product: said, and the list shows.
    await page.goto('/finished/FP000/edit');
    await page.locator('.ant-message').getByText('没有找到成品 FP000').waitFor();
    await waitForPath(page, '/finished');
  }, 120_000);

  test('the creation range is picked to the second: a preset starts at 00:00:00 and ends at 23:59:59, and the list is asked in seconds', async () => {
    const { page, shot } = await session();
    await logIn(page, 'demo');
    await page.goto('/finished');
    const range = page.locator('.ant-picker-range');
    // The picker loads when the field is first opened (docs/web.md#where-the-bytes-go).
    await page.getByLabel('创建时间').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('最近一周').click();
    const [from, to] = await range.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    await shot('20-range-with-time');

    const listCall = page.waitForRequest(
      (r) => new URL(r.url()).pathname === routes.finishedList.path && new URL(r.url()).searchParams.has('start_time'),
    );
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const asked = new URL((await listCall).url()).searchParams;
    const seconds = (text: string) => Math.floor(new Date(text.replace(' ', 'T')).getTime() / 1000);
    expect(Number(asked.get('start_time'))).toBe(seconds(from!));
    expect(Number(asked.get('end_time'))).toBe(seconds(to!));
    await expect.poll(() => rowKeys(page)).toEqual(expect.arrayContaining(made.map((m) => m.key_id)));

    // Reloaded, the box shows the same range with its times (as text until the picker is opened again).
    await page.reload();
    await expect.poll(() => page.getByLabel('创建时间').inputValue()).toBe(`${from} ~ ${to}`);
  }, 60_000);

  test('the pager: pages, the jumper and rows per page go into the address; ticks survive paging; the header box ticks the page', async () => {
    const { page, shot } = await session();
    await logIn(page, 'demo');
    await makeFinished(page, ['PAGE 11', 'PAGE 12']);
    // The whole list as the API orders it (other tests of the run may have added products too).
    const all = await api(page.request, routes.finishedList, { query: { pageSize: 200, is_online: 0 } });
    const keys = all.list.map((r) => r.key_id);
    const lastPage = Math.ceil(all.count / 10);
    await page.goto('/finished');
    await expect.poll(() => rowKeys(page), { timeout: 30_000 }).toEqual(keys.slice(0, 10));
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByText(`共 ${all.count} 条`).waitFor();

    await pager.getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => rowKeys(page)).toEqual(keys.slice(10, 20));
    await row(page, keys[10]!).getByRole('checkbox').check();
    await pager.getByRole('button', { name: '上一页' }).click();
    await expect.poll(() => rowKeys(page)).toEqual(keys.slice(0, 10));
    await expect.poll(() => page.getByTestId('selected-count').innerText()).toContain('已选 1 项');
    await page.getByRole('checkbox', { name: '选择本页全部成品' }).check();
    await expect.poll(() => page.getByTestId('selected-count').innerText()).toContain('已选 11 项');
    await shot('03-pager-ticks');

    await pager.getByRole('textbox').fill(String(lastPage));
    await pager.getByRole('textbox').press('Enter');
    await expect.poll(() => rowKeys(page)).toEqual(keys.slice((lastPage - 1) * 10, lastPage * 10));
    await expect(pager.getByRole('button', { name: '下一页' }).isDisabled()).resolves.toBe(true);
    await pager.getByRole('combobox', { name: '每页条数' }).selectOption('20');
    await expect
      .poll(() => [new URL(page.url()).searchParams.get('size'), new URL(page.url()).searchParams.get('page')])
      .toEqual(['20', null]);
    await expect.poll(() => rowKeys(page)).toEqual(keys.slice(0, 20));
  }, 150_000);
});
