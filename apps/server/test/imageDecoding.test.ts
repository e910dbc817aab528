import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { multipart } from './support/multipart.js';
import { buildTestApp, type TestApp } from './helper.js';
import {
  DEFAULT_DECODE_BUDGET_BYTES,
  streamedRowsBytes,
  streamlessPixelLimit,
  wholeFrameBytes,
  type DecodeHeader,
} from '../src/images/budget.js';

/*
 * Image decodes bounded in memory whatever the file declares (docs/security.md#image-decoding): what a
 * seller sees. The memory figures themselves are bench:abuse's.
 */

let t: TestApp;
/** 10000×10000, mostly flat: under 1 MB as a progressive JPEG, 300 MB of coefficients to decode. */
let progressiveBomb: Buffer;

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8a070' } }).composite([
    { input: { create: { width: 64, height: 64, channels: 3, background: '#203040' } }, left: 10, top: 10 },
  ]);

async function upload(data: Buffer, url = '/api/my_source/upLoad', headers: Record<string, string> = {}) {
  const form = multipart([{ name: 'file', filename: 'big.jpg', data, type: 'image/jpeg' }]);
  return t.call({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers }, as: 'demo' });
}

const materialCount = async () => (await t.api(routes.materialList, { as: 'demo', query: { pageSize: 100 } })).data.num_total;

beforeAll(async () => {
  t = await buildTestApp();
  progressiveBomb = await flat(10_000, 10_000).jpeg({ progressive: true, quality: 50 }).toBuffer();
}, 60_000);
afterAll(() => t.close());

describe('uploads a decode could not hold within its budget', () => {
  it('refuses a 10000×10000 progressive JPEG on upLoad and uploadCrop, saying what to do, and stores nothing', async () => {
    expect(progressiveBomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await materialCount();
    for (const url of ['/api/my_source/upLoad', '/api/my_source/uploadCrop']) {
      const res = await upload(progressiveBomb, url);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().msg).toContain('10000×10000');
      expect(res.json().msg).toContain('普通 JPEG');
    }
    const en = await upload(progressiveBomb, '/api/my_source/upLoad', { 'accept-language': 'en' });
    expect(en.json().msg).toContain('save it as a baseline JPEG');
    expect(await materialCount()).toBe(before);
  });

  it('refuses a 16-bit PNG too wide to stream within the budget, saying how wide it may be, and stores nothing', async () => {
    // 20000 wide, 16-bit RGBA: 160 KB a row; re-encoding holds about 1,000 of them.
    const png = await sharp({ create: { width: 20_000, height: 1000, channels: 4, background: '#c8a070ff' } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 1 })
      .toBuffer();
    const before = await materialCount();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().msg).toContain('20000×1000');
    expect(res.json().msg).toContain('最宽 13107 像素');
    expect(await materialCount()).toBe(before);
  });

  it('refuses an interlaced 16-bit PNG beyond the budget', async () => {
    const png = await flat(5000, 4000).toColourspace('rgb16').png({ progressive: true, compressionLevel: 1 }).toBuffer();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().msg).toContain('非隔行 PNG');
  });
});

describe('large uploads that stream', () => {
  it('accepts a 16-bit PNG, kept as 8-bit, with its thumbnails', async () => {
    const png = await flat(3000, 2000).toColourspace('rgb16').png({ compressionLevel: 1 }).toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ width: 3000, height: 2000, format: 'png' });
    const original = await t.call({ method: 'GET', url: m.img_url, as: 'demo' });
    expect((await sharp(original.rawPayload).metadata()).depth).toBe('uchar');
    const thumb = await t.call({ method: 'GET', url: m.thumb, as: 'demo' });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
  });

  it('accepts a 10000×10000 baseline JPEG and a progressive one within the budget, thumbnailed', async () => {
    const baseline = await flat(10_000, 10_000).jpeg({ quality: 50, optimiseCoding: false }).toBuffer();
    const small = await flat(2000, 1500).jpeg({ progressive: true }).toBuffer();
    for (const [file, width] of [
      [baseline, 10_000],
      [small, 2000],
    ] as const) {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json().data;
      expect(m).toMatchObject({ width, format: 'jpeg' });
      const thumb = await t.call({ method: 'GET', url: m.thumb1200, as: 'demo' });
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(1200);
    }
  });
});

describe('the decode budget (images/budget.ts)', () => {
  const header = (h: Partial<DecodeHeader>): DecodeHeader => ({
    format: 'jpeg',
    width: 1000,
    height: 1000,
    channels: 3,
    bytesPerSample: 1,
    progressive: false,
    chromaSubsampling: '4:2:0',
    orientation: undefined,
    ...h,
  });

  it('charges whole frames only to files that cannot stream', () => {
    expect(wholeFrameBytes(header({}))).toBe(0);
    expect(wholeFrameBytes(header({ format: 'png', channels: 4 }))).toBe(0);
    expect(wholeFrameBytes(header({ progressive: true }))).toBe(3_000_000);
    expect(wholeFrameBytes(header({ progressive: true, chromaSubsampling: '4:4:4' }))).toBe(6_000_000);
    expect(wholeFrameBytes(header({ format: 'png', progressive: true, channels: 4, bytesPerSample: 2 }))).toBe(8_000_000);
    expect(wholeFrameBytes(header({ orientation: 6 }))).toBe(3_000_000);
    expect(wholeFrameBytes(header({ orientation: 3 }))).toBe(0);
  });

  it('charges a PNG’s streamed rows by its width, channels and bit depth; a JPEG shrinks on load', () => {
    const png = (h: Partial<DecodeHeader>) => header({ format: 'png', width: 10_000, height: 10_000, channels: 4, ...h });
    expect(streamedRowsBytes(header({ width: 20_000, height: 5000 }))).toBe(0);
    // bench:abuse's 16-bit PNG: 1,000 rows of 80 KB, within the default budget.
    expect(streamedRowsBytes(png({ bytesPerSample: 2 }))).toBe(80_000_000);
    expect(streamedRowsBytes(png({ bytesPerSample: 2 }))).toBeLessThanOrEqual(DEFAULT_DECODE_BUDGET_BYTES);
    // The thumbnail's 1,800 rows of the 8-bit copy: a 20000-wide RGBA PNG is beyond it, 8-bit or not.
    expect(streamedRowsBytes(png({ width: 20_000, height: 5000 }))).toBe(144_000_000);
    // A short picture holds no more rows than it has.
    expect(streamedRowsBytes(png({ width: 20_000, height: 500 }))).toBe(40_000_000);
  });

  it('sets each kind’s pixel limit from the budget', () => {
    expect(streamlessPixelLimit(header({}), DEFAULT_DECODE_BUDGET_BYTES)).toBeUndefined();
    expect(streamlessPixelLimit(header({ progressive: true }), DEFAULT_DECODE_BUDGET_BYTES)).toBe(
      Math.floor(DEFAULT_DECODE_BUDGET_BYTES / 3),
    );
  });
});
