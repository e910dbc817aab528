import { StringDecoder } from 'node:string_decoder';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { zipSync } from 'fflate';
import { BATCH_DESIGN_MAX_ROWS, type BatchRow } from '@app/contract';
import { AppError } from '../../http/errors.js';

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
const MAX_ZIP_ENTRIES = 500;

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export interface BatchSheet {
  rows: BatchRow[];
  total: number;
  truncated: boolean;
}

/**
 * Reads an Excel batch design sheet (SPEC §2.2, §5): .xls or .xlsx by name and by content (else
 * 上传格式不正确，请上传xls或者xlsx格式), the first sheet, the 号码 and 姓名 columns found by their header, values
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
  const book = ext === 'xlsx' ? await unpackXlsx(data) : data;
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
  const all = table
    .slice(headerAt + 1)
    .map((r) => ({ number: numberCol < 0 ? '' : text(r[numberCol]).slice(0, 30), name: nameCol < 0 ? '' : text(r[nameCol]).slice(0, 60) }))
    .filter((r) => r.number !== '' || r.name !== '');
  if (all.length === 0) throw new AppError(400, 'excelNoData');
  return { rows: all.slice(0, BATCH_DESIGN_MAX_ROWS), total: all.length, truncated: all.length > BATCH_DESIGN_MAX_ROWS };
}

const tooBig = () => new AppError(413, 'excelTooBig');

/**
 * The parts of an .xlsx the spreadsheet library reads (its XML and relationships; pictures and other
 * binaries are never inflated), each worksheet only up to MAX_SHEET_ROWS rows, repacked uncompressed.
 * Inflated bytes are counted as they come and the zip is refused past MAX_INFLATED_BYTES, or when an
 * entry inflates to more than its declared size (yauzl checks that while inflating): excelTooBig.
 */
async function unpackXlsx(zip: Buffer): Promise<Uint8Array> {
  let zipfile: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
        err ? reject(err) : resolve(z),
      ),
    );
    if (zipfile.entryCount > MAX_ZIP_ENTRIES) throw tooBig();
    entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      zipfile.on('entry', (e: yauzl.Entry) => {
        list.push(e);
        zipfile.readEntry();
      });
      zipfile.on('end', () => resolve(list));
      zipfile.on('error', reject);
      zipfile.readEntry();
    });
  } catch (err) {
    throw err instanceof AppError ? err : new AppError(400, 'excelFormat');
  }
  let budget = MAX_INFLATED_BYTES;
  const parts: Record<string, Uint8Array> = {};
  try {
    for (const entry of entries) {
      if (!/\.(xml|rels)$/i.test(entry.fileName)) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zipfile.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
      );
      const sheet = /(^|\/)worksheets\/[^/]+\.xml$/i.test(entry.fileName) ? new SheetCut() : undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        budget -= chunk.length;
        if (budget < 0) throw tooBig();
        if (sheet ? sheet.push(chunk) : (chunks.push(chunk), false)) break; // leaving the loop stops inflating
      }
      parts[entry.fileName] = sheet ? Buffer.from(sheet.end()) : Buffer.concat(chunks);
    }
  } catch (err) {
    // A stream that does not inflate, or inflates past its declared size: damaged or crafted.
    throw err instanceof AppError ? err : tooBig();
  } finally {
    zipfile.close();
  }
  return zipSync(parts, { level: 0 });
}

/** A row's end in a worksheet's XML: `</row>` or an empty `<row …/>`, with any namespace prefix. */
const ROW_END = /<(?:[A-Za-z_][\w.-]*:)?row\b[^<>]*\/>|<\/(?:[A-Za-z_][\w.-]*:)?row\s*>/g;
/** A tag is shorter than this; the scan looks back this far into what came before each chunk. */
const LOOK_BACK = 4096;

/**
 * A worksheet's XML as it inflates, kept up to the end of its MAX_SHEET_ROWS-th row and then closed
 * there: the rest of a million-row sheet is neither inflated nor parsed. Linear in what it keeps.
 */
class SheetCut {
  private readonly decoder = new StringDecoder('utf8');
  private readonly parts: string[] = [];
  private length = 0;
  /** Where the last row seen ends (an offset in the kept text). */
  private lastRowEnd = 0;
  private rows = 0;
  private cut = false;
  private carry = '';

  /** Takes a chunk; true once enough rows are held. */
  push(chunk: Buffer): boolean {
    const text = this.decoder.write(chunk);
    const windowStart = this.length - this.carry.length;
    const window = this.carry + text;
    this.parts.push(text);
    this.length += text.length;
    ROW_END.lastIndex = Math.max(0, this.lastRowEnd - windowStart);
    for (let m = ROW_END.exec(window); m; m = ROW_END.exec(window)) {
      this.lastRowEnd = windowStart + ROW_END.lastIndex;
      if (++this.rows >= MAX_SHEET_ROWS) return (this.cut = true);
    }
    this.carry = window.slice(Math.max(0, this.lastRowEnd - windowStart, window.length - LOOK_BACK));
    return false;
  }

  /** The XML kept: the whole sheet, or its first rows with sheetData and the worksheet closed. */
  end(): string {
    const xml = this.parts.join('');
    if (!this.cut) return xml + this.decoder.end();
    const prefix = (tag: string) => new RegExp(`<([A-Za-z_][\\w.-]*:)?${tag}\\b`).exec(xml)?.[1] ?? '';
    return `${xml.slice(0, this.lastRowEnd)}</${prefix('sheetData')}sheetData></${prefix('worksheet')}worksheet>`;
  }
}
