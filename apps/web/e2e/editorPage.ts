import type Konva from 'konva';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EditorState, History } from '../src/features/editor/model';

/**
 * The design editor page (/design) as the e2e files drive it: opening it, reading its layer list and
 * canvas, and the pictures they upload. Shared by editor-flows.e2e.ts and editor-tools.e2e.ts.
 */

/** What `/design?…&debug` exposes (EditorPage). */
export interface EditorDebug {
  stage: () => Konva.Stage;
  history: () => History;
}
declare const window: { __editor: EditorDebug };

/** Opens the editor and waits until its canvas is interactive (its images loaded). */
export async function openEditor(page: Page, query: Record<string, string | number>) {
  await page.goto(`/design?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  await page.locator('[data-testid="editor-stage"][data-interactive="true"] canvas').first().waitFor();
}

/** The editor's present state (needs `debug` in the query), as plain data. */
export function present(page: Page): Promise<EditorState> {
  return page.evaluate(() => window.__editor.history().present);
}

/** The layer list as the seller reads it, top first: text layers by their text, images as 图片 N; [] when it is not shown. */
export async function layerNames(page: Page): Promise<string[]> {
  const list = page.getByTestId('layer-list');
  if ((await list.count()) === 0) return [];
  // Its first line is the heading (图层); the row buttons are icons without text.
  const lines = (await list.innerText()).split('\n').map((l) => l.trim());
  return lines.filter(Boolean).slice(1);
}

/** The hidden file input of the 本地图片 button. */
export const localImage = (page: Page) => page.locator('input[type=file]');

/** Edits the selected text layer's text as a seller does: type, then Enter. */
export async function setText(page: Page, text: string) {
  const input = page.getByTestId('layer-tools').getByLabel('文字内容');
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => layerNames(page)).toContain(text);
}

export const tab = (page: Page, name: '正面' | '背面') => page.getByRole('tab', { name });

/** Pixels of the canvas (the Konva stage's own picture, overlay included) close to a colour. */
export function pixelsNear(page: Page, rgb: [number, number, number], tolerance = 40): Promise<number> {
  return page.evaluate(
    ({ rgb, tolerance }) => {
      const canvas = window.__editor.stage().toCanvas({ pixelRatio: 1 });
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) <= tolerance) n++;
      return n;
    },
    { rgb, tolerance },
  );
}

/** Where a point of the 600×600 editor space is on the page (the stage's box has a 1 px border). */
export async function canvasPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('editor-stage').boundingBox())!;
  return { x: box.x + 1 + x, y: box.y + 1 + y };
}

// ── Pictures ───────────────────────────────────────────────────────────────────────────────────────────

export const PURPLE: [number, number, number] = [0x7c, 0x3a, 0xed];

/**
 * 300×200: purple with a white disc and a yellow bar, so its tiles are easy to count on the canvas. Added
 * as a local image on the demo T-shirt's front it fills the design area's width: 414×276, centred on the area.
 */
export const localPng = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
      <rect width="300" height="200" fill="#7c3aed"/><circle cx="90" cy="100" r="55" fill="#ffffff"/>
      <rect x="170" y="60" width="100" height="80" fill="#facc15"/></svg>`),
  )
    .png()
    .toBuffer();
