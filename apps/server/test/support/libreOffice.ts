import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** LibreOffice Calc, headless, as a reader of our files other than ours (docs/testing.md). */
const run = promisify(execFile);

/** A minimal RFC 4180 reader (LibreOffice quotes what needs it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * A tab-delimited UTF-8 text opened by LibreOffice as a marketplace's upload tool reads it — tab-separated,
 * UTF-8, every one of its `columns` as text (no number or formula guessing) — and saved as CSV (UTF-8).
 */
export async function libreOfficeReadsTxt(txt: Buffer, columns: number): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-txt-'));
  const profile = path.join(os.tmpdir(), `lo-${randomBytes(6).toString('hex')}`);
  // Filter options: separator tab (9), quote " (34), UTF-8 (76), from line 1, then every column's format 2 (text).
  const asText = Array.from({ length: columns }, (_, i) => `${i + 1}/2`).join('/');
  try {
    fs.writeFileSync(path.join(dir, 'export.txt'), txt);
    await run(
      '/usr/bin/soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        `--infilter=Text - txt - csv (StarCalc):9,34,76,1,${asText}`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        path.join(dir, 'export.txt'),
      ],
      { timeout: 120_000 },
    );
    return parseCsv(fs.readFileSync(path.join(dir, 'export.csv'), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** LibreOffice Calc, headless, on a profile of its own: an .xlsx as CSV (UTF-8), cells as the sheet shows them. */
export async function libreOfficeCsv(xlsx: Buffer): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-conv-'));
  const profile = path.join(os.tmpdir(), `lo-${randomBytes(6).toString('hex')}`);
  try {
    fs.writeFileSync(path.join(dir, 'export.xlsx'), xlsx);
    await run(
      '/usr/bin/soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        path.join(dir, 'export.xlsx'),
      ],
      { timeout: 120_000 },
    );
    return parseCsv(fs.readFileSync(path.join(dir, 'export.csv'), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
