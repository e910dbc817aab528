import { EDITOR_THUMB_WIDTH, MATERIAL_MAX_PIXELS, MATERIAL_MAX_SIDE, MATERIAL_THUMB_WIDTH } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { exceedsPixelLimit, readImageHeader } from '../../images/decode.js';
import { encodeImage, type EncodedImage } from '../../images/encode.js';
import { HEADER_ONLY, uploadDecode, type Encoding } from '../../images/sharp.js';
import { checkDecodeBudget, DEFAULT_DECODE_BUDGET_BYTES, inDecodeSlot, optimiseJpegCoding } from '../../images/budget.js';
import { makeThumbnail } from '../../images/thumbnail.js';

export type MaterialFormat = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format by content: only PNG and JPEG are accepted (docs/messages.md#validation: jpeg, png, jpg), by their first bytes;
 * the file name and the declared type are ignored. Anything else never reaches a decoder.
 */
function sniffFormat(buf: Buffer): MaterialFormat | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  return undefined;
}

/**
 * Width and height from the header alone (no decoding, no allocation), so a decompression bomb (a tiny
 * file declaring 16000×16000) is refused before any pixel exists; undefined when the header is cut
 * short or broken. libvips reads no PNG without pixel data, so a PNG it cannot read is judged by the
 * IHDR chunk that must open it: a header-only bomb is still "too large", not "damaged".
 */
async function headerSize(buf: Buffer, format: MaterialFormat): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await readImageHeader(buf, HEADER_ONLY);
    if (width && height) return { width, height };
  } catch {
    // read below for a PNG, else broken
  }
  if (format !== 'png' || buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
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

/**
 * PNG keeps its alpha; JPEG stays JPEG (4:4:4 for the original, since it is what gets printed), its Huffman
 * tables optimised when that fits the decode budget (images/budget.ts).
 */
const encodingOf = (format: MaterialFormat, quality: number, optimiseCoding = true): Encoding =>
  format === 'png'
    ? { format: 'png' }
    : { format: 'jpeg', quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0', ...(!optimiseCoding && { optimiseCoding }) };

/** SHA-256 in libuv's pool (WebCrypto), not on the API's event loop: a 30 MB original takes tens of ms. */
export const sha256Hex = async (data: Buffer) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>)).toString('hex');

/**
 * Checks an uploaded file and re-encodes it before anything else reads it (docs/security.md#upload-limits): PNG or JPEG
 * by content; at most MATERIAL_MAX_PIXELS and MATERIAL_MAX_SIDE, checked from the header before decoding
 * (sharp's own default, 268 megapixels, would let a 1 MB 16000×16000 PNG through, and drawing that
 * on a canvas costs over 1 GB); truncated or damaged pixel data refused. The output carries no EXIF,
 * XMP or ICC (sharp writes sRGB without metadata unless asked), is turned upright by its EXIF
 * orientation, and keeps its format. Thumbnails are made from the re-encoded image, never enlarged.
 */
export async function prepareImage(file: Buffer, budgetBytes = DEFAULT_DECODE_BUDGET_BYTES): Promise<PreparedImage> {
  const format = sniffFormat(file);
  if (!format) throw new AppError(400, 'uploadFormat');
  const size = await headerSize(file, format);
  if (!size) throw new AppError(400, 'uploadDamaged');
  const { width, height } = size;
  const tooManyPixels = () =>
    new AppError(413, 'uploadTooManyPixels', { width, height, limit: MATERIAL_MAX_PIXELS / 1e6, side: MATERIAL_MAX_SIDE });
  if (width * height > MATERIAL_MAX_PIXELS || Math.max(width, height) > MATERIAL_MAX_SIDE) throw tooManyPixels();
  await checkDecodeBudget(file, budgetBytes);
  const decoded = await inDecodeSlot(width * height, async () => {
    let main: EncodedImage;
    try {
      // The pixel limit again, in case the decoder reads other dimensions than the header did; failing on
      // errors refuses truncated or corrupt data but lets benign encoder quirks (warnings) through.
      main = await encodeImage(
        file,
        encodingOf(format, 92, optimiseJpegCoding(width * height, budgetBytes)),
        uploadDecode(MATERIAL_MAX_PIXELS),
      );
    } catch (e) {
      if (exceedsPixelLimit(e)) throw tooManyPixels();
      throw new AppError(400, 'uploadDamaged');
    }
    // The 1200 streams the re-encoded original (a JPEG shrinks on load), then the 300 is made from the 1200.
    // A PNG cannot shrink on load: libvips reads as many of its rows at once as a row of the thumbnail
    // spans, so a 300 wide from 10000 wide held twice what the 1200 does (about 75 MB against 45).
    const thumbOf = (source: Buffer, w: number) => makeThumbnail(source, { width: w, enlarge: false, encoding: encodingOf(format, 82) });
    const thumb1200 = await thumbOf(main.data, EDITOR_THUMB_WIDTH);
    const thumb = await thumbOf(thumb1200, MATERIAL_THUMB_WIDTH);
    return { main, thumb, thumb1200 };
  });
  if (!decoded) throw new AppError(503, 'uploadBusy');
  const { main, thumb, thumb1200 } = decoded.value;
  return { format, data: main.data, width: main.width, height: main.height, sha256: await sha256Hex(main.data), thumb, thumb1200 };
}
