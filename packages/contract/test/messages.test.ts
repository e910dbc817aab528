import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every feature catalogue (src/*Messages.ts), each read on its own: the merged MESSAGES hides a clash. */
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
const featureCatalogues = async () => {
  const files = fs.readdirSync(SRC).filter((f) => /^[a-zA-Z]+Messages\.ts$/.test(f));
  const mods = await Promise.all(files.map((f) => import(path.join(SRC, f)) as Promise<Record<string, Record<string, unknown>>>));
  return mods.flatMap((m, i) => Object.values(m).map((catalogue) => ({ file: files[i]!, catalogue })));
};

describe('message catalogue', () => {
  it('no feature catalogue silently overrides another one’s key', async () => {
    const catalogues = await featureCatalogues();
    expect(catalogues.length).toBeGreaterThanOrEqual(15);
    const owner = new Map<string, string>();
    for (const { file, catalogue } of catalogues) {
      for (const [key, text] of Object.entries(catalogue)) {
        expect(owner.get(key), `${key} in ${file} and ${owner.get(key)}`).toBeUndefined();
        owner.set(key, file);
        // The merged catalogue holds each feature's own text for its keys.
        expect(MESSAGES[key as keyof typeof MESSAGES], key).toEqual(text);
      }
    }
  });

  it('every message has Chinese and English text', () => {
    for (const [key, { zh, en }] of Object.entries(MESSAGES)) {
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
    }
  });
});
