import { open, withEncoding, type Encoding, type ImageSource } from './sharp.js';

export interface ThumbnailOptions {
  /** The box: a width, a height, or both. */
  width?: number;
  height?: number;
  /** With both sides: 'inside' keeps the whole picture in the box; 'cover' (sharp's default) fills it, cropping. */
  fit?: 'inside' | 'cover';
  /** Whether a picture smaller than the box is enlarged to it. */
  enlarge: boolean;
  encoding: Encoding;
}

/**
 * The one thumbnail maker: material thumbnails (300 and 1200 wide), catalogue view thumbnails, the
 * `/thumbs` copies and the composed mockups' list thumbnails.
 */
export async function makeThumbnail(source: ImageSource, opts: ThumbnailOptions): Promise<Buffer> {
  const { width, height, fit, enlarge, encoding } = opts;
  return withEncoding(open(source).resize({ width, height, fit, withoutEnlargement: !enlarge }), encoding).toBuffer();
}
