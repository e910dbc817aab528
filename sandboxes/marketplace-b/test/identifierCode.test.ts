import { describe, expect, it } from 'vitest';
import { identifierCodeProblem } from '../src/identifierCode.js';

/** The sandbox checks identifier_code as TikTok Shop does (docs/marketplace-b.md#identifier-codes). */
describe('identifier_code', () => {
  it('takes a code of its type’s length whose check digit holds', () => {
    expect(identifierCodeProblem({ code: '4006381333931', type: 'EAN' })).toBeNull();
    expect(identifierCodeProblem({ code: '036000291452', type: 'UPC' })).toBeNull();
    expect(identifierCodeProblem({ code: '10614141000415', type: 'GTIN' })).toBeNull();
    expect(identifierCodeProblem({ code: '96385074', type: 'EAN' })).toBeNull();
    expect(identifierCodeProblem({ code: '978030640615X', type: 'ISBN' })).toBeNull();
  });

  it('refuses a wrong check digit, a length of another type, an unknown type and a malformed object', () => {
    expect(identifierCodeProblem({ code: '4006381333932', type: 'EAN' })).toMatch(/wrong check digit/);
    expect(identifierCodeProblem({ code: '036000291452', type: 'EAN' })).toMatch(/must be 8, 13, 14 digits/);
    expect(identifierCodeProblem({ code: '4006381333931', type: 'UPC' })).toMatch(/must be 12 digits/);
    expect(identifierCodeProblem({ code: '4006381333931', type: 'JAN' })).toMatch(/type must be one of/);
    expect(identifierCodeProblem('4006381333931')).toMatch(/must be an object/);
  });
});
