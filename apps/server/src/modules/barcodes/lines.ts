import { BARCODE_REPORT_MAX, gtinKey, readGtin, type MessageKey } from '@app/contract';
import type { Lines } from './sheet.js';

/** A refused line: its number, what it held, and why (a catalogue message, rendered in the caller's language). */
export interface LineRefusal {
  line: number;
  text: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** The valid codes of an import, in order, and its refused lines (the first BARCODE_REPORT_MAX, and how many). */
export interface CheckedLines {
  lines: number[];
  codes: string[];
  refused: LineRefusal[];
  refusedCount: number;
}

const PROBLEM_KEYS = { chars: 'barcodeLineChars', length: 'barcodeLineLength', checkDigit: 'barcodeLineCheckDigit' } as const;

/**
 * Each line's code checked by its length and check digit (readGtin, cdigit); a code met earlier in the same
 * input (as the same GTIN: a UPC-A and its EAN-13 form are one) is refused naming that line.
 */
export function checkLines(input: Lines): CheckedLines {
  const out: CheckedLines = { lines: [], codes: [], refused: [], refusedCount: 0 };
  const firstLine = new Map<string, number>();
  const refuse = (r: LineRefusal) => {
    out.refusedCount++;
    if (out.refused.length < BARCODE_REPORT_MAX) out.refused.push(r);
  };
  input.texts.forEach((text, i) => {
    const line = input.numbers[i]!;
    const read = readGtin(text);
    if ('problem' in read) return refuse({ line, text: text.slice(0, 40), key: PROBLEM_KEYS[read.problem] });
    const key = gtinKey(read.code);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return refuse({ line, text, key: 'barcodeLineRepeated', params: { line: earlier } });
    firstLine.set(key, line);
    out.lines.push(line);
    out.codes.push(read.code);
  });
  return out;
}
