import { describe, expect, it } from 'vitest';
import { cartLineTotal, cartTotal } from '../src/cartTotals.js';

describe('cart totals (docs/domain.md#cart)', () => {
  it('multiplies and sums exactly, with 2 decimals', () => {
    expect(cartLineTotal({ price: 39.9, num: 3 })).toBe('119.70');
    expect(
      cartTotal([
        { price: 0.1, num: 1 },
        { price: 0.2, num: 1 },
      ]),
    ).toBe('0.30');
    expect(
      cartTotal([
        { price: 19.99, num: 100_000 },
        { price: '0.01', num: 7 },
      ]),
    ).toBe('1999000.07');
    expect(cartTotal([])).toBe('0.00');
  });
});
