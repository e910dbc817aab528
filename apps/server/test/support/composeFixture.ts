import sharp from 'sharp';
import { createCanvas } from '@napi-rs/canvas';
import type { BlobStorage } from '../../src/storage/blobStorage.js';
import type { ComposeProductSpec } from '../../src/compose/tasks.js';

/**
 * A small blank made in the test, independent of the demo catalogue: a 400×400 view per colour, a
 * shading map with a dark fold band across rows 200–219, and one 300×300 design area printed at
 * 600×600 into the view rectangle (50, 50, 300, 300).
 */
export async function storeTestBlank(storage: BlobStorage, colors: Record<string, string> = { 白色: '#ffffff', 黑色: '#111111' }) {
  const bases: Record<string, string> = {};
  for (const [name, hex] of Object.entries(colors)) {
    const key = `test/base-${hex.slice(1)}.png`;
    await storage.put(
      key,
      await sharp({ create: { width: 400, height: 400, channels: 3, background: hex } })
        .png()
        .toBuffer(),
    );
    bases[name] = key;
  }
  const shade = Buffer.alloc(400 * 400, 255);
  shade.fill(128, 200 * 400, 220 * 400);
  await storage.put(
    'test/shading.png',
    await sharp(shade, { raw: { width: 400, height: 400, channels: 1 } })
      .png()
      .toBuffer(),
  );
  const spec: ComposeProductSpec = {
    areas: [{ id: 'front', bbox: { x: 150, y: 150, width: 300, height: 300 }, print: { width: 600, height: 600 } }],
    views: [
      {
        id: 'front',
        width: 400,
        height: 400,
        bases,
        shading: 'test/shading.png',
        placements: [{ area: 'front', x: 50, y: 50, width: 300, height: 300 }],
      },
    ],
  };
  return spec;
}

/** A solid-colour PNG material stored under `key`; returns its URL. */
export async function storeSolidImage(storage: BlobStorage, key: string, hex: string, w = 100, h = 100) {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = hex;
  ctx.fillRect(0, 0, w, h);
  await storage.put(key, await c.encode('png'));
  return storage.url(key);
}
