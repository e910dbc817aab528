import { describe, expect, it } from 'vitest';
import { formatKey, humanSize } from './labels';

describe('export record labels', () => {
  it('gives sizes in B, KB, MB and GB, one decimal below 100', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1024)).toBe('1.0 KB');
    expect(humanSize(19_251)).toBe('18.8 KB');
    expect(humanSize(150 * 1024)).toBe('150 KB');
    expect(humanSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(humanSize(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('names the export format codes and the Walmart file', () => {
    expect(formatKey({ format: 3, kind: 'exports' })).toBe('export.format.3');
    expect(formatKey({ format: 3, kind: 'amazon' })).toBe('export.format.3');
    expect(formatKey({ format: 6, kind: 'exports' })).toBe('export.format.6');
    expect(formatKey({ format: 9, kind: 'exports' })).toBe('export.format.9');
    expect(formatKey({ format: 0, kind: 'walmart' })).toBe('export.format.walmart');
  });
});
