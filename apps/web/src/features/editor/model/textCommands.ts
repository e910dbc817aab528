import { FONT_FAMILIES, type Layer } from '@app/design';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_STEP, TEXT_MIN_WIDTH_OVER_FONT_SIZE } from '@app/contract';
import { done, editLayer, finite, isColor, refuse, type CommandResult } from './commandKit';
import { tidy } from './geometry';
import type { EditorState } from './state';
import { fontOf, stepFontSize, textBox } from './textMetrics';

/** The text layer's commands; its box is measured by textMetrics.ts. */

export type TextAlign = Layer['align'];

// ── Text ──────────────────────────────────────────────────────────────────────────────────────────────

/** Edits the text (double-tap); `measured` is the canvas's measured box when it has one. */
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
 * Sets the font size: rounded to the step of 2 and held within 12–100; an out-of-range value is
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
