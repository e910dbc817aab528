import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { parseDesign, render, type DesignArea, type LayerInput, layerSchema } from '../src/index.js';

type Img = Canvas;

/** A 60×40 image: left half red, right half blue, with a green 10×10 square in its top-left corner. */
function sourceImage(): Img {
  const c = createCanvas(60, 40);
  const x = c.getContext('2d');
  x.fillStyle = '#ff0000';
  x.fillRect(0, 0, 30, 40);
  x.fillStyle = '#0000ff';
  x.fillRect(30, 0, 30, 40);
  x.fillStyle = '#00ff00';
  x.fillRect(0, 0, 10, 10);
  return c;
}

function draw(layers: LayerInput[], opts: { background?: string; pixelRatio?: number } = {}) {
  const ratio = opts.pixelRatio ?? 1;
  const canvas = createCanvas(600 * ratio, 600 * ratio);
  const ctx = canvas.getContext('2d');
  const img = sourceImage();
  const area: DesignArea = { id: 1, background: opts.background ?? '#ffffff', layers: layers.map((l) => layerSchema.parse(l)) };
  render<Img>(ctx as unknown as Parameters<typeof render<Img>>[0], area, { pixelRatio: ratio, imageOf: () => img });
  return { canvas, ctx, px: (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data] };
}

const image = (over: Partial<LayerInput> = {}): LayerInput => ({ id: 'a', type: 'image', width: 60, height: 40, x: 300, y: 300, ...over });
const near = (a: number[], b: number[], tol = 3) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

describe('render', () => {
  it('places an image centred on x, y at its scale', () => {
    const { px } = draw([image({ scale: 2 })]);
    // 120×80 centred at 300,300 → spans 240..360 × 260..340; green corner 240..260 × 260..280.
    expect(px(245, 265)).toEqual([0, 255, 0, 255]);
    expect(px(280, 300)).toEqual([255, 0, 0, 255]);
    expect(px(340, 300)).toEqual([0, 0, 255, 255]);
    expect(px(235, 300)).toEqual([255, 255, 255, 255]);
  });

  it('a horizontally flipped layer’s pixel equals the mirrored source pixel', () => {
    const plain = draw([image()]);
    const flipped = draw([image({ flipX: true })]);
    for (const [x, y] of [
      [272, 282],
      [275, 300],
      [310, 315],
      [327, 318],
    ] as const) {
      expect(flipped.px(600 - x - 1, y)).toEqual(plain.px(x, y));
    }
  });

  it('a vertically flipped layer’s pixel equals the mirrored source pixel', () => {
    const plain = draw([image()]);
    const flipped = draw([image({ flipY: true })]);
    expect(flipped.px(272, 600 - 282 - 1)).toEqual(plain.px(272, 282));
  });

  it('rotates about the centre', () => {
    const { px } = draw([image({ rotation: 180 })]);
    // Turned half round, the green corner is now bottom-right.
    expect(px(325, 315)).toEqual([0, 255, 0, 255]);
    expect(px(275, 285)).toEqual([0, 0, 255, 255]);
  });

  it('opacity 0.5 of black over white gives 127±2', () => {
    const c = createCanvas(10, 10);
    const x = c.getContext('2d');
    x.fillStyle = '#000';
    x.fillRect(0, 0, 10, 10);
    const ctx = createCanvas(600, 600).getContext('2d') as SKRSContext2D;
    render<Canvas>(
      ctx as never,
      {
        id: 1,
        background: '#ffffff',
        layers: [layerSchema.parse({ id: 'b', type: 'image', width: 100, height: 100, x: 300, y: 300, opacity: 0.5 })],
      },
      { pixelRatio: 1, imageOf: () => c },
    );
    const [r, g, b] = ctx.getImageData(300, 300, 1, 1).data;
    for (const v of [r!, g!, b!]) expect(Math.abs(v - 127)).toBeLessThanOrEqual(2);
  });

  it('draws at any pixel ratio', () => {
    const { px } = draw([image({ scale: 2 })], { pixelRatio: 4 });
    expect(px(245 * 4 + 2, 265 * 4 + 2)).toEqual([0, 255, 0, 255]);
    expect(px(340 * 4, 300 * 4)).toEqual([0, 0, 255, 255]);
  });

  it('fills the background colour and leaves it transparent when none is set', () => {
    expect(draw([], { background: '#336699' }).px(5, 5)).toEqual([0x33, 0x66, 0x99, 255]);
    expect(draw([], { background: '' }).px(5, 5)[3]).toBe(0);
  });
});

describe('tiling', () => {
  const tiled = (mode: '1' | '2' | '3' | '4') => draw([image({ putu: 1, putustr: mode })]);

  it('every mode covers the whole area', () => {
    for (const mode of ['1', '2', '3', '4'] as const) {
      const { px } = tiled(mode);
      for (const [x, y] of [
        [0, 0],
        [599, 0],
        [0, 599],
        [599, 599],
        [123, 457],
      ] as const) {
        expect(px(x, y), `mode ${mode} at ${x},${y}`).not.toEqual([255, 255, 255, 255]);
      }
    }
  });

  it('basic (1) repeats the tile every width and height', () => {
    const { px } = tiled('1');
    expect(px(275, 285)).toEqual(px(275 + 60, 285));
    expect(px(275, 285)).toEqual(px(275, 285 + 40));
    expect(px(275, 285)).toEqual(px(275 - 120, 285 - 80));
  });

  it('mirror (2) is symmetric about every seam', () => {
    const { px } = tiled('2');
    // The tile centred at 300,300 spans 270..330; its right seam is at x=330.
    for (const d of [1, 5, 12, 25]) expect(px(330 - d, 285)).toEqual(px(330 + d - 1, 285));
    // Bottom seam at y=320.
    for (const d of [1, 5, 15]) expect(px(275, 320 - d)).toEqual(px(275, 320 + d - 1));
  });

  it('vertical (3) drops every other column by half a tile', () => {
    const { px } = tiled('3');
    // Green corner of the centre tile at 270..280 × 280..290; the next column's is 20 px lower.
    expect(px(275, 285)).toEqual([0, 255, 0, 255]);
    expect(px(335, 305)).toEqual([0, 255, 0, 255]);
    expect(px(335, 285)).not.toEqual([0, 255, 0, 255]);
    expect(px(395, 285)).toEqual([0, 255, 0, 255]);
  });

  it('horizontal (4) shifts every other row by half a tile', () => {
    const { px } = tiled('4');
    expect(px(275, 285)).toEqual([0, 255, 0, 255]);
    expect(px(305, 325)).toEqual([0, 255, 0, 255]);
    expect(px(275, 325)).not.toEqual([0, 255, 0, 255]);
    expect(px(275, 365)).toEqual([0, 255, 0, 255]);
  });
});

describe('text', () => {
  const text = (align: 'left' | 'center' | 'right') =>
    draw([
      {
        id: 't',
        type: 'text',
        text: 'IIIIII',
        width: 300,
        height: 40,
        x: 300,
        y: 300,
        fontSize: 40,
        fill: '#000000',
        align,
        fontFamily: 'sans-serif',
      },
    ]);
  const inkColumns = (px: (x: number, y: number) => number[]) => {
    const cols: number[] = [];
    for (let x = 100; x < 500; x++) if (near(px(x, 300), [0, 0, 0, 255], 120)) cols.push(x);
    return cols;
  };

  it('aligns left, centre and right within the text box', () => {
    const left = inkColumns(text('left').px);
    const centre = inkColumns(text('center').px);
    const right = inkColumns(text('right').px);
    expect(left.length).toBeGreaterThan(0);
    expect(Math.min(...left)).toBeGreaterThanOrEqual(150);
    expect(Math.min(...left)).toBeLessThan(165);
    expect(Math.max(...right)).toBeLessThanOrEqual(451);
    expect(Math.max(...right)).toBeGreaterThan(435);
    const mid = (Math.min(...centre) + Math.max(...centre)) / 2;
    expect(Math.abs(mid - 300)).toBeLessThan(4);
  });
});

describe('the document', () => {
  it('opens a version-0 record (layers keyed by area, numbers as strings, putu as boolean)', () => {
    const doc = parseDesign(
      JSON.stringify({ '7': [{ src: '/files/a.png', width: '60', height: '40', x: '10', y: '20', putu: true, putustr: '2' }] }),
    );
    expect(doc.version).toBe(1);
    expect(doc.areas[0]).toMatchObject({
      id: 7,
      layers: [{ id: 'l1', type: 'image', width: 60, height: 40, x: 10, y: 20, putu: 1, putustr: '2', scale: 1, opacity: 1 }],
    });
  });

  it('refuses a layer with impossible values', () => {
    expect(() =>
      parseDesign({
        version: 1,
        areas: [{ id: 1, layers: [{ id: 'x', type: 'text', width: 10, height: 10, x: 0, y: 0, fontSize: 120 }] }],
      }),
    ).toThrow();
    expect(() =>
      parseDesign({ version: 1, areas: [{ id: 1, layers: [{ id: 'x', type: 'image', width: -1, height: 10, x: 0, y: 0 }] }] }),
    ).toThrow();
  });
});

/** Renders one layer on a context that counts drawImage calls. */
function drawCount(layer: LayerInput): number {
  let draws = 0;
  const ctx = createCanvas(600, 600).getContext('2d');
  const counting = new Proxy(ctx, {
    get(target, prop) {
      if (prop === 'drawImage') return (...a: unknown[]) => (draws++, (target.drawImage as (...x: unknown[]) => void)(...a));
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
    },
    set: (target, prop, value) => Reflect.set(target, prop, value),
  });
  const area: DesignArea = { id: 1, background: '', layers: [layerSchema.parse(layer)] };
  render<Img>(counting as never, area, { pixelRatio: 1, imageOf: () => sourceImage() });
  return draws;
}

describe('tiling bounds', () => {
  it('draws a tile too small to repeat over the area once, instead of millions of times', () => {
    expect(drawCount(image({ width: 1, height: 1, scale: 0.01, putu: 1, putustr: '1' }))).toBe(1);
  });

  it('draws only the tiles that reach the area when the layer is not rotated', () => {
    // 100×100 tiles over 600×600: 6×6 reach the area, plus a margin of one each way for offsets.
    const draws = drawCount(image({ width: 100, height: 100, x: 300, y: 300, putu: 1, putustr: '2' }));
    expect(draws).toBeLessThanOrEqual(10 * 10);
    expect(draws).toBeGreaterThanOrEqual(36);
  });
});
