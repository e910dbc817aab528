import { describe, expect, it } from 'vitest';
import { MOCKUP_STRINGS } from '../../app/i18n/mockupStrings';
import { filterSamples, SAMPLE_CATEGORIES, SAMPLE_TABS, SAMPLES, type Sample } from './samples';

const nameOf = (s: Sample) => MOCKUP_STRINGS[`mockup.sample.${s.id}` as keyof typeof MOCKUP_STRINGS].zh;

describe('the mockup prototype samples', () => {
  it('fill every tab, each under one of its categories, named in both languages, drawn locally', () => {
    for (const tab of SAMPLE_TABS) expect(SAMPLES.filter((s) => s.tab === tab).length, tab).toBeGreaterThan(3);
    expect(new Set(SAMPLES.map((s) => s.id)).size).toBe(SAMPLES.length);
    for (const s of SAMPLES) {
      expect(SAMPLE_CATEGORIES[s.tab][s.category[0]], s.id).toContain(s.category[1]);
      expect(MOCKUP_STRINGS, s.id).toHaveProperty([`mockup.sample.${s.id}`]);
      expect(s.src.startsWith('data:image/svg+xml'), s.id).toBe(true);
    }
    const categories = Object.values(SAMPLE_CATEGORIES).flatMap((c) => Object.entries(c).flat(2));
    for (const c of categories) expect(MOCKUP_STRINGS, c).toHaveProperty([`mockup.cat.${c}`]);
  });

  it('are filtered by tab, category prefix and name', () => {
    const products = filterSamples(SAMPLES, 'product', '', [], nameOf);
    expect(products.length).toBe(SAMPLES.filter((s) => s.tab === 'product').length);
    expect(filterSamples(SAMPLES, 'product', '', ['apparel'], nameOf).map((s) => s.id)).toEqual(['teeWhite', 'teeNavy', 'hoodieGrey']);
    expect(filterSamples(SAMPLES, 'product', '', ['apparel', 'hoodie'], nameOf).map((s) => s.id)).toEqual(['hoodieGrey']);
    expect(filterSamples(SAMPLES, 'product', ' T恤 ', [], nameOf).map((s) => s.id)).toEqual(['teeWhite', 'teeNavy']);
    expect(filterSamples(SAMPLES, 'material', '星', [], nameOf).map((s) => s.id)).toEqual(['star']);
    expect(filterSamples(SAMPLES, 'material', 'T恤', [], nameOf)).toEqual([]);
    expect(filterSamples(SAMPLES, 'image', 'white', [], (s) => s.id)).toEqual([]);
    expect(filterSamples(SAMPLES, 'product', 'WHITE', [], (s) => s.id).map((s) => s.id)).toEqual(['teeWhite', 'mugWhite']);
  });
});
