import { describe, expect, it } from 'vitest';
import { moneyText } from './money';

describe('moneyText', () => {
  it('shows two decimals, groups thousands and signs when asked, from the text as it is', () => {
    expect(moneyText('1050.5')).toBe('1,050.50');
    expect(moneyText('0.00')).toBe('0.00');
    expect(moneyText('50.00', true)).toBe('+50.00');
    expect(moneyText('-1234567.89', true)).toBe('-1,234,567.89');
    expect(moneyText('100000')).toBe('100,000.00');
  });
});
