import { DEFAULT_TEXT_FONT_SIZE, FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_STEP, ROTATION_STEP_DEG, SCALE_STEP } from '@app/contract';
import { DEFAULT_FONT_FAMILY, layerSchema, type Layer, type TileMode } from '@app/design';
import { containScale, coverScale, placedImageSize, layerBounds, normalizeDeg, tidy } from './geometry';
import { BLANK_AREA, currentArea, currentAreaInfo, layerFlags, type EditorState, type LayerFlags } from './state';
import {
  addLayer,
  areaCenter,
  done,
  editLayer,
  find,
  finite,
  isBackground,
  isColor,
  isTiled,
  moveTo,
  nextId,
  refuse,
  replaceCurrent,
  type CommandResult,
} from './commandKit';
import { stepFontSize, textBox } from './textMetrics';

/**
 * The editor's commands: pure functions `(state, …args) → {state, notice?}`. A refused command returns
 * the very same state object with the notice saying why; a command that changes nothing returns the same
 * state without a notice. Layer commands act on a layer of the current design area by id. The text
 * commands are in textCommands.ts, stacking and copying to other areas in arrangeCommands.ts.
 */
export { isColor, type CommandResult } from './commandKit';
export { estimateTextBox, setTextMeasurer, type TextFont, type TextMeasurer } from './textMetrics';
export * from './textCommands';
export * from './arrangeCommands';

/** Image scale bounds of enlarge / shrink and the transformer (docs/limits.md#editor: step 0.1 from 1). */
export const SCALE_MIN = 0.1;
export const SCALE_MAX = 10;
/** Where a copied layer lands relative to its original, so the copy is visible. */
export const COPY_OFFSET = 20;

export type Alignment = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';

// ── Adding ────────────────────────────────────────────────────────────────────────────────────────────

export interface ImageSource {
  /** The image shown: a material's thumb1200 or an uploaded file's URL. */
  src: string;
  /** The original file (the design's `src1`, what a crop starts from); defaults to src. */
  src1?: string;
  /** The material id; null or absent for a local upload. */
  sourceid?: number | null;
  /** Natural size in pixels. */
  width: number;
  height: number;
}

/**
 * Adds an image (material or local upload) on top, fitted inside the design area and centred on it at
 * scale 1 (placedImageSize), and selects it.
 */
export function addImage(state: EditorState, source: ImageSource): CommandResult {
  if (!source.src) return refuse(state, 'noMaterial');
  if (!finite(source.width, source.height) || source.width <= 0 || source.height <= 0) return refuse(state, 'badParameters');
  const box = currentAreaInfo(state).bbox;
  const size = placedImageSize(source, box);
  const { x, y } = areaCenter(box);
  return addLayer(state, (id) =>
    layerSchema.parse({
      id,
      type: 'image',
      sourceid: source.sourceid ?? null,
      src: source.src,
      src1: source.src1 || source.src,
      ...size,
      x,
      y,
    }),
  );
}

/** Adds a text layer with the default string at 20 px (docs/editor.md#text), centred on the design area, and selects it. */
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

/** Puts a layer's centre at x, y (a drag; docs/editor.md#layer-rules: not for background layers). */
export const moveLayer = (state: EditorState, id: string, x: number, y: number) => moveTo(state, id, () => ({ x, y }));

/** Moves a layer by dx, dy (arrow keys: 4 px, docs/limits.md#editor). */
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
 * Six alignments (docs/editor.md#the-screen) of the layer's rotated bounding box against the current design area's
 * bounding box (the green dashed area that is printed), not the 600 canvas: aligning to the canvas edge
 * would put a layer outside a small area such as a sleeve. docs/editor.md#layer-rules: not for text or background layers.
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

/**
 * Enlarge (+1) or shrink (−1): images by scale step 0.1 (docs/limits.md#editor) within 0.1–10; text by font size step 2,
 * stopping at 12 and 100 (docs/editor.md#text).
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

/** Turns a layer by `deltaDeg` (±45, docs/limits.md#editor), clockwise positive; kept in [0, 360). */
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

// ── Tiling and image replacement ───────────────────────────────────────────────────────────────────────────────────

/** docs/editor.md#tiling: clicking the active mode clears the tiling, clicking another replaces it. */
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
 * non-text, non-tiled image (docs/editor.md#the-screen); the 20 MB limit of the cut is checked before its
 * upload (docs/editor.md#materials).
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

// ── Copy and delete ───────────────────────────────────────────────────────────────────────────────────

/**
 * Copies a layer (button, Ctrl+C): the copy goes right above it, offset by 20 px so it shows, and is
 * selected, with "Copy successful" (docs/messages.md#editor-messages). Background and text layers cannot be copied
 * (docs/editor.md#layer-rules).
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

/** Deletes a layer; docs/editor.md#layer-rules: a tiled layer cannot be deleted directly (clear its tiling first). */
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
