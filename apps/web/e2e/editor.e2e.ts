import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { message } from '@app/contract';
import { demoTshirt } from './catalogue';
import { buttonName, logIn, toast, useBrowser, type Session } from './harness';

/**
 * The design editor page /design (docs/editor.md) on a real product — a small generated demo
 * T-shirt imported into the e2e server's data — adding and changing a text layer, undo/redo, and saving
 * in mode 1 ("修改当前尺码", a new finished product through POST /api/synthesis/create).
 */

const browser = useBrowser('editor');
/** The two tests tell one flow: the second goes on in the editor the first saved in. */
let session: Session;
beforeAll(async () => {
  session = await browser.session({ wholeFile: true });
});

describe('design editor', () => {
  test('adds a text layer, changes it, undoes and redoes, and saves in mode 1', async () => {
    const { page, shot, pageErrors } = session;
    await logIn(page, 'demo');
    const { productId, attrId } = await demoTshirt(page.request);

    const started = Date.now();
    await page.goto(`/design?product_id=${productId}&attr_id=${attrId}`);
    const stage = page.getByTestId('editor-stage').locator('canvas').first();
    await stage.waitFor();
    console.log(`editor interactive after ${Date.now() - started} ms`);
    await page.getByText('绿色虚线区域必须完全铺满').waitFor();
    await shot('01-opened');

    // Add the default text layer: it is selected, so the text tools appear.
    await page.getByRole('button', { name: /文\s*字$/ }).click();
    const textInput = page.getByLabel('文字内容');
    await textInput.waitFor();
    expect(await textInput.inputValue()).toBe('双击编辑文字');
    await shot('02-text-added');

    // Change it: the text, then the size.
    await textInput.fill('Hello POD 你好');
    await textInput.press('Enter');
    await page.getByRole('spinbutton', { name: '字号' }).fill('48');
    await page.getByRole('spinbutton', { name: '字号' }).press('Enter');
    await expect.poll(() => page.getByLabel('文字内容').inputValue()).toBe('Hello POD 你好');
    await shot('03-text-changed');

    // Undo the size, then the text; redo the text.
    const undo = page.getByRole('button', { name: '撤销' });
    const redo = page.getByRole('button', { name: '重做' });
    await undo.click();
    await expect.poll(() => page.getByRole('spinbutton', { name: '字号' }).inputValue()).toBe('20');
    await undo.click();
    await expect.poll(() => page.getByLabel('文字内容').inputValue()).toBe('双击编辑文字');
    await shot('04-undone');
    await redo.click();
    await expect.poll(() => page.getByLabel('文字内容').inputValue()).toBe('Hello POD 你好');
    await redo.click();
    await expect.poll(() => page.getByRole('spinbutton', { name: '字号' }).inputValue()).toBe('48');
    await shot('05-redone');

    // The canvas shows something besides white: the text drawn by packages/design's render().
    // The stage draws on several canvases (one per Konva layer; the selected layer has its own): count opaque dark pixels on all.
    const inked = await page.evaluate(() => {
      let dark = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="editor-stage"] canvas')) {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 128 && data[i]! < 80 && data[i + 1]! < 80 && data[i + 2]! < 80) dark++;
      }
      return dark;
    });
    expect(inked, 'dark text pixels on the canvas').toBeGreaterThan(200);

    // Save mode 1: a finished product is created and its synthesis starts.
    await page.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    await toast(page, message('recomposeDone')).waitFor();
    await shot('06-saved');
    expect(pageErrors).toEqual([]);
  });

  test('refuses a wrong local file, uploads an image, tiles, drags and adds to the cart (mode 7)', async () => {
    const { page, shot, pageErrors } = session;
    const upload = page.locator('input[type=file]');

    // docs/messages.md#validation: only jpeg, png and jpg.
    await upload.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await toast(page, '只能上传 jpeg、png、jpg 格式的图片').waitFor();

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
      <rect width="300" height="200" fill="#1d4ed8"/><circle cx="210" cy="80" r="50" fill="#facc15"/>
      <rect x="20" y="120" width="120" height="50" fill="#dc2626"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    await upload.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
    await toast(page, '添加成功').waitFor();
    // The upload joins the seller's materials, and the new image layer is selected.
    await page.getByTestId('material-panel').getByRole('button', { name: 'poster' }).waitFor();
    await page.getByRole('button', { name: buttonName('基础平铺') }).waitFor();
    await shot('07-image-added');

    // Tiling on, then off by clicking the active mode.
    await page.getByRole('button', { name: buttonName('镜像平铺') }).click();
    await shot('08-tiled-mirror');
    await page.getByRole('button', { name: buttonName('镜像平铺') }).click();

    // Drag the image by its centre 60 px right and 40 px down: the layer follows, one undo step.
    const box = (await page.getByTestId('editor-stage').boundingBox())!;
    const cx = box.x + 1 + 300;
    const cy = box.y + 1 + 300;
    await page.mouse.move(cx, cy + 30);
    await page.mouse.down();
    await page.mouse.move(cx + 30, cy + 50, { steps: 5 });
    await page.mouse.move(cx + 60, cy + 70, { steps: 5 });
    await shot('09-dragging');
    await page.mouse.up();
    await shot('10-dragged');

    // Drag it back to 2 px off the canvas centre: it snaps there (docs/editor.md#layer-rules, 5 px) and the guides show meanwhile.
    await page.mouse.move(cx + 60, cy + 70);
    await page.mouse.down();
    await page.mouse.move(cx + 30, cy + 50, { steps: 5 });
    await page.mouse.move(cx + 2, cy + 32, { steps: 5 });
    await shot('10b-snapping-guides');
    await page.mouse.up();

    // The layer list: hide the image (the text of the first test shows again), then show it.
    const list = page.getByTestId('layer-list');
    await list.getByRole('button', { name: '隐藏' }).first().click();
    await list.getByRole('button', { name: '显示' }).waitFor();
    await shot('10c-image-hidden');
    await list.getByRole('button', { name: '显示' }).click();

    // Add to cart, quantity 3.
    await page.getByRole('spinbutton', { name: '数量' }).fill('3');
    await page.getByRole('button', { name: buttonName('加入购物车（不覆盖）') }).click();
    await toast(page, '添加成功').waitFor();
    const cart = await page.request.get('/api/cart/getlist');
    const items = ((await cart.json()) as { data: { list: { num: number }[] } }).data.list;
    expect(items.map((i) => i.num)).toContain(3);
    await shot('11-added-to-cart');

    // Switching design areas: the back starts blank, the front comes back from memory.
    await page.getByRole('tab', { name: '背面' }).click();
    await expect.poll(() => page.getByTestId('layer-list').count()).toBe(0);
    await shot('12-back-area');
    await page.getByRole('tab', { name: '正面' }).click();
    await expect.poll(() => page.getByTestId('layer-list').getByText('Hello POD 你好').count()).toBe(1);

    // Keyboard (docs/editor.md#the-screen): Ctrl+S shows the save notice.
    await page.getByTestId('editor-stage').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+s');
    await toast(page, /保存/).first().waitFor();
    await shot('13-front-again-ctrl-s');
    expect(pageErrors).toEqual([]);
  });
});
