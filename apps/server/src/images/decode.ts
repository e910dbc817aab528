import { open, type DecodeLimits, type RawImage } from './sharp.js';

export interface ImageHeader {
  /** libvips' name of the format: 'png', 'jpeg', 'webp', 'svg' … */
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
}

/**
 * Format and dimensions from the file's header (sharp's metadata: nothing is decoded), so a size
 * limit can be checked before any pixel exists. Rejects when libvips cannot read the header.
 */
export async function readImageHeader(source: Buffer | string, limits: DecodeLimits = {}): Promise<ImageHeader> {
  const { format, width, height } = await open(source, limits).metadata();
  return { format, width, height };
}

/** Whether a decode failed on its `pixelLimit` (sharp's message is the only sign of it). */
export const exceedsPixelLimit = (err: unknown) => /pixel limit/i.test(String((err as Error | undefined)?.message));

export interface DecodeOptions extends DecodeLimits {
  /** 1: one grey channel; 3: sRGB without alpha; 4: RGBA (alpha added when absent). */
  channels: 1 | 3 | 4;
  /** Scales the picture down (never up) to fit a square of this side. */
  maxSide?: number;
}

/** An encoded image's pixels. */
export async function decodeRaw(source: Buffer | string, opts: DecodeOptions): Promise<RawImage> {
  let img = open(source, opts);
  if (opts.maxSide) img = img.resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true });
  if (opts.channels === 4) img = img.ensureAlpha();
  else if (opts.channels === 3) img = img.removeAlpha().toColourspace('srgb');
  else img = img.removeAlpha().greyscale().extractChannel(0);
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: opts.channels };
}
