import * as XLSX from '@e965/xlsx';
import { DIY_TEMPLATE_LIMITS } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { unpackXlsx } from '../../parsing/xlsxGuard.js';

/**
 * What the parts of a marketplace template may hold once inflated. Larger than a batch sheet's: a real
 * template carries its valid-values and definitions sheets and their shared strings; each worksheet is
 * still cut after its first rows while inflating (the shared zip-bomb guard, parsing/xlsxGuard.ts).
 */
const MAX_INFLATED_BYTES = 24 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const format = () => new AppError(400, 'templateDiyFormat');
const tooBig = () => new AppError(413, 'templateDiyTooBig');

/**
 * Reads a seller's own large-marketplace template (.xlsx / .xlsm; docs/templates.md#diyimport): the sheet
 * holding a cell `item_sku` within its first 10 rows (a sheet named like "Template" first), that row as the
 * field row (names trimmed) and the two rows above it (signature, labels: as written). Each row's trailing
 * empty cells are dropped.
 * CPU-bound: run on a parsing thread (diyWorker.ts).
 */
export async function readDiyTemplate(file: Uint8Array, filename: string): Promise<string[][]> {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  // An .xlsm is an .xlsx with a vbaProject part: the same zip, whose macros are never read.
  if (!/\.(xlsx|xlsm)$/i.test(filename) || !data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw format();
  const book = await unpackXlsx(data, { maxInflated: MAX_INFLATED_BYTES, maxRows: DIY_TEMPLATE_LIMITS.searchRows, tooBig, format });
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(book, {
      type: 'buffer',
      sheetRows: DIY_TEMPLATE_LIMITS.searchRows,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw format();
  }
  const text = (v: unknown) => String(v ?? '').trim();
  const names = [...workbook.SheetNames].sort((a, b) => Number(/template|模板/i.test(b)) - Number(/template|模板/i.test(a)));
  for (const name of names) {
    const sheet = workbook.Sheets[name];
    if (!sheet?.['!ref']) continue;
    const ref = XLSX.utils.decode_range(sheet['!ref']);
    // From A1 whatever the used range says, so row and column numbers are the sheet's own.
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: '',
      blankrows: true,
      range: { s: { r: 0, c: 0 }, e: { r: Math.min(ref.e.r, DIY_TEMPLATE_LIMITS.searchRows - 1), c: ref.e.c } },
    });
    const at = table.findIndex((row) => row.some((c) => text(c) === 'item_sku'));
    if (at < 0) continue;
    if (at < 2) throw new AppError(400, 'templateDiyNoHeader');
    return table.slice(at - 2, at + 1).map((row, i) => {
      // Rows 1 and 2 (signature, labels) exactly as in the file; the field names trimmed, since the export
      // matches them by name.
      const cells = row.map((c) => (i === 2 ? text(c) : String(c ?? '')));
      while (cells.length > 0 && cells[cells.length - 1]!.trim() === '') cells.pop();
      if (cells.length > DIY_TEMPLATE_LIMITS.columns)
        throw new AppError(400, 'templateDiyTooManyColumns', { max: DIY_TEMPLATE_LIMITS.columns });
      const long = cells.findIndex((c) => [...c].length > DIY_TEMPLATE_LIMITS.cell);
      if (long >= 0) throw new AppError(400, 'templateDiyCellTooLong', { row: at - 1 + i, col: long + 1, max: DIY_TEMPLATE_LIMITS.cell });
      return cells;
    });
  }
  throw new AppError(400, 'templateDiyNoItemSku');
}
