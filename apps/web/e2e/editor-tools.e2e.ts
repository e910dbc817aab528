import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { message, routes } from '@app/contract';
import type { Layer } from '@app/design';
import { api } from './api';
import { demoTshirt } from './catalogue';
import {
  canvasPoint,
  layerNames,
  localImage,
  localPng,
  openEditor,
  pixelsNear,
  present,
  PURPLE,
  setText,
  tab,
  type EditorDebug,
} from './editorPage';
import { buttonName, logIn, toast, useBrowser } from './harness';

/**
 * The design editor's tools (docs/editor.md#the-screen) as a seller meets them in headless Chromium, on the demo T-shirt (design
 * areas 正面 and 背面) against the real server: crop, copy to another design area, the eyedropper, the full-size
 * cutpiece preview, the live mockup preview, editing a text on the canvas with a double tap, restacking layers
 * by dragging their rows, tiling on a browser without canvas patterns, clearing the canvas, the shortcut list
 * and the auxiliary grid.
 */

const run = useBrowser('editor-tools');

declare const window: { __editor: EditorDebug };

/** A fresh session logged in as demo, on the editor of the demo T-shirt's first SKU (with `?debug`). */
async function editorSession(opts: { initScript?: () => void } = {}) {
  const s = await run.session();
  if (opts.initScript) await s.page.addInitScript(opts.initScript);
  await logIn(s.page, 'demo');
  const tshirt = await demoTshirt(s.page.request);
  await openEditor(s.page, { product_id: tshirt.productId, attr_id: tshirt.attrId, debug: 1 });
  return { ...s, ...tshirt };
}

// ── The editor's controls ──────────────────────────────────────────────────────────────────────────────

const textButton = (page: Page) => page.getByRole('button', { name: /文\s*字$/ });
const toolbar = (page: Page) => page.getByTestId('editor-toolbar');
const cropTool = (page: Page) => toolbar(page).getByRole('button', { name: '裁剪图片' });

/**
 * A dialog by its title. Not by role and name: the e2e build runs with NODE_ENV=test, where every dialog's
 * title gets the id "test-id" (rc-util's useId), so their accessible names collide.
 */
const modal = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) });

/** Adds the local image (localPng) and waits for it in the layer list and on the canvas. */
async function addLocalImage(page: Page, name = 'tools-local.png') {
  const before = (await layerNames(page)).length;
  await localImage(page).setInputFiles({ name, mimeType: 'image/png', buffer: await localPng() });
  await expect.poll(async () => (await layerNames(page)).length).toBe(before + 1);
  await page.locator('[data-testid="editor-stage"][data-interactive="true"]').waitFor();
}

/** Adds a text layer and gives it `text`. */
async function addText(page: Page, text: string) {
  await textButton(page).click();
  await expect.poll(() => page.getByTestId('layer-tools').getByLabel('文字内容').inputValue()).toBe('双击编辑文字');
  await setText(page, text);
}

/** The current area's layers, bottom first, as the editor holds them. */
async function layers(page: Page): Promise<Layer[]> {
  const state = await present(page);
  return [...(state.areas[state.currentAreaId]?.layers ?? [])];
}

async function selectedLayer(page: Page): Promise<Layer | undefined> {
  const state = await present(page);
  return state.areas[state.currentAreaId]?.layers.find((l) => l.id === state.selectedId);
}

/** Picks an entry of the toolbar's 复制到 menu. */
async function copyTo(page: Page, entry: '全部设计区域' | '正面' | '背面') {
  await toolbar(page)
    .getByRole('button', { name: /复制到/ })
    .click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Distance between two colours (sum over r, g, b). */
const colourDistance = (a: readonly number[], b: readonly number[]) => a.slice(0, 3).reduce((d, v, i) => d + Math.abs(v - b[i]!), 0);

/** An rgb()/rgba() string's channels. */
const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);

describe('design editor tools', () => {
  test('crops an uploaded image (zoom, rotate 90°, confirm) into a new material; no crop for text or tiled layers', async () => {
    const { page, shot } = await editorSession();
    await addLocalImage(page, 'crop-me.png');
    const before = (await selectedLayer(page))!;
    // Placed inside the design area (414 px wide on the demo T-shirt's front), 3:2 as the picture.
    expect(before).toMatchObject({ type: 'image', width: 414, height: 276 });

    await cropTool(page).click();
    const dialog = modal(page, '裁剪');
    const size = dialog.getByTestId('crop-size');
    await expect.poll(() => size.textContent()).toBe('裁剪后 300 × 200 像素');

    /** Bright purple pixels of the picture in the dialog's stage. */
    const purpleInDialog = () =>
      page.evaluate(
        ({ rgb }) => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="crop-stage"] canvas')!;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let n = 0;
          for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) <= 30) n++;
          return n;
        },
        { rgb: PURPLE },
      );
    await expect.poll(purpleInDialog).toBeGreaterThan(50_000);
    const fitted = await purpleInDialog();
    await shot('01-crop-dialog');

    // Zoom (0.05 a click) magnifies the view only: the picture grows, the cut stays the whole image.
    const zoomIn = dialog.getByRole('button', { name: /放\s*大$/ });
    for (let i = 0; i < 4; i++) await zoomIn.click();
    await expect.poll(purpleInDialog).toBeGreaterThan(fitted * 1.05);
    expect(await size.textContent()).toBe('裁剪后 300 × 200 像素');
    await dialog.getByRole('button', { name: /缩\s*小$/ }).click();

    // A quarter turn: the cut becomes portrait.
    await dialog.getByRole('button', { name: /旋转90°$/ }).click();
    await expect.poll(() => size.textContent()).toBe('裁剪后 200 × 300 像素');
    await shot('02-crop-rotated');

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === routes.materialUploadCrop.path);
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    expect((await uploaded).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });

    // The layer shows the cut: a new material, portrait, in place of the original picture.
    await expect.poll(async () => (await selectedLayer(page))?.src).not.toBe(before.src);
    const after = (await selectedLayer(page))!;
    expect(after.id).toBe(before.id);
    expect(after.sourceid).not.toBeNull();
    expect(after.sourceid).not.toBe(before.sourceid);
    expect(after).toMatchObject({ x: before.x, y: before.y, width: 276, height: 414 });
    const material = await api(page.request, routes.materialInfo, { query: { id: after.sourceid! } });
    expect(material).toMatchObject({ width: 200, height: 300 });
    expect([material.thumb1200, material.img_url]).toContain(after.src);
    const library = await api(page.request, routes.materialList, { query: { pageNumber: 1, pageSize: 20 } });
    expect(library.source_list.map((m) => m.id)).toContain(material.id);

    // Turned clockwise: the white disc (left of the original) is now at the top, the yellow bar below it.
    const cut = await page.request.get(after.src);
    expect(cut.status()).toBe(200);
    const { data, info } = await sharp(await cut.body())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([200, 300]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(colourDistance(pixel(100, 90), [255, 255, 255])).toBeLessThan(30);
    expect(colourDistance(pixel(100, 215), [0xfa, 0xcc, 0x15])).toBeLessThan(30);
    expect(colourDistance(pixel(20, 20), PURPLE)).toBeLessThan(30);
    // The canvas draws the new picture: the layer is portrait now, 276×414.
    await page.locator('[data-testid="editor-stage"][data-interactive="true"]').waitFor();
    await expect.poll(() => pixelsNear(page, PURPLE)).toBeGreaterThan(70_000);
    await shot('03-cropped-on-canvas');

    // Crop is for untiled images only: not offered for a text layer, nor once the image is tiled.
    await expect(cropTool(page).count()).resolves.toBe(1);
    await addText(page, 'NO CROP');
    await expect.poll(() => cropTool(page).count()).toBe(0);
    await page.getByTestId('layer-list').getByText('图片 1', { exact: true }).click();
    await expect.poll(() => cropTool(page).count()).toBe(1);
    const basic = page.getByRole('button', { name: buttonName('基础平铺') });
    await basic.click();
    await expect.poll(() => basic.getAttribute('class')).toContain('ant-btn-primary');
    await expect.poll(() => cropTool(page).count()).toBe(0);
    await shot('04-tiled-no-crop');
    await basic.click();
    await expect.poll(() => cropTool(page).count()).toBe(1);
  });

  test('copies the design to the other design area, one area and all areas; the current area is refused', async () => {
    const { page, shot } = await editorSession();
    await addText(page, 'COPY 正面');

    // Mode 4, to 背面: the seller stays on 正面, and 背面 shows the copy.
    await copyTo(page, '背面');
    await toast(page, message('copySuccessful')).waitFor();
    await expect(tab(page, '正面').getAttribute('aria-selected')).resolves.toBe('true');
    await shot('10-copied-to-back');
    await toast(page, message('copySuccessful')).waitFor({ state: 'detached' });
    await tab(page, '背面').click();
    await expect.poll(() => layerNames(page)).toEqual(['COPY 正面']);
    await shot('11-back-shows-copy');

    // To the area one is on: nothing to copy.
    await copyTo(page, '背面');
    await toast(page, message('alreadyOnMask')).waitFor();
    expect(message('alreadyOnMask')).toBe('已在当前遮罩上，无需复制');
    expect(await layerNames(page)).toEqual(['COPY 正面']);
    await shot('12-already-on-mask');

    // Mode 5, from 正面 with an image added: every other area gets all its layers (and loses what it had).
    await tab(page, '正面').click();
    await expect.poll(() => layerNames(page)).toEqual(['COPY 正面']);
    await addLocalImage(page);
    await expect.poll(() => layerNames(page)).toEqual(['图片 2', 'COPY 正面']);
    await copyTo(page, '全部设计区域');
    await toast(page, message('copySuccessful')).waitFor();
    const state = await present(page);
    expect(state.areas.back?.layers.map((l) => l.type)).toEqual(['text', 'image']);
    await tab(page, '背面').click();
    await expect.poll(() => layerNames(page)).toEqual(['图片 2', 'COPY 正面']);
    await page.locator('[data-testid="editor-stage"][data-interactive="true"]').waitFor();
    await expect.poll(() => pixelsNear(page, PURPLE)).toBeGreaterThan(20_000);
    await shot('13-back-after-copy-all');
  });

  test('the eyedropper takes a colour of the canvas as the background colour', async () => {
    const { page, shot } = await editorSession();
    await addLocalImage(page);
    const image = (await selectedLayer(page))!;
    // A purple part of the picture (below the disc and the bar), and a point of the design area it does not
    // cover (above it): the garment's photo shows there until the area has a background colour
    // (docs/editor.md#the-garment-behind-the-area).
    const purple = await canvasPoint(page, image.x, image.y + image.height * 0.4);
    const uncovered = { x: 300, y: 40 };
    const corner = await canvasPoint(page, uncovered.x, uncovered.y);
    const stagePixel = (x: number, y: number) =>
      page.evaluate(
        ({ x, y }) => [
          ...window.__editor.stage().toCanvas({ x, y, width: 1, height: 1, pixelRatio: 1 }).getContext('2d')!.getImageData(0, 0, 1, 1).data,
        ],
        { x, y },
      );
    expect(colourDistance(await stagePixel(uncovered.x, uncovered.y), PURPLE)).toBeGreaterThan(100);

    const dropper = toolbar(page).getByRole('button', { name: '吸管：点击画布取色作为背景色' });
    await dropper.click();
    await expect.poll(() => dropper.getAttribute('aria-pressed')).toBe('true');
    await toast(page, '点击画布上的颜色').waitFor();
    await shot('20-eyedropper-on');
    await page.mouse.click(purple.x, purple.y);

    // The area's background is that purple: in the state, behind the picture, and in the colour control.
    await expect.poll(async () => (await present(page)).areas.front?.background).toMatch(/^rgba\(/);
    const background = (await present(page)).areas.front!.background;
    expect(colourDistance(channels(background), PURPLE), background).toBeLessThan(10);
    expect(channels(background)[3]).toBe(1);
    await expect.poll(async () => colourDistance(await stagePixel(uncovered.x, uncovered.y), PURPLE)).toBeLessThan(10);
    await expect(dropper.getAttribute('aria-pressed')).resolves.toBe('false');
    const swatch = toolbar(page).locator('.ant-color-picker-color-block-inner');
    expect(colourDistance(channels(await swatch.evaluate((e) => getComputedStyle(e).backgroundColor)), PURPLE)).toBeLessThan(10);
    // The picked colour did not select or move anything: a click with the eyedropper only reads.
    expect((await selectedLayer(page))?.id).toBe(image.id);
    expect((await layers(page)).map((l) => [l.x, l.y])).toEqual([[image.x, image.y]]);
    await page.mouse.move(corner.x, corner.y);
    await shot('21-eyedropper-picked');
  });

  test('views the full-size cutpieces from the mockup preview, one page per design area', async () => {
    const { page, shot } = await editorSession();
    const preview = page.getByTestId('mockup-preview');
    const viewCutpiece = preview.getByRole('button', { name: '查看裁片' });
    // Nothing designed, nothing to show.
    await expect(viewCutpiece.isDisabled()).resolves.toBe(true);
    await addLocalImage(page);
    await viewCutpiece.click();

    const dialog = modal(page, '全尺寸裁片预览');
    const svg = dialog.getByTestId('cutpiece-svg');
    await svg.waitFor();
    // The front's pattern, with the design composed into it.
    const front = new URL((await svg.getAttribute('data'))!, 'http://x');
    expect(front.searchParams.get('area_id')).toBe('front');
    const composed = front.searchParams.get('img')!;
    expect(composed).toMatch(/composed/);
    /** What the embedded SVG document shows: its labels, and where its design image comes from. */
    const drawn = () =>
      svg.evaluate((o: HTMLObjectElement) => ({
        text: o.contentDocument?.documentElement.textContent ?? '',
        href: o.contentDocument?.querySelector('image')?.getAttribute('href') ?? null,
      }));
    await expect.poll(async () => (await drawn()).text).toContain('前片 FRONT');
    expect((await drawn()).href).toContain(new URL(composed, 'http://x').pathname);
    await dialog.getByText('正面 · 正面', { exact: true }).waitFor();
    const pageInput = dialog.locator('.ant-pagination-simple-pager input');
    await expect(pageInput.inputValue()).resolves.toBe('1');
    await expect(dialog.locator('.ant-pagination-simple').innerText()).resolves.toMatch(/\/\s*2/);
    await shot('30-cutpiece-front');

    // Page 2: the back's pattern, empty (nothing designed there).
    const areaShown = async () => new URL((await svg.getAttribute('data')) ?? '/', 'http://x').searchParams.get('area_id');
    await dialog.locator('.ant-pagination-next').click();
    await expect.poll(areaShown).toBe('back');
    await expect(pageInput.inputValue()).resolves.toBe('2');
    expect(new URL((await svg.getAttribute('data'))!, 'http://x').searchParams.has('img')).toBe(false);
    await dialog.getByText('背面 · 背面', { exact: true }).waitFor();
    await expect.poll(async () => (await drawn()).text).toContain('后片 BACK');
    expect((await drawn()).href).not.toContain('composed');
    await shot('31-cutpiece-back');

    await dialog.locator('.ant-pagination-prev').click();
    await expect.poll(areaShown).toBe('front');
    await expect.poll(async () => (await drawn()).text).toContain('前片 FRONT');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('the live mockup preview follows the edits, switches SKU and opens large', async () => {
    const { page, shot, product, attrId } = await editorSession();
    const preview = page.getByTestId('mockup-preview');
    const mockup = preview.getByRole('img', { name: '效果预览' }).first();
    const mockupSrc = async () => ((await mockup.count()) ? await mockup.getAttribute('src') : null);
    /**
     * Does `change`, then waits for the preview's answer for a design holding `text` on `skuId` (after the
     * debounce) and for the preview to show it; answers the picture's URL.
     */
    const previewAfter = async (change: () => Promise<void>, text: string, skuId: number) => {
      const answered = page.waitForResponse(
        (r) => {
          if (new URL(r.url()).pathname !== routes.mockupPreview.path) return false;
          const body = r.request().postDataJSON() as { sku_ids: number[]; extends: string };
          return body.sku_ids[0] === skuId && body.extends.includes(text);
        },
        { timeout: 30_000 },
      );
      // Should `change` fail, this wait must not be left to reject unheard once the page closes.
      answered.catch(() => undefined);
      await change();
      const { data } = (await (await answered).json()) as { data: { list: { attr_id: number; images: string[] }[] } };
      const url = data.list.find((l) => l.attr_id === skuId)!.images[0]!;
      await expect.poll(mockupSrc, { timeout: 10_000 }).toBe(url);
      return url;
    };
    await preview.getByText('添加图片或文字后显示效果图').waitFor();
    expect(await mockupSrc()).toBeNull();
    // Every design the preview asks the server for (it must never ask for the empty one: a blank product would show).
    const designsAsked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === routes.mockupPreview.path) designsAsked.push((r.postDataJSON() as { extends: string }).extends);
    });

    // A design: after the quiet time the mockup appears.
    const first = await previewAfter(() => addText(page, 'PREVIEW 1'), 'PREVIEW 1', attrId);
    expect((await page.request.get(first)).headers()['content-type']).toMatch(/^image\//);
    await shot('40-preview-first');

    // An edit: the mockup is recomposed.
    const second = await previewAfter(() => setText(page, 'PREVIEW 2 改'), 'PREVIEW 2 改', attrId);
    expect(second).not.toBe(first);
    await shot('41-preview-updated');

    // Another colour of the blank: asked for that SKU, another picture.
    const current = product.attr_list.find((a) => a.id === attrId)!;
    const other = product.attr_list.find((a) => a.color !== current.color)!;
    const third = await previewAfter(
      async () => {
        await preview.getByRole('combobox', { name: '预览的颜色和尺码' }).click();
        await page
          .locator('.ant-select-item-option')
          .filter({ hasText: `${other.color} / ${other.size}` })
          .click();
        await expect.poll(() => preview.locator('.ant-select-content').innerText()).toBe(`${other.color} / ${other.size}`);
        // Until that SKU's mockup arrives, the last one stays (a design is there: no "add an image or text").
        expect(await preview.getByText('添加图片或文字后显示效果图').count()).toBe(0);
        expect(await mockupSrc()).toBe(second);
      },
      'PREVIEW 2 改',
      other.id,
    );
    expect(third).not.toBe(second);
    await shot('42-preview-other-sku');

    // View large: the same mockup, big.
    await preview.getByRole('button', { name: '查看大图' }).click();
    const large = page.locator('.ant-image-preview-img');
    await large.waitFor();
    expect(await large.getAttribute('src')).toBe(third);
    await expect.poll(async () => (await large.boundingBox())?.width ?? 0).toBeGreaterThan(290);
    await shot('43-preview-large');
    await page.keyboard.press('Escape');
    await large.waitFor({ state: 'hidden' });

    expect(designsAsked.length).toBeGreaterThanOrEqual(3);
    expect(designsAsked.filter((d) => (JSON.parse(d) as { areas: unknown[] }).areas.length === 0)).toEqual([]);
  });

  test('a double tap on a text of the canvas edits it in place: Enter or leaving the field applies, Escape cancels', async () => {
    const { page, shot } = await editorSession();
    await addText(page, 'TAP ME');
    const text = (await selectedLayer(page))!;
    const at = await canvasPoint(page, text.x, text.y);
    const overlay = page.getByTestId('text-edit-overlay');

    await page.mouse.dblclick(at.x, at.y);
    await overlay.waitFor();
    expect(await overlay.inputValue()).toBe('TAP ME');
    // The whole text is selected: typing replaces it.
    await page.keyboard.type('双击 EDIT');
    await shot('50-text-overlay');
    await page.keyboard.press('Enter');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => layerNames(page)).toEqual(['双击 EDIT']);
    expect((await selectedLayer(page))?.text).toBe('双击 EDIT');
    await shot('51-text-applied-enter');

    // Leaving the field applies too.
    await page.mouse.dblclick(at.x, at.y);
    await overlay.waitFor();
    await page.keyboard.type('BLUR');
    await page.getByRole('heading', { name: '经典纯棉圆领T恤' }).click();
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => layerNames(page)).toEqual(['BLUR']);

    // Escape keeps the text.
    await page.mouse.dblclick(at.x, at.y);
    await overlay.waitFor();
    await page.keyboard.type('NOT KEPT');
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(await layerNames(page)).toEqual(['BLUR']);

    // Each applied edit is one undo step.
    await toolbar(page).getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => layerNames(page)).toEqual(['双击 EDIT']);
  });

  test('drags layer rows to restack the layers', async () => {
    const { page, shot } = await editorSession();
    await addLocalImage(page);
    await addText(page, 'MIDDLE');
    await addText(page, 'TOP');
    expect(await layerNames(page)).toEqual(['TOP', 'MIDDLE', '图片 1']);
    const row = (name: string) => page.getByTestId('layer-row').filter({ hasText: name });
    const order = async () => (await layers(page)).map((l) => (l.type === 'text' ? l.text : 'image'));
    expect(await order()).toEqual(['image', 'MIDDLE', 'TOP']);

    // The image from the bottom onto the top row: it goes on top.
    await row('图片 1').dragTo(row('TOP'));
    await expect.poll(() => layerNames(page)).toEqual(['图片 3', 'TOP', 'MIDDLE']);
    expect(await order()).toEqual(['MIDDLE', 'TOP', 'image']);
    await shot('60-dragged-image-to-top');

    // The top text onto the bottom row: it goes to the bottom.
    await row('TOP').dragTo(row('MIDDLE'));
    await expect.poll(() => layerNames(page)).toEqual(['图片 3', 'MIDDLE', 'TOP']);
    expect(await order()).toEqual(['TOP', 'MIDDLE', 'image']);
    await shot('61-dragged-text-to-bottom');

    // A drag is one undo step.
    await toolbar(page).getByRole('button', { name: '撤销' }).click();
    await expect.poll(order).toEqual(['MIDDLE', 'TOP', 'image']);
  });

  test('a browser without canvas patterns is told to switch to Chrome, and the layer stays untiled', async () => {
    const { page, shot } = await editorSession({
      initScript: () => {
        CanvasRenderingContext2D.prototype.createPattern = () => null;
      },
    });
    await addLocalImage(page);
    const basic = page.getByRole('button', { name: buttonName('基础平铺') });
    await basic.click();
    await toast(page, message('tilingUnsupported')).waitFor();
    expect(message('tilingUnsupported')).toBe('浏览器不支持平铺，请切换到Chrome');
    await page.getByRole('button', { name: buttonName('镜像平铺') }).click();
    await shot('70-tiling-unsupported');
    expect(await selectedLayer(page)).toMatchObject({ putu: 0, putustr: '' });
    expect(await basic.getAttribute('class')).not.toContain('ant-btn-primary');
    await expect(toolbar(page).getByRole('button', { name: '撤销' }).isDisabled()).resolves.toBe(false);
    // Nothing recorded for the refused tiling: one undo removes the image itself.
    await toolbar(page).getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => layerNames(page)).toEqual([]);
  });

  test('clears the canvas after its confirmation, lists the shortcuts and draws the auxiliary grid', async () => {
    const { page, shot } = await editorSession();

    // The grid: light lines over the whole canvas, away again when toggled off.
    // #94a3b8 lines, 0.5 px wide at 0.6 opacity: a quarter-covered pixel each side, this pale blue-grey on white.
    const GRID: [number, number, number] = [239, 241, 244];
    // Measured on white: the garment's photo behind the area hidden once it has loaded.
    await expect.poll(() => page.evaluate(() => window.__editor.stage().findOne('.garment-photo')?.hide() !== undefined)).toBe(true);
    const gridButton = toolbar(page).getByRole('button', { name: '辅助网格' });
    const before = await pixelsNear(page, GRID, 6);
    await gridButton.click();
    await expect.poll(() => gridButton.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => pixelsNear(page, GRID, 6)).toBeGreaterThan(before + 3000);
    await shot('80-grid-on');
    await gridButton.click();
    await expect.poll(() => pixelsNear(page, GRID, 6)).toBeLessThan(before + 100);

    // The shortcut list.
    await toolbar(page)
      .getByRole('button', { name: buttonName('快捷键') })
      .click();
    const list = page.locator('.ant-popover').filter({ hasText: 'Shift+R' });
    await list.waitFor();
    await expect(list.locator('tbody tr').count()).resolves.toBe(10);
    for (const [keys, action] of [
      ['Shift+R', '清空画布'],
      ['Ctrl+Alt+Z', '撤销'],
      ['Ctrl+Z / Alt+Z', '放大 / 缩小'],
    ])
      await expect(list.locator('tr').filter({ hasText: keys }).first().innerText()).resolves.toContain(action);
    await shot('81-shortcuts');
    // The same button closes it.
    await toolbar(page)
      .getByRole('button', { name: buttonName('快捷键') })
      .click();
    await list.waitFor({ state: 'hidden' });

    // Clear: asked first; cancelling keeps everything, confirming empties the design area.
    await addLocalImage(page);
    await addText(page, 'CLEAR ME');
    const clear = toolbar(page).getByRole('button', { name: '清空画布' });
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '清空当前设计区域的所有图层？' });
    await clear.click();
    await confirm.waitFor();
    await shot('82-clear-confirm');
    // The pointer leaves the clear button, so its tooltip (over 取消, which the pointer would then hover and
    // keep it open) goes away.
    await page.mouse.move(0, 0);
    await confirm.getByRole('button', { name: buttonName('取消') }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await layerNames(page)).toEqual(['CLEAR ME', '图片 1']);
    await clear.click();
    await confirm.getByRole('button', { name: buttonName('确定') }).click();
    await expect.poll(() => layerNames(page)).toEqual([]);
    expect(await layers(page)).toEqual([]);
    await expect.poll(() => pixelsNear(page, PURPLE)).toBe(0);
    await shot('83-cleared');
    // One undo brings it all back.
    await toolbar(page).getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => layerNames(page)).toEqual(['CLEAR ME', '图片 1']);
  });
});
