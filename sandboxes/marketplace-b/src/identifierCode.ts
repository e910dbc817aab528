/**
 * A SKU's `identifier_code` {code, type} as TikTok Shop checks it (Create Product 202309, docs/marketplace-b.md#identifier-codes):
 * GTIN 14 digits; EAN 8, 13 or 14; UPC 12; ISBN 13 (its last character may be X). The check digit of a
 * GTIN, EAN or UPC must hold (GS1's mod 10); no two SKUs may carry the same code. Written here, not with the
 * server's library: the sandbox is another reader of the codes.
 */
const LENGTHS: Record<string, number[]> = { GTIN: [14], EAN: [8, 13, 14], UPC: [12], ISBN: [13] };

/** GS1's check digit: from the right, weights 3, 1, 3, …; the last digit brings the sum to a multiple of ten. */
export function gs1CheckDigitHolds(code: string): boolean {
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Why an identifier code is refused, or null when it is one TikTok Shop takes. */
export function identifierCodeProblem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return 'identifier_code must be an object {code, type}';
  const { code, type } = raw as { code?: unknown; type?: unknown };
  if (typeof type !== 'string' || !LENGTHS[type]) return 'identifier_code.type must be one of GTIN, EAN, UPC, ISBN';
  if (typeof code !== 'string') return 'identifier_code.code must be a string';
  const pattern = type === 'ISBN' ? /^\d{12}[\dX]$/ : /^\d+$/;
  if (!pattern.test(code) || !LENGTHS[type].includes(code.length))
    return `identifier_code.code of type ${type} must be ${LENGTHS[type].join(', ')} digits`;
  if (type !== 'ISBN' && !gs1CheckDigitHolds(code)) return `identifier_code.code ${code} has a wrong check digit`;
  return null;
}
