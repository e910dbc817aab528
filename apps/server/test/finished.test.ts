import Decimal from 'decimal.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, thumbUrl, type FinishedDetail, type FinishedRow, type QueryOf } from '@app/contract';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { buildTestApp, type TestApp } from './helper.js';
import { frontDesign } from '@app/design/fixtures';
import { storeSolidImage } from './support/composeFixture.js';

/** The finished-products screen's calls (docs/finished.md, docs/api.md#finished-products, docs/domain.md#finished-products). */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-finished-cat-'));
let app: TestApp;
let productId: number;
let skus: { id: number; color: string; size: string; price: number }[];
let art: string;
/** The products made in beforeAll, by name. */
const made: Record<string, { id: number; key_id: string; task_id: string }> = {};

const design = (text: string) => frontDesign(art, text, 9);

async function make(name: string, as: string, text = name) {
  const res = await app.api(routes.synthesisCreate, { as, body: { product_id: productId, attr_id: skus[0]!.id, extends: design(text) } });
  expect(res.body.code, res.text).toBe(1);
  made[name] = res.data;
  app.clock.advance(3600_000);
}

const list = async (as: string, query: QueryOf<typeof routes.finishedList> = {}) => {
  const res = await app.api(routes.finishedList, { as, query });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
const keys = (l: { list: FinishedRow[] }) => l.list.map((r) => r.key_id);
const detail = async (id: number, as = 'demo') => (await app.api(routes.finishedDetail, { as, query: { id } })).body;

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 300 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  productId = (await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  skus = (
    await app.db.db
      .selectFrom('product_sku')
      .select(['id', 'color', 'size', 'price'])
      .where('product_id', '=', productId)
      .orderBy('sort')
      .execute()
  ).map((s) => ({ ...s, price: Number(s.price) }));
  art = await storeSolidImage(app.storage, 'catalogue/test-blue.png', '#1d4ed8', 200, 200);
  await make('a1', 'demo-a');
  await make('a2', 'demo-a');
  await make('a3', 'demo-a', 'a2'); // the same design as a2
  await make('b1', 'demo-b');
  await make('p1', 'demo');
  await app.queue.drain();
}, 120_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('the list (GET /api/finished/getlist)', () => {
  it('shows each account what it may reach, newest first, with the row fields of docs/api.md#fields', async () => {
    expect(keys(await list('demo'))).toEqual(['p1', 'b1', 'a3', 'a2', 'a1'].map((n) => made[n]!.key_id));
    expect(keys(await list('demo-a'))).toEqual(['a3', 'a2', 'a1'].map((n) => made[n]!.key_id));
    expect(keys(await list('demo-b'))).toEqual([made.b1!.key_id]);
    const row = (await list('demo-a')).list[0]!;
    expect(row).toMatchObject({
      key_id: made.a3!.key_id,
      task_id: made.a3!.task_id,
      product_id: productId,
      attr_id: skus[0]!.id,
      product_name: '经典纯棉圆领T恤',
      username: 'demo-a',
      combine_rule: '0',
      combine_rule_type: '简单商品',
      combine_rule_type_code: 3,
      group_id: 0,
      group_name: '',
      order_num: 0,
      material_img_name: '',
      status: 'ready',
      childs: [],
      small_imgs: [],
    });
    expect(row.img_urls.length).toBeGreaterThan(0);
    // Every row holds exactly the contract's fields and types (SQLite writes the page as JSON itself).
    const page = await list('demo');
    expect(routes.finishedList.data.strict().parse(page)).toEqual(page);
    expect(row).not.toHaveProperty('extends');
    expect(row).not.toHaveProperty('layerdata');
    // The caller's language: English labels for an English browser.
    const en = await app.api(routes.finishedList, { as: 'demo-b', headers: { 'accept-language': 'en' } });
    expect(en.data.list[0]!.combine_rule_type).toBe('Simple product');
  });

  it('filters by account (本人 = 0), number, variant number, synthesis number, name, time, type and category', async () => {
    expect(keys(await list('demo', { userids: '0' }))).toEqual([made.p1!.key_id]);
    const demoB = (await app.db.db.selectFrom('account').select('id').where('username', '=', 'demo-b').executeTakeFirstOrThrow()).id;
    expect(keys(await list('demo', { userids: `0,${demoB}` }))).toEqual([made.p1!.key_id, made.b1!.key_id]);
    // Another family's account id gives nothing, not its rows.
    expect((await list('demo-a', { userids: String(demoB) })).count).toBe(0);
    // An office: its accounts' products (demo-a and demo-b work in the demo's office; demo itself in none).
    const office = (await app.api(routes.officeList, { as: 'demo' })).data.list[0]!.id as number;
    const inOffice = keys(await list('demo', { office_id: office }));
    expect(inOffice).toEqual(expect.arrayContaining([made.a1!.key_id, made.a2!.key_id, made.b1!.key_id]));
    expect(inOffice).not.toContain(made.p1!.key_id);
    expect(keys(await list('demo', { office_id: office, userids: String(demoB) }))).toEqual([made.b1!.key_id]);
    expect((await list('demo', { office_id: office + 1000 })).count).toBe(0);

    expect(keys(await list('demo', { key_id: made.a2!.key_id }))).toEqual([made.a2!.key_id]);
    const variant = await app.db.db
      .selectFrom('finished_attr')
      .select('key_id')
      .where('finished_id', '=', made.a1!.id)
      .executeTakeFirstOrThrow();
    expect(keys(await list('demo', { key_id: variant.key_id }))).toEqual([made.a1!.key_id]);
    expect(keys(await list('demo', { task_id: made.b1!.task_id }))).toEqual([made.b1!.key_id]);
    expect((await list('demo-b', { key_id: made.a2!.key_id })).count).toBe(0);

    expect((await list('demo', { name: '纯棉' })).count).toBe(5);
    expect((await list('demo', { name: 'T恤' })).count).toBe(5);
    expect((await list('demo', { name: '卫衣' })).count).toBe(0);
    expect((await list('demo', { name: '100%_' })).count).toBe(0);

    const rows = (await list('demo')).list;
    const a2 = rows.find((r) => r.key_id === made.a2!.key_id)!;
    expect(keys(await list('demo', { start_time: a2.createtime, end_time: a2.createtime + 3599 }))).toEqual([made.a2!.key_id]);
    expect(keys(await list('demo', { start_time: a2.createtime }))).toEqual(['p1', 'b1', 'a3', 'a2'].map((n) => made[n]!.key_id));

    expect((await list('demo', { combine_rule_type: 3 })).count).toBe(5);
    expect((await list('demo', { combine_rule_type: 1 })).count).toBe(0);
    expect((await list('demo', { combine_rule_type: '' })).count).toBe(5);

    const cid = (await app.db.db.selectFrom('product').select('cid').where('id', '=', productId).executeTakeFirstOrThrow()).cid;
    const parentCid = (await app.db.db.selectFrom('category').select('pid').where('id', '=', cid).executeTakeFirstOrThrow()).pid;
    expect((await list('demo', { cid })).count).toBe(5);
    // A category includes its child categories: the test T-shirt's category has a parent.
    expect(parentCid).toBeGreaterThan(0);
    expect((await list('demo', { cid: parentCid })).count).toBe(5);
  });

  it('pages with the exact total and refuses page sizes the list does not offer', async () => {
    const page1 = await list('demo', { pageSize: 10, pageNumber: 1 });
    expect(page1.count).toBe(5);
    const page = await list('demo', { pageSize: 20, pageNumber: 2 });
    expect(page).toEqual({ count: 5, list: [] });
    const bad = await app.api(routes.finishedList, { as: 'demo', query: { pageSize: '15' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).not.toBe(1);
    expect(bad.body.msg).toContain('pageSize');
  });

  it('serves every list thumbnail 100 px high', async () => {
    for (const row of (await list('demo')).list) {
      const url = thumbUrl(row.img_urls[0]!);
      expect(url).not.toBe(row.img_urls[0]);
      const res = await app.call({ method: 'GET', url, as: 'demo' });
      expect(res.statusCode, url).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).height).toBe(100);
    }
    // The composer's own thumbnails (a combination's child strip) resize too.
    const thumb = (await list('demo')).list[0]!.thumb;
    expect(thumb).toMatch(/^\/files\/thumbs\//);
    const small = await app.call({ method: 'GET', url: thumbUrl(thumb), as: 'demo' });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).height).toBe(100);
    expect((await app.app.inject({ method: 'GET', url: '/thumbs/h/100/nothing/here.png' })).statusCode).toBe(404);
    expect(
      (await app.app.inject({ method: 'GET', url: '/thumbs/h/37/' + (await list('demo')).list[0]!.img_urls[0]!.slice(7) })).statusCode,
    ).toBe(404);
  });
});

describe('the edit drawer (getDetailPage, updateFinished)', () => {
  it('shows the parent and every colour with its sizes; another family gets 404; a product still composing is 未完全生成', async () => {
    const d = (await detail(made.a1!.id)).data as FinishedDetail;
    const colors = [...new Set(skus.map((s) => s.color))];
    expect(d.child_info.map((c) => c.color)).toEqual(colors);
    expect(d.child_info.flatMap((c) => c.attrs)).toHaveLength(skus.length);
    const parents = d.child_info.flatMap((c) => c.attrs).filter((a) => a.as_parent === 1);
    expect(parents).toHaveLength(1);
    expect(d.parent_info).toMatchObject({ id: parents[0]!.id, key_id: parents[0]!.key_id, img_urls: parents[0]!.img_urls });
    expect(parents[0]!.img_urls.length).toBeGreaterThan(0);

    const foreign = await detail(made.a1!.id, 'demo-b');
    expect(foreign).toMatchObject({ code: 0, msg: '找不到该成品' });

    const pending = await app.api(routes.synthesisCreate, {
      as: 'demo-b',
      body: {
        product_id: productId,
        attr_id: skus[0]!.id,
        extends: design('pending'),
      },
    });
    const notReady = await detail(pending.data.id, 'demo-b');
    expect(notReady).toMatchObject({ code: 0, msg: '未完全生成' });
    await app.queue.drain();
    expect((await detail(pending.data.id, 'demo-b')).code).toBe(1);
    await app.api(routes.finishedDel, { as: 'demo-b', body: { ids: String(pending.data.id) } });
  });

  it('saves names, keyword, material colour and price; 设为母体 moves the parent and the row follows it', async () => {
    const before = (await detail(made.a2!.id)).data as FinishedDetail;
    const attrs = before.child_info.flatMap((c) => c.attrs);
    const next = attrs.find((a) => a.as_parent === 0 && a.color !== attrs.find((p) => p.as_parent === 1)!.color)!;
    const res = await app.api(routes.updateFinished, {
      as: 'demo',
      body: {
        list: [
          {
            id: next.id,
            export_name: 'Summer tee',
            material_img_name: '海浪 wave',
            keyword: 'tee,summer',
            material_color: 'navy',
            price: 12.5,
            as_parent: 1,
          },
          { id: attrs[0]!.id, price: 0 },
        ],
      },
    });
    expect(res.body, res.text).toMatchObject({ code: 1, data: { updated: 2 } });
    const after = (await detail(made.a2!.id)).data as FinishedDetail;
    const afterAttrs = after.child_info.flatMap((c) => c.attrs);
    expect(afterAttrs.filter((a) => a.as_parent === 1).map((a) => a.id)).toEqual([next.id]);
    expect(afterAttrs.find((a) => a.id === next.id)).toMatchObject({ export_name: 'Summer tee', price: 12.5, material_color: 'navy' });
    expect(afterAttrs.find((a) => a.id === attrs[0]!.id)!.price).toBe(0);
    expect(after.parent_info).toMatchObject({
      id: next.id,
      export_name: 'Summer tee',
      material_img_name: '海浪 wave',
      keyword: 'tee,summer',
    });
    const row = (await list('demo', { key_id: made.a2!.key_id })).list[0]!;
    expect(row).toMatchObject({
      export_name: 'Summer tee',
      material_img_name: '海浪 wave',
      color: next.color,
      size: next.size,
      attr_id: next.sku_id,
    });
    // The material name is searchable.
    expect(keys(await list('demo', { material_img_name: '海浪' }))).toEqual([made.a2!.key_id]);
    expect(keys(await list('demo', { material_img_name: 'WAVE' }))).toEqual([made.a2!.key_id]);
  });

  it('renames a colour and a size, refusing a value already present (已经存在相同的sku属性值) and bad prices', async () => {
    const d = (await detail(made.a1!.id)).data as FinishedDetail;
    const [first, second] = d.child_info;
    const dup = await app.api(routes.updateFinished, { as: 'demo-a', body: { list: [{ id: first!.attrs[0]!.id, color: second!.color }] } });
    expect(dup.body).toMatchObject({ code: 0, msg: '已经存在相同的sku属性值' });
    const dupSize = await app.api(routes.updateFinished, {
      as: 'demo-a',
      body: {
        list: [{ id: first!.attrs[0]!.id, size: first!.attrs[1]!.size }],
      },
    });
    expect(dupSize.body.msg).toBe('已经存在相同的sku属性值');
    const negative = await app.api(routes.updateFinished, { as: 'demo-a', body: { list: [{ id: first!.attrs[0]!.id, price: -1 }] } });
    expect(negative.status).toBe(400);
    const threeDecimals = await app.api(routes.updateFinished, {
      as: 'demo-a',
      body: { list: [{ id: first!.attrs[0]!.id, price: 1.005 }] },
    });
    expect(threeDecimals.status).toBe(400);
    expect((await detail(made.a1!.id)).data).toEqual(d);

    const ok = await app.api(routes.updateFinished, {
      as: 'demo-a',
      body: { list: [{ id: first!.attrs[0]!.id, color: '深海蓝', size: 'XXXL' }] },
    });
    expect(ok.body.code).toBe(1);
    const after = (await detail(made.a1!.id)).data as FinishedDetail;
    expect(after.child_info[0]!.color).toBe('深海蓝');
    expect(after.child_info[0]!.attrs.every((a) => a.color === '深海蓝')).toBe(true);
    expect(after.child_info[0]!.attrs[0]!.size).toBe('XXXL');

    const foreign = await app.api(routes.updateFinished, { as: 'demo-b', body: { list: [{ id: first!.attrs[0]!.id, price: 3 }] } });
    expect(foreign.status).toBe(404);
    const twoParents = await app.api(routes.updateFinished, {
      as: 'demo-a',
      body: {
        list: [
          { id: first!.attrs[0]!.id, as_parent: 1 },
          { id: first!.attrs[1]!.id, as_parent: 1 },
        ],
      },
    });
    expect(twoParents.body.code).toBe(0);
  });
});

describe('remarks, variant lists and the cart', () => {
  it('saves a remark; another family cannot', async () => {
    const res = await app.api(routes.addRemark, { as: 'demo-a', body: { id: made.a1!.id, remark: '客户要加急' } });
    expect(res.body).toMatchObject({ code: 1, data: { remark: '客户要加急' } });
    expect((await list('demo-a', { key_id: made.a1!.key_id })).list[0]!.remark).toBe('客户要加急');
    expect((await app.api(routes.addRemark, { as: 'demo-b', body: { id: made.a1!.id, remark: 'x' } })).status).toBe(404);
    expect((await app.api(routes.addRemark, { as: 'demo-a', body: { id: made.a1!.id, remark: 'x'.repeat(501) } })).status).toBe(400);
  });

  it('lists the variants for add-to-cart and re-design, searches them, and adds one to the cart with its price', async () => {
    const page = await app.api(routes.addToCartsPage, { as: 'demo', query: { id: String(made.p1!.id), key_id: made.p1!.key_id } });
    const rows = page.data.list as {
      id: number;
      color: string;
      size: string;
      key_id: string;
      thumb: string;
      sku_id: number;
      price: number;
    }[];
    expect(rows).toHaveLength(skus.length);
    expect(rows.every((r) => r.thumb.startsWith('/files/'))).toBe(true);
    const color = rows[3]!.color;
    const found = await app.api(routes.searchChildren, {
      as: 'demo',
      query: { id: String(made.p1!.id), keywords: `${color} ${rows[3]!.size}` },
    });
    expect(found.data.list.map((r: { id: number }) => r.id)).toEqual([rows[3]!.id]);
    const byNumber = await app.api(routes.searchChildren, { as: 'demo', query: { id: String(made.p1!.id), keywords: rows[5]!.key_id } });
    expect(byNumber.data.list.map((r: { id: number }) => r.id)).toEqual([rows[5]!.id]);

    const added = await app.api(routes.addToCarts, { as: 'demo', body: { id: rows[3]!.id, num: 2 } });
    expect(added.body, added.text).toMatchObject({ code: 1 });
    const cart = (await app.api(routes.cartList, { as: 'demo' })).data;
    expect(cart.list[0]).toMatchObject({
      attr_id: rows[3]!.sku_id,
      num: 2,
      color,
      size: rows[3]!.size,
      price: new Decimal(skus.find((s) => s.id === rows[3]!.sku_id)!.price).toFixed(2),
    });
    expect(cart.list[0]!.img_urls.length).toBeGreaterThan(0);

    expect((await app.api(routes.addToCarts, { as: 'demo-b', body: { id: rows[3]!.id } })).status).toBe(404);
    expect((await app.api(routes.addToCartsPage, { as: 'demo-b', query: { id: String(made.p1!.id) } })).status).toBe(404);
  });

  it('batch edit: three products in one table, saved at once, shown in their details', async () => {
    const ids = [made.a1!.id, made.a3!.id, made.p1!.id];
    const page = await app.api(routes.mutiUpdateFinishedPage, { as: 'demo', query: { ids: ids.join(',') } });
    const products = page.data.list as { id: number; attrs: { id: number }[] }[];
    expect(products.map((p) => p.id)).toEqual(ids);
    const edits = products.flatMap((p, i) =>
      p.attrs.map((a) => ({
        id: a.id,
        export_name: `Batch ${i}`,
        keyword: `kw${i}`,
        material_color: 'red',
        material_img_name: `素材${i}`,
        price: 20 + i,
      })),
    );
    const saved = await app.api(routes.mutiUpdateFinishedSave, { as: 'demo', body: { list: edits } });
    expect(saved.body).toMatchObject({ code: 1, data: { updated: edits.length } });
    for (const [i, id] of ids.entries()) {
      const attrs = ((await detail(id)).data as FinishedDetail).child_info.flatMap((c) => c.attrs);
      expect(
        attrs.every(
          (a) => a.export_name === `Batch ${i}` && a.keyword === `kw${i}` && a.price === 20 + i && a.material_img_name === `素材${i}`,
        ),
      ).toBe(true);
    }
    expect((await app.api(routes.mutiUpdateFinishedPage, { as: 'demo-b', query: { ids: ids.join(',') } })).status).toBe(404);
    // Colour and size are not batch-editable (a body outside the contract, so sent as it is).
    const rename = await app.call({
      method: 'POST',
      url: routes.mutiUpdateFinishedSave.path,
      as: 'demo',
      payload: { list: [{ id: edits[0]!.id, color: 'x' }] },
    });
    expect(rename.statusCode).toBe(400);
  });
});

describe('combinations (setGroup, cancelGroup)', () => {
  it('combines two products into a new one that lists instead of them; cancelling returns them exactly', async () => {
    const ids = [made.a1!.id, made.a2!.id];
    const before = await snapshot(ids);
    const res = await app.api(routes.setGroup, { as: 'demo-a', body: { ids: ids.join(',') } });
    expect(res.body, res.text).toMatchObject({ code: 1, data: { combine_rule_type: 1 } });
    const combo = res.data;
    const rows = (await list('demo-a')).list;
    expect(keys({ list: rows })).toEqual([combo.key_id, made.a3!.key_id]);
    const row = rows[0]!;
    expect(row).toMatchObject({
      combine_rule: '1',
      combine_rule_type: '多素材组合',
      combine_rule_type_code: 1,
      child_count: 2,
      task_id: combo.task_id,
    });
    expect(row.childs.map((c) => [c.id, c.as_parent])).toEqual([
      [made.a1!.id, 1],
      [made.a2!.id, 0],
    ]);
    expect(row.small_imgs).toHaveLength(2);
    // The phone's view (view=mobile): the same row with the blank's picture and the colours and sizes of the edit
    // drawer (its childs'), each once, in the drawer's order.
    const blank = await app.db.db.selectFrom('product').select('thumb').where('id', '=', productId).executeTakeFirstOrThrow();
    const drawer = ((await detail(combo.id)).data as FinishedDetail).child_info;
    const codes = await app.db.db.selectFrom('finished_child').select(['id', 'color_code']).where('finished_id', 'in', ids).execute();
    const codeOf = new Map(codes.map((c) => [c.id, c.color_code]));
    const colours = new Map(drawer.map((c): [string, string] => [c.color, codeOf.get(c.id)!]).reverse());
    const phone = (await list('demo-a', { view: 'mobile' })).list[0]!;
    expect(phone).toEqual({
      ...row,
      blank_design_url: app.storage.url(blank.thumb),
      colors: [...new Set(drawer.map((c) => c.color))],
      colorCodes: [...new Set(drawer.map((c) => c.color))].map((c) => colours.get(c)),
      sizes: [...new Set(drawer.flatMap((c) => c.attrs.map((a) => a.size)))],
    });
    expect(phone.colors!.length).toBeGreaterThan(1);
    expect(row).not.toHaveProperty('colors');
    const withCombo = await list('demo-a');
    expect(routes.finishedList.data.parse(withCombo)).toEqual(withCombo);
    expect((await list('demo-a', { combine_rule_type: 1 })).count).toBe(1);
    // Its detail holds both products' variants.
    const d = (await detail(combo.id)).data as FinishedDetail;
    expect(new Set(d.child_info.map((c) => c.finished_id))).toEqual(new Set(ids));

    const cancel = await app.api(routes.cancelGroup, { as: 'demo-a', body: { ids: String(combo.id) } });
    expect(cancel.body).toMatchObject({ code: 1, data: { returned: 2 } });
    expect(await snapshot(ids)).toEqual(before);
    expect((await list('demo-a')).count).toBe(3);
    expect((await detail(combo.id)).code).toBe(0);
  });

  it('same design → single-material; a selected combination is flattened into the new one', async () => {
    const same = await app.api(routes.setGroup, { as: 'demo-a', body: { ids: `${made.a2!.id},${made.a3!.id}` } });
    expect(same.data.combine_rule_type).toBe(2);
    expect((await list('demo-a', { combine_rule_type: 2 })).list[0]!.combine_rule_type).toBe('单素材组合');
    const flat = await app.api(routes.setGroup, { as: 'demo-a', body: { ids: `${same.data.id},${made.a1!.id}` } });
    expect(flat.body).toMatchObject({ code: 1, data: { combine_rule_type: 1 } });
    const rows = (await list('demo-a')).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.childs.map((c) => c.id)).toEqual([made.a2!.id, made.a3!.id, made.a1!.id]);
    expect(await snapshot([same.data.id])).toEqual([]);
    await app.api(routes.cancelGroup, { as: 'demo-a', body: { ids: String(flat.data.id) } });
    expect((await list('demo-a')).count).toBe(3);
  });

  it('regenerating a combination recomposes each child', async () => {
    const combo = (await app.api(routes.setGroup, { as: 'demo-a', body: { ids: `${made.a1!.id},${made.a2!.id}` } })).data;
    const before = await snapshot([made.a1!.id, made.a2!.id]);
    const res = await app.api(routes.regenerate, { as: 'demo-a', body: { key_id: combo.key_id, type: 2 } });
    expect(res.body, res.text).toMatchObject({ code: 1 });
    const pending = await snapshot([made.a1!.id, made.a2!.id]);
    expect(pending.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(pending.map((r) => r.task_id)).not.toEqual(before.map((r) => r.task_id));
    await app.queue.drain();
    expect((await snapshot([made.a1!.id, made.a2!.id])).map((r) => r.status)).toEqual(['ready', 'ready']);
    expect((await app.api(routes.regenerate, { as: 'demo-b', body: { key_id: combo.key_id } })).body.msg).toBe(
      '找不到该成品，请登录对应账号重新生成',
    );
    await app.api(routes.cancelGroup, { as: 'demo-a', body: { ids: String(combo.id) } });
  });

  it('refuses one product, two accounts, a non-combination to cancel, and another family', async () => {
    expect((await app.api(routes.setGroup, { as: 'demo-a', body: { ids: String(made.a1!.id) } })).body.msg).toBe(
      '请至少选择两个成品进行组合',
    );
    expect((await app.api(routes.setGroup, { as: 'demo', body: { ids: `${made.a1!.id},${made.b1!.id}` } })).body.msg).toBe(
      '只能组合同一账号的成品',
    );
    expect((await app.api(routes.cancelGroup, { as: 'demo-a', body: { ids: String(made.a1!.id) } })).body.msg).toBe(
      '所选成品中有非组合商品',
    );
    expect((await app.api(routes.setGroup, { as: 'demo-b', body: { ids: `${made.a1!.id},${made.a2!.id}` } })).status).toBe(404);
    expect((await list('demo-a')).count).toBe(3);
  });
});

describe('delete (POST /api/finished/del)', () => {
  it('deletes only when every id is reachable; a combination goes with its childs', async () => {
    expect((await app.api(routes.finishedDel, { as: 'demo-b', body: { ids: `${made.b1!.id},${made.a1!.id}` } })).status).toBe(404);
    expect((await list('demo-b')).count).toBe(1);
    const extra = await app.api(routes.synthesisCreate, {
      as: 'demo-b',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('x') },
    });
    const extra2 = await app.api(routes.synthesisCreate, {
      as: 'demo-b',
      body: { product_id: productId, attr_id: skus[0]!.id, extends: design('y') },
    });
    await app.queue.drain();
    const combo = await app.api(routes.setGroup, { as: 'demo-b', body: { ids: `${extra.data.id},${extra2.data.id}` } });
    const del = await app.api(routes.finishedDel, { as: 'demo-b', body: { ids: String(combo.data.id) } });
    expect(del.body).toMatchObject({ code: 1, data: { deleted: 1 } });
    expect(await snapshot([extra.data.id, extra2.data.id])).toEqual([]);
    const attrs = await app.db.db
      .selectFrom('finished_attr')
      .select('id')
      .where('finished_id', 'in', [extra.data.id, extra2.data.id])
      .execute();
    expect(attrs).toEqual([]);
    expect(keys(await list('demo-b'))).toEqual([made.b1!.key_id]);
  });
});

const snapshot = async (ids: number[]) => app.db.db.selectFrom('finished').selectAll().where('id', 'in', ids).orderBy('id').execute();
