import { CANVAS_SIZE } from '@app/contract';
import type { Layer } from '@app/design';

/** An axis-aligned rectangle in the 600×600 editor space (docs/limits.md#editor), like a design area's bbox. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const DEG = Math.PI / 180;

/** Rounds away float noise (0.1 + 0.2), so repeated steps land on the values a seller expects. */
export const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

/** |cos|, |sin| of a rotation, with exact zeros at multiples of 90° (cos 90° is 6e-17 in floats). */
function absCosSin(rotationDeg: number): [number, number] {
  const r = rotationDeg * DEG;
  return [Math.abs(tidy(Math.cos(r))), Math.abs(tidy(Math.sin(r)))];
}

/** Width and height of the axis-aligned box around a w×h rectangle turned `rotationDeg`. */
export function rotatedExtent(w: number, h: number, rotationDeg: number): { width: number; height: number } {
  const [c, s] = absCosSin(rotationDeg);
  return { width: w * c + h * s, height: w * s + h * c };
}

/**
 * The axis-aligned bounding box of a layer as drawn: natural size × scale, turned about its centre
 * (document.ts geometry). Flips do not change it. Snapping, alignment and fill all work on this box.
 */
export function layerBounds(layer: Pick<Layer, 'x' | 'y' | 'width' | 'height' | 'scale' | 'rotation'>): Box {
  const { width, height } = rotatedExtent(layer.width * layer.scale, layer.height * layer.scale, layer.rotation);
  return { x: layer.x - width / 2, y: layer.y - height / 2, width, height };
}

/**
 * The scale at which a layer's rotated rectangle covers `box` completely (image fill): every corner of
 * the box, seen in the layer's own frame, must lie inside the layer.
 */
export function coverScale(layer: Pick<Layer, 'width' | 'height' | 'rotation'>, box: Box): number {
  const [c, s] = absCosSin(layer.rotation);
  return Math.max((box.width * c + box.height * s) / layer.width, (box.width * s + box.height * c) / layer.height);
}

/** The scale at which a layer's rotated bounding box fits inside `box` (image adaptive). */
export function containScale(layer: Pick<Layer, 'width' | 'height' | 'rotation'>, box: Box): number {
  const { width, height } = rotatedExtent(layer.width, layer.height, layer.rotation);
  return Math.min(box.width / width, box.height / height);
}

/** Normalises an angle to [0, 360). */
export const normalizeDeg = (deg: number) => tidy(((deg % 360) + 360) % 360);

/**
 * The size a new image is placed at: its longer side 600 (the canvas), then no larger than the design area's
 * box, keeping its aspect ratio, so nothing of it lands outside what is printed (docs/editor.md#placing-images).
 */
export function placedImageSize(source: { width: number; height: number }, area: Box): { width: number; height: number } {
  const k = Math.min(CANVAS_SIZE / Math.max(source.width, source.height), area.width / source.width, area.height / source.height);
  return { width: tidy(source.width * k), height: tidy(source.height * k) };
}
