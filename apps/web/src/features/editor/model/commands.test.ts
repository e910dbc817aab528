import { describe, expect, it } from 'vitest';
import type { Layer } from '@app/design';
import {
  addImage,
  addText,
  alignLayer,
  bringToTop,
  clearCanvas,
  copyLayer,
  copyToAllAreas,
  copyToArea,
  deleteLayer,
  enlargeLayer,
  estimateTextBox,
  fillArea,
  fitArea,
  flipLayer,
  moveDown,
  moveLayer,
  moveUp,
  nudgeLayer,
  reorderLayer,
  replaceLayerImage,
  rotateLayer,
  selectLayer,
  sendToBottom,
  setBackgroundColor,
  setFontFamily,
  setFontSize,
  setHidden,
  setLocked,
  setOpacity,
  setText,
  setTextAlign,
  setTextColor,
  setTextMeasurer,
  shrinkLayer,
  toggleTiling,
  transformLayer,
  type CommandResult,
} from './commands';
import { layerBounds, placedImageSize } from './geometry';
import { areaContent, CANVAS_BOX, createEditorState, currentArea, layerFlags, toDesign, type EditorState } from './state';
import { editor, product, singleAreaProduct } from './testFixtures';

const ids = (s: EditorState) => currentArea(s).layers.map((l) => l.id);
const get = (s: EditorState, id: string): Layer => currentArea(s).layers.find((l) => l.id === id)!;
/** A refused command: the very same state and the notice. */
function expectRefused(before: EditorState, result: CommandResult, notice: string) {
  expect(result.notice).toBe(notice);
  expect(result.state).toBe(before);
}
/** Applies commands in turn, each one required to succeed without a notice. */
const chain = (s: EditorState, ...steps: ((s: EditorState) => CommandResult)[]) =>
  steps.reduce((acc, step) => {
    const r = step(acc);
    expect(r.notice).toBeUndefined();
    return r.state;
  }, s);

describe('adding layers', () => {
  it('adds a material fitted inside the design area (400×500 here), centred on it, on top and selected', () => {
    const s0 = editor();
    const { state, notice } = addImage(s0, { src: '/files/m.png', src1: '/files/m-orig.png', sourceid: 42, width: 1200, height: 800 });
    expect(notice).toBeUndefined();
    const added = currentArea(state).layers.at(-1)!;
    expect(added).toMatchObject({
      type: 'image',
      sourceid: 42,
      src: '/files/m.png',
      src1: '/files/m-orig.png',
      width: 400,
      height: 266.666667,
    });
    expect(added).toMatchObject({ scale: 1, rotation: 0, x: 300, y: 300, putu: 0, status: '' });
    expect(state.selectedId).toBe(added.id);
    expect(ids(state)).toHaveLength(5);
    // Unique id, and the previous state is untouched (immutability).
    expect(ids(s0)).not.toContain(added.id);
    expect(currentArea(s0).layers).toHaveLength(4);
  });

  it('adds a portrait local image (no material id) the same way', () => {
    const { state } = addImage(editor(), { src: '/files/local.jpg', width: 500, height: 1000 });
    expect(currentArea(state).layers.at(-1)).toMatchObject({ sourceid: null, src1: '/files/local.jpg', width: 250, height: 500 });
  });

  it('places a new image inside the design area: longer side 600 at most, aspect ratio kept, never past the area', () => {
    const front = product.design_list[0]!.bbox;
    // On the whole canvas (背面 here) the longer side is 600, small pictures grow to it.
    expect(placedImageSize({ width: 1200, height: 800 }, CANVAS_BOX)).toEqual({ width: 600, height: 400 });
    expect(placedImageSize({ width: 30, height: 60 }, CANVAS_BOX)).toEqual({ width: 300, height: 600 });
    // A smaller area bounds it by whichever side runs out first.
    expect(placedImageSize({ width: 3000, height: 2000 }, front)).toEqual({ width: 400, height: 266.666667 });
    expect(placedImageSize({ width: 100, height: 1000 }, front)).toEqual({ width: 50, height: 500 });
    const sleeve = createEditorState(product, null, { areaId: 'sleeve' });
    const added = currentArea(addImage(sleeve, { src: '/big.png', width: 6000, height: 4000 }).state).layers[0]!;
    expect(added).toMatchObject({ width: 150, height: 100, scale: 1, x: 250, y: 450 });
    // Its drawn box lies inside the area's box (150,400 200×100).
    const b = layerBounds(added);
    expect(b.x).toBeGreaterThanOrEqual(150);
    expect(b.y).toBeGreaterThanOrEqual(400);
    expect(b.x + b.width).toBeLessThanOrEqual(350);
    expect(b.y + b.height).toBeLessThanOrEqual(500);
  });

  it('centres new layers on a small design area', () => {
    const sleeve = createEditorState(product, null, { areaId: 'sleeve' });
    expect(currentArea(addImage(sleeve, { src: '/a.png', width: 10, height: 10 }).state).layers[0]).toMatchObject({ x: 250, y: 450 });
    expect(currentArea(addText(sleeve).state).layers[0]).toMatchObject({ x: 250, y: 450 });
  });

  it('refuses an image without a URL ("No material", docs/messages.md#editor-messages) or without a size', () => {
    const s = editor();
    expectRefused(s, addImage(s, { src: '', width: 10, height: 10 }), 'noMaterial');
    expectRefused(s, addImage(s, { src: '/a.png', width: 0, height: 10 }), 'badParameters');
    expectRefused(s, addImage(s, { src: '/a.png', width: Number.NaN, height: 10 }), 'badParameters');
  });

  it('adds the default text at 20 px, at least font size + 70 wide (docs/editor.md#text)', () => {
    const { state } = addText(editor());
    const t = currentArea(state).layers.at(-1)!;
    expect(t).toMatchObject({ type: 'text', text: state.defaultText, fontSize: 20, fontFamily: 'Noto Sans SC', x: 300, y: 300 });
    expect(t.width).toBeGreaterThanOrEqual(90);
    expect(state.selectedId).toBe(t.id);
    const short = currentArea(addText(editor(), 'A').state).layers.at(-1)!;
    expect(short.width).toBe(90);
    expectRefused(editor(), addText(editor(), '  '), 'editorTextEmpty');
  });

  it('estimates text boxes: CJK one em, Latin 0.6 em, 1.2 em lines', () => {
    expect(estimateTextBox('双击编辑文字', 20)).toEqual({ width: 120, height: 24 });
    expect(estimateTextBox('ABCDEFGHIJ', 20)).toEqual({ width: 120, height: 24 });
    expect(estimateTextBox('a\nb', 40)).toEqual({ width: 110, height: 96 });
  });
});

describe('selection', () => {
  it('selects a layer of the current area, or nothing; refuses an unknown id', () => {
    const s = editor();
    const a = selectLayer(s, 'img');
    expect(a.state.selectedId).toBe('img');
    expect(selectLayer(a.state, null).state.selectedId).toBeNull();
    expectRefused(s, selectLayer(s, 'b1'), 'editorNoLayerSelected');
    expect(selectLayer(a.state, 'img').state).toBe(a.state);
  });
});

describe('moving', () => {
  it('moves a layer to a centre, and by 4 px steps', () => {
    const s = moveLayer(editor(), 'img', 10, 20).state;
    expect(get(s, 'img')).toMatchObject({ x: 10, y: 20 });
    expect(get(nudgeLayer(s, 'img', 4, -4).state, 'img')).toMatchObject({ x: 14, y: 16 });
  });

  it('leaves the state untouched when nothing moves', () => {
    const s = editor();
    expect(moveLayer(s, 'img', 250, 260).state).toBe(s);
  });

  it('refuses to move a background layer, a locked layer and an unknown one (docs/editor.md#layer-rules)', () => {
    const s = editor();
    expectRefused(s, moveLayer(s, 'bg', 10, 10), 'editorBackgroundNoMove');
    expectRefused(s, nudgeLayer(s, 'bg', 4, 0), 'editorBackgroundNoMove');
    const locked = setLocked(s, 'img').state;
    expectRefused(locked, moveLayer(locked, 'img', 10, 10), 'editorLayerLocked');
    expectRefused(s, moveLayer(s, 'nope', 10, 10), 'editorNoLayerSelected');
    expectRefused(s, moveLayer(s, 'img', Number.NaN, 10), 'badParameters');
  });

  it('applies the transformer: position, rotation and scale; a background turns and scales in place', () => {
    const s = transformLayer(editor(), 'img', { x: 1, y: 2, rotation: -90, scale: 2 }).state;
    expect(get(s, 'img')).toMatchObject({ x: 1, y: 2, rotation: 270, scale: 2 });
    const bg = transformLayer(editor(), 'bg', { rotation: 10, scale: 1.5 }).state;
    expect(get(bg, 'bg')).toMatchObject({ x: 300, y: 300, rotation: 10, scale: 1.5 });
    const s0 = editor();
    expectRefused(s0, transformLayer(s0, 'bg', { x: 20 }), 'editorBackgroundNoMove');
    expectRefused(s0, transformLayer(s0, 'img', { scale: 0 }), 'badParameters');
    expect(get(transformLayer(s0, 'img', { scale: 99 }).state, 'img').scale).toBe(10);
  });
});

describe('stacking order', () => {
  it('top, bottom, up and down move between and above the background layers, which stay in place', () => {
    const s = editor();
    expect(ids(bringToTop(s, 'img').state)).toEqual(['bg', 'img2', 'txt', 'img']);
    expect(ids(sendToBottom(s, 'txt').state)).toEqual(['bg', 'txt', 'img', 'img2']);
    expect(ids(moveUp(s, 'img').state)).toEqual(['bg', 'img2', 'img', 'txt']);
    expect(ids(moveDown(s, 'img2').state)).toEqual(['bg', 'img2', 'img', 'txt']);
  });

  it('does nothing at the ends', () => {
    const s = editor();
    expect(moveDown(s, 'img').state).toBe(s);
    expect(sendToBottom(s, 'img').state).toBe(s);
    expect(moveUp(s, 'txt').state).toBe(s);
    expect(bringToTop(s, 'txt').state).toBe(s);
  });

  it('refuses to send a background layer to top or bottom (docs/editor.md#layer-rules)', () => {
    const s = editor();
    for (const cmd of [bringToTop, sendToBottom, moveUp, moveDown]) expectRefused(s, cmd(s, 'bg'), 'editorBackgroundNoReorder');
  });

  it('reorders by drag in the layer list, never onto a background place', () => {
    const s = editor();
    expect(ids(reorderLayer(s, 'txt', 1).state)).toEqual(['bg', 'txt', 'img', 'img2']);
    expect(ids(reorderLayer(s, 'img', 3).state)).toEqual(['bg', 'img2', 'txt', 'img']);
    expectRefused(s, reorderLayer(s, 'img', 0), 'editorBackgroundNoReorder');
    expectRefused(s, reorderLayer(s, 'bg', 2), 'editorBackgroundNoReorder');
    expectRefused(s, reorderLayer(s, 'img', 9), 'badParameters');
  });

  it('keeps a background place pinned in the middle of the stack', () => {
    const s = chain(editor(), (x) => bringToTop(x, 'img'));
    // Put a second background between: restack keeps it where it is.
    const withBg: EditorState = {
      ...s,
      areas: {
        ...s.areas,
        front: {
          ...currentArea(s),
          layers: currentArea(s).layers.map((l) => (l.id === 'img2' ? { ...l, status: 'background' as const } : l)),
        },
      },
    };
    expect(ids(withBg)).toEqual(['bg', 'img2', 'txt', 'img']);
    expect(ids(sendToBottom(withBg, 'img').state)).toEqual(['bg', 'img2', 'img', 'txt']);
    expect(ids(moveDown(withBg, 'img').state)).toEqual(['bg', 'img2', 'img', 'txt']);
  });
});

describe('copy and delete', () => {
  it('copies an image right above it, 20 px off, selected', () => {
    const { state, notice } = copyLayer(editor(), 'img');
    expect(notice).toBe('copySuccessful');
    const copyId = state.selectedId!;
    expect(ids(state)).toEqual(['bg', 'img', copyId, 'img2', 'txt']);
    expect(get(state, copyId)).toMatchObject({ ...get(state, 'img'), id: copyId, x: 270, y: 280 });
  });

  it('refuses to copy background ("Background image cannot be copied") and text layers (docs/editor.md#layer-rules)', () => {
    const s = editor();
    expectRefused(s, copyLayer(s, 'bg'), 'backgroundNoCopy');
    expectRefused(s, copyLayer(s, 'txt'), 'editorTextNoCopy');
  });

  it('deletes a layer and its selection', () => {
    const s = selectLayer(editor(), 'img2').state;
    const { state } = deleteLayer(s, 'img2');
    expect(ids(state)).toEqual(['bg', 'img', 'txt']);
    expect(state.selectedId).toBeNull();
  });

  it('refuses to delete a tiled layer until its tiling is cleared (docs/editor.md#layer-rules), and a locked layer', () => {
    const tiled = toggleTiling(editor(), 'img', '2').state;
    expectRefused(tiled, deleteLayer(tiled, 'img'), 'editorTiledNoDelete');
    const cleared = toggleTiling(tiled, 'img', '2').state;
    expect(ids(deleteLayer(cleared, 'img').state)).not.toContain('img');
    const locked = setLocked(editor(), 'img').state;
    expectRefused(locked, deleteLayer(locked, 'img'), 'editorLayerLocked');
  });

  it('clears the canvas: every layer (tiled and locked too) and the background colour', () => {
    const s = chain(
      editor(),
      (x) => toggleTiling(x, 'img', '1'),
      (x) => setLocked(x, 'img2'),
      (x) => selectLayer(x, 'txt'),
    );
    const { state } = clearCanvas(s);
    expect(currentArea(state)).toMatchObject({ background: '', layers: [] });
    expect(state.selectedId).toBeNull();
    expect(clearCanvas(state).state).toBe(state);
    // Other areas are untouched.
    expect(areaContent(state, 'back').layers).toHaveLength(1);
  });
});

describe('alignment against the design area (bbox 100,50 400×500)', () => {
  const cases: [Parameters<typeof alignLayer>[2], { x: number; y: number }][] = [
    ['left', { x: 250, y: 260 }],
    ['hcenter', { x: 300, y: 260 }],
    ['right', { x: 350, y: 260 }],
    ['top', { x: 250, y: 150 }],
    ['vcenter', { x: 250, y: 300 }],
    ['bottom', { x: 250, y: 450 }],
  ];
  it.each(cases)('%s', (alignment, expected) => {
    expect(get(alignLayer(editor(), 'img', alignment).state, 'img')).toMatchObject(expected);
  });

  it('uses the rotated, scaled bounding box', () => {
    const s = chain(
      editor(),
      (x) => rotateLayer(x, 'img', 90),
      (x) => enlargeLayer(x, 'img'),
    );
    // 300×200 at 1.1, turned 90°: 220 wide, 330 tall.
    const left = alignLayer(s, 'img', 'left').state;
    expect(get(left, 'img').x).toBeCloseTo(210);
    expect(layerBounds(get(alignLayer(s, 'img', 'bottom').state, 'img')).y + 330).toBeCloseTo(550);
  });

  it('refuses text and background layers (docs/editor.md#layer-rules)', () => {
    const s = editor();
    expectRefused(s, alignLayer(s, 'txt', 'left'), 'editorTextNoAlign');
    expectRefused(s, alignLayer(s, 'bg', 'left'), 'editorBackgroundNoMove');
  });
});

describe('enlarge and shrink', () => {
  it('scales images by 0.1 (docs/limits.md#editor) without float drift', () => {
    let s = editor();
    for (let i = 0; i < 10; i++) s = enlargeLayer(s, 'img').state;
    expect(get(s, 'img').scale).toBe(2);
    s = shrinkLayer(shrinkLayer(editor(), 'img').state, 'img').state;
    expect(get(s, 'img').scale).toBe(0.8);
  });

  it('stops images at 0.1', () => {
    let s = transformLayer(editor(), 'img', { scale: 0.1 }).state;
    expectRefused(s, shrinkLayer(s, 'img'), 'editorScaleLimit');
    s = transformLayer(editor(), 'img', { scale: 10 }).state;
    expectRefused(s, enlargeLayer(s, 'img'), 'editorScaleLimit');
  });

  it('steps text font size by 2 within 12–100, the box following (docs/editor.md#text)', () => {
    const s = enlargeLayer(editor(), 'txt').state;
    // "Hello" at 22 px measures 66 wide by the estimate, so the box is the minimum 22 + 70.
    expect(get(s, 'txt')).toMatchObject({ fontSize: 22, width: 92, height: 27, scale: 1 });
    let big = setFontSize(editor(), 'txt', 100).state;
    expectRefused(big, enlargeLayer(big, 'txt'), 'editorFontSizeLimit');
    big = shrinkLayer(big, 'txt').state;
    expect(get(big, 'txt').fontSize).toBe(98);
    const small = setFontSize(editor(), 'txt', 12).state;
    expectRefused(small, shrinkLayer(small, 'txt'), 'editorFontSizeLimit');
    expect(get(small, 'txt').width).toBeGreaterThanOrEqual(82);
  });

  it('sizes text boxes with the installed measurer, never narrower than font size + 70', () => {
    setTextMeasurer((text, font) => ({ width: text.length * font.fontSize, height: font.fontSize * 1.2 }));
    try {
      const wide = setText(editor(), 'txt', 'Hello world').state;
      expect(get(wide, 'txt')).toMatchObject({ width: 220, height: 24 });
      const narrow = setText(editor(), 'txt', 'Hi').state;
      expect(get(narrow, 'txt').width).toBe(90);
      const bigger = setFontSize(wide, 'txt', 40).state;
      expect(get(bigger, 'txt')).toMatchObject({ width: 440, height: 48 });
    } finally {
      setTextMeasurer(null);
    }
  });
});

describe('rotate, flip, opacity', () => {
  it('rotates by ±45° and keeps the angle in [0, 360)', () => {
    let s = rotateLayer(editor(), 'img', 45).state;
    expect(get(s, 'img').rotation).toBe(45);
    s = rotateLayer(editor(), 'img', -45).state;
    expect(get(s, 'img').rotation).toBe(315);
    s = editor();
    for (let i = 0; i < 8; i++) s = rotateLayer(s, 'img').state;
    expect(get(s, 'img').rotation).toBe(0);
  });

  it('flips horizontally and vertically, and back', () => {
    const s = flipLayer(editor(), 'img', 'x').state;
    expect(get(s, 'img')).toMatchObject({ flipX: true, flipY: false });
    expect(get(flipLayer(s, 'img', 'y').state, 'img')).toMatchObject({ flipX: true, flipY: true });
    expect(get(flipLayer(s, 'img', 'x').state, 'img').flipX).toBe(false);
  });

  it('sets the transparency within 0–1', () => {
    expect(get(setOpacity(editor(), 'img', 0.35).state, 'img').opacity).toBe(0.35);
    expect(get(setOpacity(editor(), 'img', 2).state, 'img').opacity).toBe(1);
    expect(get(setOpacity(editor(), 'img', -1).state, 'img').opacity).toBe(0);
    expectRefused(editor(), setOpacity(editor(), 'img', Number.NaN), 'badParameters');
  });
});

describe('image fill and adaptive', () => {
  it('fill covers the design area, centred on it', () => {
    const l = get(fillArea(editor(), 'img').state, 'img');
    expect(l).toMatchObject({ x: 300, y: 300, scale: 2.5 });
    const b = layerBounds(l);
    expect(b.x).toBeLessThanOrEqual(100);
    expect(b.y).toBeLessThanOrEqual(50);
    expect(b.x + b.width).toBeGreaterThanOrEqual(500);
    expect(b.y + b.height).toBeGreaterThanOrEqual(550);
  });

  it('adaptive fits inside the design area, centred on it', () => {
    const l = get(fitArea(editor(), 'img').state, 'img');
    expect(l.scale).toBeCloseTo(4 / 3, 5);
    expect(l).toMatchObject({ x: 300, y: 300 });
    expect(layerBounds(l).x).toBeCloseTo(100, 3);
    expect(layerBounds(l).width).toBeCloseTo(400, 3);
    expect(layerBounds(l).height).toBeLessThanOrEqual(500);
  });

  it('takes the rotation into account', () => {
    const s = rotateLayer(editor(), 'img', 90).state;
    expect(get(fillArea(s, 'img').state, 'img').scale).toBe(2);
    expect(get(fitArea(s, 'img').state, 'img').scale).toBeCloseTo(500 / 300, 5);
    // At 45° the image must grow to cover the corners too.
    const s45 = rotateLayer(editor(), 'img', 45).state;
    expect(get(fillArea(s45, 'img').state, 'img').scale).toBeCloseTo((900 * Math.SQRT1_2) / 200, 5);
  });

  it('works on background images, not on text', () => {
    expect(get(fitArea(editor(), 'bg').state, 'bg').scale).toBeCloseTo(400 / 600, 5);
    expectRefused(editor(), fillArea(editor(), 'txt'), 'editorImageOnly');
    expectRefused(editor(), fitArea(editor(), 'txt'), 'editorImageOnly');
  });
});

describe('text controls', () => {
  it('edits the text, with an estimated or measured box', () => {
    const s = setText(editor(), 'txt', 'Hi\nthere').state;
    expect(get(s, 'txt')).toMatchObject({ text: 'Hi\nthere', width: 90, height: 48 });
    const m = setText(editor(), 'txt', 'Hello world', { width: 130.5, height: 25 }).state;
    expect(get(m, 'txt')).toMatchObject({ width: 130.5, height: 25 });
    expect(get(setText(editor(), 'txt', 'x', { width: 10, height: 25 }).state, 'txt').width).toBe(90);
    expectRefused(editor(), setText(editor(), 'txt', ''), 'editorTextEmpty');
    expectRefused(editor(), setText(editor(), 'img', 'x'), 'editorTextOnly');
  });

  it('sets the font family from the font list, dropping bold where the family has none', () => {
    const bold: EditorState = (() => {
      const s = editor();
      return {
        ...s,
        areas: {
          ...s.areas,
          front: { ...currentArea(s), layers: currentArea(s).layers.map((l) => ({ ...l, fontWeight: 'bold' as const })) },
        },
      };
    })();
    expect(get(setFontFamily(bold, 'txt', 'Roboto').state, 'txt')).toMatchObject({ fontFamily: 'Roboto', fontWeight: 'bold' });
    expect(get(setFontFamily(bold, 'txt', 'Anton').state, 'txt')).toMatchObject({ fontFamily: 'Anton', fontWeight: 'normal' });
    expectRefused(editor(), setFontFamily(editor(), 'txt', 'Comic Sans'), 'editorFontUnknown');
    expectRefused(editor(), setFontFamily(editor(), 'img', 'Roboto'), 'editorTextOnly');
  });

  it('sets the colour (with alpha)', () => {
    expect(get(setTextColor(editor(), 'txt', '#ff000080').state, 'txt').fill).toBe('#ff000080');
    expect(get(setTextColor(editor(), 'txt', 'rgba(0, 0, 0, 0.5)').state, 'txt').fill).toBe('rgba(0, 0, 0, 0.5)');
    expectRefused(editor(), setTextColor(editor(), 'txt', 'javascript:1'), 'badParameters');
  });

  it('sets the size on the step of 2 within 12–100, saying so when it clamps (docs/editor.md#text)', () => {
    expect(get(setFontSize(editor(), 'txt', 33).state, 'txt').fontSize).toBe(34);
    const hi = setFontSize(editor(), 'txt', 120);
    expect(hi.notice).toBe('editorFontSizeLimit');
    expect(get(hi.state, 'txt').fontSize).toBe(100);
    expect(get(hi.state, 'txt').width).toBeGreaterThanOrEqual(170);
    const lo = setFontSize(editor(), 'txt', 5);
    expect(lo.notice).toBe('editorFontSizeLimit');
    expect(get(lo.state, 'txt').fontSize).toBe(12);
    expectRefused(editor(), setFontSize(editor(), 'img', 30), 'editorTextOnly');
  });

  it('sets left, centre or right alignment', () => {
    expect(get(setTextAlign(editor(), 'txt', 'left').state, 'txt').align).toBe('left');
    expectRefused(editor(), setTextAlign(editor(), 'txt', 'justify' as never), 'badParameters');
  });
});

describe('tiling (docs/editor.md#tiling)', () => {
  it('sets a mode, replaces it with another, clears it when the active one is clicked again', () => {
    const a = toggleTiling(editor(), 'img', '1').state;
    expect(get(a, 'img')).toMatchObject({ putu: 1, putustr: '1' });
    const b = toggleTiling(a, 'img', '3').state;
    expect(get(b, 'img')).toMatchObject({ putu: 1, putustr: '3' });
    const c = toggleTiling(b, 'img', '3').state;
    expect(get(c, 'img')).toMatchObject({ putu: 0, putustr: '' });
  });

  it('tiles images only', () => {
    expectRefused(editor(), toggleTiling(editor(), 'txt', '1'), 'editorImageOnly');
    expectRefused(editor(), toggleTiling(editor(), 'img', '9' as never), 'badParameters');
  });
});

describe('background colour', () => {
  it('sets a colour with alpha, or none', () => {
    const s = setBackgroundColor(editor(), '#00000080').state;
    expect(currentArea(s).background).toBe('#00000080');
    expect(currentArea(setBackgroundColor(s, '').state).background).toBe('');
    expectRefused(s, setBackgroundColor(s, 'url(x)'), 'badParameters');
    expect(setBackgroundColor(s, '#00000080').state).toBe(s);
  });
});

describe('lock and hide', () => {
  it('toggles or sets the flags, kept per area', () => {
    const s = setLocked(editor(), 'img').state;
    expect(layerFlags(currentArea(s), 'img')).toEqual({ locked: true, hidden: false });
    expect(layerFlags(currentArea(setLocked(s, 'img').state), 'img').locked).toBe(false);
    expect(setLocked(s, 'img', true).state).toBe(s);
    expect(layerFlags(currentArea(setHidden(s, 'img', true).state), 'img')).toEqual({ locked: true, hidden: true });
  });

  it('a locked layer refuses changes to itself; it can still be selected, copied and restacked', () => {
    const s = setLocked(editor(), 'img').state;
    for (const r of [
      rotateLayer(s, 'img', 45),
      enlargeLayer(s, 'img'),
      flipLayer(s, 'img', 'x'),
      setOpacity(s, 'img', 0.2),
      fillArea(s, 'img'),
      toggleTiling(s, 'img', '1'),
      alignLayer(s, 'img', 'left'),
      replaceLayerImage(s, 'img', { src: '/c.png', width: 3, height: 2 }),
    ])
      expectRefused(s, r, 'editorLayerLocked');
    expect(selectLayer(s, 'img').state.selectedId).toBe('img');
    expect(copyLayer(s, 'img').notice).toBe('copySuccessful');
    expect(ids(bringToTop(s, 'img').state).at(-1)).toBe('img');
  });

  it('hiding the selected layer deselects it', () => {
    const s = selectLayer(editor(), 'img').state;
    expect(setHidden(s, 'img').state.selectedId).toBeNull();
    expect(setHidden(s, 'img2').state.selectedId).toBe('img');
  });
});

describe('copy to design areas (docs/editor.md#the-screen, save modes 4 and 5)', () => {
  it('copies the whole design onto another area, fitted to its bounding box, replacing what was there', () => {
    const { state, notice } = copyToArea(editor(), 'back');
    expect(notice).toBe('copySuccessful');
    expect(state.currentAreaId).toBe('front');
    const back = areaContent(state, 'back');
    expect(back.background).toBe('#ffeecc');
    expect(back.layers.map((l) => l.id)).toEqual(['bg', 'img', 'img2', 'txt']);
    // front 400×500 → back 600×600: ×1.2 about the centres (both 300,300).
    expect(back.layers[1]).toMatchObject({ x: 240, y: 252, scale: 1.2 });
    expect(back.layers[3]).toMatchObject({ text: 'Hello', fontSize: 20, scale: 1.2 });
  });

  it('copies onto every other area', () => {
    const { state } = copyToAllAreas(editor());
    expect(areaContent(state, 'back').layers).toHaveLength(4);
    const sleeve = areaContent(state, 'sleeve');
    // front 400×500 → sleeve 200×100 at centre 250,450: ×0.2.
    expect(sleeve.layers[1]).toMatchObject({ x: 240, y: 442, scale: 0.2 });
    expect(toDesign(state).areas.map((a) => a.id)).toEqual(['front', 'back', 'sleeve']);
  });

  it('says "already on the current mask" for the current area (docs/messages.md#validation), and refuses without another area', () => {
    const s = editor();
    expectRefused(s, copyToArea(s, 'front'), 'alreadyOnMask');
    expectRefused(s, copyToArea(s, 'elsewhere'), 'badParameters');
    const single = createEditorState(singleAreaProduct, null);
    expectRefused(single, copyToArea(single, 'x'), 'editorNoOtherArea');
    expectRefused(single, copyToAllAreas(single), 'editorNoOtherArea');
  });
});
