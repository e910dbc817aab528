import { gtin } from 'cdigit';

/**
 * GTINs (docs/listing-tools.md#barcodes): the codes under a product's barcode. A code is kept as the seller
 * has it, and its type follows from its length: 13 digits EAN (EAN-13), 12 UPC (UPC-A), 14 GTIN (GTIN-14).
 * The check digit is GS1's mod-10, computed by `cdigit` (a kept library, not ours).
 */
export const BARCODE_TYPES = ['EAN', 'UPC', 'GTIN'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

const TYPE_BY_LENGTH: Record<number, BarcodeType> = { 12: 'UPC', 13: 'EAN', 14: 'GTIN' };
/** Digits a code of each type has. */
export const BARCODE_LENGTH: Record<BarcodeType, number> = { UPC: 12, EAN: 13, GTIN: 14 };

/** Why a line is not a code: letters or signs in it, a length of no type, a wrong check digit. */
export type GtinProblem = 'chars' | 'length' | 'checkDigit';

/** A code read from a line, or why not. Spaces and hyphens inside are ignored (`4 006381 333931`). */
export function readGtin(raw: string): { code: string; type: BarcodeType } | { problem: GtinProblem } {
  const code = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(code)) return { problem: 'chars' };
  const type = TYPE_BY_LENGTH[code.length];
  if (!type) return { problem: 'length' };
  if (!gtin.validate(code)) return { problem: 'checkDigit' };
  return { code, type };
}

/**
 * The same number in every type: a UPC-A and the EAN-13 `0` + it are one GTIN. Pools and duplicates compare
 * codes by this (GTIN-14, zero-padded); leading zeros leave the check digit as it is.
 */
export const gtinKey = (code: string) => code.padStart(14, '0');

/** A code with its check digit computed, from the digits before it. */
export const withCheckDigit = (body: string) => gtin.generate(body);

/** The type of a generator's codes and their length. */
export const GENERATED_TYPES = ['EAN', 'UPC'] as const;
export type GeneratedType = (typeof GENERATED_TYPES)[number];

/**
 * A generator's room (docs/listing-tools.md#barcodes): a code is the GS1 company prefix, then the item
 * reference, then the check digit. Item references run from 0 to 10^digits − 1.
 */
export function itemReferenceDigits(prefix: string, type: GeneratedType): number {
  return BARCODE_LENGTH[type] - 1 - prefix.length;
}

/** The code of item reference `ref` under a prefix. */
export function generatedCode(prefix: string, type: GeneratedType, ref: number): string {
  return withCheckDigit(prefix + String(ref).padStart(itemReferenceDigits(prefix, type), '0'));
}

/**
 * The code as an EAN-13, for a marketplace that takes EANs only (AliExpress's ean_code): a UPC-A is the
 * EAN-13 with a leading 0, a GTIN-14 with indicator 0 is its EAN-13; another GTIN-14 (a case of units) has none.
 */
export function asEan13(code: string): string | undefined {
  if (code.length === 13) return code;
  if (code.length === 12) return `0${code}`;
  if (code.length === 14 && code.startsWith('0')) return code.slice(1);
  return undefined;
}
