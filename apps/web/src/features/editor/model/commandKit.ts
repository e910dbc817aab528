import type { Layer } from '@app/design';
import { tidy, type Box } from './geometry';
import type { EditorNotice } from './messages';
import { currentArea, layerFlags, type AreaState, type EditorState } from './state';

/**
 * The editor's commands: pure functions `(state, …args) → {state, notice?}`. A refused command returns
 * the very same state object with the notice saying why; a command that changes nothing returns the same
 * state without a notice. Layer commands act on a layer of the current design area by id.
 */
export interface CommandResult {
  state: EditorState;
  notice?: EditorNotice;
}

// ── What the commands share: answering, finding and replacing a layer (not exported from the model) ──

export const done = (state: EditorState, notice?: EditorNotice): CommandResult => (notice ? { state, notice } : { state });
export const refuse = (state: EditorState, notice: EditorNotice): CommandResult => ({ state, notice });

export const isBackground = (l: Layer) => l.status === 'background';
export const isTiled = (l: Layer) => l.putu === 1 && l.putustr !== '';
export const finite = (...ns: number[]) => ns.every((n) => typeof n === 'number' && Number.isFinite(n));
/** Colours the picker gives (the colour picker, with alpha): hex with optional alpha, or rgb()/rgba(). */
const COLOR = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/i;
export const isColor = (s: string) => COLOR.test(s.trim());

export function replaceArea(state: EditorState, areaId: string, area: AreaState): EditorState {
  return { ...state, areas: { ...state.areas, [areaId]: area } };
}

export const replaceCurrent = (state: EditorState, area: AreaState) => replaceArea(state, state.currentAreaId, area);

/** A fresh layer id, unused in the given areas. */
export function nextId(state: EditorState, areas: readonly AreaState[]): { id: string; seq: number } {
  let seq = state.seq;
  let id: string;
  do id = `L${++seq}`;
  while (areas.some((a) => a.layers.some((l) => l.id === id)));
  return { id, seq };
}

function sameFields(a: Layer, b: Layer): boolean {
  return (Object.keys(b) as (keyof Layer)[]).every((k) => Object.is(a[k], b[k]));
}

export interface Guard {
  /** Refuse a locked layer (anything that changes the layer itself). */
  unlocked?: boolean;
  type?: Layer['type'];
}

type Found = { layer: Layer; index: number; area: AreaState };

/** Finds a layer of the current area and checks the rules common to many commands. */
export function find(state: EditorState, id: string, guard: Guard = {}): Found | EditorNotice {
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
export function editLayer(
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

/** A position change: refused for background layers (docs/domain.md#design-areas-and-layers). */
export function moveTo(state: EditorState, id: string, position: (layer: Layer) => { x: number; y: number }): CommandResult {
  return editLayer(state, id, {}, (layer) => {
    if (isBackground(layer)) return 'editorBackgroundNoMove';
    const { x, y } = position(layer);
    if (!finite(x, y)) return 'badParameters';
    return { ...layer, x: tidy(x), y: tidy(y) };
  });
}

export function addLayer(state: EditorState, build: (id: string) => Layer): CommandResult {
  const area = currentArea(state);
  const { id, seq } = nextId(state, [area]);
  const layer = build(id);
  return done({ ...replaceCurrent(state, { ...area, layers: [...area.layers, layer] }), seq, selectedId: id });
}

export const areaCenter = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
