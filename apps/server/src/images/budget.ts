import pLimit from 'p-limit';
import { AppError } from '../http/errors.js';
import { open } from './sharp.js';

/*
 * What decoding a seller's image costs in memory, read from its header before any pixel exists
 * (docs/security.md#image-decoding). Decoding is streamed (libvips' sequential access: a few rows at a
 * time), so a baseline JPEG costs a few tens of MB at any size, and a PNG what its rows take (by its width,
 * below: it cannot shrink on load). Three kinds of file cannot be streamed and hold a whole frame while
 * they decode:
 * - a progressive JPEG: libjpeg keeps every DCT coefficient until the last scan (2 bytes each, 64 a
 *   block, per component at its sampling: 3 bytes a pixel at 4:2:0, 6 at 4:4:4), at any output size;
 * - an interlaced (Adam7) PNG: the whole picture, channels × bytes a sample;
 * - a picture turned a quarter by its EXIF orientation (5 to 8): the whole decoded picture, since a
 *   rotation reads columns.
 * Such a file is accepted up to the pixels its frame fits in the decode budget; beyond that it is refused
 * with what to do instead, whatever its byte size.
 */

/** IMAGE_DECODE_BUDGET_MB's default: the memory one decode may hold in a whole frame. */
export const DEFAULT_DECODE_BUDGET_BYTES = 100 * 1024 * 1024;

/** What a decode's cost is judged by (sharp's metadata: the header only). */
export interface DecodeHeader {
  format: string | undefined;
  width: number;
  height: number;
  channels: number;
  /** 2 for 16-bit samples, else 1. */
  bytesPerSample: number;
  /** A progressive JPEG or an interlaced PNG. */
  progressive: boolean;
  /** JPEG only: '4:2:0', '4:4:4' … */
  chromaSubsampling: string | undefined;
  orientation: number | undefined;
}

/** The header an upload's cost is judged by; rejects when libvips cannot read one. */
export async function readDecodeHeader(source: Buffer): Promise<DecodeHeader> {
  const m = await open(source, { pixelLimit: false }).metadata();
  return {
    format: m.format,
    width: m.width ?? 0,
    height: m.height ?? 0,
    channels: m.channels ?? 3,
    bytesPerSample: m.depth === 'ushort' || m.depth === 'short' ? 2 : 1,
    progressive: m.isProgressive === true,
    chromaSubsampling: m.chromaSubsampling,
    orientation: m.orientation,
  };
}

/** Coefficient planes of a JPEG, in full-size planes: 4:2:0 is 1 + ¼ + ¼. */
function jpegPlanes(h: DecodeHeader): number {
  const s = h.chromaSubsampling;
  if (h.channels === 1) return 1;
  if (s === '4:2:0' || s === '4:1:1') return 1.5;
  if (s === '4:2:2' || s === '4:4:0') return 2;
  return h.channels;
}

/** Bytes a decode holds in a whole frame, beyond what streaming takes (0 for a file that streams). */
export function wholeFrameBytes(h: DecodeHeader): number {
  const pixels = h.width * h.height;
  let bytes = 0;
  if (h.progressive && h.format === 'jpeg') bytes += pixels * 2 * jpegPlanes(h);
  if (h.progressive && h.format === 'png') bytes += pixels * h.channels * h.bytesPerSample;
  if ((h.orientation ?? 1) >= 5) bytes += pixels * h.channels * h.bytesPerSample;
  return bytes;
}

/*
 * A PNG cannot shrink on load, and libvips reads as many of its rows at once as its resizes and writers
 * need, whatever the picture's height: so what a PNG holds while it streams grows with its width, its
 * channels and its bit depth. Measured (sharp 0.35, one libvips thread): re-encoding holds about 1,000
 * rows as decoded (a 10000-wide 16-bit RGBA: 80 KB a row, about 75 MB); the 1200-wide thumbnail, made
 * from the 8-bit copy, about 1,800 rows of it (10000 wide RGBA: about 95 MB; 20000 wide: about 170 MB).
 */
export const PNG_REENCODE_ROWS = 1000;
export const PNG_THUMBNAIL_ROWS = 1800;

/** Bytes a PNG holds while it streams, per pixel of its width (0 for a JPEG: it shrinks on load). */
function pngRowBytesPerWidth(h: DecodeHeader): number {
  if (h.format !== 'png') return 0;
  const rows = (n: number) => Math.min(h.height, n);
  return Math.max(rows(PNG_REENCODE_ROWS) * h.channels * h.bytesPerSample, rows(PNG_THUMBNAIL_ROWS) * h.channels);
}

/** Bytes a PNG's rows take while it streams: its width × what each column costs (pngRowBytesPerWidth). */
export const streamedRowsBytes = (h: DecodeHeader) => h.width * pngRowBytesPerWidth(h);

/** Most pixels a file of this kind may declare within `budgetBytes` (undefined: it streams, no such limit). */
export function streamlessPixelLimit(h: DecodeHeader, budgetBytes: number): number | undefined {
  const perPixel = wholeFrameBytes({ ...h, width: 1, height: 1 });
  return perPixel === 0 ? undefined : Math.floor(budgetBytes / perPixel);
}

/**
 * Refuses (413, with what to do) a PNG whose rows take more than the budget while it streams, and a file of
 * a kind that holds a whole frame beyond the budget, before any pixel is decoded; an unreadable header is
 * left to the decode to refuse.
 */
export async function checkDecodeBudget(file: Buffer, budgetBytes: number) {
  const header = await readDecodeHeader(file).catch(() => undefined);
  if (!header) return;
  if (streamedRowsBytes(header) > budgetBytes) {
    throw new AppError(413, 'uploadTooWideToDecode', {
      width: header.width,
      height: header.height,
      limit: Math.floor(budgetBytes / pngRowBytesPerWidth(header)),
    });
  }
  if (wholeFrameBytes(header) <= budgetBytes) return;
  const limit = streamlessPixelLimit(header, budgetBytes)!;
  throw new AppError(413, 'uploadTooLargeToDecode', {
    width: header.width,
    height: header.height,
    limit: Math.floor(limit / 1e5) / 10,
  });
}

/**
 * A JPEG written with optimised Huffman tables keeps every coefficient of the output for a second pass
 * (12 bytes a pixel at 4:4:4, measured), so only pictures whose coefficients fit the budget get them.
 */
export const optimiseJpegCoding = (pixels: number, budgetBytes: number) => pixels * 12 <= budgetBytes;

/** Pixels from which a decode is large: it waits for the one large-decode slot of the process. */
export const LARGE_DECODE_PIXELS = 16_000_000;
/** Large decodes waiting beyond this many are refused (busy) rather than each holding its upload. */
export const LARGE_DECODE_QUEUE = 8;

const largeDecodes = pLimit(1);

/**
 * Runs a decode of `pixels` (declared): a large one takes the process's one large-decode slot, so a burst
 * of big uploads costs one decode's memory and one core at a time, the rest queued; small ones go
 * straight on. Resolves to undefined, without running `decode`, when the queue is full.
 */
export async function inDecodeSlot<T>(pixels: number, decode: () => Promise<T>): Promise<{ value: T } | undefined> {
  if (pixels < LARGE_DECODE_PIXELS) return { value: await decode() };
  if (largeDecodes.pendingCount >= LARGE_DECODE_QUEUE) return undefined;
  return largeDecodes(async () => ({ value: await decode() }));
}
