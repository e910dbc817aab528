import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, thumbUrl } from '@app/contract';
import { frontDesign, imageLayer } from '@app/design/fixtures';
import { multipart } from './support/multipart.js';
import { importTestTshirt } from './support/rows.js';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * Blob privacy (docs/security.md#blob-privacy): stored files are read within their owner's
 * scope only, a refusal looks exactly like a missing file, uploads are not named by their content hash,
 * and a file as uploaded is only ever an attachment.
 */
let app: TestApp;
let productId: number;
let attrId: number;
const ids: Record<string, number> = {};
type Material = { id: number; img_url: string; thumb: string; thumb1200: string };
/** demo-a's picture (demo's sub-account), and one of demo's own. */
let mine: Material;
let parents: Material;
let madeId: number;
/** A PNG that ends with an HTML page: what a browser would render if it sniffed the bytes. */
let polyglot: Buffer;

const picture = (hex: string, w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: hex } })
    .png()
    .toBuffer();

async function upload(as: string, data: Buffer, filename = 'art.png'): Promise<Material> {
  const form = multipart([{ name: 'file', filename, data, type: 'image/png' }]);
  const res = await app.call({ method: 'POST', url: '/api/my_source/upLoad', payload: form.payload, headers: form.headers, as });
  expect(res.json().code, res.body).toBe(1);
  return res.json().data;
}

const get = (url: string, as?: string) => app.call({ method: 'GET', url, as });
/** What a refusal of `url` shows: everything but the per-request id and the address asked for. */
const shape = (res: Awaited<ReturnType<typeof get>>, url: string) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  cache: res.headers['cache-control'],
  nosniff: res.headers['x-content-type-options'],
  body: res.body
    .replace(/"request_id":"[^"]*"/, '')
    .split(url)
    .join('<url>'),
});
/** The same URL with its file name replaced: a file of the same owner that does not exist. */
const missingBeside = (url: string) => url.replace(/[^/]+(\.\w+)$/, 'AAAAAAAAAAAAAAAAAAAAAA$1');

beforeAll(async () => {
  app = await buildTestApp({ composeThreads: 1 });
  ({ productId, attrId } = await importTestTshirt(app));
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
  for (const a of await app.db.db.selectFrom('account').select(['id', 'username']).execute()) ids[a.username] = Number(a.id);
  await app.login('rival', 'rival-pass-123');

  mine = await upload('demo-a', await picture('#e76f51'));
  parents = await upload('demo', await picture('#2a9d8f'));
  polyglot = Buffer.concat([await picture('#264653'), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
  const tricky = await upload('demo-a', polyglot, 'page.png');
  const res = await app.api(routes.synthesisCreate, {
    as: 'demo-a',
    body: { product_id: productId, attr_id: attrId, extends: frontDesign(tricky.img_url, 'X', tricky.id) },
  });
  expect(res.body.code, res.text).toBe(1);
  madeId = res.data.id;
  await app.queue.drain();
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('who reads a stored file (GET /files, /thumbs)', () => {
  it('a stranger without a session gets 404 for a material image, its thumbnails and its list thumbnail', async () => {
    for (const url of [mine.img_url, mine.thumb, mine.thumb1200, thumbUrl(mine.img_url)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.subarray(0, 4).toString('latin1'), url).not.toBe('\x89PNG');
    }
  });

  it('another family gets for an existing file exactly what it gets for a missing one', async () => {
    for (const url of [mine.img_url, mine.thumb, thumbUrl(mine.img_url), thumbUrl(mine.thumb)]) {
      const existing = await get(url, 'rival');
      expect(existing.statusCode, url).toBe(404);
      expect(shape(existing, url), url).toEqual(shape(await get(missingBeside(url), 'rival'), missingBeside(url)));
    }
  });

  it('the owner and its parent read it, kept only by their own browser and never sniffed', async () => {
    for (const as of ['demo-a', 'demo'])
      for (const url of [mine.img_url, mine.thumb, thumbUrl(mine.img_url)]) {
        const res = await get(url, as);
        expect(res.statusCode, `${as} ${url}`).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
  });

  it("a sub-account reads neither its parent's nor a sibling's files", async () => {
    expect((await get(parents.img_url, 'demo')).statusCode).toBe(200);
    expect((await get(parents.img_url, 'demo-a')).statusCode).toBe(404);
    expect((await get(thumbUrl(parents.img_url), 'demo-b')).statusCode).toBe(404);
    expect((await get(mine.img_url, 'demo-b')).statusCode).toBe(404);
    expect((await get(thumbUrl(mine.thumb1200), 'demo-b')).statusCode).toBe(404);
    // Nor by climbing out of its own folder, however the dots are escaped.
    const name = mine.img_url.split('/').pop()!;
    const own = `/files/materials/${ids['demo-b']}`;
    for (const up of ['..', '%2e%2e', '%252e%252e', '..%2f..%2fmaterials', '.%2e'])
      for (const url of [`${own}/${up}/${ids['demo-a']}/${name}`, `/thumbs/h/100${own.slice(6)}/${up}/${ids['demo-a']}/${name}`])
        expect((await get(url, 'demo-b')).statusCode, url).not.toBe(200);
  });

  it("the catalogue's photos stay public and long-cacheable; composed images need a session", async () => {
    const detail = (await app.api(routes.productDetail, { as: 'demo', query: { product_id: productId } })).data;
    const photo = detail.psds[0]!.thumb;
    const res = await get(photo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(thumbUrl(photo))).statusCode).toBe(200);

    const row = await app.db.db.selectFrom('finished').select(['thumb', 'print_urls']).where('id', '=', madeId).executeTakeFirstOrThrow();
    const print = Object.values(JSON.parse(row.print_urls) as Record<string, string>)[0]!;
    for (const url of [row.thumb, print, thumbUrl(row.thumb)]) {
      expect((await get(url)).statusCode, url).toBe(404);
      const owner = await get(url, 'demo-a');
      expect(owner.statusCode, url).toBe(200);
      expect(owner.headers['cache-control'], url).toMatch(/^private/);
    }
  });
});

describe('names and originals', () => {
  it("a new upload's URLs do not carry its content hash; the same picture twice by one owner is stored once", async () => {
    const bytes = await picture('#8338ec', 80, 60);
    const first = await upload('demo-b', bytes);
    const stored = (await get(first.img_url, 'demo-b')).rawPayload;
    for (const hash of [createHash('sha256').update(stored).digest('hex'), createHash('sha256').update(bytes).digest('hex')])
      for (const url of [first.img_url, first.thumb, first.thumb1200]) expect(url).not.toContain(hash);
    expect(first.img_url).toMatch(new RegExp(`^/files/materials/${ids['demo-b']}/[A-Za-z0-9_-]{22}\\.png$`));

    const dir = path.join(app.config.dataDir, 'files', 'materials', String(ids['demo-b']));
    const files = fs.readdirSync(dir).length;
    const again = await upload('demo-b', bytes, 'again.png');
    expect(again.id).not.toBe(first.id);
    expect([again.img_url, again.thumb, again.thumb1200]).toEqual([first.img_url, first.thumb, first.thumb1200]);
    expect(fs.readdirSync(dir).length).toBe(files);
    // Another owner's upload of the same picture shares nothing with it.
    expect((await upload('demo-a', bytes)).img_url).not.toBe(first.img_url);
  });

  it('a file as uploaded (a PNG with HTML after it) comes back only as an attachment, never sniffed, never by URL', async () => {
    const res = await get(`/api/finished/materialDownload?id=${madeId}&type=original`, 'demo-a');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.equals(polyglot)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('image/png');

    const { original_key } = await app.db.db
      .selectFrom('material')
      .select('original_key')
      .where('owner_id', '=', ids['demo-a']!)
      .where('original_key', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(original_key).toMatch(/^originals\//);
    const url = app.storage.url(original_key!);
    const byUrl = await get(url, 'demo-a');
    expect(byUrl.statusCode).toBe(404);
    expect(shape(byUrl, url)).toEqual(shape(await get(missingBeside(url), 'demo-a'), missingBeside(url)));
  });
});

describe('the composer reads only what its caller may read', () => {
  const compose = (as: string, src: string) =>
    app.api(routes.compose, {
      as,
      body: { product_id: productId, layerdata: JSON.stringify({ id: 'front', background: '', layers: [imageLayer(src)] }) },
    });

  it("a design naming another family's material is refused exactly as a missing file is", async () => {
    const foreign = await compose('rival', mine.img_url);
    const missing = await compose('rival', `/files/materials/${ids.rival}/AAAAAAAAAAAAAAAAAAAAAA.png`);
    expect(foreign.status).toBe(422);
    expect({ status: foreign.status, msg: foreign.body.msg }).toEqual({ status: missing.status, msg: missing.body.msg });
    // A sibling is another account too; the parent may use its sub-account's material.
    expect((await compose('demo-b', mine.img_url)).status).toBe(422);
    expect((await compose('demo', mine.img_url)).status).toBe(200);
    const save = await app.api(routes.synthesisCreate, {
      as: 'rival',
      body: { product_id: productId, attr_id: attrId, extends: frontDesign(mine.img_url, 'X') },
    });
    expect(save.status).toBe(422);
  });
});
