import { describe, expect, it } from 'vitest';
import type { Layer } from '@app/design';
import { replaceLayerImage, setLocked, toggleTiling, type CommandResult } from './commands';
import {
  canCrop,
  clampCropBox,
  clampZoom,
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  cropOutputSize,
  cropRatio,
  cropTransform,
  cropViewScale,
  initialCrop,
  moveCropBox,
  resizeCropBox,
  rotateCrop,
  turnedSize,
  turnPlacement,
  zoomCrop,
  type CanvasMatrix,
  type Crop,
} from './crop';
import { createHistory, redo, run, undo } from './history';
import { currentArea, toDesign, type EditorState } from './state';
import { editor } from './testFixtures';

const get = (s: EditorState, id: string): Layer => currentArea(s).layers.find((l) => l.id === id)!;
function expectRefused(before: EditorState, result: CommandResult, notice: string) {
  expect(result.notice).toBe(notice);
  expect(result.state).toBe(before);
}
/** Where a matrix sends a point, as the canvas would. */
const apply = ([a, b, c, d, e, f]: CanvasMatrix, x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];
const times = <T>(n: number, f: (v: T) => T, v: T): T => (n === 0 ? v : times(n - 1, f, f(v)));

describe('the crop box', () => {
  it('opens on the whole image, unturned and fitted', () => {
    expect(initialCrop({ width: 800, height: 400 })).toEqual({
      source: { width: 800, height: 400 },
      rotation: 0,
      zoom: 1,
      box: { x: 0, y: 0, width: 800, height: 400 },
    });
    // A broken natural size still gives a 1×1 image, never an empty crop.
    expect(initialCrop({ width: 0, height: Number.NaN }).box).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('cuts a box to the image, in whole pixels, at least 1×1 (docs/editor.md#materials)', () => {
    const image = { width: 800, height: 400 };
    // Sides rounded, the box staying on its centre (200.5, 100.45).
    expect(clampCropBox({ x: 100.4, y: 50.6, width: 200.2, height: 99.7 }, image)).toEqual({ x: 101, y: 50, width: 200, height: 100 });
    // Edges dragged past the image stop at the image.
    expect(clampCropBox({ x: -50, y: 300, width: 300, height: 300 }, image)).toEqual({ x: 0, y: 300, width: 250, height: 100 });
    expect(clampCropBox({ x: 10, y: 10, width: 0.2, height: 0 }, image)).toEqual({ x: 10, y: 10, width: 1, height: 1 });
    // A box dragged through itself (negative sides) is read from its other corner.
    expect(clampCropBox({ x: 300, y: 200, width: -100, height: -50 }, image)).toEqual({ x: 200, y: 150, width: 100, height: 50 });
    // A box entirely off the image ends as one pixel at the nearest edge.
    expect(clampCropBox({ x: 900, y: 500, width: 50, height: 50 }, image)).toEqual({ x: 799, y: 399, width: 1, height: 1 });
    expect(clampCropBox({ x: Number.NaN, y: 0, width: 1, height: 1 }, image)).toEqual({ x: 0, y: 0, ...image });
  });

  it('keeps a ratio: the largest box of it inside, centred, at least 1 px a side', () => {
    const image = { width: 800, height: 400 };
    expect(clampCropBox({ x: 0, y: 0, width: 400, height: 400 }, image, 2)).toEqual({ x: 0, y: 100, width: 400, height: 200 });
    expect(clampCropBox({ x: 0, y: 0, width: 1000, height: 1000 }, image, 2)).toEqual({ x: 0, y: 0, width: 800, height: 400 });
    expect(clampCropBox({ x: 40, y: 40, width: 0, height: 0 }, image, 2)).toEqual({ x: 39, y: 40, width: 2, height: 1 });
    expect(clampCropBox({ x: 40, y: 40, width: 0, height: 0 }, { width: 400, height: 800 }, 0.5)).toEqual({
      x: 40,
      y: 39,
      width: 1,
      height: 2,
    });
  });

  it('resizes with the source ratio by default, or freely', () => {
    const crop = initialCrop({ width: 800, height: 400 });
    const drag = { x: 100, y: 100, width: 300, height: 250 };
    const kept = resizeCropBox(crop, drag, true).box;
    expect(kept.width / kept.height).toBe(2);
    expect(kept).toEqual({ x: 100, y: 150, width: 300, height: 150 });
    expect(resizeCropBox(crop, drag, false).box).toEqual({ x: 100, y: 100, width: 300, height: 250 });
    expect(resizeCropBox(crop, { x: 0, y: 0, width: 0, height: 0 }, false).box).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('moves a box without resizing it, inside the image', () => {
    const crop = resizeCropBox(initialCrop({ width: 800, height: 400 }), { x: 100, y: 100, width: 200, height: 100 }, true);
    expect(moveCropBox(crop, 250.6, 20.2).box).toEqual({ x: 251, y: 20, width: 200, height: 100 });
    expect(moveCropBox(crop, 700, -30).box).toEqual({ x: 600, y: 0, width: 200, height: 100 });
    expect(moveCropBox(crop, 100, 100)).toBe(crop);
    expect(moveCropBox(crop, Number.NaN, 0)).toBe(crop);
  });
});

describe('zoom', () => {
  it('steps by 0.05 (docs/limits.md#editor) within its bounds, without touching the box', () => {
    const crop = initialCrop({ width: 800, height: 400 });
    expect(zoomCrop(crop, 1)).toEqual({ ...crop, zoom: 1.05 });
    expect(times(3, (c: Crop) => zoomCrop(c, -1), crop).zoom).toBe(0.85);
    expect(times(400, (c: Crop) => zoomCrop(c, 1), crop).zoom).toBe(CROP_ZOOM_MAX);
    const smallest = times(400, (c: Crop) => zoomCrop(c, -1), crop);
    expect(smallest.zoom).toBe(CROP_ZOOM_MIN);
    expect(zoomCrop(smallest, -1)).toBe(smallest);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('fits the turned image in the stage, times the zoom', () => {
    const crop = initialCrop({ width: 1000, height: 500 });
    expect(cropViewScale(crop, { width: 500, height: 500 })).toBe(0.5);
    expect(cropViewScale(rotateCrop(crop), { width: 500, height: 500 })).toBe(0.5);
    expect(cropViewScale(zoomCrop(crop, 1), { width: 500, height: 500 })).toBeCloseTo(0.525);
    expect(cropViewScale(initialCrop({ width: 200, height: 100 }), { width: 500, height: 500 })).toBe(2.5);
  });
});

describe('rotation', () => {
  it('turns by 90° clockwise, the box turning with the picture', () => {
    const crop = resizeCropBox(initialCrop({ width: 800, height: 400 }), { x: 100, y: 50, width: 200, height: 100 }, false);
    const turned = rotateCrop(crop);
    expect(turned.rotation).toBe(90);
    expect(turnedSize(turned.source, turned.rotation)).toEqual({ width: 400, height: 800 });
    // The box's top-left pixel (100, 50) of the picture is now its top-right corner.
    expect(turned.box).toEqual({ x: 250, y: 100, width: 100, height: 200 });
    expect(rotateCrop(rotateCrop(turned)).box).toEqual({ x: 50, y: 500, width: 100, height: 200 });
    expect(times(4, rotateCrop, crop)).toEqual(crop);
  });

  it('keeps the ratio of the image as turned', () => {
    const crop = initialCrop({ width: 800, height: 400 });
    expect(cropRatio(crop)).toBe(2);
    const turned = rotateCrop(crop);
    expect(cropRatio(turned)).toBe(0.5);
    expect(turned.box).toEqual({ x: 0, y: 0, width: 400, height: 800 });
  });

  it('places the image so the turned picture covers exactly the turned size', () => {
    const source = { width: 800, height: 400 };
    expect(turnPlacement(source, 0)).toEqual({ x: 0, y: 0, rotation: 0 });
    expect(turnPlacement(source, 90)).toEqual({ x: 400, y: 0, rotation: 90 });
    expect(turnPlacement(source, 180)).toEqual({ x: 800, y: 400, rotation: 180 });
    expect(turnPlacement(source, 270)).toEqual({ x: 0, y: 800, rotation: 270 });
  });
});

describe('the output', () => {
  it('is the box in pixels of the original', () => {
    const crop = resizeCropBox(initialCrop({ width: 4000, height: 3000 }), { x: 10, y: 20, width: 1234, height: 567 }, false);
    expect(cropOutputSize(crop)).toEqual({ width: 1234, height: 567 });
    expect(cropOutputSize(initialCrop({ width: 1, height: 1 }))).toEqual({ width: 1, height: 1 });
  });

  it('draws the box of the turned image at the canvas origin, pixel for pixel', () => {
    const source = { width: 800, height: 400 };
    let crop = resizeCropBox(initialCrop(source), { x: 100, y: 50, width: 200, height: 100 }, false);
    // Unturned: the box's corners of the source land on the canvas corners.
    expect(cropTransform(crop)).toEqual([1, 0, -0, 1, -100, -50]);
    expect(apply(cropTransform(crop), 300, 150)).toEqual([200, 100]);
    // Each turn: the same picture pixels land on the canvas, turned (the box turned with them).
    crop = rotateCrop(crop);
    const m90 = cropTransform(crop);
    expect(apply(m90, 100, 50)).toEqual([100, 0]); // picture's top-left of the box → canvas top-right
    expect(apply(m90, 300, 150)).toEqual([0, 200]);
    crop = rotateCrop(crop);
    expect(apply(cropTransform(crop), 100, 50)).toEqual([200, 100]);
    crop = rotateCrop(crop);
    expect(apply(cropTransform(crop), 100, 50)).toEqual([0, 200]);
    expect(cropOutputSize(crop)).toEqual({ width: 100, height: 200 });
  });

  it('keeps the whole turned image inside the canvas for a full box', () => {
    for (const turns of [0, 1, 2, 3]) {
      const crop = times(turns, rotateCrop, initialCrop({ width: 30, height: 20 }));
      const size = cropOutputSize(crop);
      const m = cropTransform(crop);
      const corners = [
        [0, 0],
        [30, 0],
        [0, 20],
        [30, 20],
      ].map(([x, y]) => apply(m, x!, y!));
      expect(Math.min(...corners.map((p) => p[0]!))).toBe(0);
      expect(Math.max(...corners.map((p) => p[0]!))).toBe(size.width);
      expect(Math.min(...corners.map((p) => p[1]!))).toBe(0);
      expect(Math.max(...corners.map((p) => p[1]!))).toBe(size.height);
    }
  });
});

describe('canCrop', () => {
  it('is true only for an image that is not tiled (docs/editor.md#the-screen)', () => {
    const s = editor();
    expect(canCrop(get(s, 'img'))).toBe(true);
    expect(canCrop(get(s, 'txt'))).toBe(false);
    expect(canCrop(get(toggleTiling(s, 'img', '1').state, 'img'))).toBe(false);
  });
});

describe('replaceLayerImage', () => {
  const cut = { src: '/files/cut1200.png', src1: '/files/cut.png', sourceid: 77, width: 1000, height: 500 };

  it('swaps the image, keeping the longer displayed side, the place and the look', () => {
    // img is 300×200 at 250, 260: a 2:1 cut keeps the longer side 300.
    const s0 = editor();
    const styled = { ...get(s0, 'img'), rotation: 30, scale: 1.5, opacity: 0.5, flipX: true, image: '/files/old-crop.png' };
    const before: EditorState = {
      ...s0,
      areas: { ...s0.areas, front: { ...currentArea(s0), layers: currentArea(s0).layers.map((l) => (l.id === 'img' ? styled : l)) } },
    };
    const result = replaceLayerImage(before, 'img', cut);
    expect(result.notice).toBeUndefined();
    expect(get(result.state, 'img')).toEqual({
      ...styled,
      src: '/files/cut1200.png',
      src1: '/files/cut.png',
      sourceid: 77,
      image: '',
      width: 300,
      height: 150,
    });
    // A tall cut: its height takes the longer side.
    expect(get(replaceLayerImage(before, 'img', { ...cut, width: 100, height: 400 }).state, 'img')).toMatchObject({
      width: 75,
      height: 300,
    });
    // Everything else stays: the other layers, their order.
    const others = (s: EditorState) => currentArea(s).layers.filter((l) => l.id !== 'img');
    expect(others(result.state)).toEqual(others(before));
    expect(currentArea(result.state).layers.map((l) => l.id)).toEqual(currentArea(before).layers.map((l) => l.id));
  });

  it('takes src as the original and null as the material when they are absent', () => {
    const l = get(replaceLayerImage(editor(), 'img2', { src: '/files/u.png', width: 10, height: 10 }).state, 'img2');
    expect(l).toMatchObject({ src: '/files/u.png', src1: '/files/u.png', sourceid: null, width: 100, height: 100 });
  });

  it('is refused for text, tiled and locked layers, and for a missing layer or image', () => {
    const s = editor();
    expectRefused(s, replaceLayerImage(s, 'txt', cut), 'editorImageOnly');
    const tiled = toggleTiling(s, 'img', '1').state;
    expectRefused(tiled, replaceLayerImage(tiled, 'img', cut), 'editorCropNotAllowed');
    const locked = setLocked(s, 'img', true).state;
    expectRefused(locked, replaceLayerImage(locked, 'img', cut), 'editorLayerLocked');
    expectRefused(s, replaceLayerImage(s, 'nope', cut), 'editorNoLayerSelected');
    expectRefused(s, replaceLayerImage(s, 'img', { ...cut, src: '' }), 'noMaterial');
    expectRefused(s, replaceLayerImage(s, 'img', { ...cut, width: 0 }), 'badParameters');
    expectRefused(s, replaceLayerImage(s, 'img', { ...cut, height: Number.NaN }), 'badParameters');
  });

  it('is one undo step: undo gives the document before, redo the one after', () => {
    const before = editor();
    const h1 = run(createHistory(before), replaceLayerImage, 'img', cut);
    expect(h1.notice).toBeUndefined();
    expect(h1.history.past).toHaveLength(1);
    const after = h1.history.present;
    expect(toDesign(after)).not.toEqual(toDesign(before));
    const h2 = undo(h1.history);
    expect(toDesign(h2.present)).toEqual(toDesign(before));
    expect(currentArea(h2.present)).toEqual(currentArea(before));
    expect(toDesign(redo(h2).present)).toEqual(toDesign(after));
  });

  it('records nothing when refused', () => {
    const h = createHistory(editor());
    const r = run(h, replaceLayerImage, 'txt', cut);
    expect(r.notice).toBe('editorImageOnly');
    expect(r.history).toBe(h);
  });
});
