import { DOUBLE_TAP_MS, KEYBOARD_NUDGE_PX, ROTATION_STEP_DEG } from '@app/contract';
import {
  clearCanvas,
  copyLayer,
  deleteLayer,
  enlargeLayer,
  fillArea,
  fitArea,
  nudgeLayer,
  rotateLayer,
  shrinkLayer,
  type CommandResult,
} from './commands';
import { redo, run, undo, type History } from './history';
import type { EditorNotice } from './messages';
import { findLayer, type EditorState } from './state';

/**
 * Keyboard shortcuts of docs/editor.md#the-screen plus undo and redo. Ctrl means Ctrl or ⌘ (meta), so Mac users get the
 * same keys. Letters are the typed letter (so a QWERTZ Z is Z); when Alt turns it into another character
 * (⌥Z on a Mac types "Ω") the physical key (`code`) is read instead, so Alt shortcuts work there too.
 *
 * Undo is Ctrl+Alt+Z because the product gives Ctrl+Z to enlarge and Alt+Z to shrink; redo is Ctrl+Shift+Z or
 * Ctrl+Y. Modifiers must match exactly, so none of these collides with the product's
 * (docs/editor.md#undo-and-redo).
 *
 * The canvas routes key events here only while no text field has focus (Shift+R would otherwise clear the
 * canvas while typing an R).
 */
export interface KeyDescriptor {
  key: string;
  /** KeyboardEvent.code, e.g. "KeyZ"; optional. */
  code?: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

export type KeyAction =
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'rotate'; deg: number }
  | { type: 'enlarge' }
  | { type: 'shrink' }
  | { type: 'delete' }
  | { type: 'copy' }
  | { type: 'fill' }
  | { type: 'adapt' }
  | { type: 'clearAll' }
  | { type: 'saveNotice' }
  | { type: 'undo' }
  | { type: 'redo' };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-KEYBOARD_NUDGE_PX, 0],
  ArrowRight: [KEYBOARD_NUDGE_PX, 0],
  ArrowUp: [0, -KEYBOARD_NUDGE_PX],
  ArrowDown: [0, KEYBOARD_NUDGE_PX],
};

function keyName(ev: KeyDescriptor): string {
  // The typed letter first, so QWERTZ's Z is Z; the physical key only when the letter is not a Latin one.
  if (/^[a-z]$/i.test(ev.key)) return ev.key.toLowerCase();
  if (ev.code && /^Key[A-Z]$/.test(ev.code)) return ev.code.slice(3).toLowerCase();
  return ev.key;
}

/** The modifiers held, as one word: '', 'ctrl', 'alt', 'shift', 'ctrl+alt', 'ctrl+shift', … */
function mods(ev: KeyDescriptor): string {
  return [ev.ctrl || ev.meta ? 'ctrl' : '', ev.alt ? 'alt' : '', ev.shift ? 'shift' : ''].filter(Boolean).join('+');
}

const SHORTCUT_TABLE: Record<string, KeyAction> = {
  'ctrl q': { type: 'rotate', deg: ROTATION_STEP_DEG },
  'alt q': { type: 'rotate', deg: -ROTATION_STEP_DEG },
  'ctrl z': { type: 'enlarge' },
  'alt z': { type: 'shrink' },
  ' Delete': { type: 'delete' },
  // Mac keyboards have no Delete key (fn+⌫ gives it); ⌫ alone does the same.
  ' Backspace': { type: 'delete' },
  'ctrl c': { type: 'copy' },
  'ctrl b': { type: 'fill' },
  'alt b': { type: 'adapt' },
  'shift r': { type: 'clearAll' },
  'ctrl s': { type: 'saveNotice' },
  'ctrl+alt z': { type: 'undo' },
  'ctrl+shift z': { type: 'redo' },
  'ctrl y': { type: 'redo' },
};

/** The action of a key press, or null when the key is not a shortcut. */
export function keyAction(ev: KeyDescriptor): KeyAction | null {
  const m = mods(ev);
  const arrow = ARROWS[ev.key];
  if (arrow) return m === '' ? { type: 'nudge', dx: arrow[0], dy: arrow[1] } : null;
  return SHORTCUT_TABLE[`${m} ${keyName(ev)}`] ?? null;
}

/** The shortcut list of the toolbar (docs/editor.md#the-screen), in the order shown. */
export const SHORTCUT_LIST: readonly { keys: string; label: { zh: string; en: string } }[] = [
  { keys: '↑ ↓ ← →', label: { zh: '移动图层 4 像素', en: 'Move the layer 4 px' } },
  { keys: 'Ctrl+Q / Alt+Q', label: { zh: '顺时针 / 逆时针旋转 45°', en: 'Rotate 45° clockwise / anticlockwise' } },
  { keys: 'Ctrl+Z / Alt+Z', label: { zh: '放大 / 缩小', en: 'Enlarge / shrink' } },
  { keys: 'Delete', label: { zh: '删除图层', en: 'Delete the layer' } },
  { keys: 'Ctrl+C', label: { zh: '复制图层', en: 'Copy the layer' } },
  { keys: 'Ctrl+B / Alt+B', label: { zh: '图片铺满 / 图片自适应', en: 'Image fill / image adaptive' } },
  { keys: 'Shift+R', label: { zh: '清空画布', en: 'Clear the canvas' } },
  { keys: 'Ctrl+S', label: { zh: '保存提示', en: 'Save notice' } },
  { keys: 'Ctrl+Alt+Z', label: { zh: '撤销', en: 'Undo' } },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', label: { zh: '重做', en: 'Redo' } },
];

/** The command of a layer action on the selected layer. */
function layerCommand(action: KeyAction): ((state: EditorState, id: string) => CommandResult) | null {
  switch (action.type) {
    case 'nudge':
      return (s, id) => nudgeLayer(s, id, action.dx, action.dy);
    case 'rotate':
      return (s, id) => rotateLayer(s, id, action.deg);
    case 'enlarge':
      return enlargeLayer;
    case 'shrink':
      return shrinkLayer;
    case 'delete':
      return deleteLayer;
    case 'copy':
      return copyLayer;
    case 'fill':
      return fillArea;
    case 'adapt':
      return fitArea;
    default:
      return null;
  }
}

export interface KeyOutcome {
  history: History;
  notice?: EditorNotice;
  /** Whether the key was the editor's: the canvas then prevents the browser's default (Ctrl+S saving the page, …). */
  handled: boolean;
}

/**
 * Handles a key press on the editor: maps it, runs the command on the selected layer and records it.
 * A layer shortcut with nothing selected is left to the browser (arrows scroll, Ctrl+C copies text).
 */
export function handleKey(h: History, ev: KeyDescriptor): KeyOutcome {
  const action = keyAction(ev);
  if (!action) return { history: h, handled: false };
  switch (action.type) {
    case 'undo':
      return { history: undo(h), handled: true };
    case 'redo':
      return { history: redo(h), handled: true };
    case 'saveNotice':
      return { history: h, notice: 'editorSaveShortcut', handled: true };
    case 'clearAll':
      return { ...run(h, clearCanvas), handled: true };
  }
  const command = layerCommand(action);
  const id = h.present.selectedId;
  if (!command || !id || !findLayer(h.present, id)) return { history: h, handled: false };
  return { ...run(h, command, id), handled: true };
}

// ── Double-tap to edit text (docs/editor.md#text: 300 ms) ─────────────────────────────────────────────────────

export interface Tap {
  layerId: string;
  /** Milliseconds (event timeStamp or Date.now()). */
  time: number;
}

/**
 * Tracks taps: the second tap on the same layer within 300 ms (inclusive) is a double tap. After one, the
 * next tap starts afresh, so a triple tap is one double tap.
 */
export function detectDoubleTap(last: Tap | null, tap: Tap, windowMs: number = DOUBLE_TAP_MS): { double: boolean; last: Tap | null } {
  const elapsed = last ? tap.time - last.time : Infinity;
  if (last && last.layerId === tap.layerId && elapsed >= 0 && elapsed <= windowMs) return { double: true, last: null };
  return { double: false, last: tap };
}

/** A tap on a layer of the canvas: answers the text layer to edit when it completes a double tap on one. */
export function tapLayer(state: EditorState, last: Tap | null, tap: Tap): { editTextOf: string | null; last: Tap | null } {
  const { double, last: next } = detectDoubleTap(last, tap);
  const layer = findLayer(state, tap.layerId);
  return { editTextOf: double && layer?.type === 'text' ? layer.id : null, last: next };
}
