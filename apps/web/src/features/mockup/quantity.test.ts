import { describe, expect, it } from 'vitest';
import { isQuantity, isQuantityText } from './quantity';

describe('the mockup prototype quantity', () => {
  it('takes whole numbers from 1 to 9999', () => {
    for (const text of ['1', '2', ' 12 ', '9999']) expect(isQuantityText(text), text).toBe(true);
    for (const n of [1, 5, 9999]) expect(isQuantity(n), String(n)).toBe(true);
  });

  it('refuses 0, negatives, decimals, empties and too many', () => {
    for (const text of ['0', '-1', '1.5', '1.0', '', ' ', 'abc', '1e3', '10000']) expect(isQuantityText(text), text).toBe(false);
    for (const n of [0, -1, 1.5, 10000, Number.NaN, null, undefined]) expect(isQuantity(n), String(n)).toBe(false);
  });
});
