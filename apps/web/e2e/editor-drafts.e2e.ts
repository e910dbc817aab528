import type Konva from 'konva';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { message, routes, type DataOf } from '@app/contract';
import { demoTshirt } from './catalogue';
import { rowKeys } from './finishedApi';
import { layerNames, openEditor, present, setText, tab, type EditorDebug } from './editorPage';
import { buttonName, logIn, toast, useBrowser, waitForPath } from './harness';

/**
 * Never lose a design (docs/editor.md#drafts): the editor warns before leaving with unsaved changes, keeps a draft per
 * blank that it offers back, links a save to its finished product, answers a bad link with a way back, and
 * shows the blank's photo behind the design area.
 */

const run = useBrowser('editor-drafts');
declare const window: { __editor: EditorDebug };

const textButton = (page: Page) => page.getByRole('button', { name: /文\s*字$/ });
const back = (page: Page) => page.getByTestId('editor-back');
const leaveDialog = (page: Page) => page.locator('.ant-modal', { hasText: '设计还没有保存' });

/** Where the seller comes from: the home page, then the editor on the demo T-shirt (a history entry to go back to). */
async function fromHome(page: Page) {
  await logIn(page, 'demo');
  const tshirt = await demoTshirt(page.request);
  await openEditor(page, { product_id: tshirt.productId, attr_id: tshirt.attrId, debug: 1 });
  return tshirt;
}

/** Collects the dialogs the browser shows (beforeunload among them): accepted, or dismissed while `stay` says so. */
function dialogs(page: Page) {
  const seen = { types: [] as string[], stay: false };
  page.on('dialog', (d) => {
    seen.types.push(d.type());
    void (seen.stay ? d.dismiss() : d.accept());
  });
  return seen;
}

const interactive = (page: Page) => page.locator('[data-testid="editor-stage"][data-interactive="true"]').waitFor();

describe('never lose a design (docs/editor.md#drafts)', () => {
  test('warns before leaving a changed design (tab close, Back, in-app link) and not a clean one', async () => {
    const { page, shot } = await run.session();
    await fromHome(page);
    const seen = dialogs(page);

    // Clean: reloading asks nothing, and the back link goes home at once.
    await page.getByTestId('editor-stage').click({ position: { x: 5, y: 5 } });
    await page.reload();
    await interactive(page);
    await page.getByTestId('editor-stage').click({ position: { x: 5, y: 5 } });
    await back(page).click();
    await waitForPath(page, '/');
    await page.goBack();
    await interactive(page);
    expect(seen.types).toEqual([]);

    // Changed: a text layer.
    await textButton(page).click();
    await expect.poll(() => layerNames(page)).toEqual(['双击编辑文字']);

    // The back link asks first; staying keeps the editor and the design.
    await back(page).click();
    await leaveDialog(page).waitFor();
    await shot('01-leave-warning');
    await leaveDialog(page)
      .getByRole('button', { name: buttonName('留下') })
      .click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/design');
    expect(await layerNames(page)).toEqual(['双击编辑文字']);

    // The browser's history buttons within the app (here Forward, to the home page) ask the same.
    await page.evaluate(() => history.forward());
    await leaveDialog(page).waitFor();
    await leaveDialog(page)
      .getByRole('button', { name: buttonName('留下') })
      .click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/design');

    // Back out of the app's page (to the page before it was loaded): the browser's own leave prompt; staying keeps all.
    seen.stay = true;
    await page.evaluate(() => history.back());
    await expect.poll(() => seen.types).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe('/design');
    expect(await layerNames(page)).toEqual(['双击编辑文字']);

    // Closing the tab or reloading: the same prompt.
    seen.stay = false;
    await page.reload();
    expect(seen.types).toEqual(['beforeunload', 'beforeunload']);
  }, 120_000);

  test('offers the draft left on the next visit: restoring gives the same design in every area, declining discards it', async () => {
    const { page, shot } = await run.session();
    const { productId, attrId } = await fromHome(page);
    dialogs(page);

    // The design left: a text on the front, a background colour and a text on the back (never saved).
    await textButton(page).click();
    await setText(page, 'DRAFT FRONT');
    await tab(page, '背面').click();
    await textButton(page).click();
    await setText(page, 'DRAFT BACK');
    const left = await present(page);

    // Leaving through the back link, confirmed.
    await back(page).click();
    await leaveDialog(page)
      .getByRole('button', { name: buttonName('离开') })
      .click();
    await waitForPath(page, '/');

    // The next visit offers it; restoring gives back both areas as left.
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    const offer = page.getByTestId('draft-offer');
    await offer.waitFor();
    expect(await layerNames(page)).toEqual([]);
    await shot('02-draft-offered');
    await offer.getByRole('button', { name: buttonName('恢复草稿') }).click();
    await expect.poll(() => layerNames(page)).toEqual(['DRAFT BACK']);
    const restored = await present(page);
    for (const area of ['front', 'back']) {
      const design = (s: typeof left) => s.areas[area] ?? s.saved[area];
      expect(design(restored)).toEqual(design(left));
    }
    expect(restored.currentAreaId).toBe('back');
    await tab(page, '正面').click();
    await expect.poll(() => layerNames(page)).toEqual(['DRAFT FRONT']);
    await shot('03-draft-restored');

    // Declining discards it: the visit after that opens blank and offers nothing.
    await back(page).click();
    await leaveDialog(page)
      .getByRole('button', { name: buttonName('离开') })
      .click();
    await waitForPath(page, '/');
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    await offer.getByRole('button', { name: buttonName('放弃') }).click();
    await offer.waitFor({ state: 'hidden' });
    await page.reload();
    await interactive(page);
    expect(await offer.count()).toBe(0);
    expect(await layerNames(page)).toEqual([]);
  }, 120_000);

  test('an offered draft outlives new work begun before answering, a second clean tab, and is never offered to another account', async () => {
    const { page, context } = await run.session();
    // The browser's clock, moved by the test where it checks that nothing was written (it runs on by itself meanwhile).
    await context.clock.install();
    const { productId, attrId } = await fromHome(page);
    dialogs(page);
    // Each stored draft's key and design (its areas; the time it was written aside).
    const drafts = (p: Page) =>
      p.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('editor.draft.'))
          .map((k) => [k, JSON.stringify((JSON.parse(localStorage.getItem(k)!) as { areas: unknown }).areas)] as const),
      );

    await textButton(page).click();
    await setText(page, 'FIRST VISIT');
    await expect.poll(async () => (await drafts(page)).length).toBe(1);
    await back(page).click();
    await leaveDialog(page)
      .getByRole('button', { name: buttonName('离开') })
      .click();
    await waitForPath(page, '/');
    // The draft as the first visit left it (written last as the editor went away).
    const [[key, kept]] = (await drafts(page)) as [[string, string]];
    expect(kept).toContain('FIRST VISIT');

    // Next visit: the offer stands while the seller starts something else without answering it.
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    await page.getByTestId('draft-offer').waitFor();
    await textButton(page).click();
    await expect.poll(() => layerNames(page)).toEqual(['双击编辑文字']);
    await page.clock.runFor(600); // past the draft's write delay (300 ms): a write would have happened by now
    expect(await drafts(page)).toEqual([[key, kept]]);

    // A second tab on the same blank, left clean and closed, leaves the draft alone.
    const second = await context.newPage();
    await openEditor(second, { product_id: productId, attr_id: attrId, debug: 1 });
    await second.getByTestId('draft-offer').waitFor();
    await second.getByTestId('editor-stage').click({ position: { x: 5, y: 5 } });
    await second.clock.runFor(600);
    await second.close({ runBeforeUnload: true });
    expect(await drafts(page)).toEqual([[key, kept]]);

    // Another account on the same browser opens the same blank: nothing offered.
    await logIn(page, 'demo-a');
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    await page.clock.runFor(600);
    expect(await page.getByTestId('draft-offer').count()).toBe(0);
    expect(await layerNames(page)).toEqual([]);
  }, 120_000);

  test('a save clears the draft and its message links to the finished product in the list', async () => {
    const { page, shot } = await run.session();
    const { productId, attrId } = await fromHome(page);
    await textButton(page).click();
    await setText(page, 'SAVED LINK');
    const createdResponse = page.waitForResponse((r) => new URL(r.url()).pathname === routes.synthesisCreate.path);
    await page.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    const created = ((await (await createdResponse).json()) as { data: DataOf<typeof routes.synthesisCreate> }).data;
    const done = toast(page, message('recomposeDone'));
    await done.first().waitFor();
    await shot('04-saved-with-link');

    // Saved: leaving asks nothing, and no draft is offered next time.
    await page.goto('/');
    await openEditor(page, { product_id: productId, attr_id: attrId, debug: 1 });
    expect(await page.getByTestId('draft-offer').count()).toBe(0);

    // Saved again, then the link in the message: the finished list filtered to that product.
    await textButton(page).click();
    await page.getByRole('button', { name: buttonName('修改当前尺码') }).click();
    await page.locator('.ant-message').getByRole('link', { name: '查看成品' }).click();
    await page.waitForURL((url) => url.pathname === '/finished' && url.searchParams.has('key_id'));
    const keyId = new URL(page.url()).searchParams.get('key_id')!;
    expect(keyId).not.toBe(created.key_id);
    await page.locator('.finished-table tbody tr.plain-table-row').first().waitFor();
    await expect.poll(() => rowKeys(page)).toEqual([keyId]);
    await shot('05-finished-filtered');
  }, 120_000);

  test('a product, SKU or finished product that does not exist: a clear message and a way back', async () => {
    const { page, shot } = await run.session();
    await logIn(page, 'demo');
    const { productId } = await demoTshirt(page.request);
    await page.goto('/design?product_id=999999&attr_id=1');
    await page.locator('.ant-result-title').getByText(message('catalogueProductNotFound')).waitFor();
    expect(await page.getByTestId('editor-stage').count()).toBe(0);
    await shot('06-product-missing');
    await page.getByRole('button', { name: /返\s*回$/ }).click();
    await waitForPath(page, '/');

    await page.goto(`/design?product_id=${productId}&attr_id=999999`);
    await page.locator('.ant-result-title').getByText(message('catalogueSkuNotFound')).waitFor();
    expect(await page.getByTestId('editor-stage').count()).toBe(0);
    // A finished product the account cannot reach (or gone): the answer of docs/messages.md#errors, and a way back.
    await page.goto('/design?key_id=FP999999999');
    await page.locator('.ant-result-title').getByText(message('designOwnerLogin')).waitFor();
    await page.getByRole('button', { name: /返回首页$/ }).click();
    await waitForPath(page, '/');
  }, 120_000);

  test("shows the blank's photo in the chosen colour behind the design area, outside the design", async () => {
    const { page, shot } = await run.session();
    const { product } = await fromHome(page);
    // The garment is drawn on its own backdrop layer: nothing of it is in the design.
    await expect
      .poll(() => page.evaluate(() => (window.__editor.stage().findOne('.garment') as Konva.Layer | undefined)?.getChildren().length ?? 0))
      .toBe(2);
    const state = await present(page);
    expect(state.areas.front?.layers ?? []).toEqual([]);
    const hasPhoto = product.design_list[0]!.templatelayer.some((l) => l.color === product.attr_list[0]!.color);
    expect(hasPhoto).toBe(true);
    // A non-white garment (a dark SKU) shows as its colour around the area.
    const photoOf = (color: string) => product.design_list[0]!.templatelayer.find((l) => l.color === color && l.base)!.base;
    const shownPhoto = () =>
      page.evaluate(() => {
        const img = (window.__editor.stage().findOne('.garment-photo') as Konva.Image | undefined)?.image();
        return img instanceof HTMLImageElement ? new URL(img.src).pathname : null;
      });
    await expect.poll(shownPhoto).toBe(new URL(photoOf(product.attr_list[0]!.color), 'http://x').pathname);
    const dark = product.attr_list.find((a) => a.color !== product.attr_list[0]!.color)!;
    expect(photoOf(dark.color)).not.toBe(photoOf(product.attr_list[0]!.color));
    await openEditor(page, { product_id: product.id, attr_id: dark.id, debug: 1 });
    await expect
      .poll(() => page.evaluate(() => (window.__editor.stage().findOne('.garment') as Konva.Layer | undefined)?.getChildren().length ?? 0))
      .toBe(2);
    // The photo is the dark SKU's own, not the first colour's.
    await expect.poll(shownPhoto).toBe(new URL(photoOf(dark.color), 'http://x').pathname);
    await shot('07-garment-backdrop');
  }, 120_000);
});
