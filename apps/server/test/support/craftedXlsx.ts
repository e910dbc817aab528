import zlib from 'node:zlib';
import { Deflate, unzipSync } from 'fflate';

/**
 * Hostile spreadsheets for the Excel batch design (docs/security.md#upload-limits), made in milliseconds
 * from a real LibreOffice sheet: the test and `npm run bench:abuse` upload them.
 */

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  data: Buffer;
  crc: number;
  /** The uncompressed size written in both headers: the truth, or a lie. */
  size: number;
}

/** A zip by hand, so its headers can say what the test wants (both the local and the central one). */
function writeZip(entries: ZipEntry[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(e.method, 8);
    head.writeUInt16LE(0x21, 12); // 1980-01-01
    head.writeUInt32LE(e.crc, 14);
    head.writeUInt32LE(e.data.length, 18);
    head.writeUInt32LE(e.size, 22);
    head.writeUInt16LE(name.length, 26);
    local.push(head, name, e.data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += head.length + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, dirBytes, end]);
}

/** The parts of a real sheet, stored, with some replaced. */
function fromSheet(sheet: Buffer, replace: Record<string, ZipEntry>): Buffer {
  const parts = unzipSync(sheet);
  const entries = Object.entries(parts).map(([name, bytes]): ZipEntry => {
    const data = Buffer.from(bytes);
    return replace[name] ?? { name, method: 0, data, crc: zlib.crc32(data), size: data.length };
  });
  return writeZip(entries);
}

const SHEET = 'xl/worksheets/sheet1.xml';

/**
 * A zip bomb: the first sheet is a deflate stream of `mib` MiB of zeros (one flushed 1 MiB block
 * repeated, then a final empty block: about 1 KB per MiB). `declared` is the size both headers give:
 * 1,000 bytes (the lie a central-directory check believes), or the truth.
 */
export function zipBomb(sheet: Buffer, opts: { mib: number; declared: 'lie' | 'truth' }): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array<Buffer>(opts.mib).fill(block), Buffer.from([0x03, 0x00])]);
  const size = opts.declared === 'lie' ? 1000 : Math.min(0xfffffffe, opts.mib * (1 << 20));
  return fromSheet(sheet, { [SHEET]: { name: SHEET, method: 8, data, crc: 0, size } });
}

/**
 * A legal sheet of `rows` data rows under a 号码/姓名 header (numbers 0 to 99 over and over, every name
 * 张三): a million rows, 44 MB of XML, deflate to about 300 KB. Made in chunks, never as one string.
 * `prefix` writes the sheet's elements with a namespace prefix (`x:row`), as some generators do.
 */
export function manyRowSheet(sheet: Buffer, rows: number, { prefix = '' }: { prefix?: '' | 'x:' } = {}): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const ns = `xmlns="${main}"`;
  const x = prefix;
  const strings = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ${ns} count="3" uniqueCount="3"><si><t>号码</t></si><si><t>姓名</t></si><si><t>张三</t></si></sst>`,
  );
  const chunks: Uint8Array[] = [];
  let crc = 0;
  let size = 0;
  const deflate = new Deflate({ level: 6 }, (chunk) => void chunks.push(chunk));
  const push = (text: string, final = false) => {
    const bytes = Buffer.from(text);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    deflate.push(bytes, final);
  };
  push(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${x}worksheet xmlns${x ? `:${x.slice(0, -1)}` : ''}="${main}">` +
      `<${x}dimension ref="A1:B${rows + 1}"/><${x}sheetData>` +
      `<${x}row r="1"><${x}c r="A1" t="s"><${x}v>0</${x}v></${x}c><${x}c r="B1" t="s"><${x}v>1</${x}v></${x}c></${x}row>`,
  );
  for (let from = 2; from <= rows + 1; from += 10_000) {
    let text = '';
    for (let r = from; r < Math.min(from + 10_000, rows + 2); r++)
      text += `<${x}row><${x}c><${x}v>${(r - 2) % 100}</${x}v></${x}c><${x}c t="s"><${x}v>2</${x}v></${x}c></${x}row>`;
    push(text);
  }
  push(`</${x}sheetData></${x}worksheet>`, true);
  const data = Buffer.concat(chunks);
  return fromSheet(sheet, {
    [SHEET]: { name: SHEET, method: 8, data, crc: crc >>> 0, size },
    'xl/sharedStrings.xml': { name: 'xl/sharedStrings.xml', method: 0, data: strings, crc: zlib.crc32(strings), size: strings.length },
  });
}
