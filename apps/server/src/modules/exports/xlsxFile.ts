import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { Cell } from './rows/context.js';

/**
 * A one-sheet .xlsx written as a stream (docs/exports.md#the-job): the listing files are plain values in a
 * grid (no styles, formulas, merged cells or second sheet), so the sheet's XML is made here row by row and
 * deflated by archiver, with the zip's backpressure respected. A general spreadsheet library builds an
 * object per cell and row first: for a 70,000-row flat file that model was most of the export's time and its
 * garbage. Every string is an inline string cell, which no spreadsheet evaluates (cells.ts); numbers are
 * number cells; an empty cell is left out.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`;
const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`;
/** The one style every cell has: spreadsheet applications expect a style sheet even when nothing is styled. */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
  `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

const workbookXml = (sheet: string) =>
  `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>` +
  `<sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * Characters XML 1.0 cannot carry (control characters but tab and line breaks, lone surrogate halves,
 * U+FFFE/U+FFFF): left out, as a spreadsheet application would refuse the whole file for one of them.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data (and attribute values): escaped, and what XML cannot carry left out. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** Column letters A, B, … Z, AA, …: a row's cell names, worked out once per column. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A one-sheet .xlsx file being written. */
export interface XlsxFile {
  /** Adds rows; resolves when the zip can take more (its backpressure). */
  write(rows: readonly Cell[][]): Promise<void>;
  /** Ends the sheet and the zip; resolves when the file is on disk. */
  close(): Promise<void>;
  /** Stops writing (the caller removes the partial file). */
  abort(): void;
}

export function createXlsxFile(filePath: string, sheet: string): XlsxFile {
  // Deflate's default level: the listing files are text, and deflate runs on libuv's pool, beside the rows.
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const sheetXml = new PassThrough({ highWaterMark: 1 << 20 });
  const done = pipeline(zip, fs.createWriteStream(filePath));
  done.catch(() => undefined);
  let failed: Error | undefined;
  zip.on('error', (e: Error) => (failed ??= e));
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(workbookXml(sheet), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });
  zip.append(sheetXml, { name: 'xl/worksheets/sheet1.xml' });
  sheetXml.write(SHEET_HEAD);

  const columns: string[] = [];
  const column = (i: number) => (columns[i] ??= columnName(i));
  let rowNumber = 0;

  /**
   * A row's XML, its pieces joined once into one flat string: adding to a string piece by piece makes a
   * chain of small strings that lives until the page is written, and copying those chains between the young
   * and old generation was most of the thread's time.
   */
  const parts: string[] = [];
  const rowXml = (row: readonly Cell[]) => {
    rowNumber++;
    parts.length = 0;
    parts.push('<row r="', String(rowNumber), '">');
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (v === '' || v === null || v === undefined) continue;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) parts.push('<c r="', column(i), String(rowNumber), '"><v>', String(v), '</v></c>');
      } else
        parts.push('<c r="', column(i), String(rowNumber), '" t="inlineStr"><is><t xml:space="preserve">', escapeXml(v), '</t></is></c>');
    }
    parts.push('</row>');
    return parts.join('');
  };

  return {
    async write(rows) {
      if (failed) throw failed;
      const xml = Buffer.from(rows.map(rowXml).join(''));
      if (!sheetXml.write(xml)) await once(sheetXml, 'drain');
      if (failed) throw failed;
    },
    async close() {
      if (failed) throw failed;
      sheetXml.end(SHEET_TAIL);
      await zip.finalize();
      await done;
      if (failed) throw failed;
    },
    abort() {
      sheetXml.destroy();
      zip.abort();
    },
  };
}
