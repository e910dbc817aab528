import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { serializeDesign } from '@app/design';
import { imageLayer, oneAreaDesign, textLayer } from '@app/design/fixtures';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { m0010_material_names } from '../src/db/migrations/0010_material_names.js';
import { createMaterialNameSearch } from '../src/modules/finished/list/materialNames.js';
import { buildTestApp, type TestApp } from './helper.js';
import { storeSolidImage } from './support/composeFixture.js';

/**
 * "Find it again" (docs/finished.md#material-names): a finished product made from library materials carries their names in
 * material_img_name, so the list's 素材图名称 filter finds it; migration 0010 fills the rows made before.
 */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-names-cat-'));
let app: TestApp;
let productId: number;
let skus: { id: number; color: string; size: string }[];
let red: string;
/** Library materials: 星空猫 of demo-a (a sub-account), 复古花 of demo, 秘密图 of another family's account. */
const mat = { cat: 0, flower: 0, secret: 0 };

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 240 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  const db = app.db.db;
  productId = (await db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  skus = await db.selectFrom('product_sku').select(['id', 'color', 'size']).where('product_id', '=', productId).orderBy('sort').execute();
  red = await storeSolidImage(app.storage, 'catalogue/test-red.png', '#d62828', 200, 200);
  const idOf = async (username: string) =>
    Number((await db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
  const stranger = await db
    .insertInto('account')
    .values({
      username: 'stranger',
      password_hash: 'x',
      nickname: '别家',
      level: 2,
      parent_id: null,
      office_id: null,
      created_at: app.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const material = async (ownerId: number, name: string) =>
    Number(
      (
        await db
          .insertInto('material')
          .values({
            owner_id: ownerId,
            name,
            format: 'png',
            width: 200,
            height: 200,
            bytes: 1,
            sha256: `sha-${name}`,
            image_key: 'catalogue/test-red.png',
            thumb_key: 'catalogue/test-red.png',
            thumb1200_key: 'catalogue/test-red.png',
            created_at: app.clock.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  mat.cat = await material(await idOf('demo-a'), '星空猫');
  mat.flower = await material(await idOf('demo'), '复古花');
  mat.secret = await material(Number(stranger.id), '秘密图');
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

/** A front design of an image layer per material id (in this order) and a text. */
const designOf = (...ids: number[]) =>
  serializeDesign(
    oneAreaDesign([
      ...ids.map((sourceid, i) => imageLayer(red, { id: `img${i}`, sourceid, y: 200 + i * 20 })),
      textLayer('NO.7', { y: 420 }),
    ]),
  );

const make = async (as: string, ...ids: number[]) => {
  const res = await app.api(routes.synthesisCreate, {
    as,
    body: { product_id: productId, attr_id: skus[0]!.id, extends: designOf(...ids), source_ids: ids.join(','), is_online: 0 },
  });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

/** The list's material-name filter: its total and the numbers it shows. */
const search = async (as: string, material_img_name: string) => {
  const res = await app.api(routes.finishedList, { as, query: { material_img_name, pageNumber: 1, pageSize: 50 } });
  expect(res.body.code, res.text).toBe(1);
  return { count: res.data.count, keys: res.data.list.map((r) => r.key_id) };
};

/** The names on the product and on each of its size variants (by size). */
const namesOf = async (id: number) => {
  const row = await app.db.db.selectFrom('finished').select('material_img_name').where('id', '=', id).executeTakeFirstOrThrow();
  const attrs = await app.db.db
    .selectFrom('finished_attr')
    .select(['id', 'size', 'material_img_name', 'key_id', 'as_parent'])
    .where('finished_id', '=', id)
    .execute();
  return { row: row.material_img_name, attrs };
};

describe('material names of finished products', () => {
  it('names a product made from library materials at synthesis: distinct, in layer order, a sub-account’s material too', async () => {
    const made = await make('demo', mat.cat, mat.flower, mat.cat);
    const names = await namesOf(made.id);
    expect(names.row).toBe('星空猫、复古花');
    expect(names.attrs.every((a) => a.material_img_name === '星空猫、复古花')).toBe(true);
    // The list finds it by any part of a name, with the exact total.
    expect(await search('demo', '星空')).toEqual({ count: 1, keys: [made.key_id] });
    expect(await search('demo', '复古花')).toEqual({ count: 1, keys: [made.key_id] });
    await app.queue.drain();
    const detail = await app.api(routes.finishedDetail, { as: 'demo', query: { id: made.id } });
    expect(detail.body.code, detail.text).toBe(1);
    expect(detail.data.parent_info.material_img_name).toBe('星空猫、复古花');
  });

  it('tells no name of a material outside the caller’s family', async () => {
    const made = await make('demo-b', mat.secret);
    expect((await namesOf(made.id)).row).toBe('');
    expect((await search('demo', '秘密')).count).toBe(0);
    // Within the family a sub-account's design names its parent's material (a design the parent made).
    expect((await namesOf((await make('demo-b', mat.secret, mat.flower)).id)).row).toBe('复古花');
  });

  it('follows a re-design (every size, then one size) and a regenerate with a new design', async () => {
    const made = await make('demo-a', mat.cat);
    expect((await search('demo-a', '星空猫')).keys).toContain(made.key_id);

    const all = await app.api(routes.designResave, { as: 'demo', body: { key_id: made.key_id, type: 2, extends: designOf(mat.flower) } });
    expect(all.body.code, all.text).toBe(1);
    let names = await namesOf(made.id);
    expect(names.row).toBe('复古花');
    expect(names.attrs.every((a) => a.material_img_name === '复古花')).toBe(true);
    expect((await search('demo-a', '星空猫')).keys).not.toContain(made.key_id);
    expect((await search('demo', '复古')).keys).toContain(made.key_id);

    // One size's own design: that size's variants carry its names; the product keeps its parent's.
    const other = names.attrs.find((a) => a.as_parent === 0 && a.size !== names.attrs.find((p) => p.as_parent === 1)!.size)!;
    const one = await app.api(routes.designResave, { as: 'demo', body: { key_id: other.key_id, type: 1, extends: designOf(mat.cat) } });
    expect(one.body.code, one.text).toBe(1);
    names = await namesOf(made.id);
    expect(names.row).toBe('复古花');
    for (const a of names.attrs) expect(a.material_img_name).toBe(a.size === other.size ? '星空猫' : '复古花');

    const regen = await app.api(routes.regenerate, { as: 'demo', body: { key_id: made.key_id, type: 2, extends: designOf() } });
    expect(regen.body.code, regen.text).toBe(1);
    expect((await namesOf(made.id)).row).toBe('');
    expect((await search('demo', '复古')).keys).not.toContain(made.key_id);
  });

  it('keeps a name the seller typed through a re-design and a regenerate; names from designs follow them', async () => {
    const made = await make('demo', mat.cat);
    let names = await namesOf(made.id);
    // The seller renames one variant in the edit drawer (docs/finished.md#dialogs); the others keep the design's name.
    const typed = names.attrs[1]!;
    const edit = await app.api(routes.updateFinished, { as: 'demo', body: { list: [{ id: typed.id, material_img_name: '我的猫图' }] } });
    expect(edit.body.code, edit.text).toBe(1);

    const all = await app.api(routes.designResave, { as: 'demo', body: { key_id: made.key_id, type: 2, extends: designOf(mat.flower) } });
    expect(all.body.code, all.text).toBe(1);
    names = await namesOf(made.id);
    for (const a of names.attrs) expect(a.material_img_name).toBe(a.id === typed.id ? '我的猫图' : '复古花');

    const regen = await app.api(routes.regenerate, { as: 'demo', body: { key_id: made.key_id, type: 2, extends: designOf() } });
    expect(regen.body.code, regen.text).toBe(1);
    names = await namesOf(made.id);
    for (const a of names.attrs) expect(a.material_img_name).toBe(a.id === typed.id ? '我的猫图' : '');
  });

  it('migration 0010 names the rows the old code left empty, from their designs, and the filter counts them', async () => {
    const db = app.db.db;
    const a = await make('demo', mat.cat);
    const b = await make('demo', mat.flower, mat.secret);
    const old = await make('demo');
    // A combination of a and b, its parent child a (it needs composed children).
    await app.queue.drain();
    // A version-0 design (areas keyed by id, numbers as strings), as the oldest records hold it.
    await db
      .updateTable('finished')
      .set({
        extends: JSON.stringify({
          front: [{ id: 'l1', type: 'image', sourceid: String(mat.flower), width: 100, height: 100, x: 1, y: 1 }],
        }),
      })
      .where('id', '=', old.id)
      .execute();
    const combo = await app.api(routes.setGroup, { as: 'demo', body: { ids: `${a.id},${b.id}` } });
    expect(combo.body.code, combo.text).toBe(1);
    expect((await namesOf(combo.data.id)).row).toBe('星空猫');
    // A name the seller typed stays.
    const typed = await make('demo', mat.cat);
    await db.updateTable('finished').set({ material_img_name: '手填名' }).where('id', '=', typed.id).execute();

    // As the old code left them: every name empty but the typed one.
    const ids = [a.id, b.id, old.id, combo.data.id];
    await db.updateTable('finished').set({ material_img_name: '' }).where('id', 'in', ids).execute();
    await db.updateTable('finished_attr').set({ material_img_name: '' }).where('finished_id', 'in', ids).execute();
    const before = await search('demo', '复古花');

    await m0010_material_names(app.db.dialect).up(db);

    expect((await namesOf(a.id)).row).toBe('星空猫');
    expect((await namesOf(b.id)).row).toBe('复古花');
    expect((await namesOf(b.id)).attrs.every((x) => x.material_img_name === '复古花')).toBe(true);
    expect((await namesOf(old.id)).row).toBe('复古花');
    expect((await namesOf(combo.data.id)).row).toBe('星空猫');
    expect((await namesOf(typed.id)).row).toBe('手填名');
    // The list's filter and its tallies follow: b (a combination child leaves the list) and old are found.
    const after = await search('demo', '复古花');
    expect(after.count).toBe(before.count + 1);
    expect(after.keys).toEqual(expect.arrayContaining([old.key_id]));
    expect(after.keys).not.toContain(b.key_id);
    expect((await search('demo', '星空猫')).keys).toEqual(expect.arrayContaining([combo.data.key_id]));
    expect((await search('demo', '手填')).keys).toEqual([typed.key_id]);
    // Run again, it changes nothing.
    await m0010_material_names(app.db.dialect).up(db);
    expect((await search('demo', '复古花')).count).toBe(after.count);
  });

  it('catches up on many new names a few at a time, other work running between, and then finds each of them', async () => {
    const db = app.db.db;
    const made = await make('demo', mat.flower);
    // 450 names new at once, as a bulk load or an upgrade leaves them: the triggers add them unindexed.
    await db
      .insertInto('finished_material_name')
      .values(Array.from({ length: 450 }, (_, i) => ({ name: `批量素材${i}号` })))
      .execute();
    await db.updateTable('finished').set({ material_img_name: '批量素材449号' }).where('id', '=', made.id).execute();
    // What the server's other requests would do meanwhile: take a turn of the event loop, again and again.
    let turns = 0;
    let caughtUp = false;
    const otherWork = () => {
      if (caughtUp) return;
      turns++;
      setImmediate(otherWork);
    };
    setImmediate(otherWork);
    // Two searches at once share the catch-up.
    const names = createMaterialNameSearch(db, app.db.dialect);
    await Promise.all([names.indexNewNames(), names.indexNewNames()]);
    caughtUp = true;
    expect(turns).toBeGreaterThan(1);
    expect(await db.selectFrom('finished_material_name').select('id').where('lower_name', 'is', null).execute()).toEqual([]);
    expect((await search('demo', '素材449')).keys).toEqual([made.key_id]);
    expect((await names.namesContaining('批量素材')).length).toBe(450);
  });
});
