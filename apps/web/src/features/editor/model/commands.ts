import {
  DEFAULT_TEXT_FONT_SIZE,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  FONT_SIZE_STEP,
  CANVAS_SIZE,
  ROTATION_STEP_DEG,
  SCALE_STEP,
  TEXT_MIN_WIDTH_OVER_FONT_SIZE,
} from '@app/contract';
import { DEFAULT_FONT_FAMILY, FONT_FAMILIES, layerSchema, type Layer, type TileMode } from '@app/design';
import { containScale, coverScale, layerBounds, normalizeDeg, tidy, type Box } from './geometry';
import type { EditorNotice } from './messages';
import { BLANK_AREA, currentArea, currentAreaInfo, layerFlags, type AreaState, type EditorState, type LayerFlags } from './state';

/**
 * The editor's commands: pure functions `(state, …args) → {state, notice?}`. A refused command returns
 * the very same state object with the notice saying why; a command that changes nothing returns the same
 * state without a notice. Layer commands act on a layer of the current design area by id.
 */
export interface CommandResult {
  state: EditorState;
  notice?: EditorNotice;
}

/** Image scale bounds of enlarge / shrink and the transformer (SPEC §9 step 0.1 from 1). */
export const SCALE_MIN = 0.1;
export const SCALE_MAX = 10;
/** Where a copied layer lands relative to its original, so the copy is visible. */
export const COPY_OFFSET = 20;

export type Alignment = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';
export type TextAlign = Layer['align'];

const done = (state: EditorState, notice?: EditorNotice): CommandResult => (notice ? { state, notice } : { state });
const refuse = (state: EditorState, notice: EditorNotice): CommandResult => ({ state, notice });

const isBackground = (l: Layer) => l.status === 'background';
const isTiled = (l: Layer) => l.putu === 1 && l.putustr !== '';
const finite = (...ns: number[]) => ns.every((n) => typeof n === 'number' && Number.isFinite(n));
/** Colours the picker gives (SPEC §2.6 colour picker with alpha): hex with optional alpha, or rgb()/rgba(). */
const COLOR = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/i;
export const isColor = (s: string) => COLOR.test(s.trim());

function replaceArea(state: EditorState, areaId: string, area: AreaState): EditorState {
  return { ...state, areas: { ...state.areas, [areaId]: area } };
}

const replaceCurrent = (state: EditorState, area: AreaState) => replaceArea(state, state.currentAreaId, area);

/** A fresh layer id, unused in the given areas. */
function nextId(state: EditorState, areas: readonly AreaState[]): { id: string; seq: number } {
  let seq = state.seq;
  let id: string;
  do id = `L${++seq}`;
  while (areas.some((a) => a.layers.some((l) => l.id === id)));
  return { id, seq };
}

function sameFields(a: Layer, b: Layer): boolean {
  return (Object.keys(b) as (keyof Layer)[]).every((k) => Object.is(a[k], b[k]));
}

interface Guard {
  /** Refuse a locked layer (anything that changes the layer itself). */
  unlocked?: boolean;
  type?: Layer['type'];
}

type Found = { layer: Layer; index: number; area: AreaState };

/** Finds a layer of the current area and checks the rules common to many commands. */
function find(state: EditorState, id: string, guard: Guard = {}): Found | EditorNotice {
  const area = currentArea(state);
  const index = area.layers.findIndex((l) => l.id === id);
  if (index < 0) return 'editorNoLayerSelected';
  const layer = area.layers[index]!;
  if (guard.unlocked && layerFlags(area, id).locked) return 'editorLayerLocked';
  if (guard.type === 'image' && layer.type !== 'image') return 'editorImageOnly';
  if (guard.type === 'text' && layer.type !== 'text') return 'editorTextOnly';
  return { layer, index, area };
}

/**
 * Changes one layer: `change` answers the new layer, or a notice to refuse. Answering equal fields keeps
 * the same state, so no undo step is recorded for a no-op.
 */
function editLayer(
  state: EditorState,
  id: string,
  guard: Guard,
  change: (layer: Layer, area: AreaState) => Layer | EditorNotice,
): CommandResult {
  const found = find(state, id, { unlocked: true, ...guard });
  if (typeof found === 'string') return refuse(state, found);
  const next = change(found.layer, found.area);
  if (typeof next === 'string') return refuse(state, next);
  if (sameFields(found.layer, next)) return done(state);
  const layers = found.area.layers.map((l, i) => (i === found.index ? next : l));
  return done(replaceCurrent(state, { ...found.area, layers }));
}

/** A position change: refused for background layers (SPEC §4 layer rules). */
function moveTo(state: EditorState, id: string, position: (layer: Layer) => { x: number; y: number }): CommandResult {
  return editLayer(state, id, {}, (layer) => {
    if (isBackground(layer)) return 'editorBackgroundNoMove';
    const { x, y } = position(layer);
    if (!finite(x, y)) return 'badParameters';
    return { ...layer, x: tidy(x), y: tidy(y) };
  });
}

function addLayer(state: EditorState, build: (id: string) => Layer): CommandResult {
  const area = currentArea(state);
  const { id, seq } = nextId(state, [area]);
  const layer = build(id);
  return done({ ...replaceCurrent(state, { ...area, layers: [...area.layers, layer] }), seq, selectedId: id });
}

const areaCenter = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

// ── Text metrics ──────────────────────────────────────────────────────────────────────────────────────

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * The box of a text layer without a DOM to measure in: CJK and full-width characters one em, others 0.6 em,
 * lines 1.2 em (render.ts line height). At least font size + 70 wide (SPEC §5). The page installs a
 * measurer on the real fonts (`setTextMeasurer`); this estimate is the fallback and the tests' measure.
 */
export function estimateTextBox(text: string, fontSize: number): { width: number; height: number } {
  const lines = text.split('\n');
  const widest = Math.max(...lines.map((line) => [...line].reduce((w, ch) => w + (WIDE.test(ch) ? 1 : 0.6), 0)));
  return {
    width: Math.max(fontSize + TEXT_MIN_WIDTH_OVER_FONT_SIZE, Math.ceil(widest * fontSize)),
    height: Math.ceil(lines.length * fontSize * 1.2),
  };
}

export interface TextFont {
  fontSize: number;
  fontFamily: string;
  bold: boolean;
}
/** Measures a text's box (widest line, lines × 1.2 em) in a font. */
export type TextMeasurer = (text: string, font: TextFont) => { width: number; height: number };

const estimate: TextMeasurer = (text, font) => estimateTextBox(text, font.fontSize);
let measureText: TextMeasurer = estimate;

/** Installs the measurer of the page's canvas (null: back to the estimate). */
export function setTextMeasurer(measurer: TextMeasurer | null): void {
  measureText = measurer ?? estimate;
}

/** A text layer's box for its text and font: measured, at least font size + 70 wide (SPEC §5). */
function textBox(text: string, font: TextFont): { width: number; height: number } {
  const box = measureText(text, font);
  const ok = finite(box.width, box.height);
  return {
    width: tidy(Math.max(font.fontSize + TEXT_MIN_WIDTH_OVER_FONT_SIZE, ok ? Math.ceil(box.width) : 0)),
    height: tidy(Math.max(1, ok ? Math.ceil(box.height) : Math.ceil(font.fontSize * 1.2))),
  };
}
const fontOf = (layer: Layer): TextFont => ({ fontSize: layer.fontSize, fontFamily: layer.fontFamily, bold: layer.fontWeight === 'bold' });

// ── Adding ────────────────────────────────────────────────────────────────────────────────────────────

export interface ImageSource {
  /** The image shown: a material's thumb1200 or an uploaded file's URL. */
  src: string;
  /** The original file (SPEC src1); defaults to src. */
  src1?: string;
  /** The material id; null or absent for a local upload. */
  sourceid?: number | null;
  /** Natural size in pixels. */
  width: number;
  height: number;
}

/**
 * Adds an image (material or local upload) on top, scaled so its longer side is 600 (SPEC §9) and
 * centred on the design area, and selects it.
 */
export function addImage(state: EditorState, source: ImageSource): CommandResult {
  if (!source.src) return refuse(state, 'noMaterial');
  if (!finite(source.width, source.height) || source.width <= 0 || source.height <= 0) return refuse(state, 'badParameters');
  const k = CANVAS_SIZE / Math.max(source.width, source.height);
  const { x, y } = areaCenter(currentAreaInfo(state).bbox);
  return addLayer(state, (id) =>
    layerSchema.parse({
      id,
      type: 'image',
      sourceid: source.sourceid ?? null,
      src: source.src,
      src1: source.src1 || source.src,
      width: tidy(source.width * k),
      height: tidy(source.height * k),
      x,
      y,
    }),
  );
}

/** Adds a text layer with the default string at 20 px (SPEC §9), centred on the design area, and selects it. */
export function addText(state: EditorState, text: string = state.defaultText): CommandResult {
  if (text.trim() === '') return refuse(state, 'editorTextEmpty');
  const { x, y } = areaCenter(currentAreaInfo(state).bbox);
  const box = textBox(text, { fontSize: DEFAULT_TEXT_FONT_SIZE, fontFamily: DEFAULT_FONT_FAMILY, bold: false });
  return addLayer(state, (id) =>
    layerSchema.parse({ id, type: 'text', text, fontFamily: DEFAULT_FONT_FAMILY, fontSize: DEFAULT_TEXT_FONT_SIZE, ...box, x, y }),
  );
}

// ── Selection ─────────────────────────────────────────────────────────────────────────────────────────

/** Selects a layer of the current area, or nothing with null. Not an undo step. */
export function selectLayer(state: EditorState, id: string | null): CommandResult {
  if (id === state.selectedId) return done(state);
  if (id !== null && !currentArea(state).layers.some((l) => l.id === id)) return refuse(state, 'editorNoLayerSelected');
  return done({ ...state, selectedId: id });
}

// ── Position and transform ────────────────────────────────────────────────────────────────────────────

/** Puts a layer's centre at x, y (a drag; SPEC §4: not for background layers). */
export const moveLayer = (state: EditorState, id: string, x: number, y: number) => moveTo(state, id, () => ({ x, y }));

/** Moves a layer by dx, dy (arrow keys: 4 px, SPEC §9). */
export const nudgeLayer = (state: EditorState, id: string, dx: number, dy: number) =>
  moveTo(state, id, (l) => ({ x: l.x + dx, y: l.y + dy }));

/**
 * Applies the canvas transformer's result (handles): position, rotation, scale. A background layer may
 * turn and scale but keeps its place.
 */
export function transformLayer(
  state: EditorState,
  id: string,
  t: { x?: number; y?: number; rotation?: number; scale?: number },
): CommandResult {
  return editLayer(state, id, {}, (layer) => {
    const x = t.x ?? layer.x;
    const y = t.y ?? layer.y;
    const rotation = t.rotation ?? layer.rotation;
    const scale = t.scale ?? layer.scale;
    if (!finite(x, y, rotation, scale) || scale <= 0) return 'badParameters';
    if (isBackground(layer) && (tidy(x) !== layer.x || tidy(y) !== layer.y)) return 'editorBackgroundNoMove';
    return {
      ...layer,
      x: tidy(x),
      y: tidy(y),
      rotation: normalizeDeg(rotation),
      scale: tidy(Math.min(SCALE_MAX, Math.max(SCALE_MIN, scale))),
    };
  });
}

/**
 * Six alignments (SPEC §2.6) of the layer's rotated bounding box against the current design area's
 * bounding box (the green dashed area that is printed), not the 600 canvas: aligning to the canvas edge
 * would put a layer outside a small area such as a sleeve. SPEC §4: not for text or background layers.
 */
export function alignLayer(state: EditorState, id: string, alignment: Alignment): CommandResult {
  const found = find(state, id);
  if (typeof found !== 'string' && found.layer.type === 'text') return refuse(state, 'editorTextNoAlign');
  const box = currentAreaInfo(state).bbox;
  return moveTo(state, id, (layer) => {
    const b = layerBounds(layer);
    const { x, y } = layer;
    switch (alignment) {
      case 'left':
        return { x: box.x + b.width / 2, y };
      case 'hcenter':
        return { x: box.x + box.width / 2, y };
      case 'right':
        return { x: box.x + box.width - b.width / 2, y };
      case 'top':
        return { x, y: box.y + b.height / 2 };
      case 'vcenter':
        return { x, y: box.y + box.height / 2 };
      case 'bottom':
        return { x, y: box.y + box.height - b.height / 2 };
    }
  });
}

function stepFontSize(layer: Layer, size: number): Layer {
  return { ...layer, fontSize: size, ...textBox(layer.text, { ...fontOf(layer), fontSize: size }) };
}

/**
 * Enlarge (+1) or shrink (−1): images by scale step 0.1 (SPEC §9) within 0.1–10; text by font size step 2,
 * stopping at 12 and 100 (SPEC §5).
 */
export function scaleLayer(state: EditorState, id: string, direction: 1 | -1): CommandResult {
  return editLayer(state, id, {}, (layer) => {
    if (layer.type === 'text') {
      const size = layer.fontSize + direction * FONT_SIZE_STEP;
      if (size < FONT_SIZE_MIN || size > FONT_SIZE_MAX) return 'editorFontSizeLimit';
      return stepFontSize(layer, size);
    }
    const scale = tidy(layer.scale + direction * SCALE_STEP);
    if (scale < SCALE_MIN || scale > SCALE_MAX) return 'editorScaleLimit';
    return { ...layer, scale };
  });
}

export const enlargeLayer = (state: EditorState, id: string) => scaleLayer(state, id, 1);
export const shrinkLayer = (state: EditorState, id: string) => scaleLayer(state, id, -1);

/** Turns a layer by `deltaDeg` (±45, SPEC §9), clockwise positive; kept in [0, 360). */
export function rotateLayer(state: EditorState, id: string, deltaDeg: number = ROTATION_STEP_DEG): CommandResult {
  if (!finite(deltaDeg)) return refuse(state, 'badParameters');
  return editLayer(state, id, {}, (layer) => ({ ...layer, rotation: normalizeDeg(layer.rotation + deltaDeg) }));
}

export function flipLayer(state: EditorState, id: string, axis: 'x' | 'y'): CommandResult {
  return editLayer(state, id, {}, (layer) => (axis === 'x' ? { ...layer, flipX: !layer.flipX } : { ...layer, flipY: !layer.flipY }));
}

/** Transparency slider: 0 (transparent) to 1 (opaque). */
export function setOpacity(state: EditorState, id: string, opacity: number): CommandResult {
  if (!finite(opacity)) return refuse(state, 'badParameters');
  return editLayer(state, id, {}, (layer) => ({ ...layer, opacity: tidy(Math.min(1, Math.max(0, opacity))) }));
}

/**
 * Image fill: the image, as turned, covers the whole design area (its bounding box), centred on it. Fill
 * and adaptive are the layout a background needs, so unlike a drag they apply to background layers too.
 */
export function fillArea(state: EditorState, id: string): CommandResult {
  const box = currentAreaInfo(state).bbox;
  return editLayer(state, id, { type: 'image' }, (layer) => ({ ...layer, ...areaCenter(box), scale: tidy(coverScale(layer, box)) }));
}

/** Image adaptive: the image's turned bounding box fits inside the design area's, centred on it. */
export function fitArea(state: EditorState, id: string): CommandResult {
  const box = currentAreaInfo(state).bbox;
  return editLayer(state, id, { type: 'image' }, (layer) => ({ ...layer, ...areaCenter(box), scale: tidy(containScale(layer, box)) }));
}

// ── Text ──────────────────────────────────────────────────────────────────────────────────────────────

/** Edits the text (double-tap, SPEC §4); `measured` is the canvas's measured box when it has one. */
export function setText(state: EditorState, id: string, text: string, measured?: { width: number; height: number }): CommandResult {
  if (text.trim() === '') return refuse(state, 'editorTextEmpty');
  return editLayer(state, id, { type: 'text' }, (layer) => {
    const box = measured && finite(measured.width, measured.height) ? measured : textBox(text, fontOf(layer));
    return {
      ...layer,
      text,
      width: tidy(Math.max(layer.fontSize + TEXT_MIN_WIDTH_OVER_FONT_SIZE, box.width)),
      height: tidy(Math.max(1, box.height)),
    };
  });
}

export function setFontFamily(state: EditorState, id: string, family: string): CommandResult {
  const font = FONT_FAMILIES.find((f) => f.family === family);
  if (!font) return refuse(state, 'editorFontUnknown');
  return editLayer(state, id, { type: 'text' }, (layer) => {
    // A family without a bold face would be drawn synthetically bold on one side only.
    const next: Layer = { ...layer, fontFamily: family, fontWeight: font.bold ? layer.fontWeight : 'normal' };
    return { ...next, ...textBox(next.text, fontOf(next)) };
  });
}

export function setTextColor(state: EditorState, id: string, fill: string): CommandResult {
  if (!isColor(fill)) return refuse(state, 'badParameters');
  return editLayer(state, id, { type: 'text' }, (layer) => ({ ...layer, fill: fill.trim() }));
}

/**
 * Sets the font size: rounded to the step of 2 and held within 12–100 (SPEC §5); an out-of-range value is
 * clamped with the notice. The box follows, at least font size + 70 wide.
 */
export function setFontSize(state: EditorState, id: string, size: number): CommandResult {
  if (!finite(size)) return refuse(state, 'badParameters');
  const stepped = Math.round(size / FONT_SIZE_STEP) * FONT_SIZE_STEP;
  const bounded = Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, stepped));
  const result = editLayer(state, id, { type: 'text' }, (layer) => stepFontSize(layer, bounded));
  return bounded !== stepped && !result.notice ? done(result.state, 'editorFontSizeLimit') : result;
}

export function setTextAlign(state: EditorState, id: string, align: TextAlign): CommandResult {
  if (!['left', 'center', 'right'].includes(align)) return refuse(state, 'badParameters');
  return editLayer(state, id, { type: 'text' }, (layer) => ({ ...layer, align }));
}

// ── Tiling and image replacement ───────────────────────────────────────────────────────────────────────────────────

/** SPEC §4 tiling: clicking the active mode clears the tiling, clicking another replaces it. */
export function toggleTiling(state: EditorState, id: string, mode: TileMode): CommandResult {
  if (!['1', '2', '3', '4'].includes(mode)) return refuse(state, 'badParameters');
  return editLayer(state, id, { type: 'image' }, (layer) =>
    layer.putu === 1 && layer.putustr === mode ? { ...layer, putu: 0, putustr: '' } : { ...layer, putu: 1, putustr: mode },
  );
}

/**
 * Puts another image (the uploaded cut of the crop dialog, a new material) in an image layer: src, src1,
 * sourceid and the natural size change, and a derived `image` is dropped so the new src shows. The layer
 * keeps its longer displayed side; centre, rotation, scale, opacity, flips and stacking stay. Only a
 * non-text, non-tiled image (SPEC §2.6); the 20 MB limit of the cut is checked before its upload (§5).
 */
export function replaceLayerImage(state: EditorState, id: string, source: ImageSource): CommandResult {
  if (!source.src) return refuse(state, 'noMaterial');
  if (!finite(source.width, source.height) || source.width <= 0 || source.height <= 0) return refuse(state, 'badParameters');
  return editLayer(state, id, { type: 'image' }, (layer) => {
    if (isTiled(layer)) return 'editorCropNotAllowed';
    const k = Math.max(layer.width, layer.height) / Math.max(source.width, source.height);
    return {
      ...layer,
      src: source.src,
      src1: source.src1 || source.src,
      sourceid: source.sourceid ?? null,
      image: '',
      width: tidy(source.width * k),
      height: tidy(source.height * k),
    };
  });
}

// ── Stacking order ────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves a layer to `slot` among the non-background layers. Background layers stay in their places (SPEC §4:
 * they cannot go to top or bottom), so every other layer moves only between them and above them.
 */
function restack(state: EditorState, id: string, slotOf: (from: number, count: number) => number): CommandResult {
  const found = find(state, id);
  if (typeof found === 'string') return refuse(state, found);
  if (isBackground(found.layer)) return refuse(state, 'editorBackgroundNoReorder');
  const { area } = found;
  const movable = area.layers.filter((l) => !isBackground(l));
  const from = movable.indexOf(found.layer);
  const to = Math.min(movable.length - 1, Math.max(0, slotOf(from, movable.length)));
  if (to === from) return done(state);
  const order = movable.filter((l) => l !== found.layer);
  order.splice(to, 0, found.layer);
  let k = 0;
  const layers = area.layers.map((l) => (isBackground(l) ? l : order[k++]!));
  return done(replaceCurrent(state, { ...area, layers }));
}

export const bringToTop = (state: EditorState, id: string) => restack(state, id, (_from, count) => count - 1);
export const sendToBottom = (state: EditorState, id: string) => restack(state, id, () => 0);
export const moveUp = (state: EditorState, id: string) => restack(state, id, (from) => from + 1);
export const moveDown = (state: EditorState, id: string) => restack(state, id, (from) => from - 1);

/**
 * The layer list's drag to reorder: `toIndex` is the place in the list, bottom (0) to top. Dropping on a
 * background layer's place is refused: background layers keep their places.
 */
export function reorderLayer(state: EditorState, id: string, toIndex: number): CommandResult {
  const layers = currentArea(state).layers;
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= layers.length) return refuse(state, 'badParameters');
  const target = layers[toIndex]!;
  if (isBackground(target) && target.id !== id) return refuse(state, 'editorBackgroundNoReorder');
  // Background places are pinned, so the n-th non-background place of the list is slot n.
  return restack(state, id, () => layers.slice(0, toIndex).filter((l) => !isBackground(l)).length);
}

// ── Copy and delete ───────────────────────────────────────────────────────────────────────────────────

/**
 * Copies a layer (button, Ctrl+C): the copy goes right above it, offset by 20 px so it shows, and is
 * selected, with "Copy successful" (SPEC §8). SPEC §4, §5: background and text layers cannot be copied.
 */
export function copyLayer(state: EditorState, id: string): CommandResult {
  const found = find(state, id);
  if (typeof found === 'string') return refuse(state, found);
  if (isBackground(found.layer)) return refuse(state, 'backgroundNoCopy');
  if (found.layer.type === 'text') return refuse(state, 'editorTextNoCopy');
  const { area, layer, index } = found;
  const { id: copyId, seq } = nextId(state, [area]);
  const copy: Layer = { ...layer, id: copyId, x: tidy(layer.x + COPY_OFFSET), y: tidy(layer.y + COPY_OFFSET) };
  const layers = [...area.layers.slice(0, index + 1), copy, ...area.layers.slice(index + 1)];
  return done({ ...replaceCurrent(state, { ...area, layers }), seq, selectedId: copyId }, 'copySuccessful');
}

/** Deletes a layer; SPEC §4: a tiled layer cannot be deleted directly (clear its tiling first). */
export function deleteLayer(state: EditorState, id: string): CommandResult {
  const found = find(state, id, { unlocked: true });
  if (typeof found === 'string') return refuse(state, found);
  if (isTiled(found.layer)) return refuse(state, 'editorTiledNoDelete');
  const { area } = found;
  const flags = { ...area.flags };
  delete flags[id];
  const next = replaceCurrent(state, { ...area, layers: area.layers.filter((l) => l.id !== id), flags });
  return done({ ...next, selectedId: state.selectedId === id ? null : state.selectedId });
}

/** Clears the canvas (toolbar, Shift+R): every layer, tiled or locked, and the background colour. */
export function clearCanvas(state: EditorState): CommandResult {
  const area = currentArea(state);
  if (area.layers.length === 0 && area.background === '') return done(state);
  return done({ ...replaceCurrent(state, BLANK_AREA), selectedId: null });
}

/** The colour picker (with alpha) and eyedropper: the area's background colour; '' for none. */
export function setBackgroundColor(state: EditorState, color: string): CommandResult {
  if (color !== '' && !isColor(color)) return refuse(state, 'badParameters');
  const area = currentArea(state);
  if (area.background === color.trim()) return done(state);
  return done(replaceCurrent(state, { ...area, background: color.trim() }));
}

// ── Lock and hide ─────────────────────────────────────────────────────────────────────────────────────

function setFlag(state: EditorState, id: string, flag: keyof LayerFlags, value: boolean | undefined): CommandResult {
  const found = find(state, id);
  if (typeof found === 'string') return refuse(state, found);
  const { area } = found;
  const flags = layerFlags(area, id);
  const next = value ?? !flags[flag];
  if (flags[flag] === next) return done(state);
  const updated = replaceCurrent(state, { ...area, flags: { ...area.flags, [id]: { ...flags, [flag]: next } } });
  // A hidden layer cannot stay selected: the canvas would show handles around nothing.
  return done(flag === 'hidden' && next && state.selectedId === id ? { ...updated, selectedId: null } : updated);
}

/** Locks (or unlocks) a layer: a locked layer refuses every change to itself until unlocked. Toggles without a value. */
export const setLocked = (state: EditorState, id: string, locked?: boolean) => setFlag(state, id, 'locked', locked);
/** Hides (or shows) a layer in the editor; a hidden layer is left out of what is saved and composed. Toggles without a value. */
export const setHidden = (state: EditorState, id: string, hidden?: boolean) => setFlag(state, id, 'hidden', hidden);

// ── Copy to design areas (SPEC §2.6 "copy to", save modes 4 and 5) ────────────────────────────────────

/**
 * The current area's design (background colour and every layer, with their flags) fitted into another
 * area: the source area's bounding box maps onto the target's, keeping proportions, centred.
 */
function fittedCopy(state: EditorState, targetId: string): AreaState {
  const source = currentArea(state);
  const from = currentAreaInfo(state).bbox;
  const to = state.areaList.find((a) => a.id === targetId)!.bbox;
  const k = Math.min(to.width / from.width, to.height / from.height);
  const f = areaCenter(from);
  const t = areaCenter(to);
  const layers = source.layers.map((l) =>
    k === 1 && f.x === t.x && f.y === t.y
      ? l
      : { ...l, x: tidy(t.x + (l.x - f.x) * k), y: tidy(t.y + (l.y - f.y) * k), scale: tidy(l.scale * k) },
  );
  return { background: source.background, layers, flags: source.flags };
}

function copyInto(state: EditorState, targets: readonly string[]): CommandResult {
  let next = state;
  for (const id of targets) {
    const copy = fittedCopy(state, id);
    next = replaceArea(next, id, copy.layers.length === 0 && copy.background === '' ? BLANK_AREA : copy);
  }
  return done(next, 'copySuccessful');
}

/**
 * Copies the current area's design onto another area, replacing what was there (save mode 4). SPEC §5:
 * the current area answers "already on the current mask, no need to copy".
 */
export function copyToArea(state: EditorState, targetId: string): CommandResult {
  if (state.areaList.length < 2) return refuse(state, 'editorNoOtherArea');
  if (targetId === state.currentAreaId) return refuse(state, 'alreadyOnMask');
  if (!state.areaList.some((a) => a.id === targetId)) return refuse(state, 'badParameters');
  return copyInto(state, [targetId]);
}

/** Copies the current area's design onto every other area (save mode 5). */
export function copyToAllAreas(state: EditorState): CommandResult {
  if (state.areaList.length < 2) return refuse(state, 'editorNoOtherArea');
  return copyInto(
    state,
    state.areaList.map((a) => a.id).filter((id) => id !== state.currentAreaId),
  );
}
