import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The contract modules the web reads at runtime on its first screens: they must load no zod, or the back office's
 * first screen downloads it again (docs/web.md#where-the-bytes-go). Schemas stay in the feature modules.
 */
const ZOD_FREE = [
  'addresses.ts',
  'constants.ts',
  'route.ts',
  'jobStates.ts',
  'images.ts',
  'messages.ts',
  'baseMessages.ts',
  'sitePages.ts',
];

const src = new URL('../src/', import.meta.url);

/** The modules a module imports at runtime (`import type` is erased at build). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(new URL(file, src), 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1]!);
}

/** Every module `file` loads at runtime, itself included, as paths under src/ or package names. */
function runtimeClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of runtimeImports(file)) {
    if (spec.startsWith('./')) runtimeClosure(spec.slice(2).replace(/\.js$/, '.ts'), seen);
    else seen.add(spec);
  }
  return seen;
}

describe('contract modules the web reads at runtime', () => {
  it.each(ZOD_FREE)('%s loads no zod', (file) => {
    const loaded = [...runtimeClosure(file)];
    expect(loaded.filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
  });
});
