import { createCanvas, ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { cssFont } from '@app/design';
import { WATERMARK_REFERENCE_WIDTH, type WatermarkSpec } from '@app/contract';
import { registerFonts } from '../../compose/engine.js';
import { decodeRaw, readImageHeader } from '../../images/decode.js';
import { encodeImage, resizeRaw } from '../../images/encode.js';
import { HEADER_ONLY, type RawImage } from '../../images/sharp.js';

/** A valid watermark as the renderer reads it (@app/contract's WatermarkSpec); `image` is the PNG of an image one. */
export type RenderSpec = WatermarkSpec & { image?: Buffer };

/** Bumped when the drawing changes, so cached copies (service.ts) are composed again. */
export const WATERMARK_RENDER_VERSION = 1;

/** The watermark's box before rotation, in image pixels, and how to draw it into a context centred on 0,0. */
interface Mark {
  width: number;
  height: number;
  draw(ctx: SKRSContext2D, shrink: number): void;
}

/**
 * A text mark: `font_size` px on a WATERMARK_REFERENCE_WIDTH-wide image (scaled with the image), never
 * wider than `scale` × the image's width (shrunk to fit); drawn with the design fonts (compose/engine.ts).
 */
function textMark(wm: RenderSpec, imageWidth: number): Mark {
  registerFonts();
  let px = (wm.font_size * imageWidth) / WATERMARK_REFERENCE_WIDTH;
  const probe = createCanvas(1, 1).getContext('2d');
  const measure = (size: number) => {
    probe.font = cssFont(wm.font_family, size, false);
    return probe.measureText(wm.text).width;
  };
  const natural = measure(px);
  const maxWidth = wm.scale * imageWidth;
  if (natural > maxWidth) px = (px * maxWidth) / natural;
  const width = Math.max(1, measure(px));
  // Line height of the font size plus room for descenders and CJK ascent.
  const height = Math.max(1, px * 1.3);
  return {
    width,
    height,
    draw(ctx, shrink) {
      ctx.font = cssFont(wm.font_family, px * shrink, false);
      ctx.fillStyle = wm.color;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(wm.text, 0, 0);
    },
  };
}

/** An image mark: exactly `scale` × the image's width wide, its height by the PNG's aspect. */
async function imageMark(wm: RenderSpec, imageWidth: number): Promise<Mark> {
  const png = await decodeRaw(wm.image!, { channels: 4 });
  const width = Math.max(1, Math.round(wm.scale * imageWidth));
  const height = Math.max(1, Math.round((png.height * width) / png.width));
  const sized = await resizeRaw(png, width, height);
  const tile = createCanvas(width, height);
  tile
    .getContext('2d')
    .putImageData(new ImageData(new Uint8ClampedArray(sized.data.buffer, sized.data.byteOffset, sized.data.length), width, height), 0, 0);
  return {
    width,
    height,
    draw(ctx, shrink) {
      ctx.drawImage(tile, (-width * shrink) / 2, (-height * shrink) / 2, width * shrink, height * shrink);
    },
  };
}

/**
 * The mark rotated (clockwise for positive degrees) and faded by `opacity`, as RGBA pixels of its
 * bounding box, and where the box goes: anchor `position` (1 top-left … 9 bottom-right, reading order)
 * `margin` px from the edges it touches (px on a WATERMARK_REFERENCE_WIDTH-wide image, as font sizes).
 * A box larger than the image is shrunk to fit.
 */
async function overlay(wm: RenderSpec, W: number, H: number) {
  const mark = wm.type === 'text' ? textMark(wm, W) : await imageMark(wm, W);
  const rad = (wm.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const boxW = mark.width * cos + mark.height * sin;
  const boxH = mark.width * sin + mark.height * cos;
  const shrink = Math.min(1, W / boxW, H / boxH);
  const w = Math.max(1, Math.min(W, Math.ceil(boxW * shrink)));
  const h = Math.max(1, Math.min(H, Math.ceil(boxH * shrink)));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.globalAlpha = wm.opacity;
  ctx.translate(w / 2, h / 2);
  ctx.rotate(rad);
  mark.draw(ctx, shrink);
  const margin = Math.round((wm.margin * W) / WATERMARK_REFERENCE_WIDTH);
  const col = (wm.position - 1) % 3;
  const row = Math.floor((wm.position - 1) / 3);
  const place = (slot: number, free: number) => (slot === 0 ? margin : slot === 1 ? free / 2 : free - margin);
  const clamp = (v: number, free: number) => Math.round(Math.min(Math.max(0, v), free));
  return {
    pixels: ctx.getImageData(0, 0, w, h).data,
    left: clamp(place(col, W - w), W - w),
    top: clamp(place(row, H - h), H - h),
    width: w,
    height: h,
  };
}

/** Lays straight-alpha RGBA `over` onto `base` (3 or 4 channels) at left/top, in place ("source over"). */
function blend(base: RawImage, over: { pixels: Uint8ClampedArray; left: number; top: number; width: number; height: number }) {
  const { data, width: W, channels: c } = base;
  const { pixels, left, top, width, height } = over;
  for (let y = 0; y < height; y++) {
    let o = y * width * 4;
    let b = ((top + y) * W + left) * c;
    for (let x = 0; x < width; x++, o += 4, b += c) {
      const a = pixels[o + 3]! / 255;
      if (a === 0) continue;
      if (c === 3) {
        for (let k = 0; k < 3; k++) data[b + k] = Math.round(pixels[o + k]! * a + data[b + k]! * (1 - a));
      } else {
        const da = data[b + 3]! / 255;
        const oa = a + da * (1 - a);
        for (let k = 0; k < 3; k++) data[b + k] = Math.round((pixels[o + k]! * a + data[b + k]! * da * (1 - a)) / oa);
        data[b + 3] = Math.round(oa * 255);
      }
    }
  }
}

/**
 * `image` (a JPEG or PNG mockup) with the watermark laid on it: a new buffer, the input untouched. JPEG
 * in, JPEG out; PNG in, PNG out (alpha kept), unless `format` says otherwise. Decoding and encoding run
 * on libvips' threads; the mark is drawn on a canvas of its own size only and blended over its box, so
 * the event loop holds on to it for about a millisecond (watermarks.test.ts prints the delay).
 */
export async function applyWatermark(image: Buffer, wm: RenderSpec, format?: 'jpeg' | 'png'): Promise<Buffer> {
  const header = await readImageHeader(image, HEADER_ONLY);
  const out = format ?? (header.format === 'png' ? 'png' : 'jpeg');
  // An invisible mark changes nothing: the very bytes, not a re-encoded (JPEG: slightly different) copy.
  if (wm.opacity === 0 && out === header.format) return Buffer.from(image);
  const base = await decodeRaw(image, { channels: out === 'png' ? 4 : 3 });
  if (wm.opacity > 0) blend(base, await overlay(wm, base.width, base.height));
  // libjpeg-turbo, not mozjpeg: a copy is written once per image an export publishes, and mozjpeg's smaller
  // files cost three times the time (bench:export, 600 copies: 25 s against 8 s).
  const encoded = await encodeImage(base, out === 'png' ? { format: 'png' } : { format: 'jpeg', quality: 90 });
  return encoded.data;
}
