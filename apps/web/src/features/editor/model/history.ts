import type { CommandResult } from './commands';
import type { EditorNotice } from './messages';
import { areaContent, type AreaState, type EditorState } from './state';

/**
 * Undo and redo of every change (docs/editor.md#undo-and-redo, not in the product itself): a bounded list of whole editor states (they share
 * structure, so a step costs little). A step is recorded only when the design changed: selecting a layer
 * or switching the design area is not a step; a drag is one step, from its start to its end.
 *
 * Shortcuts (keyboard.ts): the product gives Ctrl+Z to enlarge (docs/editor.md#the-screen), so undo is Ctrl+Alt+Z and redo Ctrl+Shift+Z
 * or Ctrl+Y.
 */
export interface History {
  readonly past: readonly EditorState[];
  readonly present: EditorState;
  readonly future: readonly EditorState[];
  readonly limit: number;
  /** The state a gesture (drag, transformer) started from while one is under way. */
  readonly gestureStart: EditorState | null;
}

export const HISTORY_LIMIT = 100;

export function createHistory(state: EditorState, limit: number = HISTORY_LIMIT): History {
  return { past: [], present: state, future: [], limit: Math.max(1, limit), gestureStart: null };
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const sameArea = (a: AreaState, b: AreaState) => a === b || deepEqual(a, b);

/**
 * Whether the design (layers, backgrounds, lock/hide flags of any area) differs between two states. An
 * area loaded into memory by switching counts as unchanged: it is compared with what it showed before.
 */
export function documentChanged(a: EditorState, b: EditorState): boolean {
  if (a.areas === b.areas) return false;
  const ids = new Set([...Object.keys(a.areas), ...Object.keys(b.areas)]);
  for (const id of ids) if (!sameArea(areaContent(a, id), areaContent(b, id))) return true;
  return false;
}

/**
 * The state to return to on undo, holding explicitly every area the next state has in memory. Without it,
 * undoing an edit that first brought an area into memory (copy to an area) would keep the edit.
 */
function materialize(before: EditorState, after: EditorState): EditorState {
  const missing = Object.keys(after.areas).filter((id) => !(id in before.areas));
  if (missing.length === 0) return before;
  const areas = { ...before.areas };
  for (const id of missing) areas[id] = areaContent(before, id);
  return { ...before, areas };
}

/**
 * Returns to a recorded state. Areas loaded into memory since it was recorded (by switching) are kept as
 * they are now: nothing recorded changed them, and forgetting them would fall back to a stale session copy.
 */
function restore(target: EditorState, present: EditorState): EditorState {
  const extra = Object.keys(present.areas).some((id) => !(id in target.areas));
  return extra ? { ...target, areas: { ...present.areas, ...target.areas } } : target;
}

function push(h: History, before: EditorState, after: EditorState): History {
  const past = [...h.past, materialize(before, after)];
  return { ...h, past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: after, future: [], gestureStart: null };
}

/** Takes the next state: a recorded step when the design changed, otherwise (selection, switching) just the present. */
export function commit(h: History, next: EditorState): History {
  if (next === h.present) return h;
  if (h.gestureStart) return { ...h, present: next };
  return documentChanged(h.present, next) ? push(h, h.present, next) : { ...h, present: next };
}

/** Runs a command on the present state and commits its result. */
export function run<A extends unknown[]>(
  h: History,
  command: (state: EditorState, ...args: A) => CommandResult,
  ...args: A
): { history: History; notice?: EditorNotice } {
  const result = command(h.present, ...args);
  const history = commit(h, result.state);
  return result.notice ? { history, notice: result.notice } : { history };
}

/** A drag starts: the moves until `endGesture` make one step. */
export function beginGesture(h: History): History {
  return h.gestureStart ? h : { ...h, gestureStart: h.present };
}

export function endGesture(h: History): History {
  const start = h.gestureStart;
  if (!start) return h;
  return documentChanged(start, h.present) ? push(h, start, h.present) : { ...h, gestureStart: null };
}

export const canUndo = (h: History) => h.past.length > 0 || (h.gestureStart !== null && documentChanged(h.gestureStart, h.present));
export const canRedo = (h: History) => h.future.length > 0 && h.gestureStart === null;

/** Undoes the last step (a gesture under way ends first), showing the design area it happened in. */
export function undo(h: History): History {
  const settled = endGesture(h);
  const previous = settled.past[settled.past.length - 1];
  if (!previous) return settled;
  return {
    ...settled,
    past: settled.past.slice(0, -1),
    present: restore(previous, settled.present),
    future: [settled.present, ...settled.future],
  };
}

export function redo(h: History): History {
  const settled = endGesture(h);
  const [next, ...rest] = settled.future;
  if (!next) return settled;
  return { ...settled, past: [...settled.past, settled.present], present: restore(next, settled.present), future: rest };
}
