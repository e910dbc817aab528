import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type Color } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, UPLOAD_LIMIT_BYTES, type QueryOf } from '@app/contract';
import { multipart } from './support/multipart.js';
import { rowCount } from './support/rows.js';
import { buildTestApp, type TestApp } from './helper.js';
import { seedDemoMaterials } from '../src/demo/materials.js';

// ── Files, built here rather than committed: each one is what a seller (or an attacker) could send.

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
};
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (w: number, h: number, depth: number, colour: number) => {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(w, 0);
  d.writeUInt32BE(h, 4);
  d[8] = depth;
  d[9] = colour;
  return pngChunk('IHDR', d);
};

const solid = (w: number, h: number, background: Color, channels: 3 | 4 = 3) =>
  sharp({ create: { width: w, height: h, channels, background } });
const png = (w: number, h: number, background: Color = '#3a86ff') => solid(w, h, background).png().toBuffer();
const jpeg = (w: number, h: number, background: Color = '#ff006e') => solid(w, h, background).jpeg().toBuffer();

/** A PNG of noise (so its data spans many bytes), cut in half: the header is intact, the pixels are not. */
/** A noisy JPEG cut in half: its header is intact, its scan data ends early. */
async function truncatedJpeg() {
  let seed = 11;
  const raw = Buffer.alloc(256 * 256 * 3, 0).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
  const full = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

async function truncatedPng() {
  let seed = 7;
  const raw = Buffer.alloc(256 * 256 * 3, 0).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
  const full = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } })
    .png()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

/** A real, valid 1-bit PNG of 16000×16000 in ~31 kB: 256 megapixels, under sharp's default limit. */
function pngBomb() {
  const row = Buffer.alloc(1 + 16000 / 8);
  const rows = Buffer.alloc(row.length * 16000);
  return Buffer.concat([
    PNG_SIG,
    ihdr(16000, 16000, 1, 0),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Only a header claiming 16000×16000 (no pixel data at all). */
const pngHeaderOnly = () => Buffer.concat([PNG_SIG, ihdr(16000, 16000, 8, 6), pngChunk('IEND', Buffer.alloc(0))]);

let t: TestApp;
type ListQuery = QueryOf<typeof routes.materialList>;
const ids: Record<string, number> = {};

async function upload(
  as: string | undefined,
  data: Buffer,
  filename: string,
  fields: Record<string, string | number> = {},
  opts: { url?: string; headers?: Record<string, string> } = {},
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'file', filename, data, type: 'image/png' },
  ]);
  return t.call({
    method: 'POST',
    url: opts.url ?? '/api/my_source/upLoad',
    payload: form.payload,
    headers: { ...form.headers, ...opts.headers },
    as,
  });
}

/** Uploads and returns the new material (failing the test when refused). */
async function uploaded(as: string, data: Buffer, filename: string, fields: Record<string, string | number> = {}) {
  const res = await upload(as, data, filename, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A stored file by its URL, as the demo family's parent (files are private to their owner's scope). */
const fetchBlob = async (url: string) => {
  const res = await t.call({ method: 'GET', url, as: 'demo' });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

const blobFiles = () => {
  const root = path.join(t.config.dataDir, 'files', 'materials');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => path.extname(String(f))).length : 0;
};
const materialRows = () => rowCount(t, 'material');

/** Asserts a refused upload left nothing behind: no row, no blob. */
async function expectNothingStored(send: () => Promise<{ statusCode: number }>, status: number) {
  const [rowsBefore, blobsBefore] = [await materialRows(), blobFiles()];
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(await materialRows()).toBe(rowsBefore);
  expect(blobFiles()).toBe(blobsBefore);
  return res as Awaited<ReturnType<typeof upload>>;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
  await t.login('rival', 'rival-pass-123');
  for (const u of ['demo', 'demo-a', 'demo-b', 'rival']) ids[u] = (await t.api(routes.info, { as: u })).data.id;
});
afterAll(() => t.close());

describe('upload (upLoad, docs/editor.md#materials)', () => {
  it('stores a PNG with its alpha, thumbnails 300 and 1200 wide, and serves them', async () => {
    const file = await solid(1600, 900, { r: 20, g: 180, b: 90, alpha: 0.5 }, 4).png().toBuffer();
    const res = await upload('demo', file, '透明图层.png');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    const m = body.data;
    expect(m).toMatchObject({
      name: '透明图层',
      format: 'png',
      width: 1600,
      height: 900,
      fid: 0,
      owner: ids.demo,
      level: 0,
      level_label: null,
    });
    expect(m.id).toBeGreaterThan(0);
    const original = await sharp(await fetchBlob(m.img_url)).metadata();
    expect(original).toMatchObject({ format: 'png', width: 1600, height: 900, hasAlpha: true });
    expect(await sharp(await fetchBlob(m.thumb)).metadata()).toMatchObject({ format: 'png', width: 300, hasAlpha: true });
    expect(await sharp(await fetchBlob(m.thumb1200)).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
  });

  it('stores a JPEG as JPEG, upright by its EXIF orientation, with EXIF gone', async () => {
    const file = await solid(400, 300, '#ff006e')
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'secret artist' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(file).metadata()).exif).toBeDefined();
    const m = await uploaded('demo', file, 'phone.jpeg');
    expect(m).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    const stored = await fetchBlob(m.img_url);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('secret owner')).toBe(false);
    expect(await sharp(await fetchBlob(m.thumb)).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
  });

  it('strips PNG text chunks too, and never enlarges a small image for its thumbnails', async () => {
    const plain = await png(120, 80);
    // Insert a tEXt chunk after IHDR (8-byte signature + 25-byte IHDR chunk).
    const withText = Buffer.concat([plain.subarray(0, 33), pngChunk('tEXt', Buffer.from('Comment\0secret-location')), plain.subarray(33)]);
    const m = await uploaded('demo', withText, 'small.png');
    expect((await fetchBlob(m.img_url)).includes('secret-location')).toBe(false);
    expect((await sharp(await fetchBlob(m.thumb)).metadata()).width).toBe(120);
    expect((await sharp(await fetchBlob(m.thumb1200)).metadata()).width).toBe(120);
  });

  it('decides the format by content: a PNG named .jpg and a JPEG named .png are accepted as what they are', async () => {
    expect(await uploaded('demo', await png(50, 40), 'really-a-png.jpg')).toMatchObject({ format: 'png', name: 'really-a-png' });
    expect(await uploaded('demo', await jpeg(50, 40), 'really-a-jpeg.png')).toMatchObject({ format: 'jpeg', name: 'really-a-jpeg' });
  });

  it('refuses GIF, WebP and text named .png, with a message saying which formats are accepted', async () => {
    const files = [
      await solid(20, 20, '#000').gif().toBuffer(),
      await solid(20, 20, '#000').webp().toBuffer(),
      Buffer.from('hello, not a picture'),
    ];
    for (const file of files) {
      const res = await expectNothingStored(() => upload('demo', file, 'looks-fine.png'), 400);
      expect(res.json()).toMatchObject({ code: 0, msg: '只能上传 jpeg、png、jpg 格式的图片', data: null });
    }
    const en = await upload('demo', files[0]!, 'x.png', {}, { headers: { 'accept-language': 'en' } });
    expect(en.json().msg).toBe('Only jpeg, png and jpg images can be uploaded');
  });

  it('refuses a truncated PNG (intact header, cut pixel data) and stores nothing', async () => {
    const res = await expectNothingStored(async () => upload('demo', await truncatedPng(), 'cut.png'), 400);
    expect(res.json().msg).toBe('图片已损坏或不完整，请重新上传');
  });

  it('refuses a truncated JPEG and stores nothing', async () => {
    const res = await expectNothingStored(async () => upload('demo', await truncatedJpeg(), 'cut.jpg'), 400);
    expect(res.json().msg).toBe('图片已损坏或不完整，请重新上传');
  });

  it('refuses a decompression bomb from its header, before decoding: without allocating, storing nothing', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    // sharp's defaults would accept it (256 megapixels is under its 268-megapixel default).
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 16000, height: 16000 });
    for (const file of [bomb, pngHeaderOnly()]) {
      const res = await expectNothingStored(() => upload('demo', file, 'bomb.png', {}, { headers: { 'accept-language': 'en' } }), 413);
      expect(res.json().msg).toBe('The image is too large (16000×16000 pixels): at most 100 megapixels and 20000 pixels a side');
    }
  });

  it('refuses a file over 20 MB with the upload-limit message, in Chinese by default and in English on request', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(UPLOAD_LIMIT_BYTES + 1 - (await png(10, 10)).length)]);
    expect(big.length).toBe(UPLOAD_LIMIT_BYTES + 1);
    const zh = await expectNothingStored(() => upload('demo', big, 'huge.png'), 413);
    expect(zh.json()).toMatchObject({ code: 0, msg: '文件大小不能超过20MB，请重新上传' });
    const en = await expectNothingStored(
      () => upload('demo', big, 'huge.png', {}, { headers: { 'accept-language': 'en-US,en;q=0.9' } }),
      413,
    );
    expect(en.json().msg).toBe('File size cannot exceed 20MB, please upload again');
  });

  it('takes a file of exactly 20 MB as within the limit (then judges its content)', async () => {
    const header = await png(10, 10);
    const exact = Buffer.concat([header.subarray(0, 33), Buffer.alloc(UPLOAD_LIMIT_BYTES - 33, 1)]);
    const res = await expectNothingStored(() => upload('demo', exact, 'exact.png'), 400);
    expect(res.json().msg).toBe('图片已损坏或不完整，请重新上传');
  });

  it('takes the token from the `token` header (docs/api.md#tokens) and refuses a caller without one', async () => {
    const token = await t.login('demo');
    const ok = await upload(undefined, await png(30, 30), 'by-header.png', { fid: 0 }, { headers: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.owner).toBe(ids.demo);
    await expectNothingStored(() => upload(undefined, Buffer.from('x'), 'anon.png'), 401);
  });

  it('says what is wrong with a malformed upload: no file, two files, not multipart, a bad field', async () => {
    const noFile = multipart([{ name: 'fid', value: '0' }]);
    const r1 = await t.call({ method: 'POST', url: '/api/my_source/upLoad', ...noFile, as: 'demo' });
    expect([r1.statusCode, r1.json().msg]).toEqual([400, '请选择要上传的图片']);

    const p = await png(10, 10);
    const two = multipart([
      { name: 'file', filename: 'a.png', data: p },
      { name: 'file', filename: 'b.png', data: p },
    ]);
    const r2 = await expectNothingStored(() => t.call({ method: 'POST', url: '/api/my_source/upLoad', ...two, as: 'demo' }), 400);
    expect(r2.json().msg).toBe('一次只能上传一张图片');

    const r3 = await t.call({ method: 'POST', url: '/api/my_source/upLoad', payload: { file: 'x' }, as: 'demo' });
    expect([r3.statusCode, r3.json().msg]).toEqual([400, '请选择要上传的图片']);

    const r4 = await expectNothingStored(() => upload('demo', p, 'a.png', { fid: 'abc' }), 400);
    expect(r4.json().msg).toMatch(/^参数错误: fid/);
    const r5 = await expectNothingStored(() => upload('demo', p, 'a.png', { keywords: 'ok,' + 'x'.repeat(40) }), 400);
    expect(r5.json().msg).toMatch(/^参数错误: keywords/);
  });

  it('puts an upload into a folder with keywords; a folder that is not the owner’s is refused', async () => {
    const folder = (await t.api(routes.materialFolderAdd, { as: 'demo', body: { title: '上传目标' } })).data;
    const m = await uploaded('demo', await png(30, 30), 'in-folder.png', {
      fid: folder.id,
      keywords: '蓝色, 方块，蓝色',
      name: '蓝色方块',
    });
    expect(m).toMatchObject({ fid: folder.id, name: '蓝色方块' });
    expect([...m.keywords].sort()).toEqual(['方块', '蓝色']);

    const other = (await t.api(routes.materialFolderAdd, { as: 'demo-b', body: { title: 'B 的文件夹' } })).data;
    const res = await expectNothingStored(() => upload('demo', Buffer.from('not even checked'), 'x.png', { fid: other.id }), 404);
    expect(res.json().msg).toBe('文件夹不存在');
    await expectNothingStored(() => upload('demo', Buffer.from('x'), 'x.png', { fid: 987654 }), 404);
  });
});

describe('search (the material query, docs/editor.md#materials)', () => {
  const f: Record<string, number> = {};
  const m: Record<string, number> = {};
  const names = async (query: ListQuery, as = 'demo-b') => {
    const res = await t.api(routes.materialList, { as, query });
    expect(res.status, res.text).toBe(200);
    return res.data.source_list.map((x: { name: string }) => x.name).sort();
  };

  beforeAll(async () => {
    const add = async (title: string, pid = 0) => (await t.api(routes.materialFolderAdd, { as: 'demo-b', body: { title, pid } })).data.id;
    f.animals = await add('Animals');
    f.cats = await add('Cats', f.animals);
    f.other = await add('Other');
    const put = async (name: string, fid: number, keywords: string, colour: string) =>
      (await uploaded('demo-b', await png(40, 30, colour), `${name}.png`, { fid, keywords })).id;
    m.redCat = await put('Red Cat', f.cats!, 'cat,red', '#f00');
    m.blueCat = await put('Blue Cat', f.cats!, 'cat,blue', '#00f');
    m.redDog = await put('Red Dog', f.animals!, 'dog,red', '#f10');
    m.banner = await put('100%_off banner', 0, 'sale', '#ff0');
    m.sunset = await put('red sunset 日落', f.other!, 'red,风景', '#f80');
  });

  it('lists the whole library newest first, with the material list fields, by default', async () => {
    const res = (await t.api(routes.materialList, { as: 'demo-b' })).data;
    expect(res.num_total).toBe(5);
    expect(res.source_list.map((x: { id: number }) => x.id)).toEqual([m.sunset, m.banner, m.redDog, m.blueCat, m.redCat]);
    expect(Object.keys(res.source_list[0]!).sort()).toEqual(
      [
        'bytes',
        'createtime',
        'fid',
        'format',
        'height',
        'id',
        'img_url',
        'keywords',
        'level',
        'level_label',
        'name',
        'owner',
        'thumb',
        'thumb1200',
        'width',
      ].sort(),
    );
  });

  it('searches names by contains, ignoring case; % and _ are plain characters', async () => {
    expect(await names({ name: 'cat' })).toEqual(['Blue Cat', 'Red Cat']);
    expect(await names({ name: 'CAT' })).toEqual(['Blue Cat', 'Red Cat']);
    expect(await names({ name: '日落' })).toEqual(['red sunset 日落']);
    expect(await names({ name: '%' })).toEqual(['100%_off banner']);
    expect(await names({ name: '_' })).toEqual(['100%_off banner']);
    expect(await names({ name: 'zebra' })).toEqual([]);
  });

  it('filters by keywords with AND: every ticked keyword must be on the material (a Chinese comma also separates)', async () => {
    expect(await names({ keywords: 'red' })).toEqual(['Red Cat', 'Red Dog', 'red sunset 日落']);
    expect(await names({ keywords: 'cat,red' })).toEqual(['Red Cat']);
    expect(await names({ keywords: 'red，风景' })).toEqual(['red sunset 日落']);
    expect(await names({ keywords: 'cat,dog' })).toEqual([]);
  });

  it('filters by folder including its subfolders; fid 0 is the whole library; combined with keywords', async () => {
    expect(await names({ fid: f.animals })).toEqual(['Blue Cat', 'Red Cat', 'Red Dog']);
    expect(await names({ fid: f.cats })).toEqual(['Blue Cat', 'Red Cat']);
    expect(await names({ fid: f.other })).toEqual(['red sunset 日落']);
    expect((await names({ fid: 0 })).length).toBe(5);
    expect(await names({ fid: f.animals, keywords: 'red' })).toEqual(['Red Cat', 'Red Dog']);
    const res = await t.api(routes.materialList, { as: 'demo-b', query: { fid: 987654 } });
    expect([res.status, res.body.msg]).toEqual([404, '文件夹不存在']);
  });

  it('lists the keywords of a library with their counts, most used first', async () => {
    const list = (await t.api(routes.materialKeywordList, { as: 'demo-b' })).data.list;
    expect(list).toEqual([
      { keyword: 'red', count: 3 },
      { keyword: 'cat', count: 2 },
      { keyword: 'blue', count: 1 },
      { keyword: 'dog', count: 1 },
      { keyword: 'sale', count: 1 },
      { keyword: '风景', count: 1 },
    ]);
  });

  it('pages with the material page sizes only (20, 50, 100, 200; default 20); another size is a clear 400', async () => {
    // A library of 45 rows, written directly: paging is about rows, not images.
    const owner = ids.rival!;
    for (let i = 1; i <= 45; i += 1) {
      await t.db.db
        .insertInto('material')
        .values({
          owner_id: owner,
          fid: 0,
          name: `row ${i}`,
          level: i % 4,
          format: 'png',
          width: 1,
          height: 1,
          bytes: 1,
          sha256: 'x',
          image_key: `materials/${owner}/x${i}.png`,
          thumb_key: `materials/${owner}/x${i}_300.png`,
          thumb1200_key: `materials/${owner}/x${i}_1200.png`,
          created_at: t.clock.now,
        })
        .execute();
    }
    const page = async (query: ListQuery) => (await t.api(routes.materialList, { as: 'rival', query })).data;
    const p1 = await page({ pageNumber: 1 });
    const p2 = await page({ pageNumber: 2, pageSize: 20 });
    const p3 = await page({ pageNumber: 3, pageSize: 20 });
    expect([p1.source_list.length, p2.source_list.length, p3.source_list.length]).toEqual([20, 20, 5]);
    expect(p1.num_total).toBe(45);
    const all = [...p1.source_list, ...p2.source_list, ...p3.source_list].map((x: { name: string }) => x.name);
    expect(new Set(all).size).toBe(45);
    expect(all[0]).toBe('row 45');
    expect((await page({ pageSize: 50 })).source_list.length).toBe(45);
    expect((await page({ pageNumber: 9, pageSize: 200 })).source_list).toEqual([]);

    for (const bad of [{ pageSize: 30 }, { pageSize: 10 }, { pageSize: 0 }, { pageNumber: 0 }]) {
      const res = await t.api(routes.materialList, { as: 'rival', query: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.api(routes.materialList, { as: 'rival', query: { pageSize: 30 } })).body.msg).toBe(
      '参数错误: pageSize 须为以下之一：20、50、100、200',
    );

    // Tier labels (docs/editor.md#materials): level 1 Starter, 2 Professional, 3 Premium, in the caller's language.
    const byLevel = (items: { level: number; level_label: string | null }[]) =>
      Object.fromEntries(items.map((x) => [x.level, x.level_label]));
    expect(byLevel(p1.source_list)).toEqual({ 0: null, 1: '入门版', 2: '专业版', 3: '旗舰版' });
    const en = (await t.api(routes.materialList, { as: 'rival', headers: { 'accept-language': 'en' } })).data.source_list;
    expect(byLevel(en)).toEqual({ 0: null, 1: 'Starter', 2: 'Professional', 3: 'Premium' });
  });
});

describe('folders (folder list; add, rename, move, delete)', () => {
  const tree = async (as = 'demo-a') => (await t.api(routes.materialFolderList, { as })).data.list;
  const add = async (title: string, pid = 0, as = 'demo-a') =>
    (await t.api(routes.materialFolderAdd, { as: as, body: { title, pid } })).data;

  it('creates, renames and lists folders as a tree of id, title, children', async () => {
    const a = await add('A');
    expect(a).toMatchObject({ pid: 0, title: 'A' });
    const a1 = await add('A1', a.id);
    const b = await add('B');
    const renamed = await t.api(routes.materialFolderRename, { as: 'demo-a', body: { id: a.id, title: '  A 改名  ' } });
    expect(renamed.data).toEqual({ id: a.id, pid: 0, title: 'A 改名' });
    expect(await tree()).toEqual([
      { id: a.id, pid: 0, title: 'A 改名', children: [{ id: a1.id, pid: a.id, title: 'A1', children: [] }] },
      { id: b.id, pid: 0, title: 'B', children: [] },
    ]);
    expect((await t.api(routes.materialFolderAdd, { as: 'demo-a', body: { title: '' } })).status).toBe(400);
    expect((await t.api(routes.materialFolderAdd, { as: 'demo-a', body: { title: 'x', pid: 987654 } })).body.msg).toBe('文件夹不存在');
  });

  it('moves a folder, but never under itself or one of its subfolders', async () => {
    const top = await add('Top');
    const mid = await add('Mid', top.id);
    const low = await add('Low', mid.id);
    for (const pid of [top.id, mid.id, low.id]) {
      const res = await t.api(routes.materialFolderMove, { as: 'demo-a', body: { id: top.id, pid } });
      expect([res.status, res.body.msg]).toEqual([400, '不能把文件夹移动到它自己或它的子文件夹下']);
    }
    const moved = await t.api(routes.materialFolderMove, { as: 'demo-a', body: { id: low.id, pid: 0 } });
    expect(moved.data).toEqual({ id: low.id, pid: 0, title: 'Low' });
    expect((await t.api(routes.materialFolderMove, { as: 'demo-a', body: { id: top.id, pid: low.id } })).status).toBe(200);
    const lowNode = (await tree()).find((n: { id: number }) => n.id === low.id);
    expect(lowNode!.children[0]).toMatchObject({ id: top.id, children: [{ id: mid.id, children: [] }] });
  });

  it('nests folders at most 5 deep, on create and on move', async () => {
    let pid = 0;
    const chain = [];
    for (let i = 1; i <= 5; i += 1) {
      const folder = await add(`L${i}`, pid, 'demo-b');
      chain.push(folder);
      pid = folder.id;
    }
    const tooDeep = await t.api(routes.materialFolderAdd, { as: 'demo-b', body: { title: 'L6', pid } });
    expect([tooDeep.status, tooDeep.body.msg]).toEqual([400, '文件夹最多只能嵌套 5 层']);
    const pair = await add('P', 0, 'demo-b');
    await add('P1', pair.id, 'demo-b');
    expect((await t.api(routes.materialFolderMove, { as: 'demo-b', body: { id: pair.id, pid: chain[3]!.id } })).status).toBe(400);
    expect((await t.api(routes.materialFolderMove, { as: 'demo-b', body: { id: pair.id, pid: chain[2]!.id } })).status).toBe(200);
  });

  it('deletes a folder: its materials and subfolders move up to its parent, nothing else is lost', async () => {
    const parent = await add('Parent');
    const doomed = await add('Doomed', parent.id);
    const child = await add('Child', doomed.id);
    const inside = await uploaded('demo-a', await png(20, 20, '#0f0'), 'inside.png', { fid: doomed.id });
    const deeper = await uploaded('demo-a', await png(20, 20, '#0a0'), 'deeper.png', { fid: child.id });
    expect((await t.api(routes.materialFolderDelete, { as: 'demo-a', body: { id: doomed.id } })).body).toMatchObject({
      code: 1,
      data: null,
    });
    const parentNode = (await tree()).find((n: { id: number }) => n.id === parent.id);
    expect(parentNode!.children).toEqual([{ id: child.id, pid: parent.id, title: 'Child', children: [] }]);
    expect((await t.api(routes.materialInfo, { as: 'demo-a', query: { id: inside.id } })).data.fid).toBe(parent.id);
    expect((await t.api(routes.materialInfo, { as: 'demo-a', query: { id: deeper.id } })).data.fid).toBe(child.id);
    expect((await t.api(routes.materialFolderDelete, { as: 'demo-a', body: { id: doomed.id } })).status).toBe(404);
  });
});

describe('editing and deleting materials', () => {
  it('renames a material, replaces its keywords and moves it between the owner’s folders', async () => {
    const folder = (await t.api(routes.materialFolderAdd, { as: 'demo', body: { title: 'Edits' } })).data;
    const m = await uploaded('demo', await png(20, 20, '#123456'), 'before.png', { keywords: 'old' });
    const res = await t.api(routes.materialEdit, {
      as: 'demo',
      body: { id: m.id, name: 'after', keywords: ['new', 'shiny', 'new'], fid: folder.id },
    });
    expect(res.data).toMatchObject({ id: m.id, name: 'after', fid: folder.id });
    expect([...res.data.keywords].sort()).toEqual(['new', 'shiny']);
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, fid: 0 } })).data).toMatchObject({ name: 'after', fid: 0 });
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, keywords: [] } })).data.keywords).toEqual([]);
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id } })).status).toBe(400);
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, keywords: ['a,b'] } })).status).toBe(400);
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, fid: 987654 } })).body.msg).toBe('文件夹不存在');
  });

  it('deletes materials from the library, all or none; their files stay for the designs that use them', async () => {
    const a = await uploaded('demo', await png(21, 21, '#aa0000'), 'del-a.png');
    const b = await uploaded('demo', await png(22, 22, '#00aa00'), 'del-b.png');
    const foreign = await uploaded('demo-b', await png(23, 23, '#0000aa'), 'foreign.png');
    // demo-b's material is in the parent's scope, but a sub-account's is not: try from demo-a.
    const mixed = await t.api(routes.materialDelete, { as: 'demo-a', body: { ids: [a.id, foreign.id] } });
    expect(mixed.status).toBe(404);
    const none = await t.api(routes.materialDelete, { as: 'demo', body: { ids: [a.id, 987654] } });
    expect(none.status).toBe(404);
    expect((await t.api(routes.materialInfo, { as: 'demo', query: { id: a.id } })).status).toBe(200);

    expect((await t.api(routes.materialDelete, { as: 'demo', body: { ids: [a.id, b.id, a.id] } })).data).toEqual({ deleted: 2 });
    expect((await t.api(routes.materialInfo, { as: 'demo', query: { id: a.id } })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: a.img_url, as: 'demo' })).statusCode).toBe(200);
    expect((await t.api(routes.materialDelete, { as: 'demo', body: { ids: [] } })).status).toBe(400);
  });
});

describe('accounts and scope (docs/domain.md#accounts-and-scope): a parent uses its sub-accounts’ materials, a sub-account only its own', () => {
  const mats: Record<string, { id: number; fid: number }> = {};
  const folders: Record<string, number> = {};
  beforeAll(async () => {
    for (const u of ['demo', 'demo-a', 'demo-b']) {
      folders[u] = (await t.api(routes.materialFolderAdd, { as: u, body: { title: `scope ${u}` } })).data.id;
      mats[u] = await uploaded(u, await png(31, 31, '#abcdef'), `scope-${u}.png`, { fid: folders[u]!, keywords: `only-${u}` });
    }
  });

  it('demo-a cannot list, see, edit, crop or delete demo-b’s or demo’s materials and folders: 404', async () => {
    for (const other of ['demo', 'demo-b']) {
      const uid = ids[other];
      for (const [route, query] of [
        [routes.materialList, { userId: uid }],
        [routes.materialFolderList, { userId: uid }],
        [routes.materialKeywordList, { userId: uid }],
        [routes.materialInfo, { id: mats[other]!.id }],
      ] as const) {
        const res = await t.api(route, { as: 'demo-a', query });
        expect([res.status, res.body.code], route.path).toEqual([404, 0]);
      }
      for (const [route, body] of [
        [routes.materialEdit, { id: mats[other]!.id, name: 'hijack' }],
        [routes.materialDelete, { ids: [mats[other]!.id] as number[] }],
        [routes.materialFolderAdd, { userId: uid, title: 'x' }],
        [routes.materialFolderRename, { id: folders[other]!, title: 'x' }],
        [routes.materialFolderMove, { id: folders[other]!, pid: 0 }],
        [routes.materialFolderDelete, { id: folders[other]! }],
      ] as const) {
        expect((await t.api(route, { as: 'demo-a', body })).status, route.path).toBe(404);
      }
      await expectNothingStored(() => upload('demo-a', Buffer.from('x'), 'x.png', { userId: uid! }), 404);
      await expectNothingStored(
        () => upload('demo-a', Buffer.from('x'), 'x.png', { source_id: mats[other]!.id }, { url: '/api/my_source/uploadCrop' }),
        404,
      );
    }
    // Its own list holds nothing of the others'.
    const own = (await t.api(routes.materialList, { as: 'demo-a', query: { keywords: 'only-demo' } })).data;
    expect(own.num_total).toBe(0);
  });

  it('another account family sees none of demo’s', async () => {
    expect((await t.api(routes.materialList, { as: 'rival', query: { userId: ids.demo } })).status).toBe(404);
    expect((await t.api(routes.materialInfo, { as: 'rival', query: { id: mats['demo-a']!.id } })).status).toBe(404);
  });

  it('demo (parent) browses demo-a’s library with userId, and manages it', async () => {
    const list = (await t.api(routes.materialList, { as: 'demo', query: { userId: ids['demo-a'], keywords: 'only-demo-a' } })).data;
    expect(list.source_list.map((x: { id: number }) => x.id)).toEqual([mats['demo-a']!.id]);
    expect(list.source_list[0]!.owner).toBe(ids['demo-a']);
    // userId 0 (本人) is the caller's own library.
    expect((await t.api(routes.materialList, { as: 'demo', query: { userId: 0, keywords: 'only-demo-a' } })).data.num_total).toBe(0);
    const folderTitles = (await t.api(routes.materialFolderList, { as: 'demo', query: { userId: ids['demo-a'] } })).data.list.map(
      (n: { title: string }) => n.title,
    );
    expect(folderTitles).toContain('scope demo-a');
    expect((await t.api(routes.materialKeywordList, { as: 'demo', query: { userId: ids['demo-a'] } })).data.list).toContainEqual({
      keyword: 'only-demo-a',
      count: 1,
    });

    // Uploads into the sub-account's library, into its folder; a folder of the parent's own does not fit there.
    const m = await uploaded('demo', await png(32, 32, '#fedcba'), 'for-a.png', { userId: ids['demo-a']!, fid: folders['demo-a']! });
    expect(m).toMatchObject({ owner: ids['demo-a'], fid: folders['demo-a'] });
    await expectNothingStored(() => upload('demo', Buffer.from('x'), 'x.png', { userId: ids['demo-a']!, fid: folders.demo! }), 404);
    const edited = await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, name: 'renamed by parent' } });
    expect(edited.data).toMatchObject({ name: 'renamed by parent', owner: ids['demo-a'] });
    expect((await t.api(routes.materialEdit, { as: 'demo', body: { id: m.id, fid: folders.demo } })).body.msg).toBe('文件夹不存在');
    const sub = (
      await t.api(routes.materialFolderAdd, { as: 'demo', body: { userId: ids['demo-a'], pid: folders['demo-a'], title: 'by parent' } })
    ).body;
    expect(sub.data).toMatchObject({ pid: folders['demo-a'], title: 'by parent' });
    expect((await t.api(routes.materialInfo, { as: 'demo-a', query: { id: m.id } })).data.name).toBe('renamed by parent');
    expect((await t.api(routes.materialDelete, { as: 'demo', body: { ids: [m.id] } })).data).toEqual({ deleted: 1 });
  });
});

describe('uploadCrop (the crop dialog, docs/editor.md#materials)', () => {
  it('stores the cropped file as a new material next to its source: same owner, folder and keywords', async () => {
    const folder = (await t.api(routes.materialFolderAdd, { as: 'demo-a', body: { title: 'crops' } })).data;
    const source = await uploaded('demo-a', await png(400, 300, '#335577'), 'poster.png', { fid: folder.id, keywords: 'poster,blue' });
    const crop = await png(100, 80, '#335577');
    // The parent crops its sub-account's material: the crop joins that library.
    const res = await upload('demo', crop, 'blob', { source_id: source.id }, { url: '/api/my_source/uploadCrop' });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ name: 'poster-crop', owner: ids['demo-a'], fid: folder.id, width: 100, height: 80, format: 'png' });
    expect(m.id).not.toBe(source.id);
    expect([...m.keywords].sort()).toEqual(['blue', 'poster']);
    expect((await t.api(routes.materialInfo, { as: 'demo-a', query: { id: source.id } })).data).toMatchObject({
      width: 400,
      name: 'poster',
    });
  });

  it('without a source it lands in the caller’s root, and takes the same checks', async () => {
    const m = (await upload('demo-a', await jpeg(64, 48), 'crop.jpg', {}, { url: '/api/my_source/uploadCrop' })).json().data;
    expect(m).toMatchObject({ owner: ids['demo-a'], fid: 0, name: 'crop', format: 'jpeg' });
    const gif = await solid(10, 10, '#000').gif().toBuffer();
    await expectNothingStored(() => upload('demo-a', gif, 'crop.png', {}, { url: '/api/my_source/uploadCrop' }), 400);
    await expectNothingStored(() => upload('demo-a', pngBomb(), 'crop.png', {}, { url: '/api/my_source/uploadCrop' }), 413);
  });

  it('a cropped result over 20 MB gets the crop-quality message', async () => {
    const big = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 0);
    const zh = await expectNothingStored(() => upload('demo-a', big, 'crop.png', {}, { url: '/api/my_source/uploadCrop' }), 413);
    expect(zh.json().msg).toBe('裁剪质量过高，请重新选择');
    const en = await upload('demo-a', big, 'crop.png', {}, { url: '/api/my_source/uploadCrop', headers: { 'accept-language': 'en' } });
    expect(en.json().msg).toBe('Crop quality is too high, please reselect');
  });
});

describe('the demo library (seedDemoMaterials)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await buildTestApp();
  });
  afterAll(() => d.close());

  it('creates a few dozen generated materials in folders with keywords for demo, a handful for demo-a, once', async () => {
    const logs: string[] = [];
    const deps = { db: d.db.db, storage: d.storage, dataDir: d.config.dataDir, now: d.config.now, log: (s: string) => logs.push(s) };
    await seedDemoMaterials(deps);
    expect(logs.join('\n')).toMatch(/Demo materials created: \d+/);

    const list = (await d.call({ method: 'GET', url: '/api/my_source/getlist?pageSize=100', as: 'demo' })).json().data;
    expect(list.num_total).toBeGreaterThanOrEqual(30);
    const items = list.source_list as { format: string; level: number; keywords: string[]; fid: number; img_url: string; thumb: string }[];
    expect(items.some((x) => x.format === 'jpeg')).toBe(true);
    expect(new Set(items.map((x) => x.level))).toEqual(new Set([0, 1, 2, 3]));
    expect(items.every((x) => x.keywords.length > 0)).toBe(true);
    expect(items.filter((x) => x.fid !== 0).length).toBeGreaterThan(25);

    const tree = (await d.call({ method: 'GET', url: '/api/my_source/getFolderList', as: 'demo' })).json().data.list;
    const patterns = tree.find((n: { title: string }) => n.title === '图案');
    expect(patterns.children.map((n: { title: string }) => n.title)).toEqual(['几何', '花卉']);
    expect(tree.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['徽章', '数字', '风景']));
    const keywords = (await d.call({ method: 'GET', url: '/api/my_source/getKeywordList', as: 'demo' })).json().data.list;
    expect(keywords.map((k: { keyword: string }) => k.keyword)).toEqual(expect.arrayContaining(['几何', '徽章', '数字', '风景', '透明']));

    // Stored the way an upload is: re-encoded files and thumbnails; transparent ones keep their alpha.
    const transparent = (await d.call({ method: 'GET', url: '/api/my_source/getlist?keywords=透明&pageSize=50', as: 'demo' })).json().data;
    expect(transparent.num_total).toBeGreaterThanOrEqual(5);
    const badge = await d.call({ method: 'GET', url: transparent.source_list[0].img_url, as: 'demo' });
    expect(await sharp(badge.rawPayload).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    expect((await sharp((await d.call({ method: 'GET', url: items[0]!.thumb, as: 'demo' })).rawPayload).metadata()).width).toBe(300);

    const demoA = (await d.call({ method: 'GET', url: '/api/my_source/getlist', as: 'demo-a' })).json().data;
    expect(demoA.num_total).toBeGreaterThanOrEqual(3);
    expect(demoA.num_total).toBeLessThan(10);

    // A second start leaves the library as it is.
    await seedDemoMaterials(deps);
    expect((await d.call({ method: 'GET', url: '/api/my_source/getlist', as: 'demo' })).json().data.num_total).toBe(list.num_total);
  });
});
