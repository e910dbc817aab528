import type { Cell, Reason } from './rows/context.js';

/**
 * Formula-looking text (docs/exports.md#formula-looking-text): what a marketplace receives is the seller's
 * text exactly, so nothing is prefixed or escaped. In .xlsx every seller text is a string cell (exceljs writes a
 * formula only when given one, and we never do), which no spreadsheet evaluates. A Txt file has no cell types:
 * a spreadsheet opening it reads a value starting with one of these as a formula, so the pre-flight names
 * the field (a warning: the file itself is right for upload).
 */
export const FORMULA_START = /^[=+\-@]/;

/** A Txt cell: written as it is, only tabs and line breaks inside turned into spaces so a row stays a row. */
export function txtCell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  return v.replace(/[\t\r\n]/g, ' ');
}

/** Txt lines: cells joined by tabs, each row ended by a line break. */
export function txtLines(rows: readonly Cell[][]): string {
  let text = '';
  for (const r of rows) text += r.map(txtCell).join('\t') + '\n';
  return text;
}

/** The fields of a product's Txt rows whose text a spreadsheet would read as a formula, once per field. */
export function formulaWarnings(fields: readonly string[], rows: readonly Cell[][]): Reason[] {
  const named = new Set<number>();
  const reasons: Reason[] = [];
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v !== 'string' || named.has(i) || !FORMULA_START.test(v)) continue;
      named.add(i);
      reasons.push({ key: 'exportFormulaText', params: { field: fields[i] ?? '', char: v[0]! } });
    }
  }
  return reasons;
}
