import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { zipSync } from 'fflate';
import { AppError } from '../http/errors.js';

/**
 * The zip-bomb guard of every spreadsheet upload (docs/security.md, Upload limits): a zip's declared sizes
 * are the uploader's word, so they decide nothing; bytes are counted as they inflate.
 */

/** Bounds of one unpack, and the refusals a feature answers with (its own message keys). */
export interface XlsxLimits {
  /** Bytes all parts read may inflate to, counted while inflating. */
  maxInflated: number;
  /** Rows kept of each worksheet. */
  maxRows: number;
  tooBig: () => AppError;
  format: () => AppError;
}

const MAX_ZIP_ENTRIES = 500;

/**
 * The parts of an .xlsx the spreadsheet library reads (its XML and relationships; pictures and other
 * binaries are never inflated), each worksheet only up to `maxRows` rows, repacked uncompressed.
 * Inflated bytes are counted as they come and the zip is refused past `maxInflated`, or when an
 * entry inflates to more than its declared size (yauzl checks that while inflating): `tooBig`. Shared by the Excel batch design and the product templates' diyImport.
 */
export async function unpackXlsx(zip: Buffer, limits: XlsxLimits): Promise<Uint8Array> {
  let zipfile: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
        err ? reject(err) : resolve(z),
      ),
    );
    if (zipfile.entryCount > MAX_ZIP_ENTRIES) throw limits.tooBig();
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
    throw err instanceof AppError ? err : limits.format();
  }
  let budget = limits.maxInflated;
  const parts: Record<string, Uint8Array> = {};
  try {
    for (const entry of entries) {
      if (!/\.(xml|rels)$/i.test(entry.fileName)) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zipfile.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
      );
      const sheet = /(^|\/)worksheets\/[^/]+\.xml$/i.test(entry.fileName) ? new SheetCut(limits.maxRows) : undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        budget -= chunk.length;
        if (budget < 0) throw limits.tooBig();
        if (sheet ? sheet.push(chunk) : (chunks.push(chunk), false)) break; // leaving the loop stops inflating
      }
      parts[entry.fileName] = sheet ? Buffer.from(sheet.end()) : Buffer.concat(chunks);
    }
  } catch (err) {
    // A stream that does not inflate, or inflates past its declared size: damaged or crafted.
    throw err instanceof AppError ? err : limits.tooBig();
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
 * A worksheet's XML as it inflates, kept up to the end of its `maxRows`-th row and then closed
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

  constructor(private readonly maxRows: number) {}

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
      if (++this.rows >= this.maxRows) return (this.cut = true);
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
