import { describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';

type KeyBuilder = (...args: unknown[]) => readonly unknown[];

describe('queryKeys', () => {
  const resources = Object.entries(queryKeys);

  it('gives each resource a prefix of its own', () => {
    const prefixes = resources.map(([, keys]) => JSON.stringify(keys.all));
    expect(new Set(prefixes).size).toBe(resources.length);
  });

  it.each(resources)('builds every %s key under its prefix, so invalidating `all` reaches it', (_, keys) => {
    for (const [name, build] of Object.entries(keys)) {
      if (name === 'all') continue;
      const key = (build as KeyBuilder)(1, 'x');
      expect(key.slice(0, keys.all.length)).toEqual(keys.all);
    }
  });

  it('nests a list under its resource’s lists and a variant search under its product’s detail', () => {
    expect(queryKeys.finished.list({ pageNumber: 2 }).slice(0, 2)).toEqual(queryKeys.finished.lists());
    expect(queryKeys.materials.list({ userId: 0 }).slice(0, 2)).toEqual(queryKeys.materials.lists());
    expect(queryKeys.finished.variants(7, 'red').slice(0, 3)).toEqual(queryKeys.finished.detail(7));
  });
});
