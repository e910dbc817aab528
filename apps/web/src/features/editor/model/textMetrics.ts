import type { Layer } from '@app/design';
import { TEXT_MIN_WIDTH_OVER_FONT_SIZE } from '@app/contract';
import { finite } from './commandKit';
import { tidy } from './geometry';

/**
 * A text layer's box (its width and height follow its text and font). The page installs a measurer on the
 * real fonts; the estimate here is the fallback and the tests' measure.
 */

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * The box of a text layer without a DOM to measure in: CJK and full-width characters one em, others 0.6 em,
 * lines 1.2 em (render.ts line height). At least font size + 70 wide. The page installs a
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

/** A text layer's box for its text and font: measured, at least font size + 70 wide. */
export function textBox(text: string, font: TextFont): { width: number; height: number } {
  const box = measureText(text, font);
  const ok = finite(box.width, box.height);
  return {
    width: tidy(Math.max(font.fontSize + TEXT_MIN_WIDTH_OVER_FONT_SIZE, ok ? Math.ceil(box.width) : 0)),
    height: tidy(Math.max(1, ok ? Math.ceil(box.height) : Math.ceil(font.fontSize * 1.2))),
  };
}
export const fontOf = (layer: Layer): TextFont => ({
  fontSize: layer.fontSize,
  fontFamily: layer.fontFamily,
  bold: layer.fontWeight === 'bold',
});

export function stepFontSize(layer: Layer, size: number): Layer {
  return { ...layer, fontSize: size, ...textBox(layer.text, { ...fontOf(layer), fontSize: size }) };
}
