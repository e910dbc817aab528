import { open, withEncoding, type DecodeLimits, type Encoding, type ImageSource, type RawImage } from './sharp.js';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Writes a picture in a format: raw pixels encoded, or an encoded image re-encoded (decoded within
 * `limits`). sharp writes no EXIF, XMP or ICC unless asked, so a re-encoded image carries none.
 */
export async function encodeImage(source: ImageSource, encoding: Encoding, limits: DecodeLimits = {}): Promise<EncodedImage> {
  const { data, info } = await withEncoding(open(source, limits), encoding).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Raw pixels stretched to exactly `width` × `height`. */
export async function resizeRaw(raw: RawImage, width: number, height: number): Promise<RawImage> {
  const data = await open(raw).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return { data, width, height, channels: raw.channels };
}
