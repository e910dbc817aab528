import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type BodyOf } from '@app/contract';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { buildTestApp, type TestApp } from './helper.js';
import { frontDesign } from '@app/design/fixtures';
import { multipart } from './support/multipart.js';

/** Bulk picture download and material download (docs/finished.md#dialogs, docs/api.md#downloads). */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-downloads-cat-'));
let app: TestApp;
let productId: number;
let attrId: number;
/** The bytes demo-a uploaded, exactly: a PNG with a text chunk, which re-encoding would drop. */
let uploadedBytes: Buffer;
let material: { id: number; img_url: string };
const made: { id: number; key_id: string }[] = [];

async function upload(as: string, data: Buffer, filename: string) {
  const form = multipart([{ name: 'file', filename, data, type: 'image/png' }]);
  const res = await app.call({ method: 'POST', url: '/api/my_source/upLoad', payload: form.payload, headers: form.headers, as });
  expect(res.json().code, res.body).toBe(1);
  return res.json().data as { id: number; img_url: string };
}

const design = (text: string) => frontDesign(material.img_url, text, material.id);

/** A download answers a file or a zip, not an envelope: it goes through raw `call`. */
const download = (url: string, as?: string) => app.call({ method: 'GET', url, as });
const entries = (zip: Buffer) => unzipSync(new Uint8Array(zip));

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 300 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  const product = await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow();
  productId = product.id;
  attrId = (
    await app.db.db.selectFrom('product_sku').select('id').where('product_id', '=', productId).orderBy('sort').executeTakeFirstOrThrow()
  ).id;
  const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#e76f51' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'seller original' } } })
    .toBuffer();
  uploadedBytes = png;
  material = await upload('demo-a', png, 'poster.png');
  for (const text of ['ONE', 'TWO']) {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: attrId, extends: design(text) },
    });
    made.push(res.data);
  }
  await app.queue.drain();
}, 120_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('bulk picture download (GET /api/finished/mutiDownload)', () => {
  it('zips every colour’s images, named by finished number and colour, byte for byte', async () => {
    const res = await download(`/api/finished/mutiDownload?ids=${made.map((m) => m.id).join(',')}`, 'demo-a');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="finished-images-.*\.zip"/);
    const zip = entries(res.rawPayload);
    const children = await app.db.db
      .selectFrom('finished_child')
      .innerJoin('finished', 'finished.id', 'finished_child.finished_id')
      .select(['finished.key_id', 'finished_child.color', 'finished_child.img_urls'])
      .where(
        'finished_child.finished_id',
        'in',
        made.map((m) => m.id),
      )
      .execute();
    const expected = new Map<string, string>();
    for (const c of children)
      for (const [n, url] of (JSON.parse(c.img_urls) as string[]).entries())
        expected.set(`${c.key_id}/${c.key_id}_${c.color}_${n + 1}.jpg`, url);
    expect(Object.keys(zip).sort()).toEqual([...expected.keys()].sort());
    for (const [name, url] of expected) {
      const stored = await app.storage.get(decodeURIComponent(url.slice('/files/'.length)));
      expect(Buffer.from(zip[name]!).equals(stored), name).toBe(true);
    }
  });

  it('refuses other families, strangers and bad ids', async () => {
    const foreign = await download(`/api/finished/mutiDownload?ids=${made.map((m) => m.id).join(',')}`, 'demo-b');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/json/);
    expect(foreign.json().msg).toBe('找不到该成品');
    expect((await app.app.inject({ method: 'GET', url: `/api/finished/mutiDownload?ids=${made[0]!.id}` })).statusCode).toBe(401);
    expect((await download('/api/finished/mutiDownload?ids=1,x', 'demo')).statusCode).toBe(400);
  });
});

describe('signed download links (docs/security.md#tokens)', () => {
  const linkFor = (body: BodyOf<typeof routes.downloadLink>, as = 'demo-a') => app.api(routes.downloadLink, { as, body });
  const get = (url: string, cookie?: string) => app.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  it('a session token in the address no longer opens a download', async () => {
    const token = await app.login('demo');
    const res = await get(`/api/finished/mutiDownload?ids=${made[0]!.id}&token=${token}`);
    expect(res.statusCode).toBe(401);
  });

  it('downloads without the cookie through a link signed for the caller, and says when it expires', async () => {
    const link = await linkFor({ kind: 'bulk', ids: String(made[0]!.id) });
    expect(link.status).toBe(200);
    expect(link.data.url).toMatch(/^\/api\/finished\/mutiDownload\?ids=\d+&sig=[\w-]+\.[\w-]+$/);
    expect(link.data.expires_at).toBe(app.clock.now + app.config.downloadLinkTtlMs);
    const res = await get(link.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Object.keys(entries(res.rawPayload)).length).toBeGreaterThan(0);

    const material = await linkFor({ kind: 'material', id: made[0]!.id, type: 'original' });
    const file = await get(material.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(uploadedBytes)).toBe(true);
  });

  it('a link stops working when it expires, when it is changed, and in another account’s hands', async () => {
    const link = (await linkFor({ kind: 'bulk', ids: String(made[0]!.id) })).data.url;
    const own = `token=${await app.login('demo-a')}`;
    const other = `token=${await app.login('demo-b')}`;
    expect((await get(link, own)).statusCode).toBe(200);

    const elsewhere = await get(link, other);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().msg).toBe('下载链接已失效，请重新点击下载');
    // The signature covers the address: other ids, or an extra parameter after it, make it worthless.
    expect((await get(link.replace(`ids=${made[0]!.id}`, `ids=${made[1]!.id}`))).statusCode).toBe(403);
    expect((await get(`${link}&ids=${made[1]!.id}`)).statusCode).toBe(403);
    for (const sig of ['%E0%A4%A', '', 'x.y.z']) expect((await get(link.replace(/sig=.*$/, `sig=${sig}`))).statusCode, sig).toBe(403);

    app.clock.advance(app.config.downloadLinkTtlMs + 1);
    // Expired: refused even alongside the owner's own session, which alone would have been enough.
    expect((await get(link)).statusCode).toBe(403);
    expect((await get(link, own)).statusCode).toBe(403);
  });

  it('is refused for products outside the caller’s family, and to strangers, before any link exists', async () => {
    const foreign = await linkFor({ kind: 'bulk', ids: String(made[0]!.id) }, 'demo-b');
    expect(foreign.status).toBe(404);
    expect(foreign.data).toBeNull();
    expect((await app.api(routes.downloadLink, { body: { kind: 'bulk', ids: String(made[0]!.id) } })).status).toBe(401);
  });
});

describe('material download (GET /api/finished/materialDownload)', () => {
  it('original: the material file exactly as uploaded', async () => {
    const res = await download(`/api/finished/materialDownload?id=${made[0]!.id}&type=original`, 'demo-a');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''poster_${material.id}.png`);
    expect(res.rawPayload.equals(uploadedBytes)).toBe(true);
    // The library's image is the re-encoded one (no metadata): the original is not it.
    const libraryImage = await app.storage.get(decodeURIComponent(material.img_url.slice('/files/'.length)));
    expect(libraryImage.equals(uploadedBytes)).toBe(false);
  });

  it('cut: the print image of each design area; another family gets nothing', async () => {
    const res = await download(`/api/finished/materialDownload?id=${made[0]!.id}&type=cut`, 'demo-a');
    expect(res.statusCode).toBe(200);
    const row = await app.db.db.selectFrom('finished').select('print_urls').where('id', '=', made[0]!.id).executeTakeFirstOrThrow();
    const prints = JSON.parse(row.print_urls) as Record<string, string>;
    expect(Object.keys(prints)).toEqual(['front']);
    const stored = await app.storage.get(decodeURIComponent(prints.front!.slice('/files/'.length)));
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect((await download(`/api/finished/materialDownload?id=${made[0]!.id}&type=cut`, 'demo-b')).statusCode).toBe(404);
    expect((await download(`/api/finished/materialDownload?id=${made[0]!.id}&type=raw`, 'demo-a')).statusCode).toBe(400);
  });

  it('a combination gives its childs’ files as one zip', async () => {
    const combo = (await app.api(routes.setGroup, { as: 'demo-a', body: { ids: made.map((m) => m.id).join(',') } })).data;
    const cut = await download(`/api/finished/materialDownload?id=${combo.id}&type=cut`, 'demo-a');
    expect(cut.headers['content-type']).toBe('application/zip');
    expect(Object.keys(entries(cut.rawPayload)).sort()).toEqual(made.map((m) => `${m.key_id}_front.png`).sort());
    const bulk = await download(`/api/finished/mutiDownload?ids=${combo.id}`, 'demo-a');
    const names = Object.keys(entries(bulk.rawPayload));
    for (const m of made) expect(names.some((n) => n.startsWith(`${m.key_id}/`))).toBe(true);
    await app.api(routes.cancelGroup, { as: 'demo-a', body: { ids: String(combo.id) } });
  });
});
