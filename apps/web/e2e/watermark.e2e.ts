import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { buttonName, logIn, toast, useBrowser, waitForPath } from './harness';

/**
 * Watermarks (docs/watermarks.md): create a text and an image watermark with the live
 * preview following the fields, edit one, delete one and batch-delete the rest.
 */
const run = useBrowser('watermark', { demoTshirt: false });

/** A small RGBA PNG by hand (a red badge with a transparent border), so the test needs no image library. */
function badgePng(w = 120, h = 60): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x > 6 && x < w - 6 && y > 6 && y < h - 6;
      rows.set(inside ? [220, 40, 40, 255] : [0, 0, 0, 0], y * (w * 4 + 1) + 1 + x * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const previewSrc = (page: Page) => page.getByTestId('wm-preview').getAttribute('src');
/** Waits for the preview to show a picture other than `before`, and returns its address. */
async function nextPreview(page: Page, before: string | null): Promise<string> {
  await expect.poll(() => previewSrc(page), { timeout: 15_000 }).not.toBe(before);
  const src = await previewSrc(page);
  expect(src).toMatch(/^blob:/);
  // Drawn: the image decoded to its 1000 px width.
  await expect.poll(() => page.getByTestId('wm-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
  return src!;
}

describe('watermarks', () => {
  test('create text and image watermarks with a live preview, edit, delete', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const tag = Date.now() % 100_000;
    const textName = `店铺水印 ${tag}`;
    const imageName = `图片水印 ${tag}`;
    const dialog = page.locator('.ant-modal');
    const save = () => dialog.getByRole('button', { name: buttonName('保存') }).click();

    await logIn(page, 'demo');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '水印管理' }).click();
    await waitForPath(page, '/watermark');

    // A text watermark: no preview until it has text, then one per change.
    await page.getByRole('button', { name: /新建水印/ }).click();
    await dialog.getByTestId('preview-problem').getByText('请输入水印文字').waitFor();
    await dialog.getByLabel('水印名称', { exact: true }).fill(textName);
    await dialog.getByLabel('水印文字', { exact: true }).fill('SHOP 小店');
    const first = await nextPreview(page, null);
    await shot('01-text-preview-bottom-right');
    await dialog.getByRole('radio', { name: '左上' }).click();
    expect(await dialog.getByRole('radio', { name: '左上' }).getAttribute('aria-checked')).toBe('true');
    const moved = await nextPreview(page, first);
    await dialog.getByLabel('不透明度 (%)').fill('100');
    await dialog.getByLabel('不透明度 (%)').blur();
    await dialog.getByLabel('旋转角度 (°)').fill('-20');
    await dialog.getByLabel('旋转角度 (°)').blur();
    const rotated = await nextPreview(page, moved);
    await shot('02-text-preview-top-left');
    // Another design font and a dark colour: the preview follows each.
    await dialog.getByLabel('字体', { exact: true }).click();
    await page.locator('.ant-select-item-option[title="Anton 球衣号码"]').click();
    const anton = await nextPreview(page, rotated);
    await dialog.locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-color-picker-input input').first();
    await hex.fill('1A2B3C');
    await hex.press('Enter');
    await dialog.getByText('#1A2B3C').waitFor();
    await dialog.getByText('水印名称').first().click();
    await nextPreview(page, anton);
    await shot('02a-font-and-colour');
    // An invalid size: the preview says why, with the server's message.
    await dialog.getByLabel('字号', { exact: true }).fill('7');
    await dialog.getByTestId('preview-problem').getByText('字号须是8到400之间的整数').waitFor();
    await shot('02b-invalid-size');
    await dialog.getByLabel('字号', { exact: true }).fill('72');
    await save();
    await toast(page, '水印已保存').first().waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const textRow = page.locator('.ant-table-row', { hasText: textName });
    await textRow.waitFor();
    expect(await textRow.innerText()).toContain('SHOP 小店');
    expect(await textRow.innerText()).toContain('左上');
    // The list shows the text in its colour.
    expect(await textRow.getByText('SHOP 小店').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(26, 43, 60)');
    expect(await textRow.innerText()).toContain('Anton 球衣号码 · 72px');

    // An image watermark from an uploaded PNG.
    await page.getByRole('button', { name: /新建水印/ }).click();
    await dialog.getByLabel('水印名称', { exact: true }).fill(imageName);
    await dialog.getByText('图片', { exact: true }).click();
    await dialog.getByTestId('preview-problem').getByText('请上传水印图片（PNG）').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: badgePng() });
    await toast(page, '图片已上传').first().waitFor();
    await expect.poll(() => dialog.getByTestId('wm-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    const withImage = await nextPreview(page, null);
    await dialog.getByRole('radio', { name: '正中' }).click();
    await nextPreview(page, withImage);
    await shot('03-image-preview-centre');
    await save();
    await toast(page, '水印已保存').first().waitFor();
    const imageRow = page.locator('.ant-table-row', { hasText: imageName });
    await imageRow.waitFor();
    await expect.poll(() => imageRow.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await shot('04-list');

    // Edit the text watermark: the form opens with its fields, the preview follows the change.
    await textRow.getByRole('button', { name: /编辑/ }).click();
    expect(await dialog.getByLabel('水印名称', { exact: true }).inputValue()).toBe(textName);
    const editing = await nextPreview(page, null);
    await dialog.getByLabel('水印文字', { exact: true }).fill('EDITED');
    await dialog.getByRole('radio', { name: '右下' }).click();
    await nextPreview(page, editing);
    await shot('05-edit');
    await save();
    await toast(page, '水印已保存').first().waitFor();
    await expect.poll(() => textRow.innerText()).toContain('EDITED');
    expect(await textRow.innerText()).toContain('右下');

    // Delete the image one, after the confirmation.
    await imageRow.getByRole('button', { name: new RegExp(`删除 ${imageName}`) }).click();
    await page.locator('.ant-popconfirm').getByText('是否确认删除?').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await toast(page, '已删除 1 个水印').waitFor();
    await expect.poll(() => imageRow.count()).toBe(0);

    // Batch delete what is left of this run.
    await textRow.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量删除（1）/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await expect.poll(() => textRow.count()).toBe(0);
    await shot('06-deleted');

    expect(s.pageErrors).toEqual([]);
    await s.close();
  });
});
