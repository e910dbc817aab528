import type { Raw, Rect } from './tasks.js';

/** A view's grey maps (one channel each, the base's size): folds darken, highlights lighten, the mask clips. */
export interface MockupMaps {
  shading: Raw;
  highlight?: Raw | undefined;
  mask?: Raw | undefined;
}

/**
 * Blends placed prints onto a base (sRGB, 3 channels): each print clipped by the mask, multiplied by
 * the shading map and screened with the highlight map, mixed in by the print's alpha. Only the print
 * rectangles are visited; the base is copied, never changed.
 */
export function blend(base: Raw, maps: MockupMaps, placed: { rect: Rect; pixels: Raw }[]): Raw {
  const { shading, highlight, mask } = maps;
  const W = base.width;
  const H = base.height;
  const out = Buffer.from(base.data);
  for (const { rect, pixels } of placed) {
    const p = pixels.data;
    const pw = pixels.width;
    const x0 = Math.max(0, rect.x);
    const y0 = Math.max(0, rect.y);
    const x1 = Math.min(W, rect.x + pixels.width);
    const y1 = Math.min(H, rect.y + pixels.height);
    for (let vy = y0; vy < y1; vy++) {
      let pi = ((vy - rect.y) * pw + (x0 - rect.x)) * 4;
      let vi = vy * W + x0;
      for (let vx = x0; vx < x1; vx++, pi += 4, vi++) {
        let a = p[pi + 3]!;
        if (a === 0) continue;
        if (mask) a = (a * mask.data[vi]!) / 255;
        if (a === 0) continue;
        const alpha = a / 255;
        const s = shading.data[vi]! / 255;
        const h = highlight ? highlight.data[vi]! / 255 : 0;
        const o = vi * 3;
        for (let c = 0; c < 3; c++) {
          let v = p[pi + c]! * s;
          if (h > 0) v += (255 - v) * h;
          out[o + c] = out[o + c]! + (v - out[o + c]!) * alpha;
        }
      }
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}
