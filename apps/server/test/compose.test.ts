import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layerSchema, type DesignDocument } from '@app/design';
import { imageLayer, oneAreaDesign } from '@app/design/fixtures';
import { createLocalStorage } from '../src/storage/localStorage.js';
import { createComposeEngine } from '../src/compose/engine.js';
import type { ProductResult, AreaResult } from '../src/compose/tasks.js';
import { createComposer } from '../src/compose/composer.js';
import { byteBoundedCache } from '../src/compose/byteBoundedCache.js';
import { blobKeyOfUrl } from '../src/compose/blobUrls.js';
import { storeSolidImage, storeTestBlank } from './support/composeFixture.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-compose-'));
const storage = createLocalStorage(path.join(dataDir, 'files'));
const nameKey = 'ab'.repeat(32);
const engine = createComposeEngine({ storage, templateCacheBytes: 64 << 20, imageCacheBytes: 64 << 20, nameKey });
let spec: Awaited<ReturnType<typeof storeTestBlank>>;
let red: string;

beforeAll(async () => {
  spec = await storeTestBlank(storage);
  red = await storeSolidImage(storage, 'test/red.png', '#ff0000');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A design covering the whole front area with red. */
const redDesign = (): DesignDocument => oneAreaDesign([imageLayer(red, { id: 'r', width: 300, height: 300 })]);

const pixelAt = async (url: string, x: number, y: number) => {
  const { data, info } = await sharp(await storage.get(blobKeyOfUrl(url)!))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...data.subarray(i, i + 3)];
};

describe('compose engine', () => {
  it('composes a print at the area print size and stores it content-addressed', async () => {
    const out = await engine.run({ kind: 'area', area: redDesign().areas[0]!, spec: spec.areas[0]! });
    expect(out.ok).toBe(true);
    const v = (out as { value: AreaResult }).value;
    expect(v.url).toMatch(/^\/files\/composed\/[0-9a-f]{64}\.png$/);
    const meta = await sharp(await storage.get(v.key)).metadata();
    expect([meta.width, meta.height]).toEqual([600, 600]);
    expect(await pixelAt(v.url, 300, 300)).toEqual([255, 0, 0]);
    // Identical input: the same key, not a second file.
    const again = await engine.run({ kind: 'area', area: redDesign().areas[0]!, spec: spec.areas[0]! });
    expect((again as { value: AreaResult }).value.key).toBe(v.key);
  });

  it("names results with the server's key: nobody can recompute a composed file's name from a design they guess", async () => {
    const area = redDesign().areas[0]!;
    const keyed = (await engine.run({ kind: 'area', area, spec: spec.areas[0]! })) as { value: AreaResult };
    const other = createComposeEngine({ storage, templateCacheBytes: 1 << 20, imageCacheBytes: 1 << 20, nameKey: 'cd'.repeat(32) });
    const elsewhere = (await other.run({ kind: 'area', area, spec: spec.areas[0]! })) as { value: AreaResult };
    expect(elsewhere.value.key).not.toBe(keyed.value.key);
    // The name the inputs alone would give (what an older version used) is not used.
    const plain = createHash('sha256')
      .update(JSON.stringify(['r1', { background: area.background, layers: area.layers }, spec.areas[0]!.bbox, spec.areas[0]!.print]))
      .digest('hex');
    expect(keyed.value.key).not.toContain(plain);
    const product = (await engine.run({ kind: 'product', design: redDesign(), spec, colors: ['白色'], thumbs: true })) as {
      value: ProductResult;
    };
    const productElsewhere = (await other.run({ kind: 'product', design: redDesign(), spec, colors: ['白色'], thumbs: true })) as {
      value: ProductResult;
    };
    expect(productElsewhere.value.mockups['白色']).not.toEqual(product.value.mockups['白色']);
    expect(productElsewhere.value.thumbs['白色']).not.toBe(product.value.thumbs['白色']);
  });

  it('the shading map darkens the print where the fabric folds, against a flat composite', async () => {
    const out = await engine.run({ kind: 'product', design: redDesign(), spec, colors: ['白色'], thumbs: true });
    const v = (out as { value: ProductResult }).value;
    const [mockup] = v.mockups['白色']!;
    const flat = await pixelAt(mockup!, 200, 100); // shading 255: the print's own red
    const fold = await pixelAt(mockup!, 200, 210); // shading 128: about half
    expect(flat[0]).toBeGreaterThan(240);
    expect(fold[0]).toBeGreaterThan(110);
    expect(fold[0]).toBeLessThan(145);
    // Outside the placement the blank shows.
    expect(await pixelAt(mockup!, 20, 20)).toEqual([255, 255, 255]);
    expect(v.thumbs['白色']).toMatch(/^\/files\/thumbs\//);
  });

  it('gives each colour its own mockup and one print for all', async () => {
    const out = await engine.run({ kind: 'product', design: redDesign(), spec, colors: ['白色', '黑色'], thumbs: false });
    const v = (out as { value: ProductResult }).value;
    expect(Object.keys(v.prints)).toEqual(['front']);
    expect(v.mockups['白色']![0]).not.toBe(v.mockups['黑色']![0]);
    expect(await pixelAt(v.mockups['黑色']![0]!, 20, 20)).toEqual([17, 17, 17]);
  });

  it('answers a layer with a foreign or missing image with the editor message key, composing nothing', async () => {
    const area = {
      ...redDesign().areas[0]!,
      layers: [layerSchema.parse({ id: 'x', type: 'image', src: 'http://evil.example/x.png', width: 10, height: 10, x: 1, y: 1 })],
    };
    expect(await engine.run({ kind: 'area', area, spec: spec.areas[0]! })).toMatchObject({ ok: false, key: 'materialLoadFailed' });
    const none = { ...area, layers: [layerSchema.parse({ id: 'y', type: 'image', width: 10, height: 10, x: 1, y: 1 })] };
    expect(await engine.run({ kind: 'area', area: none, spec: spec.areas[0]! })).toMatchObject({ ok: false, key: 'noMaterial' });
  });

  it('worker threads compose the design as the calling thread does, giving way to the API', async () => {
    const nicedBefore = nicedThreads();
    const composer = createComposer({ dataDir, threads: 1, templateCacheBytes: 32 << 20, imageCacheBytes: 32 << 20, nameKey });
    try {
      const design = redDesign();
      design.areas[0]!.background = '#00ff00';
      design.areas[0]!.layers[0]!.scale = 0.5;
      const out = await composer.area({ kind: 'area', area: design.areas[0]!, spec: spec.areas[0]! });
      expect(out.ok).toBe(true);
      const url = (out as { value: AreaResult }).value.url;
      expect(await pixelAt(url, 5, 5)).toEqual([0, 255, 0]);
      expect(await pixelAt(url, 300, 300)).toEqual([255, 0, 0]);
      // The composition thread runs at a lower priority than the API's (Linux: nice 10).
      if (process.platform === 'linux') expect(nicedThreads()).toBeGreaterThan(nicedBefore);
    } finally {
      await composer.close();
    }
  });
});

/** This process's threads at nice 10 (Linux: /proc/self/task/<tid>/stat, field 19). */
function nicedThreads() {
  if (process.platform !== 'linux') return 0;
  return fs.readdirSync('/proc/self/task').filter((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 10;
    } catch {
      return false; // the thread ended meanwhile
    }
  }).length;
}

describe('composition time limit', () => {
  it('stops a composition past its time limit and says so', async () => {
    const composer = createComposer({
      dataDir,
      threads: 1,
      templateCacheBytes: 32 << 20,
      imageCacheBytes: 32 << 20,
      timeoutMs: 1,
      nameKey,
    });
    try {
      const out = await composer.product({ kind: 'product', design: redDesign(), spec, colors: ['白色', '黑色'], thumbs: true });
      expect(out).toMatchObject({ ok: false, key: 'composeTimedOut' });
    } finally {
      await composer.close();
    }
  });
});

describe('byte-bounded cache', () => {
  it('evicts the least recently used entries once over its byte bound', () => {
    const lru = byteBoundedCache<Buffer>(
      100,
      (b) => b.length,
      async () => Buffer.alloc(1),
    );
    lru.set('a', Buffer.alloc(40));
    lru.set('b', Buffer.alloc(40));
    lru.get('a');
    lru.set('c', Buffer.alloc(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.calculatedSize).toBe(80);
    lru.set('huge', Buffer.alloc(200));
    expect(lru.get('huge')).toBeUndefined();
  });
});

describe('blob URLs', () => {
  it('reads only our own files', () => {
    expect(blobKeyOfUrl('/files/materials/1/a.png')).toBe('materials/1/a.png');
    expect(blobKeyOfUrl('https://img.example.com/files/materials/1/a.png')).toBe('materials/1/a.png');
    expect(blobKeyOfUrl('/files/../app.db')).toBeUndefined();
    expect(blobKeyOfUrl('http://169.254.169.254/latest')).toBeUndefined();
  });
});
