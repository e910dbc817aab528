import * as XLSX from '@e965/xlsx';
import { BATCH_DESIGN_MAX_ROWS, type BatchRow } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { unpackXlsx } from '../../parsing/xlsxGuard.js';

/**
 * Sheet rows read at most: enough for any real list, bounded for a crafted one. `total` counts the rows
 * with data among these (so a sheet of a million rows says 1999 and truncated, as it always has).
 */
const MAX_SHEET_ROWS = 2000;
/**
 * What the parts read from an .xlsx may hold once inflated, counted while inflating: a zip's declared
 * sizes are the uploader's word, so they decide nothing (docs/security.md, Upload limits).
 */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

/** Headers of the optional listing-title column (case ignored). */
const TITLE_HEADERS = ['标题', '英文标题', 'title', 'listing title'];

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export interface BatchSheet {
  rows: BatchRow[];
  total: number;
  truncated: boolean;
}

/**
 * Reads an Excel batch design sheet (docs/domain.md#excel-batch-design, docs/messages.md#validation): .xls or .xlsx by name and by content (else
 * 上传格式不正确，请上传xls或者xlsx格式), the first sheet, the 号码 and 姓名 columns (and an optional 标题 / Title) found by their header, values
 * as the sheet shows them ("01" stays "01"), blank rows skipped; none → excel无有效数据; at most 20 kept.
 * CPU-bound: the server runs it on a parsing thread (excelWorker.ts), never on the event loop.
 */
export async function readBatchSheet(file: Uint8Array, filename: string): Promise<BatchSheet> {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const ext = /\.(xlsx|xls)$/i.exec(filename)?.[1]?.toLowerCase();
  const magic = ext === 'xlsx' ? XLSX_MAGIC : ext === 'xls' ? XLS_MAGIC : undefined;
  if (!magic || !data.subarray(0, magic.length).equals(magic)) throw new AppError(400, 'excelFormat');
  // An .xls is not compressed (its size is the 5 MB upload limit); an .xlsx reaches the spreadsheet
  // library only as the parts it reads, already inflated within bounds.
  const book =
    ext === 'xlsx'
      ? await unpackXlsx(data, {
          maxInflated: MAX_INFLATED_BYTES,
          maxRows: MAX_SHEET_ROWS,
          tooBig,
          format: () => new AppError(400, 'excelFormat'),
        })
      : data;
  let table: string[][];
  try {
    const workbook = XLSX.read(book, {
      type: 'buffer',
      sheets: 0,
      sheetRows: MAX_SHEET_ROWS,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    // raw: false gives each cell's text as the sheet shows it (its `w`), so "01" is not read as 1.
    table = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  } catch {
    throw new AppError(400, 'excelFormat');
  }
  const text = (v: unknown) => String(v ?? '').trim();
  const headerAt = table.findIndex((r) => r.some((c) => ['号码', '姓名'].includes(text(c))));
  if (headerAt < 0) throw new AppError(400, 'excelNoData');
  const header = table[headerAt]!.map(text);
  const numberCol = header.indexOf('号码');
  const nameCol = header.indexOf('姓名');
  // The listing title, when the sheet gives one (docs/domain.md#excel-batch-design).
  const titleCol = header.findIndex((h) => TITLE_HEADERS.includes(h.toLowerCase()));
  const all = table
    .slice(headerAt + 1)
    .map((r) => ({
      number: numberCol < 0 ? '' : text(r[numberCol]).slice(0, 30),
      name: nameCol < 0 ? '' : text(r[nameCol]).slice(0, 60),
      ...(titleCol >= 0 && text(r[titleCol]) !== '' ? { title: text(r[titleCol]).slice(0, 200) } : {}),
    }))
    .filter((r) => r.number !== '' || r.name !== '');
  if (all.length === 0) throw new AppError(400, 'excelNoData');
  return { rows: all.slice(0, BATCH_DESIGN_MAX_ROWS), total: all.length, truncated: all.length > BATCH_DESIGN_MAX_ROWS };
}

const tooBig = () => new AppError(413, 'excelTooBig');
