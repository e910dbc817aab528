import { createRequire } from 'node:module';
import { FONT_FILES, type FontFile } from './fonts.js';

const require = createRequire(import.meta.url);

/** Absolute path of each font file (server only: the browser fetches /fonts/<file>). */
export function fontPaths(): (FontFile & { path: string })[] {
  return FONT_FILES.map((f) => ({ ...f, path: require.resolve(f.module) }));
}
