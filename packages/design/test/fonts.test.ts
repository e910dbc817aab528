import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { FONT_FAMILIES, FONT_FILES, cssFont, layerSchema, render, type DesignArea } from '../src/index.js';
import { fontPaths } from '../src/fonts.node.js';

beforeAll(() => {
  expect(fontPaths().length).toBeGreaterThan(0);
  for (const f of fontPaths()) expect(GlobalFonts.registerFromPath(f.path, f.family)).toBeTruthy();
});

/** Renders one text layer on white and returns its RGBA pixels. */
function textPixels(text: string, fontFamily: string): Uint8ClampedArray {
  const canvas = createCanvas(600, 600);
  const area: DesignArea = {
    id: 1,
    background: '#ffffff',
    layers: [layerSchema.parse({ id: 't', type: 'text', text, fontFamily, fontSize: 80, width: 400, height: 100, x: 300, y: 300 })],
  };
  render(canvas.getContext('2d') as never, area, { pixelRatio: 1, imageOf: () => undefined });
  return canvas.getContext('2d').getImageData(0, 0, 600, 600).data;
}

const inked = (px: Uint8ClampedArray) => {
  let n = 0;
  for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) n++;
  return n;
};
const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i]! - b[i]!) > 64) n++;
  return n;
};

describe('fonts', () => {
  it('every font file of the list resolves from node_modules and registers with Skia', () => {
    expect(fontPaths()).toHaveLength(FONT_FILES.length);
    for (const { family } of FONT_FAMILIES) expect(GlobalFonts.has(family)).toBe(true);
  });

  // A missing glyph draws as a box (or nothing): a real CJK rendering differs from a row of U+25A1.
  for (const { family } of FONT_FAMILIES) {
    it(`renders the CJK name 张雨桐 in ${family}, not as empty boxes`, () => {
      const name = textPixels('张雨桐', family);
      const boxes = textPixels('\u25A1\u25A1\u25A1', family);
      expect(inked(name)).toBeGreaterThan(500);
      expect(differing(name, boxes)).toBeGreaterThan(500);
    });
  }

  it('each CJK family draws Chinese with its own glyphs, not a shared system fallback', () => {
    const cjk = FONT_FAMILIES.filter((f) => f.cjk).map((f) => textPixels('张雨桐', f.family));
    for (let i = 0; i < cjk.length; i++) for (let j = i + 1; j < cjk.length; j++) expect(differing(cjk[i]!, cjk[j]!)).toBeGreaterThan(300);
  });

  it('Latin fonts keep their own shapes: Anton and Roboto draw "23" differently', () => {
    expect(differing(textPixels('23', 'Anton'), textPixels('23', 'Roboto'))).toBeGreaterThan(300);
  });

  it('falls back to the CJK default in the CSS font of a Latin family', () => {
    expect(cssFont('Anton', 40, false)).toBe('40px "Anton", "Noto Sans SC"');
    expect(cssFont('Noto Sans SC', 20, true)).toBe('bold 20px "Noto Sans SC"');
  });
});
