import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { logIn, toast, useBrowser, waitForPath, windowShot } from './harness';

/**
 * The design-mockup prototype (/design-mockup, docs/mockup-prototype.md) at 1440×900: it says it is a prototype;
 * a sample picture goes onto the canvas and is selected and removed there; a PNG is uploaded and a text file named
 * .png refused; the quantity refuses 0 and decimals; 加入购物车 and 保存 say they are a prototype and point to the
 * catalogue. All along, the page calls no API beyond what the back-office frame around every page asks for.
 */
const run = useBrowser('design-mockup', { demoTshirt: false });

/** What the frame around every back-office page asks for (AppLayout: the account; CartButton: the cart's count). */
const SHELL_CALLS = new Set([`${routes.info.method} ${routes.info.path}`, `${routes.cartCount.method} ${routes.cartCount.path}`]);

const canvas = (page: Page) => page.getByTestId('mockup-canvas');

/** The alpha of the canvas's pixel at its centre (0: nothing drawn there). */
const centreAlpha = (page: Page) =>
  canvas(page)
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(c.width / 2, c.height / 2, 1, 1).data[3]);

const png = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
      <rect width="300" height="200" fill="#0ea5e9"/><circle cx="150" cy="100" r="60" fill="#fde047"/></svg>`),
  )
    .png()
    .toBuffer();

describe('the design-mockup prototype', () => {
  test('says it is a prototype, works on its own and calls no API', async () => {
    const { page } = await run.session();
    await logIn(page, 'demo');

    // Every API call made while this page is open (the home page's own calls may still be going out as the menu is
    // clicked): only the frame's may happen.
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/') && new URL(page.url()).pathname === '/design-mockup')
        calls.push(`${req.method()} ${url.pathname}`);
    });

    // Reached from the side menu, and loaded afresh at its address.
    await page.getByRole('menuitem', { name: '设计样机（原型）' }).click();
    await waitForPath(page, '/design-mockup');
    await page.reload();
    const banner = page.getByTestId('mockup-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('原型页面：本页不连接服务器，内容为示例');
    expect(await banner.getByRole('link', { name: '去产品库打开设计器' }).getAttribute('href')).toBe('/products');
    expect(await canvas(page).getAttribute('data-items')).toBe('0');
    expect(await centreAlpha(page)).toBe(0);

    // The search and the category picker filter the grid.
    const grid = page.getByTestId('mockup-grid');
    await page.getByLabel('按名称搜索').fill('卫衣');
    await expect.poll(() => grid.getByRole('button').allTextContents()).toEqual(['灰色卫衣']);
    await page.getByLabel('按名称搜索').fill('');
    const option = (name: string) =>
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${name}$`) });
    await page.getByLabel('分类', { exact: true }).click();
    await option('家居').click();
    await expect.poll(() => grid.getByRole('button').allTextContents()).toEqual(['方形抱枕', '白色马克杯']);
    await page.getByLabel('子分类', { exact: true }).click();
    await option('马克杯').click();
    await expect.poll(() => grid.getByRole('button').allTextContents()).toEqual(['白色马克杯']);

    // A sample goes onto the canvas (drawn at its centre), selected; the preview shows it on each colour.
    await grid.getByRole('button', { name: '放到画布：白色马克杯' }).click();
    await expect.poll(() => canvas(page).getAttribute('data-items')).toBe('1');
    await expect.poll(() => centreAlpha(page)).toBe(255);
    await page.getByTestId('mockup-on-canvas').getByText('白色马克杯').waitFor();
    const preview = page.getByRole('img', { name: '白色T恤效果图' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    // A background from its tab fills the canvas behind.
    await page.getByRole('tab', { name: '背景' }).click();
    await page.getByRole('button', { name: '设为背景：海洋渐变' }).click();
    await expect.poll(() => canvas(page).getAttribute('data-background')).toBe('true');
    await windowShot(page, run.dir, '01-sample-on-canvas');

    // Escape lets the picture go; a click on it selects it again; Delete removes it.
    await canvas(page).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => canvas(page).getAttribute('data-selected')).toBe('');
    await canvas(page).click();
    await expect.poll(() => canvas(page).getAttribute('data-selected')).not.toBe('');
    await page.keyboard.press('Delete');
    await expect.poll(() => canvas(page).getAttribute('data-items')).toBe('0');

    // A PNG is read here and put on the canvas; a text file named .png is refused, by its content.
    const file = page.getByLabel('选择 JPG 或 PNG 图片');
    await file.setInputFiles({ name: 'upload.png', mimeType: 'image/png', buffer: await png() });
    await expect.poll(() => canvas(page).getAttribute('data-items')).toBe('1');
    await page.getByTestId('mockup-on-canvas').getByText('upload.png').waitFor();
    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, named like a picture') });
    await toast(page, '只能上传 JPG 或 PNG 图片：“notes.png”不是').waitFor();
    expect(await canvas(page).getAttribute('data-items')).toBe('1');

    // The quantity refuses 0 and a decimal, and goes back to the last good one when left.
    const quantity = page.getByLabel('数量', { exact: true });
    await quantity.fill('0');
    await page.getByText('数量须为 1–9999 的整数', { exact: true }).waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    await quantity.press('Tab');
    await toast(page, '数量须为 1–9999 的整数，已恢复为 1').waitFor();
    expect(await quantity.inputValue()).toBe('1');
    expect(await quantity.getAttribute('aria-invalid')).toBe('false');
    await quantity.fill('3');
    await quantity.press('Tab');
    expect(await quantity.inputValue()).toBe('3');
    await quantity.fill('1.5');
    await page.getByText('数量须为 1–9999 的整数', { exact: true }).waitFor();
    await quantity.press('Tab');
    expect(await quantity.inputValue()).toBe('3');

    // The buttons say they are a prototype and where the real editor is.
    await page.getByRole('button', { name: /加入购物车$/ }).click();
    await toast(page, '原型按钮：请在设计器中加入购物车/保存').waitFor();
    const notice = page.getByTestId('mockup-prototype-notice');
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: '去产品库打开设计器' }).getAttribute('href')).toBe('/products');
    // 保存 says the same in a toast of its own (counted as it is added: the first one may still be on screen).
    await page.evaluate(() => {
      const w = window as unknown as { toastsAdded: string[] };
      w.toastsAdded = [];
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) if (n instanceof HTMLElement && n.closest('.ant-message')) w.toastsAdded.push(n.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: /保\s*存$/ }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { toastsAdded: string[] }).toastsAdded.some((t) => t.includes('原型按钮：请在设计器中加入购物车/保存')),
        ),
      )
      .toBe(true);
    await windowShot(page, run.dir, '02-prototype-buttons');

    // Nothing but the frame's own calls: the page itself asked the server nothing.
    expect(calls.filter((c) => !SHELL_CALLS.has(c))).toEqual([]);
  });
});
