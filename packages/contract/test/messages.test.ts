import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages.js';
import { catalogueMessages } from '../src/catalogueMessages.js';
import { materialsMessages } from '../src/materialsMessages.js';
import { synthesisMessages } from '../src/synthesisMessages.js';
import { editorMessages } from '../src/editorMessages.js';

describe('message catalogue', () => {
  it('no feature catalogue silently overrides another one’s key', () => {
    const features = [catalogueMessages, materialsMessages, synthesisMessages, editorMessages].map((m) => Object.keys(m));
    const all = features.flat();
    expect(new Set(all).size).toBe(all.length);
    // The merged catalogue holds each feature's own text for its keys.
    for (const m of [catalogueMessages, materialsMessages, synthesisMessages, editorMessages]) {
      for (const [key, text] of Object.entries(m)) expect(MESSAGES[key as keyof typeof MESSAGES]).toEqual(text);
    }
  });

  it('every message has Chinese and English text', () => {
    for (const [key, { zh, en }] of Object.entries(MESSAGES)) {
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
    }
  });
});
