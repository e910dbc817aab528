import { cssFont, DEFAULT_FONT_FAMILY, FONT_FILES, type DesignDocument } from '@app/design';
import type { TextMeasurer } from './model';

/**
 * The editor's fonts in the browser: the very files the server renders with (served at /fonts). The CJK
 * families are 6–10 MB each, so the editor waits only for the families its opening design uses, and loads
 * the rest in the background; the canvas redraws as each one arrives.
 */
const loading = new Map<string, Promise<void>>();

/** Loads every face of one family once; a font that fails falls back to the default family. */
export function loadFontFamily(family: string): Promise<void> {
  let promise = loading.get(family);
  if (!promise) {
    promise = Promise.all(
      FONT_FILES.filter((f) => f.family === family).map(async (f) => {
        try {
          const face = new FontFace(f.family, `url(/fonts/${f.file})`, { weight: String(f.weight) });
          document.fonts.add(await face.load());
        } catch {
          // The editor still works: the text draws in the fallback until the seller picks another font.
        }
      }),
    ).then(() => undefined);
    loading.set(family, promise);
  }
  return promise;
}

/** The font families the text layers of a design use (the default family when one falls back to it). */
export function familiesOf(design: DesignDocument | null): string[] {
  const families = new Set<string>();
  for (const area of design?.areas ?? [])
    for (const layer of area.layers)
      if (layer.type === 'text') {
        families.add(layer.fontFamily);
        // Latin-only families draw CJK characters in the default family (cssFont's fallback).
        if (/[^\x20-\u024f\s]/.test(layer.text)) families.add(DEFAULT_FONT_FAMILY);
      }
  return [...families];
}

/** Loads the families a design needs before its first render. */
export const loadFontsFor = (design: DesignDocument | null) => Promise.all(familiesOf(design).map(loadFontFamily)).then(() => true);

/** Loads every family, the default one first, calling `onLoaded` after each (to redraw the canvas). */
export async function loadAllFonts(onLoaded: () => void): Promise<void> {
  const families = [DEFAULT_FONT_FAMILY, ...new Set(FONT_FILES.map((f) => f.family).filter((f) => f !== DEFAULT_FONT_FAMILY))];
  for (const family of families) {
    const known = loading.has(family);
    await loadFontFamily(family);
    if (!known) onLoaded();
  }
}

let measuringContext: CanvasRenderingContext2D | null = null;

/** Text boxes measured on the page's fonts, the way render() draws them (lines 1.2 em). */
export const canvasTextMeasurer: TextMeasurer = (text, font) => {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  if (!measuringContext) return { width: NaN, height: NaN };
  measuringContext.font = cssFont(font.fontFamily, font.fontSize, font.bold);
  const lines = text.split('\n');
  // A little air on both sides, so antialiased edges are not cut.
  const width = Math.max(...lines.map((l) => measuringContext!.measureText(l).width)) + font.fontSize * 0.25;
  return { width, height: lines.length * font.fontSize * 1.2 };
};
