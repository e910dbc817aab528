import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Konva from 'konva';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { message, routes, type DataOf, type JobView, type MaterialItem } from '@app/contract';
import { parseDesign } from '@app/design';
import { textDesign as oneTextDesign } from '@app/design/fixtures';
import { demoTshirt } from './catalogue';
import { layerNames, localImage, localPng, openEditor, pixelsNear, PURPLE, setText, tab, type EditorDebug } from './editorPage';
import { api } from './api';
import { baseURL, buttonName, logIn, toast, useBrowser } from './harness';
import { finishedCount, finishedVariants } from './finishedApi';

/**
 * The design editor's flows (docs/editor.md) as a seller goes through them in headless Chromium, on the demo T-shirt
 * (design areas 正面 and 背面, 8 colours × 5 sizes) against the real server: a design from scratch saved for all
 * sizes, switching design areas, undo and redo, re-designing a finished product, adding to the cart.
 */

const run = useBrowser('editor-flows');
const session = () => run.session();

declare const window: { __editor: EditorDebug };

/** The toast after saving in mode 1 or 2 (docs/messages.md#editor-messages: the materials are recomposed, the finished images follow). */
const SAVED = message('recomposeDone');

// ── Pictures ───────────────────────────────────────────────────────────────────────────────────────────

/** 200×200 orange and teal stripes: the material of the library. */
const stripesPng = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
      ${[0, 1, 2, 3, 4].map((i) => `<rect y="${i * 40}" width="200" height="40" fill="${i % 2 ? '#0d9488' : '#f97316'}"/>`).join('')}</svg>`),
  )
    .png()
    .toBuffer();

// ── The server's side ──────────────────────────────────────────────────────────────────────────────────

type Started = DataOf<typeof routes.synthesisCreate>;

/** Waits for a synthesis job to end (done or failed) and answers its last view. */
async function synthesisOutcome(page: Page, taskId: string): Promise<JobView> {
  let job: JobView | undefined;
  await expect
    .poll(
      async () => {
        job = (await api(page.request, routes.jobStatus, { query: { task_id: taskId } })).list[0];
        return job?.status;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toMatch(/^(done|failed)$/);
  return job!;
}

/** The saved design of a finished product (its layer record), by design area id. */
async function layerRecord(page: Page, keyId: string) {
  const record = await api(page.request, routes.designLayerlog, { body: { key_id: keyId } });
  return new Map(parseDesign(record.layerdata).areas.map((a) => [String(a.id), a.layers]));
}

/** A design of one text layer on the front, as a finished product made elsewhere (API, batch design) holds it. */
const textDesign = (text: string) => oneTextDesign(text, { id: 't1', fontSize: 36, width: 320, height: 50 });

describe('design editor flows', () => {
  test('designs from scratch with a local image, a material, text and tiling, and saves for all sizes (mode 2)', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { product, productId, attrId } = await demoTshirt(page.request);
    // A material in the library, so the material grid has one to pick.
    const material: MaterialItem = await api(page.request, routes.materialUpload, {
      multipart: { file: { name: 'flow-stripes.png', mimeType: 'image/png', buffer: await stripesPng() }, fid: '0', name: 'flow-stripes' },
    });

    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    expect(await layerNames(page)).toEqual([]);

    // Local image: through the hidden input of the 本地图片 button. It fills the design area's width (414 px).
    await localImage(page).setInputFiles({ name: 'flow-local.png', mimeType: 'image/png', buffer: await localPng() });
    await toast(page, message('addedSuccessfully')).waitFor();
    await expect.poll(() => layerNames(page)).toEqual(['图片 1']);
    await expect.poll(() => pixelsNear(page, PURPLE)).toBeGreaterThan(70_000);

    // Shrunk to half (scale step 0.1), then tiled: the picture repeats over the design area.
    const shrink = page.getByRole('button', { name: '缩小' });
    for (let i = 0; i < 5; i++) await shrink.click();
    await expect.poll(() => pixelsNear(page, PURPLE)).toBeLessThan(50_000);
    const untiled = await pixelsNear(page, PURPLE);
    const basic = page.getByRole('button', { name: buttonName('基础平铺') });
    await basic.click();
    await expect.poll(() => basic.getAttribute('class')).toContain('ant-btn-primary');
    await expect.poll(() => pixelsNear(page, PURPLE)).toBeGreaterThan(untiled * 2);
    await shot('01-scratch-tiled');

    // A material from the grid (shrunk so the tiles show around it), then the default text, changed.
    await page.getByTestId('material-panel').getByRole('button', { name: material.name }).click();
    await expect.poll(() => layerNames(page)).toEqual(['图片 2', '图片 1']);
    for (let i = 0; i < 6; i++) await shrink.click();
    await page.getByRole('button', { name: /文\s*字$/ }).click();
    await expect.poll(() => page.getByLabel('文字内容').inputValue()).toBe('双击编辑文字');
    await setText(page, 'FLOW 2024');
    expect(await layerNames(page)).toEqual(['FLOW 2024', '图片 2', '图片 1']);
    await shot('02-scratch-layers');

    // Save for all sizes (mode 2): a fresh design creates a finished product and starts its synthesis.
    const createdResponse = page.waitForResponse((r) => new URL(r.url()).pathname === routes.synthesisCreate.path);
    await page.getByRole('button', { name: buttonName('修改所有尺码') }).click();
    const created = ((await (await createdResponse).json()) as { code: number; data: Started }).data;
    await toast(page, SAVED).waitFor();
    await shot('03-scratch-saved');

    const job = await synthesisOutcome(page, created.task_id);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ finished_id: created.id, key_id: created.key_id });

    // Every colour × size variant got its mockups (mode 2: all sizes).
    const variants = await finishedVariants(page.request, created.id);
    expect(variants.map((v) => v.sku_id).sort((a, b) => a - b)).toEqual(product.attr_list.map((a) => a.id).sort((a, b) => a - b));
    expect(new Set(variants.map((v) => v.size))).toEqual(new Set(product.sizes));
    // One design for every size: each size of a colour shows the same mockups (one per view showing the front).
    for (const v of variants) {
      expect(v.img_urls.length, `${v.color}/${v.size}`).toBeGreaterThan(0);
      expect(v.img_urls, `${v.color}/${v.size}`).toEqual(variants.find((o) => o.color === v.color)!.img_urls);
    }
    for (const color of new Set(variants.map((v) => v.color))) {
      const url = variants.find((v) => v.color === color)!.img_urls[0]!;
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type'], url).toMatch(/^image\//);
    }
    const parent = variants.find((v) => v.sku_id === attrId)!;
    // The parent variant's first mockup, kept beside the screenshots (as PNG) to be looked at.
    const mockup = await (await page.request.get(parent.img_urls[0]!)).body();
    await writeFile(path.join(run.dir, `04-mockup-${parent.color}-${parent.size}.png`), await sharp(mockup).png().toBuffer());

    // What was saved: the tiled half-size local image, the material and the text, bottom to top.
    const front = (await layerRecord(page, created.key_id)).get('front')!;
    expect(front.map((l) => l.type)).toEqual(['image', 'image', 'text']);
    expect(front[0]).toMatchObject({ putu: 1, putustr: '1', scale: 0.5 });
    expect(front[1]).toMatchObject({ sourceid: material.id, putu: 0, scale: 0.4 });
    expect(front[2]).toMatchObject({ text: 'FLOW 2024' });
  }, 150_000);

  test('switches to the other design area and back: each keeps its own layers, and both are saved (mode 1)', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { productId, attrId } = await demoTshirt(page.request);
    await openEditor(page, { product_id: productId, attr_id: attrId });
    await expect(tab(page, '正面').getAttribute('aria-selected')).resolves.toBe('true');

    await page.getByRole('button', { name: /文\s*字$/ }).click();
    await setText(page, 'FRONT 正面');
    await shot('10-front-text');

    // The back starts blank: none of the front's layers.
    await tab(page, '背面').click();
    await expect(tab(page, '背面').getAttribute('aria-selected')).resolves.toBe('true');
    await expect.poll(() => layerNames(page)).toEqual([]);
    await localImage(page).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await localPng() });
    await toast(page, message('addedSuccessfully')).waitFor();
    await expect.poll(() => layerNames(page)).toEqual(['图片 1']);
    await shot('11-back-image');

    // Back and forth: each area comes back with its own layers only.
    await tab(page, '正面').click();
    await expect.poll(() => layerNames(page)).toEqual(['FRONT 正面']);
    await shot('12-front-again');
    await tab(page, '背面').click();
    await expect.poll(() => layerNames(page)).toEqual(['图片 1']);

    const createdResponse = page.waitForResponse((r) => new URL(r.url()).pathname === routes.synthesisCreate.path);
    await page.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    const created = ((await (await createdResponse).json()) as { data: Started }).data;
    await toast(page, SAVED).waitFor();

    const record = await layerRecord(page, created.key_id);
    expect(record.get('front')?.map((l) => [l.type, l.text])).toEqual([['text', 'FRONT 正面']]);
    expect(record.get('back')?.map((l) => l.type)).toEqual(['image']);

    // Re-opened, the finished product shows the front; the back comes from its saved layers.
    await openEditor(page, { key_id: created.key_id, product_id: productId });
    await expect.poll(() => layerNames(page)).toEqual(['FRONT 正面']);
    await tab(page, '背面').click();
    await expect.poll(() => layerNames(page)).toEqual(['图片 1']);
    await shot('13-reopened-back');
  });

  test('undoes and redoes a 4 px nudge with the toolbar and the keyboard; the canvas follows', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { productId, attrId } = await demoTshirt(page.request);
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    await page.getByRole('button', { name: /文\s*字$/ }).click();
    await page.getByLabel('文字内容').waitFor();

    /** The selected layer's centre in the editor state and as the canvas draws it (the transformer's node). */
    const position = () =>
      page.evaluate(() => {
        const state = window.__editor.history().present;
        const area = state.areas[state.currentAreaId]!;
        const layer = area.layers.find((l) => l.id === state.selectedId)!;
        const node = window.__editor.stage().findOne<Konva.Transformer>('Transformer')!.nodes()[0]!;
        return { x: layer.x, y: layer.y, drawn: { x: node.x(), y: node.y() } };
      });
    const at = (x: number, y: number) => ({ x, y, drawn: { x, y } });
    const start = await position();
    const { x, y } = start;
    expect(start).toEqual(at(x, y));

    // Arrow keys move the selected layer 4 px (docs/limits.md#editor); the text field does not have the focus.
    await page.getByTestId('editor-stage').hover();
    await page.keyboard.press('ArrowRight');
    await expect.poll(position).toEqual(at(x + 4, y));
    await page.keyboard.press('ArrowDown');
    await expect.poll(position).toEqual(at(x + 4, y + 4));
    await shot('20-nudged');

    const undo = page.getByRole('button', { name: '撤销' });
    const redo = page.getByRole('button', { name: '重做' });
    await expect(redo.isDisabled()).resolves.toBe(true);
    await undo.click();
    await expect.poll(position).toEqual(at(x + 4, y));
    await undo.click();
    await expect.poll(position).toEqual(at(x, y));
    await shot('21-undone-toolbar');
    await redo.click();
    await expect.poll(position).toEqual(at(x + 4, y));

    // Keyboard: Ctrl+Alt+Z undoes, Ctrl+Shift+Z redoes (Ctrl+Z is the product's enlarge, docs/editor.md#undo-and-redo).
    await page.keyboard.press('Control+Alt+z');
    await expect.poll(position).toEqual(at(x, y));
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(position).toEqual(at(x + 4, y));
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(position).toEqual(at(x + 4, y + 4));
    await expect(redo.isDisabled()).resolves.toBe(true);
    await shot('22-redone-keyboard');

    // A new change after an undo drops the redo steps.
    await page.keyboard.press('Control+Alt+z');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(position).toEqual(at(x, y));
    await expect(redo.isDisabled()).resolves.toBe(true);
  });

  test('re-designs an existing finished product in place: designResave for the current size, no new finished product', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { product, productId, attrId } = await demoTshirt(page.request);
    const original = await api(page.request, routes.synthesisCreate, {
      body: { product_id: productId, attr_id: attrId, extends: textDesign('ORIGINAL 原稿'), source_ids: '', is_online: 0 },
    });
    expect((await synthesisOutcome(page, original.task_id)).status).toBe('done');
    const imagesBefore = new Map((await finishedVariants(page.request, original.id)).map((v) => [v.key_id, v.img_urls]));
    const finishedBefore = await finishedCount(page.request);

    await openEditor(page, { key_id: original.key_id, product_id: productId });
    await expect.poll(() => layerNames(page)).toEqual(['ORIGINAL 原稿']);
    await shot('30-redesign-opened');
    await page.getByTestId('layer-list').getByText('ORIGINAL 原稿', { exact: true }).click();
    await setText(page, 'CHANGED 改稿');
    expect(await layerNames(page)).toEqual(['CHANGED 改稿']);

    const resaveRequest = page.waitForRequest((r) => new URL(r.url()).pathname === routes.designResave.path);
    const resaveResponse = page.waitForResponse((r) => new URL(r.url()).pathname === routes.designResave.path);
    await page.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    expect((await resaveRequest).postDataJSON()).toMatchObject({ key_id: original.key_id, type: 1 });
    const resaved = (await (await resaveResponse).json()) as { code: number; data: Started };
    expect(resaved).toMatchObject({ code: 1, data: { id: original.id, key_id: original.key_id } });
    await toast(page, SAVED).waitFor();
    await shot('31-redesign-saved');
    expect(await finishedCount(page.request), 'no new finished product').toBe(finishedBefore);

    // Mode 1: the current size (the parent variant's) of every colour gets new images, the other sizes keep theirs.
    expect((await synthesisOutcome(page, resaved.data.task_id)).status).toBe('done');
    const current = product.attr_list.find((a) => a.id === attrId)!.size;
    const variants = await finishedVariants(page.request, original.id);
    for (const v of variants) {
      if (v.size === current) expect(v.img_urls, `${v.color}/${v.size}`).not.toEqual(imagesBefore.get(v.key_id));
      else expect(v.img_urls, `${v.color}/${v.size}`).toEqual(imagesBefore.get(v.key_id));
    }
    const parent = variants.find((v) => v.sku_id === attrId)!;
    expect((await layerRecord(page, parent.key_id)).get('front')!.map((l) => l.text)).toEqual(['CHANGED 改稿']);

    // Re-designed again from the same finished product, the editor opens on the new design.
    expect((await layerRecord(page, original.key_id)).get('front')!.map((l) => l.text)).toEqual(['CHANGED 改稿']);
    await openEditor(page, { key_id: original.key_id, product_id: productId });
    await expect.poll(() => layerNames(page)).toEqual(['CHANGED 改稿']);
  }, 120_000);

  test('re-designing a sub-account’s finished product: its parent may, its sibling is told to log in to the owning account', async () => {
    const a = await run.browser.newContext({ baseURL });
    let foreign: Started;
    try {
      await api(a.request, routes.login, { body: { username: 'demo-a', password: 'demo1234' } });
      const { productId, attrId } = await demoTshirt(a.request);
      foreign = await api(a.request, routes.synthesisCreate, {
        body: { product_id: productId, attr_id: attrId, extends: textDesign('BY DEMO-A'), source_ids: '', is_online: 0 },
      });
    } finally {
      await a.close();
    }

    const parent = await session();
    await logIn(parent.page, 'demo');
    await openEditor(parent.page, { key_id: foreign.key_id });
    await expect.poll(() => layerNames(parent.page)).toEqual(['BY DEMO-A']);

    const sibling = await session();
    await logIn(sibling.page, 'demo-b');
    await sibling.page.goto(`/design?key_id=${foreign.key_id}`);
    await sibling.page.locator('.ant-result-title').getByText(message('designOwnerLogin')).waitFor();
    expect(await sibling.page.getByTestId('editor-stage').count()).toBe(0);
    await sibling.shot('32-other-account');
  });

  test('adds the design to the cart with a quantity (mode 7) without making a finished product', async () => {
    const s = await session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { productId, attrId } = await demoTshirt(page.request);
    const cartBefore = new Set((await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list.map((i) => i.id));
    const finishedBefore = await finishedCount(page.request);

    await openEditor(page, { product_id: productId, attr_id: attrId });
    await page.getByRole('button', { name: /文\s*字$/ }).click();
    await setText(page, 'CART 购物车');
    const addToCart = async () => {
      const response = page.waitForResponse((r) => new URL(r.url()).pathname === routes.cartAdd.path);
      await page.getByRole('button', { name: buttonName('加入购物车（不覆盖）') }).click();
      expect(((await (await response).json()) as { code: number }).code).toBe(1);
      await toast(page, message('addedSuccessfully')).first().waitFor();
    };
    await page.getByRole('spinbutton', { name: '数量' }).fill('3');
    await addToCart();
    await shot('40-added-to-cart');

    // An emptied quantity counts as 1 (docs/editor.md#cart-quantity).
    await page.getByRole('spinbutton', { name: '数量' }).fill('');
    await addToCart();

    const added = (await api(page.request, routes.cartList, { query: { pageSize: 200 } })).list.filter((i) => !cartBefore.has(i.id));
    // Newest first: the emptied quantity, then the 3.
    expect(added.map((i) => ({ product_id: i.product_id, attr_id: i.attr_id, num: i.num }))).toEqual([
      { product_id: productId, attr_id: attrId, num: 1 },
      { product_id: productId, attr_id: attrId, num: 3 },
    ]);
    expect(await finishedCount(page.request), 'mode 7 makes no finished product').toBe(finishedBefore);
  });
});
