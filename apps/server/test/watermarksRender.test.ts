import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type BodyOf } from '@app/contract';
import { applyWatermark, type RenderSpec } from '../src/modules/watermarks/index.js';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';

/** The watermark renderer's pixels and the export's cached copies (docs/watermarks.md). */

const W = 400;
const H = 300;
/** A mid-grey picture, as JPEG or PNG. */
const grey = (format: 'jpeg' | 'png') => {
  const img = sharp({ create: { width: W, height: H, channels: 3, background: { r: 90, g: 90, b: 90 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};
const raw = (img: Buffer) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
/** Mean brightness of a region (all channels). */
async function mean(img: Buffer, left: number, top: number, width: number, height: number) {
  const { data } = await sharp(img).removeAlpha().extract({ left, top, width, height }).raw().toBuffer({ resolveWithObject: true });
  return data.reduce((s, v) => s + v, 0) / data.length;
}

const text = (over: Partial<RenderSpec> = {}): RenderSpec => ({
  type: 'text',
  text: 'SAMPLE',
  font_family: 'Roboto',
  color: '#FFFFFF',
  font_size: 80,
  position: 9,
  margin: 10,
  scale: 0.5,
  opacity: 1,
  rotation: 0,
  ...over,
});

describe('applyWatermark', () => {
  it('a white text at position 9 brightens the bottom-right and leaves the top-left exactly as it was', async () => {
    const input = await grey('png');
    const out = await applyWatermark(input, text());
    expect((await sharp(out).metadata()).format).toBe('png');
    const corner = [W - 120, H - 60, 120, 60] as const;
    expect(await mean(out, ...corner)).toBeGreaterThan((await mean(input, ...corner)) + 10);
    const a = await sharp(input)
      .extract({ left: 0, top: 0, width: W / 2, height: H / 2 })
      .raw()
      .toBuffer();
    const b = await sharp(out)
      .removeAlpha()
      .extract({ left: 0, top: 0, width: W / 2, height: H / 2 })
      .raw()
      .toBuffer();
    expect(b.equals(a)).toBe(true);
  });

  it('places each anchor in its own cell and keeps the mark within scale × width', async () => {
    const input = await grey('png');
    for (const position of [1, 5, 9]) {
      const out = await applyWatermark(input, text({ position, scale: 0.3 }));
      const cell = (p: number) => [((p - 1) % 3) * (W / 3), Math.floor((p - 1) / 3) * (H / 3)] as const;
      const means = await Promise.all(
        [1, 5, 9].map((p) => mean(out, Math.floor(cell(p)[0]), Math.floor(cell(p)[1]), Math.floor(W / 3), Math.floor(H / 3))),
      );
      const brightest = [1, 5, 9][means.indexOf(Math.max(...means))];
      expect(brightest).toBe(position);
    }
    // Bright columns span at most 30 % of the width.
    const { data, info } = await raw(await applyWatermark(input, text({ position: 5, scale: 0.3 })));
    const lit = new Set<number>();
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 150) lit.add((i / info.channels) % info.width);
    expect(lit.size).toBeGreaterThan(0);
    expect(Math.max(...lit) - Math.min(...lit) + 1).toBeLessThanOrEqual(Math.ceil(0.3 * W) + 1);
  });

  it('opacity 0 leaves the image identical; JPEG in gives JPEG out; half opacity is between', async () => {
    const png = await grey('png');
    const same = await applyWatermark(png, text({ opacity: 0 }));
    expect((await raw(same)).data.equals((await raw(png)).data)).toBe(true);
    const jpeg = await grey('jpeg');
    expect((await applyWatermark(jpeg, text({ opacity: 0 }))).equals(jpeg)).toBe(true);
    const full = await applyWatermark(jpeg, text({ opacity: 1, position: 5 }));
    const half = await applyWatermark(jpeg, text({ opacity: 0.5, position: 5 }));
    expect((await sharp(full).metadata()).format).toBe('jpeg');
    const m = (img: Buffer) => mean(img, W / 4, H / 3, W / 2, H / 3);
    expect(await m(half)).toBeGreaterThan((await m(jpeg)) + 2);
    expect(await m(full)).toBeGreaterThan((await m(half)) + 2);
  });

  it('lays an image watermark with rotation, and prints the event-loop delay while rendering', async () => {
    const logo = await sharp({ create: { width: 100, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const input = await grey('jpeg');
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const out = await applyWatermark(input, { ...text(), type: 'image', image: logo, position: 1, margin: 0, scale: 0.25, rotation: 90 });
    h.disable();
    console.log(`watermark render: event-loop delay p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms`);
    // Rotated a quarter turn, the 100×50 logo at 25 % width (100×50 px) stands 50 wide and 100 high at the top-left.
    const { data, info } = await raw(out);
    const red = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return data[i]! > 200 && data[i + 1]! < 60;
    };
    expect(red(25, 90)).toBe(true);
    expect(red(80, 25)).toBe(false);
    expect(red(300, 250)).toBe(false);
  });
});

describe('watermarked copies (the export’s cache)', () => {
  let app: TestApp;
  let ownerId: number;
  let rivalId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
    ownerId = (await app.call({ method: 'GET', url: '/api/user/info', as: 'demo-a' })).json().data.id;
    rivalId = (await app.call({ method: 'GET', url: '/api/user/info', as: 'rival' })).json().data.id;
  });
  afterAll(async () => {
    await app.close();
  });
  const add = async (as: string, body: Partial<BodyOf<typeof routes.watermarkAdd>>) => {
    const res = await app.api(routes.watermarkAdd, {
      as,
      body: { name: 'w', type: 'text', text: 'SHOP', font_family: 'Roboto', color: '#FFFFFF', position: 9, ...body },
    });
    expect(res.body.code, res.text).toBe(1);
    return res.data;
  };

  it('composes once per (image, watermark, version), reuses it after, and never writes the original', async () => {
    const source = 'mockups/test/shirt.jpg';
    const original = await grey('jpeg');
    await app.storage.put(source, original);
    const w = await add('demo-a', { name: 'cache' });
    const before = app.watermarks.composedCount();
    // Concurrent calls for one key compose once.
    const [k1, k2] = await Promise.all([
      app.watermarks.watermarkedBlob(ownerId, source, w.id),
      app.watermarks.watermarkedBlob(ownerId, source, w.id),
    ]);
    expect(k1).toBe(k2);
    expect(k1).toMatch(/^composed\/watermarked\/[0-9a-f]{64}\.jpg$/);
    expect(app.watermarks.composedCount()).toBe(before + 1);
    const copy = await app.storage.get(k1);
    expect((await sharp(copy).metadata()).format).toBe('jpeg');
    expect(copy.equals(original)).toBe(false);
    // Later: found in storage, not composed again.
    expect(await app.watermarks.watermarkedBlob(ownerId, source, w.id)).toBe(k1);
    expect(app.watermarks.composedCount()).toBe(before + 1);
    // An edit grows the version: a new copy; the old one stays for what already points at it.
    await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, position: 1 } });
    const k3 = await app.watermarks.watermarkedBlob(ownerId, source, w.id);
    expect(k3).not.toBe(k1);
    expect(app.watermarks.composedCount()).toBe(before + 2);
    // The version the caller expects: the current one answers the copy, a stale one fails the job, composing nothing.
    const current = Number((await app.api(routes.watermarkGet, { as: 'demo-a', query: { id: w.id } })).data.version);
    expect(await app.watermarks.watermarkedBlob(ownerId, source, w.id, current)).toBe(k3);
    await expect(app.watermarks.watermarkedBlob(ownerId, source, w.id, current - 1)).rejects.toMatchObject({
      key: 'exportWatermarkChanged',
    });
    expect(app.watermarks.composedCount()).toBe(before + 2);
    expect((await app.storage.get(source)).equals(original)).toBe(true);
    // Served to a session like other composed files.
    expect((await app.call({ method: 'GET', url: app.storage.url(k3), as: 'demo-a' })).statusCode).toBe(200);
    expect((await app.call({ method: 'GET', url: app.storage.url(k3) })).statusCode).toBe(404);
  });

  it('renders a full-width mark on a 2000-px mockup on its thread, and prints the event-loop delay meanwhile', async () => {
    const big = 'mockups/test/big.jpg';
    await app.storage.put(
      big,
      await sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
        .jpeg()
        .toBuffer(),
    );
    const w = await add('demo-a', { name: 'big', text: 'WATERMARK 水印', font_size: 400, scale: 1, rotation: 30, position: 5 });
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const key = await app.watermarks.watermarkedBlob(ownerId, big, w.id);
    h.disable();
    console.log(
      `watermarked 2000 px copy via the render thread: event-loop delay p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms`,
    );
    // The centre got the white mark.
    expect(await mean(await app.storage.get(key), 900, 950, 200, 100)).toBeGreaterThan(100);
  });

  it('refuses another owner’s watermark and an image the owner may not read', async () => {
    const source = 'mockups/test/other.jpg';
    await app.storage.put(source, await grey('jpeg'));
    const theirs = await add('rival', { name: 'theirs' });
    await expect(app.watermarks.watermarkedBlob(ownerId, source, theirs.id)).rejects.toMatchObject({
      status: 404,
      key: 'watermarkNotFound',
    });
    const mine = await add('demo-a', { name: 'mine' });
    await expect(app.watermarks.watermarkedBlob(rivalId, source, mine.id)).rejects.toMatchObject({ status: 404 });
    await expect(app.watermarks.watermarkedBlob(ownerId, `materials/${rivalId}/x.png`, mine.id)).rejects.toMatchObject({
      status: 404,
      key: 'watermarkSourceMissing',
    });
    await expect(app.watermarks.watermarkedBlob(ownerId, 'mockups/test/missing.jpg', mine.id)).rejects.toMatchObject({
      key: 'watermarkSourceMissing',
    });
  });
});
