import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { demoTshirt } from './catalogue';
import { layerNames, localImage, openEditor, present, type EditorDebug } from './editorPage';
import { buttonName, logIn, useBrowser } from './harness';

/**
 * The editor at a seller's 1440×900 screen, on the demo T-shirt: the save actions in view once the live preview
 * has loaded, a large uploaded picture placed inside the design area, the cart quantity never left empty
 * (docs/editor.md).
 */

const run = useBrowser('editor-panel');

declare const window: { __editor: EditorDebug; scrollY: number };

const ORANGE: [number, number, number] = [0xf9, 0x73, 0x16];

/** 3000×1000, orange: far wider than any design area, so a placement 600 px wide would spill past it. */
const widePng = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 3, background: { r: ORANGE[0], g: ORANGE[1], b: ORANGE[2] } } })
    .png()
    .toBuffer();

async function editorSession() {
  const s = await run.session();
  await logIn(s.page, 'demo');
  const tshirt = await demoTshirt(s.page.request);
  await openEditor(s.page, { product_id: tshirt.productId, attr_id: tshirt.attrId, debug: 1 });
  return s;
}

/** Uploads the wide picture as a local image and waits until the canvas has drawn it. */
async function addWideImage(page: Page) {
  await localImage(page).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await widePng() });
  await expect.poll(() => layerNames(page)).toEqual(['图片 1']);
  await page.locator('[data-testid="editor-stage"][data-interactive="true"]').waitFor();
}

/** Orange pixels of the design canvas inside and outside a box of the 600×600 editor space. */
function orangeInAndOut(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    ({ rgb, box }) => {
      const canvas = window.__editor.stage().toCanvas({ pixelRatio: 1 });
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let inside = 0;
      let outside = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) > 30) continue;
        const x = (i / 4) % canvas.width;
        const y = Math.floor(i / 4 / canvas.width);
        // Half a pixel of slack: the picture's edge is anti-aliased onto the box's border.
        if (x >= Math.floor(box.x) && x < Math.ceil(box.x + box.width) && y >= Math.floor(box.y) && y < Math.ceil(box.y + box.height))
          inside++;
        else outside++;
      }
      return { inside, outside };
    },
    { rgb: ORANGE, box },
  );
}

describe('the design editor at 1440×900', () => {
  test('keeps every save action in view once the live preview has loaded, with a layer selected', async () => {
    const { page } = await editorSession();
    await addWideImage(page);
    // The live preview: the design on the blank, its mockups loaded.
    const mockups = page.getByTestId('mockup-preview').locator('img');
    await expect
      .poll(() => mockups.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // The image is selected: its tools (the tallest state of the panel) show above the layer list and preview.
    await page.getByRole('button', { name: buttonName('基础平铺') }).waitFor();

    const viewport = page.viewportSize()!;
    expect(viewport).toEqual({ width: 1440, height: 900 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const controls = {
      修改当前尺码: page.getByRole('button', { name: buttonName('修改当前尺码') }),
      修改所有尺码: page.getByRole('button', { name: buttonName('修改所有尺码') }),
      '加入购物车（不覆盖）': page.getByRole('button', { name: buttonName('加入购物车（不覆盖）') }),
      数量: page.getByLabel('数量'),
    };
    for (const [name, control] of Object.entries(controls)) {
      const box = (await control.boundingBox())!;
      expect(box.y, name).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, name).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    }
    await page.screenshot({ path: `${run.dir}/01-save-actions-in-view.png` });
  });

  test('places a large uploaded image inside the design area, centred, its aspect ratio kept', async () => {
    const { page } = await editorSession();
    await addWideImage(page);
    const state = await present(page);
    const area = state.areaList.find((a) => a.id === state.currentAreaId)!.bbox;
    const layer = state.areas[state.currentAreaId]!.layers[0]!;
    // As wide as the area (the picture is wider than tall), a third of that high, centred on the area.
    expect(layer.width * layer.scale).toBeCloseTo(area.width, 3);
    expect((layer.width / layer.height) * 1000).toBeCloseTo(3000, 0);
    expect(layer.x).toBeCloseTo(area.x + area.width / 2, 3);
    expect(layer.y).toBeCloseTo(area.y + area.height / 2, 3);
    // On the canvas: orange inside the area's box, none outside it.
    const { inside, outside } = await orangeInAndOut(page, area);
    expect(inside).toBeGreaterThan(area.width * (area.width / 3) * 0.9);
    expect(outside).toBe(0);
    await page.screenshot({ path: `${run.dir}/02-wide-image-fitted.png` });
  });

  test('an emptied cart quantity shows 1 again when left, and 1 is what is added to the cart', async () => {
    const { page } = await editorSession();
    await addWideImage(page);
    const quantity = page.getByLabel('数量');
    await quantity.fill('3');
    await quantity.press('Tab');
    await expect.poll(() => quantity.inputValue()).toBe('3');
    await quantity.fill('');
    expect(await quantity.inputValue()).toBe('');
    await quantity.press('Tab');
    await expect.poll(() => quantity.inputValue()).toBe('1');

    // Emptied again and the cart button pressed straight away: the field shows 1 and the cart gets 1.
    await quantity.fill('');
    const added = page.waitForRequest((r) => new URL(r.url()).pathname === routes.cartAdd.path);
    await page.getByRole('button', { name: buttonName('加入购物车（不覆盖）') }).click();
    expect((await added).postDataJSON()).toMatchObject({ num: 1 });
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await page.screenshot({ path: `${run.dir}/03-quantity-back-to-1.png` });
  });
});
