import { describe, expect, it } from 'vitest';
import { rechargeAmount } from '../src/wallet.js';

describe('rechargeAmount', () => {
  it('reads 0.01–100000.00 with at most two decimals as two-decimal text', () => {
    expect(rechargeAmount('50')).toBe('50.00');
    expect(rechargeAmount(12.3)).toBe('12.30');
    expect(rechargeAmount(' 0.01 ')).toBe('0.01');
    expect(rechargeAmount('100000.00')).toBe('100000.00');
    expect(rechargeAmount('007.5')).toBe('7.50');
  });
  it('refuses everything else', () => {
    for (const v of ['0', '0.00', '0.001', '100000.01', '-1', '+1', '1e3', 'abc', '', '1,000', '5 5', 0.001, 1e21, Number.NaN])
      expect(rechargeAmount(v), String(v)).toBeUndefined();
  });
});
