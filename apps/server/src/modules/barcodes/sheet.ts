import { strFromU8, unzipSync } from 'fflate';
import { BARCODE_IMPORT_MAX } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { unpackXlsx } from '../../parsing/xlsxGuard.js';

/**
 * Reads the codes column of an uploaded .xlsx or .csv (docs/listing-tools.md#barcodes): one text per row with
 * its row number as the spreadsheet shows it. A generic spreadsheet library holds every cell of a 200,000-row
 * sheet as an object (over 128 MB); a list of codes needs one column, so the sheet's XML is scanned here.
 * CPU-bound: runs on a parsing thread (codesWorker.ts).
 */

/** Rows of text with their numbers (a sheet's row numbers, a paste's line numbers). */
export interface Lines {
  numbers: number[];
  texts: string[];
}

/** What the parts read from an .xlsx may inflate to: 200,000 codes take about 25 MB of XML. */
const MAX_INFLATED_BYTES = 96 * 1024 * 1024;
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A header naming the codes column. */
const HEADER = /条码|条形码|编码|barcode|gtin|ean|upc|code/i;

const tooBig = () => new AppError(413, 'barcodeFileTooBig', { max: BARCODE_IMPORT_MAX });
const format = () => new AppError(400, 'barcodeFileFormat');
const tooMany = (count: number) => new AppError(400, 'barcodeImportTooMany', { max: BARCODE_IMPORT_MAX, count });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  !s.includes('&')
    ? s
    : s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
        e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e]!,
      );
const T_RUN = /<(?:\w+:)?t\b[^>]*>([^<]*)<\/(?:\w+:)?t>/g;
/** The text of every `<t>` inside (a rich text's runs joined). */
function textOf(xml: string): string {
  let text = '';
  T_RUN.lastIndex = 0;
  for (let m = T_RUN.exec(xml); m; m = T_RUN.exec(xml)) text += m[1];
  return unescapeXml(text);
}
const ATTRS: Record<string, RegExp> = { r: /\br="([^"]*)"/, t: /\bt="([^"]*)"/, Id: /\bId="([^"]*)"/, Target: /\bTarget="([^"]*)"/ };
const attr = (attrs: string, name: 'r' | 't' | 'Id' | 'Target') => ATTRS[name]!.exec(attrs)?.[1];

/** "BC" → 54: a cell reference's column, 0-based. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? '') n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * A number cell as digits: integers up to GTIN-14's 14 digits are exact as doubles. A spreadsheet drops a
 * UPC-A's leading zeros when the cell is a number: fewer than 12 digits are padded back to 12 (leading zeros
 * leave the check digit as it is).
 */
function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n >= 1e15) return v;
  const digits = String(n);
  return digits.length >= 8 && digits.length < 12 ? digits.padStart(12, '0') : digits;
}

/** The worksheet of the workbook's first sheet (by its relationship), else the first worksheet part. */
function firstSheet(parts: Record<string, Uint8Array>): string | undefined {
  const workbook = parts['xl/workbook.xml'] ? strFromU8(parts['xl/workbook.xml']) : '';
  const rid = /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = parts['xl/_rels/workbook.xml.rels'] ? strFromU8(parts['xl/_rels/workbook.xml.rels']) : '';
  const rel = rid ? [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].find((m) => attr(m[1]!, 'Id') === rid) : undefined;
  const target = rel ? attr(rel[1]!, 'Target') : undefined;
  const path = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined;
  if (path && parts[path]) return path;
  return Object.keys(parts).find((k) => /^xl\/worksheets\/[^/]+\.xml$/i.test(k));
}

/** Each row's cells of an .xlsx's first sheet: row number → cells by column. */
async function xlsxRows(data: Buffer): Promise<{ row: number; cells: string[] }[]> {
  const book = await unpackXlsx(data, { maxInflated: MAX_INFLATED_BYTES, maxRows: BARCODE_IMPORT_MAX + 2, tooBig, format });
  const parts = unzipSync(book);
  const sheetPath = firstSheet(parts);
  if (!sheetPath) throw format();
  const shared = parts['xl/sharedStrings.xml']
    ? [...strFromU8(parts['xl/sharedStrings.xml']).matchAll(/<(?:\w+:)?si\b[^>]*>([\s\S]*?)<\/(?:\w+:)?si>/g)].map((m) => textOf(m[1]!))
    : [];
  const xml = strFromU8(parts[sheetPath]!);
  const rows: { row: number; cells: string[] }[] = [];
  let last = 0;
  for (const m of xml.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const row = Number(attr(m[1]!, 'r') ?? last + 1);
    last = row;
    if (!m[2]) continue;
    const cells: string[] = [];
    let col = -1;
    for (const c of m[2].matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const ref = attr(c[1]!, 'r');
      col = ref ? columnOf(ref) : col + 1;
      const body = c[2] ?? '';
      const t = attr(c[1]!, 't');
      const v = /<(?:\w+:)?v>([^<]*)<\/(?:\w+:)?v>/.exec(body)?.[1];
      let text = '';
      if (t === 's') text = shared[Number(v)] ?? '';
      else if (t === 'inlineStr') text = textOf(body);
      else if (v !== undefined) text = t === 'str' || t === 'e' || t === 'b' ? unescapeXml(v) : numberText(v);
      cells[col] = text.trim();
    }
    rows.push({ row, cells });
  }
  return rows;
}

/** A .csv's rows (UTF-8; comma, semicolon or tab, as its first line uses); `="0123"` as Excel writes kept text. */
function csvRows(data: Buffer): { row: number; cells: string[] }[] {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) => (first.split(d).length > first.split(best).length ? d : best), ',');
  return lines.map((l, i) => ({
    row: i + 1,
    cells: l.split(delimiter).map((c) =>
      c
        .trim()
        .replace(/^="(.*)"$/, '$1')
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    ),
  }));
}

/**
 * The codes column of an .xlsx or .csv: the column headed 条码, barcode, GTIN, EAN, UPC … in the first row
 * with data (that row is then the header), else the first column with data. Rows with nothing in it are skipped.
 */
export async function readCodeFile(file: Uint8Array, filename: string): Promise<Lines> {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const ext = /\.(xlsx|csv|txt)$/i.exec(filename)?.[1]?.toLowerCase();
  let rows: { row: number; cells: string[] }[];
  if (ext === 'xlsx') {
    if (!data.subarray(0, 4).equals(XLSX_MAGIC)) throw format();
    rows = await xlsxRows(data);
  } else if (ext === 'csv' || ext === 'txt') {
    if (data.subarray(0, 4).equals(XLSX_MAGIC)) throw format();
    rows = csvRows(data);
  } else throw format();
  const withData = rows.filter((r) => r.cells.some((c) => c));
  // A header row besides the codes.
  if (withData.length > BARCODE_IMPORT_MAX + 1) throw tooMany(withData.length);
  const head = withData[0];
  let column = head ? head.cells.findIndex((c) => c && HEADER.test(c) && !/^[\d\s-]+$/.test(c)) : -1;
  let from = 1;
  if (column < 0) {
    column = Math.max(0, head?.cells.findIndex((c) => c) ?? 0);
    from = 0;
  }
  const out: Lines = { numbers: [], texts: [] };
  for (const r of withData.slice(from)) {
    const text = r.cells[column] ?? '';
    if (!text) continue;
    out.numbers.push(r.row);
    out.texts.push(text);
  }
  return out;
}

/** A paste's lines: one code per line, blank lines skipped, numbered as pasted. */
export function pastedLines(text: string): Lines {
  const out: Lines = { numbers: [], texts: [] };
  text.split(/\r\n|\r|\n/).forEach((l, i) => {
    const t = l.trim();
    if (t) {
      out.numbers.push(i + 1);
      out.texts.push(t);
    }
  });
  if (out.texts.length > BARCODE_IMPORT_MAX) throw tooMany(out.texts.length);
  return out;
}
