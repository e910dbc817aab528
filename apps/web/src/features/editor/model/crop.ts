import { CROP_ROTATE_STEP_DEG, CROP_ZOOM_STEP } from '@app/contract';
import type { Layer } from '@app/design';
import { tidy, type Box } from './geometry';

/**
 * The crop dialog's model (docs/editor.md#materials, crop): which part of the layer's original image the seller keeps,
 * in that image's own pixels, and the command that puts the uploaded cut in the layer. The dialog only
 * draws this and passes the seller's gestures in.
 *
 * The box lives in the pixels of the image *as turned* (origin at its top-left), so the stage, the
 * clamping and the output read the same numbers. Zoom only magnifies the dialog's view: it never changes
 * what is cut, so zooming in is a way to place the box precisely, not a crop by itself.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/** Clockwise quarter turns (docs/limits.md#editor: the cropper rotates by 90°). */
export type QuarterTurn = 0 | 90 | 180 | 270;

export interface Crop {
  /** Natural size of the original image, in pixels. */
  source: PixelSize;
  /** How far the image is turned before it is cut. */
  rotation: QuarterTurn;
  /** The dialog's magnification: 1 fits the turned image in the stage. */
  zoom: number;
  /** The part kept: whole pixels of the turned image, at least 1×1 (docs/editor.md#materials), inside it. */
  box: Box;
}

/** Zoom bounds: half the fitted size (room around the image) up to ten times (to place a small box exactly). */
export const CROP_ZOOM_MIN = 0.5;
export const CROP_ZOOM_MAX = 10;

/** A canvas transform `[a, b, c, d, e, f]`, in CanvasRenderingContext2D.setTransform order. */
export type CanvasMatrix = [number, number, number, number, number, number];

const finite = (...ns: number[]) => ns.every((n) => typeof n === 'number' && Number.isFinite(n));
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
/** A side in whole pixels, at least 1: a broken size must not make an empty crop. */
const pixels = (n: number) => (finite(n) ? Math.max(1, Math.round(n)) : 1);

/** The image's size once turned: a quarter turn swaps the sides. */
export function turnedSize(source: PixelSize, rotation: QuarterTurn): PixelSize {
  return rotation % 180 === 0 ? { width: source.width, height: source.height } : { width: source.height, height: source.width };
}

/** The crop the dialog opens with, and the one Reset returns to: the whole image, unturned, fitted. */
export function initialCrop(source: PixelSize): Crop {
  const size = { width: pixels(source.width), height: pixels(source.height) };
  return { source: size, rotation: 0, zoom: 1, box: { x: 0, y: 0, ...size } };
}

/** A zoom within the bounds; anything unreadable is the fitted view. */
export const clampZoom = (zoom: number) => (finite(zoom) ? tidy(clamp(zoom, CROP_ZOOM_MIN, CROP_ZOOM_MAX)) : 1);

/** Zoom in (+1) or out (−1) by the step of 0.05 (docs/limits.md#editor). */
export function zoomCrop(crop: Crop, direction: 1 | -1): Crop {
  const zoom = clampZoom(crop.zoom + direction * CROP_ZOOM_STEP);
  return zoom === crop.zoom ? crop : { ...crop, zoom };
}

/**
 * Turns the image 90° clockwise. The box turns with it, so the same part of the picture stays selected
 * (and a box of the image's ratio stays of the turned image's ratio).
 */
export function rotateCrop(crop: Crop): Crop {
  // The frame before the turn: a point (x, y) of it lands on (height − y, x).
  const { height } = turnedSize(crop.source, crop.rotation);
  const { x, y, width: w, height: h } = crop.box;
  const rotation = ((crop.rotation + CROP_ROTATE_STEP_DEG) % 360) as QuarterTurn;
  return { ...crop, rotation, box: { x: height - y - h, y: x, width: h, height: w } };
}

/**
 * A box made to fit the turned image (`bounds`): cut to the image, given `ratio` (width / height) the
 * largest box of that ratio inside what is left (centred on it), then whole pixels, at least 1×1, moved
 * back inside. Used after a resize: the edges the seller dragged past the image stop at the image.
 */
export function clampCropBox(box: Box, bounds: PixelSize, ratio?: number): Box {
  const W = pixels(bounds.width);
  const H = pixels(bounds.height);
  if (!finite(box.x, box.y, box.width, box.height)) return { x: 0, y: 0, width: W, height: H };
  // A box dragged through itself has a negative side: read it from its other corner.
  const left = Math.min(box.x, box.x + box.width);
  const top = Math.min(box.y, box.y + box.height);
  const x0 = clamp(left, 0, W);
  const y0 = clamp(top, 0, H);
  let w = clamp(left + Math.abs(box.width), 0, W) - x0;
  let h = clamp(top + Math.abs(box.height), 0, H) - y0;
  const cx = x0 + w / 2;
  const cy = y0 + h / 2;
  if (ratio !== undefined && finite(ratio) && ratio > 0) {
    // At least 1 px a side, at most the image (which has the ratio when it is the source's).
    w = clamp(Math.min(w, h * ratio), Math.max(1, ratio), Math.min(W, H * ratio));
    h = w / ratio;
  }
  const width = clamp(Math.round(w), 1, W);
  const height = clamp(Math.round(h), 1, H);
  return {
    x: clamp(Math.round(cx - width / 2), 0, W - width),
    y: clamp(Math.round(cy - height / 2), 0, H - height),
    width,
    height,
  };
}

/** The ratio a box keeps when the seller keeps the source's proportions: the image's as turned. */
export function cropRatio(crop: Crop): number {
  const { width, height } = turnedSize(crop.source, crop.rotation);
  return width / height;
}

/**
 * The seller resized the box (transformer handles). The product has the crop follow the source's ratio (docs/editor.md#materials): the
 * dialog does so by default (`keepRatio`), and lets the seller untick it to cut freely, since a seller
 * cutting a logo out of a wide photo needs another shape; the minimum 1×1 holds either way.
 */
export function resizeCropBox(crop: Crop, box: Box, keepRatio: boolean): Crop {
  const bounds = turnedSize(crop.source, crop.rotation);
  return { ...crop, box: clampCropBox(box, bounds, keepRatio ? cropRatio(crop) : undefined) };
}

/** The seller dragged the box: it keeps its size and stays inside the image. */
export function moveCropBox(crop: Crop, x: number, y: number): Crop {
  if (!finite(x, y)) return crop;
  const { width: W, height: H } = turnedSize(crop.source, crop.rotation);
  const { width, height } = crop.box;
  const box = { x: clamp(Math.round(x), 0, W - width), y: clamp(Math.round(y), 0, H - height), width, height };
  return box.x === crop.box.x && box.y === crop.box.y ? crop : { ...crop, box };
}

/** The cut's size in pixels of the original: the box (whole pixels, at least 1×1). */
export function cropOutputSize(crop: Crop): PixelSize {
  return { width: pixels(crop.box.width), height: pixels(crop.box.height) };
}

/**
 * Each quarter turn: exact cosine and sine (Math.cos(π/2) is 6e-17, which would smear the edge pixels),
 * and where the image's top-left corner lands so the turned image starts at 0, 0.
 */
const TURNS: Record<QuarterTurn, { cos: number; sin: number; origin: (s: PixelSize) => [number, number] }> = {
  0: { cos: 1, sin: 0, origin: () => [0, 0] },
  90: { cos: 0, sin: 1, origin: (s) => [s.height, 0] },
  180: { cos: -1, sin: 0, origin: (s) => [s.width, s.height] },
  270: { cos: 0, sin: -1, origin: (s) => [0, s.width] },
};

/**
 * Where the unturned image goes to appear turned: drawn at (x, y) turned `rotation` degrees clockwise
 * about that point, it covers exactly [0, width] × [0, height] of the turned size. Konva's Image takes
 * these as its own x, y, rotation.
 */
export function turnPlacement(source: PixelSize, rotation: QuarterTurn): { x: number; y: number; rotation: QuarterTurn } {
  const [x, y] = TURNS[rotation].origin(source);
  return { x, y, rotation };
}

/**
 * The transform that draws the original image (at 0, 0, natural size) into a canvas of `cropOutputSize`
 * so that the canvas holds exactly the box of the turned image, pixel for pixel.
 */
export function cropTransform(crop: Crop): CanvasMatrix {
  const { cos, sin, origin } = TURNS[crop.rotation];
  const [x, y] = origin(crop.source);
  return [cos, sin, -sin, cos, x - crop.box.x, y - crop.box.y];
}

/** Stage pixels per image pixel: the turned image fitted in the stage, times the zoom. */
export function cropViewScale(crop: Crop, stage: PixelSize): number {
  const { width, height } = turnedSize(crop.source, crop.rotation);
  return Math.min(stage.width / width, stage.height / height) * crop.zoom;
}

// ── Which layers ───────────────────────────────────────────────────────────────────────────────────────

/** docs/editor.md#the-screen: crop is offered only for an image layer that is not tiled. */
export const canCrop = (layer: Layer) => layer.type === 'image' && !(layer.putu === 1 && layer.putustr !== '');
