import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type BodyOf, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';
import { multipart } from './support/multipart.js';

/** Watermarks' API (/watermark/*; docs/watermarks.md; docs/domain.md#accounts-and-scope). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  // Another family, to prove its ids answer like missing ones.
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
});
afterAll(async () => {
  await app.close();
});

type AddBody = BodyOf<typeof routes.watermarkAdd>;
const textMark = (over: Partial<AddBody> = {}): AddBody => ({
  name: '店铺文字',
  type: 'text',
  text: 'SHOP',
  font_family: 'Roboto',
  color: '#ffffff',
  font_size: 60,
  position: 9,
  margin: 20,
  scale: 0.4,
  opacity: 0.5,
  rotation: -30,
  ...over,
});

const add = async (as: string, body: AddBody) => {
  const res = await app.api(routes.watermarkAdd, { as, body });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

/** A refusal: its status and the catalogue message in the caller's language. */
const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

const png = (w = 64, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.8 } } })
    .png()
    .toBuffer();

const upload = async (as: string, data: Buffer, filename = 'logo.png') => {
  const { payload, headers } = multipart([{ name: 'file', filename, data, type: 'image/png' }]);
  const res = await app.call({ method: 'POST', url: routes.watermarkUploadImage.path, as, payload, headers });
  return { status: res.statusCode, body: res.json() };
};

const countRows = async () =>
  Number(
    (
      await app.db.db
        .selectFrom('watermark')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('watermarks', () => {
  it('adds a text watermark, reads it back in the list (data.datalist) and the detail', async () => {
    const w = await add('demo-a', textMark({ name: '  店铺文字  ', scale: '0.4' as never }));
    expect(w).toMatchObject({
      name: '店铺文字',
      type: 'text',
      text: 'SHOP',
      image_url: '',
      font_family: 'Roboto',
      color: '#FFFFFF',
      font_size: 60,
      position: 9,
      margin: 20,
      scale: 0.4,
      opacity: 0.5,
      rotation: -30,
      version: 1,
      username: 'demo-a',
      createtime: Math.floor(app.clock.now / 1000),
    });
    const row = await app.db.db.selectFrom('watermark').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect([row.scale, row.opacity]).toEqual(['0.4', '0.5']);
    const list = await app.api(routes.watermarkList, { as: 'demo-a', query: { pageNumber: 1, pageSize: 100 } });
    expect(list.data.total).toBe(1);
    expect(list.data.datalist.map((x) => x.id)).toEqual([w.id]);
    expect((await app.api(routes.watermarkList, { as: 'demo-a', query: { name: '文字' } })).data.total).toBe(1);
    expect((await app.api(routes.watermarkList, { as: 'demo-a', query: { name: 'nope' } })).data.total).toBe(0);
    const detail = await app.api(routes.watermarkGet, { as: 'demo-a', query: { id: w.id } });
    expect(detail.data).toEqual(w);
    // pageSize ≤ 100
    expect((await app.api(routes.watermarkList, { as: 'demo-a', query: { pageSize: 101 } })).status).toBe(400);
  });

  it('a parent sees and edits its sub-accounts’ watermarks; a sibling and another family do not', async () => {
    const w = await add('demo-b', textMark({ name: 'B 的水印' }));
    const parent = await app.api(routes.watermarkList, { as: 'demo', query: { name: 'B 的' } });
    expect(parent.data.datalist.map((x) => [x.id, x.username])).toEqual([[w.id, 'demo-b']]);
    const byParent = await app.api(routes.watermarkUpdate, { as: 'demo', body: { id: w.id, text: 'PARENT' } });
    expect(byParent.data).toMatchObject({ text: 'PARENT', username: 'demo-b', version: 2 });
    for (const as of ['rival', 'demo-a']) {
      expect((await app.api(routes.watermarkList, { as, query: { name: 'B 的' } })).data.total).toBe(0);
      refused(await app.api(routes.watermarkGet, { as, query: { id: w.id } }), 404, 'watermarkNotFound');
      refused(await app.api(routes.watermarkUpdate, { as, body: { id: w.id, name: 'x' } }), 404, 'watermarkNotFound');
      refused(await app.api(routes.watermarkDel, { as, body: { ids: String(w.id) } }), 404, 'watermarkNotFound');
    }
    refused(await app.api(routes.watermarkGet, { as: 'demo-b', query: { id: 999_999 } }), 404, 'watermarkNotFound');
    expect((await app.api(routes.watermarkGet, { as: 'demo-b', query: { id: w.id } })).data.text).toBe('PARENT');
  });

  it('update replaces the fields sent and grows the version every time', async () => {
    const w = await add('demo-a', textMark({ name: 'versions' }));
    const u1 = await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, position: 1, opacity: 1, rotation: 45 } });
    expect(u1.data).toMatchObject({ position: 1, opacity: 1, rotation: 45, text: 'SHOP', version: 2 });
    const u2 = await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id } });
    expect(u2.data.version).toBe(3);
  });

  it('refuses every invalid field with its message', async () => {
    const cases: [Partial<AddBody>, MessageKey, Record<string, number>?][] = [
      [{ name: '  ' }, 'watermarkNameRequired'],
      [{ name: 'x'.repeat(51) }, 'watermarkNameTooLong', { max: 50 }],
      [{ type: 'video' }, 'watermarkType'],
      [{ text: ' ' }, 'watermarkTextRequired'],
      [{ text: '字'.repeat(101) }, 'watermarkTextTooLong', { max: 100 }],
      [{ font_family: 'Comic Sans MS' }, 'watermarkFont'],
      [{ color: 'white' }, 'watermarkColor'],
      [{ color: '#FFF' }, 'watermarkColor'],
      [{ font_size: 7 }, 'watermarkFontSize', { min: 8, max: 400 }],
      [{ font_size: 401 }, 'watermarkFontSize', { min: 8, max: 400 }],
      [{ font_size: 20.5 }, 'watermarkFontSize', { min: 8, max: 400 }],
      [{ type: 'image', image_url: '' }, 'watermarkImageRequired'],
      [{ position: 0 }, 'watermarkPosition'],
      [{ position: 10 }, 'watermarkPosition'],
      [{ margin: -1 }, 'watermarkMargin', { min: 0, max: 1000 }],
      [{ margin: 1001 }, 'watermarkMargin', { min: 0, max: 1000 }],
      [{ scale: 0.04 }, 'watermarkScale', { min: 0.05, max: 1 }],
      [{ scale: 1.01 }, 'watermarkScale', { min: 0.05, max: 1 }],
      [{ opacity: -0.1 }, 'watermarkOpacity'],
      [{ opacity: 1.1 }, 'watermarkOpacity'],
      [{ rotation: 181 }, 'watermarkRotation', { min: -180, max: 180 }],
      [{ rotation: -181 }, 'watermarkRotation', { min: -180, max: 180 }],
    ];
    for (const [over, key, params] of cases) {
      refused(await app.api(routes.watermarkAdd, { as: 'demo-a', body: textMark({ name: 'bad', ...over }) }), 400, key, params);
    }
    // The same rules on update, and in English for an English caller.
    const w = await add('demo-a', textMark({ name: 'valid' }));
    refused(await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, color: '#12345G' } }), 400, 'watermarkColor');
    const en = await app.api(routes.watermarkAdd, { as: 'demo-a', body: textMark({ position: 12 }), headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe(message('watermarkPosition', 'en'));
    // Names are unique per owner, not across accounts.
    refused(await app.api(routes.watermarkAdd, { as: 'demo-a', body: textMark({ name: 'valid' }) }), 409, 'watermarkNameTaken');
    await add('demo-b', textMark({ name: 'valid' }));
    const other = await add('demo-a', textMark({ name: 'other' }));
    refused(await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: other.id, name: 'valid' } }), 409, 'watermarkNameTaken');
    // A number field sent as something else is the contract's 400.
    expect((await app.api(routes.watermarkAdd, { as: 'demo-a', body: textMark({ position: true as never }) })).status).toBe(400);
  });

  it('uploads a PNG, saves an image watermark with its token, and shows the image to its owner only', async () => {
    const up = await upload('demo-a', await png());
    expect(up.body.code, JSON.stringify(up.body)).toBe(1);
    expect(up.body.data).toMatchObject({ width: 64, height: 32 });
    const w = await add('demo-a', textMark({ name: '图片水印', type: 'image', text: '', image_url: up.body.data.image_url }));
    expect(w.type).toBe('image');
    expect(w.image_url).toMatch(/^\/files\/materials\/\d+\/watermark\/[\w-]+\.png$/);
    expect(w.image_url).toBe(up.body.data.url);
    // Private: the owner (and its parent) read it, a sibling, another family and a visitor get 404.
    expect((await app.call({ method: 'GET', url: w.image_url, as: 'demo-a' })).statusCode).toBe(200);
    expect((await app.call({ method: 'GET', url: w.image_url, as: 'demo' })).statusCode).toBe(200);
    expect((await app.call({ method: 'GET', url: w.image_url, as: 'demo-b' })).statusCode).toBe(404);
    expect((await app.call({ method: 'GET', url: w.image_url, as: 'rival' })).statusCode).toBe(404);
    expect((await app.call({ method: 'GET', url: w.image_url })).statusCode).toBe(404);
    // Saving the edit form with the image's address as it was keeps the image; the version grows.
    const same = await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, image_url: w.image_url, opacity: 0.9 } });
    expect(same.data).toMatchObject({ image_url: w.image_url, opacity: 0.9, version: 2 });
    // A new upload replaces it.
    const up2 = await upload('demo-a', await png(10, 10));
    const replaced = await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, image_url: up2.body.data.image_url } });
    expect(replaced.data.image_url).toBe(up2.body.data.url);
    // Switched to text, the image goes from the row.
    const toText = await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: w.id, type: 'text', text: 'T' } });
    expect(toText.data).toMatchObject({ type: 'text', image_url: '' });
  });

  it('a parent’s upload saved on a sub-account’s watermark is copied into the sub-account’s files', async () => {
    const subUpload = await upload('demo-b', await png());
    const w = await add('demo-b', textMark({ name: 'sub image', type: 'image', image_url: subUpload.body.data.image_url }));
    const parentUpload = await upload('demo', await png(20, 20));
    // The sub-account cannot use its parent's token itself.
    refused(
      await app.api(routes.watermarkUpdate, { as: 'demo-b', body: { id: w.id, image_url: parentUpload.body.data.image_url } }),
      400,
      'watermarkImageInvalid',
    );
    const byParent = await app.api(routes.watermarkUpdate, { as: 'demo', body: { id: w.id, image_url: parentUpload.body.data.image_url } });
    expect(byParent.data.image_url).not.toBe(parentUpload.body.data.url);
    expect(byParent.data.image_url).toMatch(new RegExp(`^/files/materials/${w.owner_id}/watermark/`));
    const shown = await app.call({ method: 'GET', url: byParent.data.image_url, as: 'demo-b' });
    expect(shown.statusCode).toBe(200);
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(20);
  });

  it('refuses a forged token, another account’s token and another file’s address as image_url', async () => {
    const mine = await upload('demo-a', await png());
    const theirs = await upload('rival', await png());
    const image = (image_url: string) => textMark({ name: `img-${image_url.length}-${Math.random()}`, type: 'image', image_url });
    const [body, sig] = (mine.body.data.image_url as string).split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: { o: 1, b: 'catalogue/x.png' }, e: 9e15 })).toString('base64url')}.${sig}`;
    for (const url of [theirs.body.data.image_url, forged, `${body}.AAAA`, 'materials/1/x.png', mine.body.data.url]) {
      refused(await app.api(routes.watermarkAdd, { as: 'demo-a', body: image(url) }), 400, 'watermarkImageInvalid');
    }
    const text = await add('demo-a', textMark({ name: 'to-image' }));
    refused(
      await app.api(routes.watermarkUpdate, { as: 'demo-a', body: { id: text.id, type: 'image', image_url: theirs.body.data.image_url } }),
      400,
      'watermarkImageInvalid',
    );
    // Expired: a day later the token is worthless.
    app.clock.advance(25 * 60 * 60 * 1000);
    refused(await app.api(routes.watermarkAdd, { as: 'demo-a', body: image(mine.body.data.image_url) }), 400, 'watermarkImageInvalid');
  });

  it('refuses a non-PNG, an oversized and a too-large PNG upload', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    refused(await upload('demo-a', jpeg, 'fake.png'), 400, 'watermarkImageNotPng');
    // PNG signature, then garbage: libvips cannot read it.
    refused(
      await upload('demo-a', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)])),
      400,
      'watermarkImageNotPng',
    );
    refused(await upload('demo-a', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 400, 'watermarkImageNotPng');
    refused(await upload('demo-a', await png(4001, 10)), 400, 'watermarkImageTooBig', { max: 4000 });
    const noise = await sharp(Buffer.from(Array.from({ length: 1200 * 1200 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    refused(await upload('demo-a', noise), 413, 'watermarkImageTooLarge');
    expect((await app.call({ method: 'POST', url: routes.watermarkUploadImage.path, payload: {} })).statusCode).toBe(401);
  });

  it('deletes all or nothing (ids comma-joined or an array)', async () => {
    const a = await add('demo-a', textMark({ name: 'del-a' }));
    const b = await add('demo-a', textMark({ name: 'del-b' }));
    const c = await add('demo-a', textMark({ name: 'del-c' }));
    const theirs = await add('rival', textMark({ name: 'del-r' }));
    const before = await countRows();
    refused(await app.api(routes.watermarkDel, { as: 'demo-a', body: { ids: `${a.id},${theirs.id}` } }), 404, 'watermarkNotFound');
    refused(await app.api(routes.watermarkDel, { as: 'demo-a', body: { ids: [a.id, 999_999] } }), 404, 'watermarkNotFound');
    expect(await countRows()).toBe(before);
    expect((await app.api(routes.watermarkDel, { as: 'demo-a', body: { ids: `${a.id},${b.id}` } })).data).toEqual({ deleted: 2 });
    expect((await app.api(routes.watermarkDel, { as: 'demo-a', body: { ids: [c.id] } })).data).toEqual({ deleted: 1 });
    expect(await countRows()).toBe(before - 3);
  });

  it('previews an unsaved watermark on the sample mockup as a JPEG, and limits previews per account', async () => {
    const res = await app.call({ method: 'POST', url: routes.watermarkPreview.path, as: 'demo-a', payload: textMark() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    // Another position draws another picture.
    const moved = await app.call({ method: 'POST', url: routes.watermarkPreview.path, as: 'demo-a', payload: textMark({ position: 1 }) });
    expect(moved.rawPayload.equals(res.rawPayload)).toBe(false);
    // Image kind with a fresh token; a forged one refused; invalid fields answer their message.
    const up = await upload('demo-a', await png());
    const img = await app.call({
      method: 'POST',
      url: routes.watermarkPreview.path,
      as: 'demo-a',
      payload: textMark({ type: 'image', image_url: up.body.data.image_url }),
    });
    expect(img.statusCode).toBe(200);
    const theirs = await upload('rival', await png());
    const bad = await app.api(routes.watermarkPreview, {
      as: 'demo-a',
      body: textMark({ type: 'image', image_url: theirs.body.data.image_url }),
    });
    refused(bad, 400, 'watermarkImageInvalid');
    refused(await app.api(routes.watermarkPreview, { as: 'demo-a', body: textMark({ scale: 2 }) }), 400, 'watermarkScale', {
      min: 0.05,
      max: 1,
    });
    // The stored image's address works for its owner only; a malformed or foreign one is refused.
    const saved = await add('demo-a', textMark({ name: 'preview image', type: 'image', image_url: up.body.data.image_url }));
    const byAddress = await app.call({
      method: 'POST',
      url: routes.watermarkPreview.path,
      as: 'demo-a',
      payload: textMark({ type: 'image', image_url: saved.image_url }),
    });
    expect(byAddress.headers['content-type']).toBe('image/jpeg');
    for (const [as, image_url] of [
      ['rival', saved.image_url],
      ['demo-a', '/files/%E0%A4%A'],
    ] as const) {
      refused(await app.api(routes.watermarkPreview, { as, body: textMark({ type: 'image', image_url }) }), 400, 'watermarkImageInvalid');
    }
    // Past the limit within the window: 429 for this account only.
    let status = 200;
    for (let i = 0; i < 45 && status === 200; i++) {
      status = (await app.call({ method: 'POST', url: routes.watermarkPreview.path, as: 'demo-b', payload: textMark({ opacity: 0 }) }))
        .statusCode;
    }
    expect(status).toBe(429);
    expect(
      (await app.call({ method: 'POST', url: routes.watermarkPreview.path, as: 'rival', payload: textMark({ opacity: 0 }) })).statusCode,
    ).toBe(200);
    app.clock.advance(11_000);
    expect(
      (await app.call({ method: 'POST', url: routes.watermarkPreview.path, as: 'demo-b', payload: textMark({ opacity: 0 }) })).statusCode,
    ).toBe(200);
  });
});
