import { currentArea, currentAreaInfo, BLANK_AREA, type AreaState, type EditorState } from './state';
import { areaCenter, done, find, isBackground, refuse, replaceArea, replaceCurrent, type CommandResult } from './commandKit';
import { tidy } from './geometry';

/** Commands that move layers between places: their stacking order, and copying a design area onto others. */

// ── Stacking order ────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves a layer to `slot` among the non-background layers. Background layers stay in their places
 * (they cannot go to top or bottom), so every other layer moves only between them and above them.
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

// ── Copy to design areas ("copy to", save modes 4 and 5: docs/domain.md#save-modes) ──────────────────

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
 * Copies the current area's design onto another area, replacing what was there (save mode 4);
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
