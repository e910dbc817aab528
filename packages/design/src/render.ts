import type { DesignArea, Layer } from './document.js';
import { cssFont } from './fonts.js';

/** The editor space every design area is drawn in (the 600×600 canvas, docs/limits.md#editor). */
export const EDITOR_SIZE = 600;

/** Most tiles one tiled layer draws (a 6 px tile over the whole area is 10 000). */
export const MAX_TILES = 20_000;

/**
 * The part of Canvas 2D the renderer uses: satisfied by the browser's CanvasRenderingContext2D and by
 * @napi-rs/canvas on the server, so both draw a design with this one function.
 */
export interface Ctx2D<Img> {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  scale(x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  drawImage(image: Img, dx: number, dy: number, dw: number, dh: number): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  clip(): void;
  globalAlpha: number;
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
}

export interface RenderOptions<Img> {
  /** Output pixels per editor unit: 1 draws at 600×600, 4 at 2400×2400. */
  pixelRatio: number;
  /** The decoded image of an image layer; a layer without one is skipped. */
  imageOf: (layer: Layer) => Img | undefined;
  /** Skip layers for which this answers false (e.g. the editor drawing the selected layer apart). */
  include?: (layer: Layer) => boolean;
}

const DEG = Math.PI / 180;

/** Draws one design area — background, then layers bottom to top — onto `ctx` at `pixelRatio`. */
export function render<Img>(ctx: Ctx2D<Img>, area: DesignArea, options: RenderOptions<Img>): void {
  const { pixelRatio } = options;
  ctx.save();
  ctx.scale(pixelRatio, pixelRatio);
  ctx.beginPath();
  ctx.rect(0, 0, EDITOR_SIZE, EDITOR_SIZE);
  ctx.clip();
  if (area.background) {
    ctx.fillStyle = area.background;
    ctx.fillRect(0, 0, EDITOR_SIZE, EDITOR_SIZE);
  }
  for (const layer of area.layers) {
    if (options.include && !options.include(layer)) continue;
    renderLayer(ctx, layer, options);
  }
  ctx.restore();
}

/** Draws one layer in editor units (the caller has applied the pixel ratio). */
export function renderLayer<Img>(ctx: Ctx2D<Img>, layer: Layer, options: Pick<RenderOptions<Img>, 'imageOf'>): void {
  ctx.save();
  ctx.globalAlpha = layer.opacity;
  ctx.translate(layer.x, layer.y);
  ctx.rotate(layer.rotation * DEG);
  if (layer.type === 'text') {
    ctx.scale(layer.scale * (layer.flipX ? -1 : 1), layer.scale * (layer.flipY ? -1 : 1));
    drawText(ctx, layer);
  } else {
    const img = options.imageOf(layer);
    if (img !== undefined) {
      if (layer.putu === 1 && layer.putustr) drawTiled(ctx, layer, img);
      else {
        ctx.scale(layer.scale * (layer.flipX ? -1 : 1), layer.scale * (layer.flipY ? -1 : 1));
        ctx.drawImage(img, -layer.width / 2, -layer.height / 2, layer.width, layer.height);
      }
    }
  }
  ctx.restore();
}

function drawText<Img>(ctx: Ctx2D<Img>, layer: Layer) {
  const lines = layer.text.split('\n');
  const lineHeight = layer.fontSize * 1.2;
  ctx.font = cssFont(layer.fontFamily, layer.fontSize, layer.fontWeight === 'bold');
  ctx.fillStyle = layer.fill;
  ctx.textAlign = layer.align;
  ctx.textBaseline = 'middle';
  const x = layer.align === 'left' ? -layer.width / 2 : layer.align === 'right' ? layer.width / 2 : 0;
  const top = -((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, i) => ctx.fillText(line, x, top + i * lineHeight));
}

/**
 * Fills the whole area with the layer's image repeated (docs/editor.md#tiling), in the layer's rotated frame,
 * starting from the layer's own position so moving the layer moves the pattern:
 * 1 basic grid; 2 mirror (neighbours mirrored, so every seam is symmetric); 3 vertical half-drop
 * (every other column shifted half a tile down); 4 horizontal half-brick (every other row shifted half a tile right).
 */
function drawTiled<Img>(ctx: Ctx2D<Img>, layer: Layer, img: Img) {
  const w = layer.width * layer.scale;
  const h = layer.height * layer.scale;
  let c0: number, c1: number, r0: number, r1: number;
  if (layer.rotation % 360 === 0) {
    // Unrotated: exactly the columns and rows that reach the area (one more each way for the offsets).
    c0 = Math.floor(-layer.x / w) - 1;
    c1 = Math.ceil((EDITOR_SIZE - layer.x) / w) + 1;
    r0 = Math.floor(-layer.y / h) - 1;
    r1 = Math.ceil((EDITOR_SIZE - layer.y) / h) + 1;
  } else {
    // In the rotated frame centred on the layer, the area's corners lie within this radius.
    const reach = Math.hypot(Math.max(layer.x, EDITOR_SIZE - layer.x), Math.max(layer.y, EDITOR_SIZE - layer.y)) + Math.max(w, h);
    c1 = Math.ceil(reach / w);
    c0 = -c1;
    r1 = Math.ceil(reach / h) + 1;
    r0 = -r1;
  }
  // A tile so small that the area needs more than MAX_TILES of it is drawn once: a 1-pixel tile would
  // otherwise cost billions of draws (and stall the server composing it).
  if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_TILES) {
    ctx.scale(layer.scale * (layer.flipX ? -1 : 1), layer.scale * (layer.flipY ? -1 : 1));
    ctx.drawImage(img, -layer.width / 2, -layer.height / 2, layer.width, layer.height);
    return;
  }
  const mode = layer.putustr;
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      let cx = c * w;
      let cy = r * h;
      if (mode === '3' && c % 2 !== 0) cy += h / 2;
      if (mode === '4' && r % 2 !== 0) cx += w / 2;
      let fx = layer.flipX ? -1 : 1;
      let fy = layer.flipY ? -1 : 1;
      if (mode === '2') {
        if (c % 2 !== 0) fx = -fx;
        if (r % 2 !== 0) fy = -fy;
      }
      ctx.save();
      ctx.translate(cx, cy);
      ctx.scale(fx, fy);
      ctx.drawImage(img, -w / 2, -h / 2, w, h);
      ctx.restore();
    }
  }
}
