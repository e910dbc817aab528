import { describe, expect, it } from 'vitest';
import { eanProblem } from '../src/eanCode.js';

/** The sandbox checks ean_code as AliExpress does (docs/marketplace-a.md#ean-codes). */
describe('ean_code', () => {
  it('takes an EAN-13 or EAN-8 whose check digit holds, and refuses the rest', () => {
    expect(eanProblem('4006381333931')).toBeNull();
    expect(eanProblem('0036000291452')).toBeNull();
    expect(eanProblem('96385074')).toBeNull();
    expect(eanProblem('4006381333932')).toMatch(/wrong check digit/);
    expect(eanProblem('036000291452')).toMatch(/8 or 13 digits/);
    expect(eanProblem('40063813339a1')).toMatch(/8 or 13 digits/);
  });
});
