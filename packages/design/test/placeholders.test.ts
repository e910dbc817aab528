import { describe, expect, it } from 'vitest';
import { fillPlaceholders, hasPlaceholderText, layerSchema, type DesignDocument } from '../src/index.js';

const doc = (texts: string[]): DesignDocument => ({
  version: 1,
  areas: [
    {
      id: 'front',
      background: '#ffffff',
      layers: [
        layerSchema.parse({ id: 'img', type: 'image', src: '/files/a.png', width: 100, height: 100, x: 300, y: 300 }),
        ...texts.map((text, i) =>
          layerSchema.parse({ id: `t${i}`, type: 'text', text, fontSize: 40, width: 200, height: 50, x: 300, y: 400 }),
        ),
      ],
    },
  ],
});

describe('Excel batch design placeholders', () => {
  it('finds a text layer holding NO. or 姓名, and nothing else', () => {
    expect(hasPlaceholderText(doc(['NO.']))).toBe(true);
    expect(hasPlaceholderText(doc(['球员 姓名']))).toBe(true);
    expect(hasPlaceholderText(doc(['NO 10', 'name']))).toBe(false);
    expect(hasPlaceholderText(doc([]))).toBe(false);
  });

  it('replaces every placeholder in every text layer, keeps the rest, and leaves the template as it was', () => {
    const template = doc(['NO.', '姓名', 'NO. · 姓名', 'TEAM']);
    const before = structuredClone(template);
    const filled = fillPlaceholders(template, { number: '07', name: '张伟' });
    expect(filled.areas[0]!.layers.map((l) => l.text)).toEqual(['', '07', '张伟', '07 · 张伟', 'TEAM']);
    expect(filled.areas[0]!.layers[0]).toEqual(template.areas[0]!.layers[0]);
    expect(filled.areas[0]!.background).toBe('#ffffff');
    expect(template).toEqual(before);
  });
});
