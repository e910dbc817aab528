import sharp, { type JpegOptions, type PngOptions, type Sharp, type WebpOptions } from 'sharp';

/*
 * The one module that imports sharp, and where its process-wide settings live:
 * - libvips' operation cache is off: its hits need identical inputs, which content-addressed work
 *   never repeats, and the compose engine keeps what is worth keeping in its own byte-bounded caches.
 * - concurrency stays sharp's default (one libvips thread per image on glibc without jemalloc, which
 *   keeps memory from fragmenting; libuv's pool still runs several images at once): the README's
 *   composition figures are measured with it.
 * - the pixel limit of a decode is sharp's default (268 megapixels) for our own files; uploads and
 *   header reads have theirs below.
 */
sharp.cache(false);

/** Decoded pixels, row by row, `channels` (1 to 4) bytes each. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** An encoded image (its bytes, or a file path) or raw pixels. */
export type ImageSource = Buffer | string | RawImage;

export interface DecodeLimits {
  /** Largest width × height decoded; `false` for none (header reads only). Default: sharp's. */
  pixelLimit?: number | false;
  /** Refuse truncated or corrupt data (libvips errors), still letting benign warnings through. */
  failOnError?: boolean;
  /** Turn the picture upright by its EXIF orientation. */
  autoOrient?: boolean;
}

/** A header read: no pixel is decoded, so no limit applies and a too-large image still tells its size. */
export const HEADER_ONLY: DecodeLimits = { pixelLimit: false };

/**
 * A seller's upload: at most `maxPixels` decoded (docs/security.md#upload-limits, from the contract, which composition
 * threads need not load), damaged data refused, turned upright.
 */
export const uploadDecode = (maxPixels: number): DecodeLimits => ({ pixelLimit: maxPixels, failOnError: true, autoOrient: true });

export type Encoding = ({ format: 'jpeg' } & JpegOptions) | ({ format: 'png' } & PngOptions) | ({ format: 'webp' } & WebpOptions);

const isRaw = (source: ImageSource): source is RawImage => typeof source === 'object' && !Buffer.isBuffer(source);

/** A sharp pipeline on a source; for the modules of images/ only. */
export function open(source: ImageSource, limits: DecodeLimits = {}): Sharp {
  if (isRaw(source)) {
    const { data, width, height, channels } = source;
    return sharp(data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
  }
  return sharp(source, {
    // sharp's default, said here since bounded memory depends on it (docs/security.md#image-decoding).
    sequentialRead: true,
    ...(limits.pixelLimit !== undefined && { limitInputPixels: limits.pixelLimit }),
    ...(limits.failOnError && { failOn: 'error' as const }),
    ...(limits.autoOrient && { autoOrient: true }),
  });
}

/** Sets a pipeline's output format and options. */
export function withEncoding(img: Sharp, encoding: Encoding): Sharp {
  switch (encoding.format) {
    case 'jpeg': {
      const { format: _, ...options } = encoding;
      return img.jpeg(options);
    }
    case 'png': {
      const { format: _, ...options } = encoding;
      return img.png(options);
    }
    case 'webp': {
      const { format: _, ...options } = encoding;
      return img.webp(options);
    }
  }
}
