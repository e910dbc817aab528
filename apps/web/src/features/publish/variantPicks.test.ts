import { describe, expect, test } from 'vitest';
import type { VariantInfo } from '@app/contract';
import { buildGroups, formatPrice, parsePrice, summarize, NO_PICKS } from './variantPicks';

const info: VariantInfo = {
  parentInfo: { id: 7, key_id: 'F7', title: 'Tee', img_urls: [] },
  colorSizes: [
    {
      id: 71,
      key_id: 'F7-1',
      color: 'Black',
      size: 'S',
      color_en: 'Black',
      color_family: 'Black',
      size_en: 'S',
      price: 19.9,
      as_parent: 1,
      img_urls: [],
      finished_id: 7,
      sku_code: 'F7-BL-S',
      crossed_out: null,
    },
    {
      id: 72,
      key_id: 'F7-2',
      color: 'Black',
      size: 'M',
      color_en: 'Black',
      color_family: 'Black',
      size_en: 'M',
      price: 21,
      as_parent: 0,
      img_urls: [],
      finished_id: 7,
      sku_code: 'F7-BL-M',
      crossed_out: null,
    },
    {
      id: 73,
      key_id: 'F7-3',
      color: 'White',
      size: 'S',
      color_en: 'White',
      color_family: 'White',
      size_en: 'S',
      price: 19.9,
      as_parent: 0,
      img_urls: [],
      finished_id: 7,
      sku_code: 'F7-WH-S',
      crossed_out: null,
    },
    {
      id: 74,
      key_id: 'F7-4',
      color: 'White',
      size: 'M',
      color_en: 'White',
      color_family: 'White',
      size_en: 'M',
      price: 21,
      as_parent: 0,
      img_urls: [],
      finished_id: 7,
      sku_code: 'F7-WH-M',
      crossed_out: null,
    },
  ],
  minPrice: 19.9,
  maxPrice: 21,
  currency: 'USD',
};

describe('the variant table state', () => {
  test("a price shows in its currency's decimals: two, JPY none", () => {
    expect(formatPrice(7.9, 'USD')).toBe('7.90');
    expect(formatPrice(1499, 'JPY')).toBe('1499');
  });

  test('a price is above 0 with at most two decimals', () => {
    expect(parsePrice('19.90')).toBe(19.9);
    expect(parsePrice(' 5 ')).toBe(5);
    for (const bad of ['0', '0.00', '1.234', '-3', 'abc', '', '1e3', '99999999.99']) expect(parsePrice(bad)).toBeNull();
  });

  test('untouched: every variant goes with its own price', () => {
    expect(buildGroups([info], {})).toEqual([
      {
        parentId: 7,
        customAttributions: [
          { childId: 71, color: 'Black', size: 'S', price: 19.9, as_parent: 1 },
          { childId: 72, color: 'Black', size: 'M', price: 21, as_parent: 0 },
          { childId: 73, color: 'White', size: 'S', price: 19.9, as_parent: 0 },
          { childId: 74, color: 'White', size: 'M', price: 21, as_parent: 0 },
        ],
      },
    ]);
  });

  test('an unticked size, an unticked variant and a typed price; the parent moves when its variant is left out', () => {
    const picks = { 7: { ...NO_PICKS, offSizes: ['S'], offVariants: [72], prices: { 74: '25.5' } } };
    expect(buildGroups([info], picks)).toEqual([
      {
        parentId: 7,
        customAttributions: [{ childId: 74, color: 'White', size: 'M', price: 25.5, as_parent: 1 }],
      },
    ]);
    expect(summarize(info, picks[7])).toMatchObject({ invalid: 0, min: 25.5, max: 25.5 });
  });

  test('a product with nothing ticked is left out; an invalid price is counted', () => {
    expect(buildGroups([info], { 7: { ...NO_PICKS, offColors: ['Black', 'White'] } })).toEqual([]);
    const s = summarize(info, { ...NO_PICKS, prices: { 71: '1.999' } });
    expect(s).toMatchObject({ invalid: 1, min: 19.9, max: 21 });
  });
});
