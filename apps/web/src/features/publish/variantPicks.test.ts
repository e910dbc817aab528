import { describe, expect, test } from 'vitest';
import type { VariantInfo } from '@app/contract';
import { buildGroups, chosenColours, colourKey, formatPrice, parsePrice, summarize, NO_PICKS } from './variantPicks';

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
      seller_sku: 'AE-F7-BL-S',
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
      seller_sku: 'AE-F7-BL-M',
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
      seller_sku: 'AE-F7-WH-S',
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
      seller_sku: 'AE-F7-WH-M',
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
    expect(buildGroups([info], { 7: { ...NO_PICKS, offColors: [colourKey(7, 'Black'), colourKey(7, 'White')] } })).toEqual([]);
    const s = summarize(info, { ...NO_PICKS, prices: { 71: '1.999' } });
    expect(s).toMatchObject({ invalid: 1, min: 19.9, max: 21 });
  });

  test("a combination's colour ticks act on one child's colour, not on every child's colour of that name", () => {
    // Child 8 of the combination (listed as 7) has a White too.
    const combo: VariantInfo = {
      ...info,
      colorSizes: [
        ...info.colorSizes,
        { ...info.colorSizes[2]!, id: 81, key_id: 'F8-1', finished_id: 8, sku_code: 'F8-WH-S', seller_sku: 'AE-F8-WH-S' },
      ],
    };
    const picks = { 7: { ...NO_PICKS, offColors: [colourKey(7, 'White')] } };
    expect(buildGroups([combo], picks)[0]!.customAttributions.map((c) => c.childId)).toEqual([71, 72, 81]);
    const members = [
      { id: 7, colors: ['Black', 'White'] },
      { id: 8, colors: ['White'] },
    ];
    // The variant call still gets White (child 8 keeps it); child 7's White stays out by its tick.
    expect(chosenColours(members, picks[7])).toEqual(['Black', 'White']);
    expect(chosenColours(members, { ...NO_PICKS, offColors: [colourKey(7, 'White'), colourKey(8, 'White')] })).toEqual(['Black']);
  });
});
