import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { createXlsxFile } from '../src/modules/exports/xlsxFile.js';
import { libreOfficeCsv } from './support/libreOffice.js';

/**
 * The listing files' .xlsx writer (docs/exports.md#the-job), read back by LibreOffice and by SheetJS: every
 * text exactly as given (markup characters, emoji, leading and trailing spaces, formula-looking text), numbers
 * as numbers, empty cells empty, the sheet's name, and characters XML cannot carry left out.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function write(name: string, sheet: string, rows: (string | number)[][]) {
  const file = path.join(dir, name);
  const x = createXlsxFile(file, sheet);
  await x.write(rows.slice(0, 1));
  await x.write(rows.slice(1));
  await x.close();
  return fs.readFileSync(file);
}

describe('the .xlsx writer', () => {
  const rows: (string | number)[][] = [
    ['sku', 'title', 'price', 'note'],
    ['W2-A&B', 'Tee <b>"bold"</b> & co', 12.5, '  two spaces  '],
    ['W2-😀', '彩色 T 恤 😀', 0, '=HYPERLINK("http://x","y")'],
    ['W2-C', '', 7, 'bell\u0007 and \uFFFF gone, tab\tand\nline kept'],
  ];

  it('is read by LibreOffice with every text as given and numbers as numbers', async () => {
    const csv = (await libreOfficeCsv(await write('lo.xlsx', 'Template', rows))).filter((r) => r.some((c) => c !== ''));
    expect(csv[0]).toEqual(['sku', 'title', 'price', 'note']);
    expect(csv[1]).toEqual(['W2-A&B', 'Tee <b>"bold"</b> & co', '12.5', '  two spaces  ']);
    expect(csv[2]).toEqual(['W2-😀', '彩色 T 恤 😀', '0', '=HYPERLINK("http://x","y")']);
    expect(csv[3]).toEqual(['W2-C', '', '7', 'bell and  gone, tab\tand\nline kept']);
  });

  it('names its sheet, types its cells and leaves empty cells out (SheetJS)', async () => {
    const book = XLSX.read(await write('sheetjs.xlsx', 'Items & more', rows));
    expect(book.SheetNames).toEqual(['Items & more']);
    const sheet = book.Sheets['Items & more']!;
    expect(sheet['C2']).toMatchObject({ t: 'n', v: 12.5 });
    expect(sheet['D3']).toMatchObject({ t: 's', v: '=HYPERLINK("http://x","y")' });
    expect(sheet['D3'].f).toBeUndefined();
    expect(sheet['B4']).toBeUndefined();
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toHaveLength(4);
  });
});
