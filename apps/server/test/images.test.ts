import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw, exceedsPixelLimit, readImageHeader } from '../src/images/decode.js';
import { encodeImage } from '../src/images/encode.js';
import { makeThumbnail } from '../src/images/thumbnail.js';
import { byteBoundedCache } from '../src/compose/byteBoundedCache.js';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });

/** A valid 1-bit PNG of 16000×16000 in ~31 kB: it must be measured, never decoded. */
function pngBomb() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16000, 0);
  ihdr.writeUInt32BE(16000, 4);
  ihdr[8] = 1;
  const rows = Buffer.alloc((1 + 16000 / 8) * 16000);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images adapter', () => {
  it('reads format and size from the header only, and refuses what is no image', async () => {
    expect(await readImageHeader(pngBomb(), { pixelLimit: false })).toEqual({ format: 'png', width: 16000, height: 16000 });
    expect(await readImageHeader(await solid(30, 20).jpeg().toBuffer())).toEqual({ format: 'jpeg', width: 30, height: 20 });
    await expect(readImageHeader(Buffer.from('hello, not a picture'))).rejects.toThrow();
  });

  it('says when a decode stopped at its pixel limit', async () => {
    const err = await encodeImage(pngBomb(), { format: 'png' }, { pixelLimit: 100_000_000 }).catch((e: unknown) => e);
    expect(exceedsPixelLimit(err)).toBe(true);
    expect(exceedsPixelLimit(new Error('VipsJpeg: premature end of JPEG image'))).toBe(false);
  });

  it('re-encodes upright by EXIF orientation, without the metadata', async () => {
    const file = await solid(40, 30).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await encodeImage(file, { format: 'jpeg', quality: 90 }, { autoOrient: true, failOnError: true });
    expect([out.width, out.height]).toEqual([30, 40]);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 30, height: 40 });
    expect(meta.exif).toBeUndefined();
  });

  it('decodes to one grey channel, sRGB or RGBA, scaled down to a largest side when asked', async () => {
    const file = await solid(400, 200, 4).png().toBuffer();
    const grey = await decodeRaw(file, { channels: 1 });
    expect([grey.width, grey.height, grey.channels, grey.data.length]).toEqual([400, 200, 1, 400 * 200]);
    const rgb = await decodeRaw(file, { channels: 3 });
    expect([rgb.channels, rgb.data.length]).toEqual([3, 400 * 200 * 3]);
    const rgba = await decodeRaw(file, { channels: 4, maxSide: 100 });
    expect([rgba.width, rgba.height, rgba.channels, rgba.data.length]).toEqual([100, 50, 4, 100 * 50 * 4]);
    expect(rgba.data[3]).toBe(128);
  });

  it('makes thumbnails of any source: a side or a box, enlarged or not, in the format asked', async () => {
    const small = await solid(120, 80).png().toBuffer();
    const kept = await makeThumbnail(small, { width: 300, enlarge: false, encoding: { format: 'png' } });
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
    const byHeight = await makeThumbnail(small, { height: 200, enlarge: true, encoding: { format: 'webp', quality: 82 } });
    expect(await sharp(byHeight).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    const raw = { data: Buffer.alloc(800 * 400 * 3, 90), width: 800, height: 400, channels: 3 };
    const inBox = await makeThumbnail(raw, {
      width: 400,
      height: 400,
      fit: 'inside',
      enlarge: true,
      encoding: { format: 'jpeg', quality: 80 },
    });
    expect(await sharp(inBox).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 200 });
    const covered = await makeThumbnail(raw, { width: 100, height: 100, enlarge: true, encoding: { format: 'jpeg', quality: 85 } });
    expect(await sharp(covered).metadata()).toMatchObject({ width: 100, height: 100 });
  });
});

describe('byte-bounded cache loads', () => {
  it('shares one load among concurrent fetches of a key and keeps its value', async () => {
    let loads = 0;
    const cache = byteBoundedCache<Buffer>(
      100,
      (b) => b.length,
      async () => {
        loads += 1;
        return Buffer.alloc(10);
      },
    );
    const [a, b] = await Promise.all([cache.fetch('k'), cache.fetch('k')]);
    expect(a).toBe(b);
    expect(await cache.fetch('k')).toBe(a);
    expect(loads).toBe(1);
  });

  it('keeps no failed load, and returns a value larger than its bound without keeping it', async () => {
    let attempts = 0;
    const cache = byteBoundedCache<Buffer>(
      100,
      (b) => b.length,
      async (key) => {
        attempts += 1;
        if (key === 'flaky' && attempts === 1) throw new Error('missing file');
        return Buffer.alloc(key === 'huge' ? 200 : 10);
      },
    );
    await expect(cache.fetch('flaky')).rejects.toThrow('missing file');
    expect(await cache.fetch('flaky')).toHaveLength(10);
    expect(await cache.fetch('huge')).toHaveLength(200);
    expect(cache.has('huge')).toBe(false);
  });
});
