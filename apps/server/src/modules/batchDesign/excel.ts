import * as XLSX from '@e965/xlsx';
import { BATCH_DESIGN_MAX_ROWS, type BatchRow } from '@app/contract';
import { AppError } from '../../http/errors.js';

/** Rows read from a sheet at most: enough for any real list, bounded for a crafted one. */
const MAX_SHEET_ROWS = 2000;
/** An .xlsx is a zip: what it may hold once unpacked, and in how many parts. */
const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 500;

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The unpacked size of a zip from its central directory, without unpacking anything: a zip bomb is
 * refused before the spreadsheet reader inflates it. Undefined when the directory cannot be read.
 */
export function zipUnpackedSize(zip: Buffer): { bytes: number; entries: number } | undefined {
  const min = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= min; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let bytes = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return undefined;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return undefined; // zip64: nothing a sheet of names needs
    bytes += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { bytes, entries };
}

/**
 * Reads an Excel batch design sheet (SPEC §2.2, §5): .xls or .xlsx by name and by content (else
 * 上传格式不正确，请上传xls或者xlsx格式), the first sheet, the 号码 and 姓名 columns found by their header, values
 * as the sheet shows them ("01" stays "01"), blank rows skipped; none → excel无有效数据; at most 20 kept.
 */
export function readBatchSheet(file: Buffer, filename: string): { rows: BatchRow[]; total: number; truncated: boolean } {
  const ext = /\.(xlsx|xls)$/i.exec(filename)?.[1]?.toLowerCase();
  const magic = ext === 'xlsx' ? XLSX_MAGIC : ext === 'xls' ? XLS_MAGIC : undefined;
  if (!magic || !file.subarray(0, magic.length).equals(magic)) throw new AppError(400, 'excelFormat');
  if (ext === 'xlsx') {
    const unpacked = zipUnpackedSize(file);
    if (!unpacked) throw new AppError(400, 'excelFormat');
    if (unpacked.bytes > MAX_UNZIPPED_BYTES || unpacked.entries > MAX_ZIP_ENTRIES) throw new AppError(413, 'excelTooBig');
  }
  let table: string[][];
  try {
    const book = XLSX.read(file, {
      type: 'buffer',
      sheets: 0,
      sheetRows: MAX_SHEET_ROWS,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
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
  const all = table
    .slice(headerAt + 1)
    .map((r) => ({ number: numberCol < 0 ? '' : text(r[numberCol]).slice(0, 30), name: nameCol < 0 ? '' : text(r[nameCol]).slice(0, 60) }))
    .filter((r) => r.number !== '' || r.name !== '');
  if (all.length === 0) throw new AppError(400, 'excelNoData');
  return { rows: all.slice(0, BATCH_DESIGN_MAX_ROWS), total: all.length, truncated: all.length > BATCH_DESIGN_MAX_ROWS };
}
