/**
 * OWASP's CSV-injection rule (docs/exports.md#csv-injection): seller text beginning with = + - @, a tab or
 * a carriage return could be read as a formula by a spreadsheet. In .xlsx every seller text is a string cell
 * (never a formula: exceljs writes a formula only when given one, and we never do); in Txt such a text is
 * prefixed with a single quote.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A Txt cell: neutralised, and tabs and line breaks inside turned into spaces so a row stays a row. */
export function txtCell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const safe = FORMULA_START.test(v) ? `'${v}` : v;
  return safe.replace(/[\t\r\n]/g, ' ');
}
