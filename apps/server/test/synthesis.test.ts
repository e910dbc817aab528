import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { routes, type BodyOf } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { frontDesign } from '@app/design/fixtures';
import { storeSolidImage } from './support/composeFixture.js';

const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-synth-cat-'));
let app: TestApp;
let productId: number;
let skus: { id: number; color: string; size: string }[];
let red: string;

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 400 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  const p = await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow();
  productId = p.id;
  skus = await app.db.db
    .selectFrom('product_sku')
    .select(['id', 'color', 'size'])
    .where('product_id', '=', productId)
    .orderBy('sort')
    .execute();
  red = await storeSolidImage(app.storage, 'catalogue/test-red.png', '#d62828', 200, 200);
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

const design = (text = 'NO.23 张雨桐', src = red): string => frontDesign(src, text);

describe('synthesis into finished products', () => {
  it('creates the finished product at once and its images through the job: a child per colour, an attr per size, one parent', async () => {
    const parent = skus[3]!;
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: parent.id, extends: design(), source_ids: '7', is_online: 0 },
    });
    expect(res.body).toMatchObject({
      code: 1,
      data: { key_id: expect.stringMatching(/^FP\d{6}\d{8}$/), task_id: expect.stringMatching(/^TS/) },
    });
    const { id, job_id, task_id } = res.data;
    await app.queue.drain();

    const status = await app.api(routes.jobStatus, { as: 'demo-a', query: { task_id } });
    expect(status.data.list).toEqual([
      expect.objectContaining({
        id: job_id,
        status: 'done',
        attempts: 1,
        error: null,
        result: expect.objectContaining({ finished_id: id }),
        progress: null,
      }),
    ]);
    const row = await app.db.db.selectFrom('finished').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'ready',
      color: parent.color,
      size: parent.size,
      attr_id: parent.id,
      combine_rule_type: 3,
      is_online: 0,
    });
    expect(JSON.parse(row.img_urls)[0]).toMatch(/^\/files\/mockups\/.+\.jpg$/);
    expect(row.thumb).toMatch(/^\/files\/thumbs\//);
    expect(Object.keys(JSON.parse(row.print_urls))).toEqual(['front']);

    const colors = [...new Set(skus.map((s) => s.color))];
    const children = await app.db.db.selectFrom('finished_child').selectAll().where('finished_id', '=', id).orderBy('sort').execute();
    expect(children.map((c) => c.color)).toEqual(colors);
    const mockups = children.map((c) => JSON.parse(c.img_urls)[0]);
    expect(new Set(mockups).size).toBe(colors.length); // a mockup of its own per colour
    const attrs = await app.db.db.selectFrom('finished_attr').selectAll().where('finished_id', '=', id).execute();
    expect(attrs).toHaveLength(skus.length);
    expect(attrs.filter((a) => a.as_parent === 1).map((a) => a.sku_id)).toEqual([parent.id]);
    // The mockup file is served to a logged-in caller.
    const file = await app.call({ method: 'GET', url: mockups[0], as: 'demo' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('a parent sees its sub-account’s job; a sibling sub-account gets not-found', async () => {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('A') },
    });
    const { job_id } = res.data;
    await app.queue.drain();
    expect((await app.api(routes.jobStatus, { as: 'demo', query: { id: job_id } })).data.list[0]!.status).toBe('done');
    const other = await app.api(routes.jobStatus, { as: 'demo-b', query: { id: job_id } });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(0);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [BodyOf<typeof routes.synthesisCreate>, number, string][] = [
      [{ product_id: productId, attr_id: skus[0]!.id, extends: '{not json' }, 400, '设计数据格式不正确'],
      [{ product_id: 999999, attr_id: skus[0]!.id, extends: design() }, 404, '找不到该产品'],
      [{ product_id: productId, attr_id: 999999, extends: design() }, 404, '该产品没有这个SKU'],
      [
        { product_id: productId, attr_id: skus[0]!.id, extends: design().replace('"front"', '"sleeve-x"') },
        400,
        '设计区域不属于该产品：sleeve-x',
      ],
    ];
    for (const [body, status, msg] of cases) {
      const res = await app.api(routes.synthesisCreate, { as: 'demo', body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    const after = await app.db.db
      .selectFrom('finished')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('retries a failing synthesis once, then marks the job and the finished product failed with the reason', async () => {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo',
      body: {
        product_id: productId,
        attr_id: skus[0]!.id,
        extends: design('X', '/files/catalogue/missing.png'),
      },
    });
    const { id, task_id } = res.data;
    await app.queue.drain();
    const [job] = (await app.api(routes.jobStatus, { as: 'demo', query: { task_id } })).data.list;
    expect(job).toMatchObject({ status: 'failed', attempts: 2, error: '素材加载失败' });
    const en = await app.api(routes.jobStatus, { as: 'demo', query: { task_id }, headers: { 'accept-language': 'en' } });
    expect(en.data.list[0]!.error).toBe('Material failed to load');
    expect((await app.db.db.selectFrom('finished').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('failed');
  });

  it('the same job delivered twice at once leaves one result', async () => {
    // A second app on its own database that does not work jobs: the job is delivered by hand, twice at once.
    const idle = await buildTestApp({ composeThreads: 1, runJobs: false });
    try {
      await importCatalogue(catalogueDir, { db: idle.db.db, storage: idle.storage, now: () => idle.clock.now });
      const pid = (await idle.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
      const sku = (await idle.db.db.selectFrom('product_sku').select('id').where('product_id', '=', pid).executeTakeFirstOrThrow()).id;
      const src = await storeSolidImage(idle.storage, 'catalogue/test-blue.png', '#1d4ed8', 200, 200);
      const res = await idle.call({
        method: 'POST',
        url: '/api/synthesis/create',
        as: 'demo',
        payload: { product_id: pid, attr_id: sku, extends: design('twice', src) },
      });
      const { id, job_id, task_id } = res.json().data;
      const row = await idle.db.db.selectFrom('job').selectAll().where('id', '=', job_id).executeTakeFirstOrThrow();
      expect(row.status).toBe('queued');
      const job = {
        id: job_id,
        kind: 'synthesis',
        ownerId: row.owner_id,
        taskId: task_id,
        payload: JSON.parse(row.payload),
        attempt: 1,
        maxAttempts: 2,
        progress: async () => undefined,
      };
      await Promise.all([idle.synthesis.synthesisJob(job), idle.synthesis.synthesisJob(job)]);
      const children = await idle.db.db.selectFrom('finished_child').select(['color', 'img_urls']).where('finished_id', '=', id).execute();
      const colors = await idle.db.db.selectFrom('product_sku').select('color').distinct().where('product_id', '=', pid).execute();
      expect(children).toHaveLength(colors.length);
      expect(children.every((c) => JSON.parse(c.img_urls).length === 1)).toBe(true);
      expect(await idle.db.db.selectFrom('finished_attr').select('id').where('finished_id', '=', id).execute()).toHaveLength(skus.length);
      const mockups = (await idle.db.db.selectFrom('finished').select('img_urls').where('id', '=', id).executeTakeFirstOrThrow()).img_urls;
      const files = fs.readdirSync(path.join(idle.config.dataDir, 'files', 'mockups'));
      expect(files).toHaveLength(colors.length); // each colour's mockup composed and stored once
      expect(JSON.parse(mockups)).toHaveLength(1);

      // Pending products without a job (a crash between the row and its job) are queued again at start.
      await idle.db.db.deleteFrom('job').execute();
      await idle.db.db.updateTable('finished').set({ status: 'pending' }).where('id', '=', id).execute();
      expect(await idle.synthesis.requeueOrphans()).toBe(1);
      expect(await idle.synthesis.requeueOrphans()).toBe(0);
    } finally {
      await idle.close();
    }
  });

  it('an older synthesis finishing after a regenerate leaves the newer result, and its failure does not mark the product failed', async () => {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('old') },
    });
    const { id, key_id, task_id: oldTask } = res.data;
    await app.queue.drain();
    await app.api(routes.regenerate, { as: 'demo', body: { key_id, type: 2, extends: design('new'), layerdata: design('new') } });
    await app.queue.drain();
    const after = await app.db.db
      .selectFrom('finished')
      .select(['img_urls', 'status', 'task_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stale = {
      id: 'x',
      kind: 'synthesis',
      ownerId: 1,
      taskId: oldTask,
      payload: { finishedId: id, taskId: oldTask },
      attempt: 2,
      maxAttempts: 2,
      progress: async () => undefined,
    };
    // The late job composes what is saved now (the new design): the result cannot go back to the old one.
    await app.synthesis.synthesisJob(stale);
    await app.synthesis.synthesisGaveUp(stale);
    expect(
      await app.db.db.selectFrom('finished').select(['img_urls', 'status', 'task_id']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(after);
    expect(after.status).toBe('ready');
  });

  it('regenerates: empty layer data recomposes the saved design; new layer data changes the images; another family is told to log in', async () => {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('first') },
    });
    const { id, key_id } = res.data;
    await app.queue.drain();
    const imgs = async () =>
      (await app.db.db.selectFrom('finished').select('img_urls').where('id', '=', id).executeTakeFirstOrThrow()).img_urls;
    const before = await imgs();

    const same = await app.api(routes.regenerate, { as: 'demo', body: { key_id, type: 2, extends: '', source_ids: '', layerdata: '' } });
    expect(same.body).toMatchObject({ code: 1, data: { id, key_id } });
    await app.queue.drain();
    expect(await imgs()).toBe(before);

    const changed = await app.api(routes.regenerate, {
      as: 'demo-a',
      body: { key_id, type: 2, extends: design('second'), layerdata: design('second') },
    });
    expect(changed.body.code).toBe(1);
    await app.queue.drain();
    expect(await imgs()).not.toBe(before);

    const foreign = await app.api(routes.regenerate, { as: 'demo-b', body: { key_id, type: 2 } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('找不到该成品，请登录对应账号重新生成');
  });

  it("composes a colour the seller renamed in its blank's colour (the catalogue's)", async () => {
    const res = await app.api(routes.synthesisCreate, {
      as: 'demo-a',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('renamed') },
    });
    const { id, key_id } = res.data;
    await app.queue.drain();
    const childImages = async () =>
      (
        await app.db.db.selectFrom('finished_child').select(['color', 'img_urls']).where('finished_id', '=', id).orderBy('sort').execute()
      ).map((c) => ({ color: c.color, images: JSON.parse(c.img_urls) as string[] }));
    const before = await childImages();
    const attr = await app.db.db
      .selectFrom('finished_attr')
      .select('id')
      .where('finished_id', '=', id)
      .where('sku_id', '=', skus[0]!.id)
      .executeTakeFirstOrThrow();
    const renamed = await app.api(routes.updateFinished, { as: 'demo-a', body: { list: [{ id: attr.id, color: '深海蓝' }] } });
    expect(renamed.body.code).toBe(1);
    const again = await app.api(routes.regenerate, {
      as: 'demo-a',
      body: { key_id, type: 2, extends: design('renamed again'), layerdata: design('renamed again') },
    });
    expect(again.body.code).toBe(1);
    await app.queue.drain();
    const after = await childImages();
    expect(after[0]!.color).toBe('深海蓝');
    expect(after[0]!.images).toHaveLength(before[0]!.images.length);
    expect(after[0]!.images[0]).not.toBe(before[0]!.images[0]);
  });
});

describe('compose, cutpiece and mockup preview', () => {
  const area = (text: string) => JSON.stringify(JSON.parse(design(text)).areas[0]);

  it('composes a design area to an image URL, once for identical input', async () => {
    const a = await app.api(routes.compose, { as: 'demo', body: { product_id: productId, layerdata: area('same') } });
    const b = await app.api(routes.compose, { as: 'demo', body: { product_id: productId, layerdata: area('same') } });
    expect(a.data).toMatch(/^\/files\/composed\/[0-9a-f]{64}\.png$/);
    expect(b.data).toBe(a.data);
    const bad = await app.api(routes.compose, { as: 'demo', body: { product_id: productId, layerdata: '[1,2' } });
    expect(bad.body).toMatchObject({ code: 0, msg: '参数传递错误' });
    const missing = await app.api(routes.compose, {
      as: 'demo',
      body: {
        product_id: productId,
        layerdata: JSON.stringify({ id: 'front', layers: [{ id: 'x', type: 'image', width: 10, height: 10, x: 5, y: 5 }] }),
      },
      headers: { 'accept-language': 'en' },
    });
    expect(missing.body).toMatchObject({ code: 0, msg: expect.stringContaining('No material') });
  });

  it('serves the cutpiece SVG with the composed design in place of its placeholder', async () => {
    const url = (await app.api(routes.compose, { as: 'demo', body: { product_id: productId, layerdata: area('cut') } })).data;
    // The cutpiece is an SVG, not an envelope: raw `call`.
    const svg = await app.call({
      method: 'GET',
      url: `/api/design/cutpiece?product_id=${productId}&area_id=front&img=${encodeURIComponent(url)}`,
      as: 'demo',
    });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(url);
    expect(svg.body).not.toContain('{{design}}');
    const foreign = await app.call({
      method: 'GET',
      url: `/api/design/cutpiece?product_id=${productId}&area_id=front&img=${encodeURIComponent('http://evil.example/x.png')}`,
      as: 'demo',
    });
    expect(foreign.json()).toMatchObject({ code: 0, msg: '参数传递错误' });
  });

  it('previews the mockups of a design for a SKU list', async () => {
    const pick = [skus[0]!, skus.find((s) => s.color !== skus[0]!.color)!];
    const res = await app.api(routes.mockupPreview, {
      as: 'demo',
      body: { product_id: productId, sku_ids: pick.map((s) => s.id), extends: design('preview') },
    });
    const list = res.data.list;
    expect(list.map((l: { attr_id: number }) => l.attr_id)).toEqual(pick.map((s) => s.id));
    expect(list[0]!.images[0]).not.toBe(list[1]!.images[0]);
  });
});
