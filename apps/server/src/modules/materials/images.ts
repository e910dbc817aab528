import { createHash } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { EDITOR_THUMB_WIDTH, MATERIAL_MAX_PIXELS, MATERIAL_MAX_SIDE, MATERIAL_THUMB_WIDTH } from '@app/contract';
import { AppError } from '../../http/errors.js';

export type MaterialFormat = 'png' | 'jpeg';

/** What the first bytes of a file say; dimensions are absent when the header is cut short or broken. */
export interface ImageHeader {
  format: MaterialFormat;
  width?: number;
  height?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Format and dimensions from the header alone — no decoding, no allocation — so a decompression bomb
 * (a tiny file declaring 16000×16000) is refused before any pixel exists. Only PNG and JPEG are
 * recognised (SPEC §5: jpeg, png, jpg), by content: the file name and the declared type are ignored.
 */
export function readImageHeader(buf: Buffer): ImageHeader | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk must be IHDR: length 13, then width and height (big-endian).
    if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return { format: 'png' };
    return { format: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { format: 'jpeg', ...jpegSize(buf) };
  return undefined;
}

/** Walks the JPEG marker segments up to the first SOFn frame header, which holds the dimensions. */
function jpegSize(buf: Buffer): { width: number; height: number } | Record<string, never> {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return {};
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Stand-alone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return {}; // scan data or end before any frame header
    const length = buf.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > buf.length) return {};
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    if (length < 2) return {};
    i += 2 + length;
  }
  return {};
}

export interface PreparedImage {
  format: MaterialFormat;
  /** The re-encoded original: metadata stripped, oriented by its EXIF tag. */
  data: Buffer;
  width: number;
  height: number;
  sha256: string;
  thumb: Buffer;
  thumb1200: Buffer;
}

const encode = (img: Sharp, format: MaterialFormat, quality: number) =>
  // PNG keeps its alpha; JPEG stays JPEG (4:4:4 for the original, since it is what gets printed).
  format === 'png' ? img.png() : img.jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' });

/**
 * Checks an uploaded file and re-encodes it before anything else reads it (§7.7, issue 3): PNG or JPEG
 * by content; at most MATERIAL_MAX_PIXELS and MATERIAL_MAX_SIDE, checked from the header before decoding
 * (sharp's own default, 268 megapixels, would let a 1 MB 16000×16000 PNG through, and drawing that
 * on a canvas costs over 1 GB); truncated or damaged pixel data refused. The output carries no EXIF,
 * XMP or ICC (sharp writes sRGB without metadata unless asked), is turned upright by its EXIF
 * orientation, and keeps its format. Thumbnails are made from the re-encoded image, never enlarged.
 */
export async function prepareImage(file: Buffer): Promise<PreparedImage> {
  const header = readImageHeader(file);
  if (!header) throw new AppError(400, 'uploadFormat');
  const { width, height } = header;
  if (!width || !height) throw new AppError(400, 'uploadDamaged');
  if (width * height > MATERIAL_MAX_PIXELS || Math.max(width, height) > MATERIAL_MAX_SIDE) {
    throw new AppError(413, 'uploadTooManyPixels', { width, height, limit: MATERIAL_MAX_PIXELS / 1e6, side: MATERIAL_MAX_SIDE });
  }
  let main: { data: Buffer; info: OutputInfo };
  try {
    // limitInputPixels again, in case libvips reads other dimensions than the header walk above;
    // failOn 'error' refuses truncated or corrupt data but lets benign encoder quirks (warnings) through.
    const input = sharp(file, { failOn: 'error', limitInputPixels: MATERIAL_MAX_PIXELS, autoOrient: true });
    main = await encode(input, header.format, 92).toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (/pixel limit/i.test(String((e as Error)?.message))) {
      throw new AppError(413, 'uploadTooManyPixels', { width, height, limit: MATERIAL_MAX_PIXELS / 1e6, side: MATERIAL_MAX_SIDE });
    }
    throw new AppError(400, 'uploadDamaged');
  }
  const thumbOf = (w: number) => encode(sharp(main.data).resize({ width: w, withoutEnlargement: true }), header.format, 82).toBuffer();
  const [thumb, thumb1200] = await Promise.all([thumbOf(MATERIAL_THUMB_WIDTH), thumbOf(EDITOR_THUMB_WIDTH)]);
  return {
    format: header.format,
    data: main.data,
    width: main.info.width,
    height: main.info.height,
    sha256: createHash('sha256').update(main.data).digest('hex'),
    thumb,
    thumb1200,
  };
}

/** At most `n` tasks at once: decoding a 100-megapixel image takes hundreds of MB, so uploads queue. */
export function createLimiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
