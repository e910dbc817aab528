import fs from 'node:fs';
import os from 'node:os';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { routes } from '@app/contract';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { bulkInsertFinished } from '../src/demo/bulkFinished.js';
import { rebuildTally } from '../src/db/tally.js';
import { PreparedBody } from '../src/http/route.js';
import { buildTestApp, TEST_DB, type TestApp } from './helper.js';
import { frontDesign } from '@app/design/fixtures';
import { storeSolidImage } from './support/composeFixture.js';

/**
 * The list at scale (docs/finished.md#scale): the totals come from tallies kept by triggers, deep pages skip through
 * them, the material-name search goes through its gram index. Every answer must equal what a plain
 * reading of the rows gives, after a bulk load and after the edits a seller makes (which the reading
 * threads see at once).
 */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-scale-cat-'));
let app: TestApp;
const ids: Record<string, number> = {};
/** Groups per account: a top group and its child. */
const groups: Record<string, { top: number; sub: number }> = {};
let cid = 0;

type Plain = {
  id: number;
  owner_id: number;
  cid: number;
  group_id: number;
  product_id: number;
  combine_rule_type: number;
  createtime: number;
  combined_into: number | null;
  is_online: number;
  material_img_name: string;
  task_id: string;
};

/** The list as a plain reading of every row: filter in JavaScript, newest first. */
async function expected(as: string, filter: (r: Plain) => boolean) {
  const rows = (await app.db.db
    .selectFrom('finished')
    .select(['id', 'owner_id', 'cid', 'group_id', 'product_id', 'combine_rule_type', 'createtime', 'combined_into', 'is_online'])
    .select(['material_img_name', 'task_id'])
    .where('owner_id', 'in', as === 'demo' ? Object.values(ids) : [ids[as]!])
    .execute()) as Plain[];
  return rows
    .filter((r) => r.combined_into === null && r.is_online === 0 && filter(r))
    .sort((a, b) => b.createtime - a.createtime || b.id - a.id)
    .map((r) => r.id);
}

async function list(as: string, query: Record<string, string | number>) {
  const res = await app.api(routes.finishedList, { as, query: { pageSize: 200, ...query } });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
}

/** Checks the total and one page of a query against the plain reading. */
async function agrees(as: string, query: Record<string, string | number>, filter: (r: Plain) => boolean, pageNumber = 1) {
  const want = await expected(as, filter);
  const got = await list(as, { ...query, pageNumber });
  expect(got.count, JSON.stringify(query)).toBe(want.length);
  expect(
    got.list.map((r) => r.id),
    JSON.stringify(query),
  ).toEqual(want.slice((pageNumber - 1) * 200, pageNumber * 200));
  return want.length;
}

const DAY = 86400;
let now = 0;

/** Every single filter the tallies and the name index answer, each checked against the plain reading. */
async function everyFilterAgrees(as: string) {
  const g = groups[as]!;
  expect(await agrees(as, {}, () => true)).toBeGreaterThan(1000);
  await agrees(as, { userids: '0' }, (r) => r.owner_id === ids[as]);
  await agrees(as, { cid }, (r) => r.cid === cid);
  await agrees(as, { group_id: g.top }, (r) => r.group_id === g.top || r.group_id === g.sub);
  await agrees(as, { group_id: g.sub }, (r) => r.group_id === g.sub);
  await agrees(as, { group_id: 0 }, (r) => r.group_id === 0);
  await agrees(as, { combine_rule_type: 1 }, (r) => r.combine_rule_type === 1);
  await agrees(as, { combine_rule_type: 3 }, (r) => r.combine_rule_type === 3);
  // Ranges that start and end inside days, whole days, open on one side.
  const start = now - 40 * DAY - 5000;
  const end = now - 10 * DAY + 777;
  await agrees(as, { start_time: start, end_time: end }, (r) => r.createtime >= start && r.createtime <= end);
  const dayStart = Math.floor(now / DAY - 30) * DAY;
  await agrees(
    as,
    { start_time: dayStart, end_time: dayStart + DAY - 1 },
    (r) => r.createtime >= dayStart && r.createtime < dayStart + DAY,
  );
  await agrees(as, { start_time: start }, (r) => r.createtime >= start);
  await agrees(as, { end_time: end }, (r) => r.createtime <= end);
  await agrees(as, { start_time: now - 100, end_time: now - 50 }, (r) => r.createtime >= now - 100 && r.createtime <= now - 50);
  // Contains-search on the material name: one character, a two-character word, longer, any case.
  // Broad ones ('-', 'i', 'e': a large share of the rows) are walked in time order with SQLite's own lower().
  for (const text of ['卫衣', '猫', '猫咪卫衣', 'cat', 'CAT', 'Retro', 'retrostar', '-1', '衣-', '咪卫衣图', '不存在', '-', 'i', 'E', 'İ'])
    await agrees(as, { material_img_name: text }, (r) => r.material_img_name.toLowerCase().includes(text.toLowerCase()));
  await agrees(as, { material_img_name: '卫衣', cid }, (r) => r.cid === cid && r.material_img_name.includes('卫衣'));
  // Deep pages: past the tally's skip threshold, and the last page.
  const all = await agrees(as, {}, () => true, 30);
  await agrees(as, {}, () => true, Math.ceil(all / 200));
  await agrees(as, { group_id: 0 }, (r) => r.group_id === 0, 9);
}

/** What the triggers kept equals a fresh count of the rows. */
async function talliesAreExact() {
  const db = app.db.db as unknown as Kysely<Record<string, { n: number }>>;
  const read = async () => {
    const out: Record<string, string[]> = {};
    for (const t of ['finished_tally', 'finished_tally_total', 'finished_tally_owner_day', 'finished_name_tally', 'finished_gram_tally'])
      out[t] = (await db.selectFrom(t).selectAll().where('n', '>', 0).execute()).map((r) => JSON.stringify(r)).sort();
    return out;
  };
  const kept = await read();
  await rebuildTally(app.db.db as unknown as Kysely<unknown>, app.db.dialect);
  expect(kept).toEqual(await read());
}

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 200 });
  // The list is read as the server reads it: on SQLite, on threads of their own (listReader.ts).
  app = await buildTestApp({ composeThreads: 1, readThreads: 2 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  const product = await app.db.db.selectFrom('product').select(['id', 'cid']).where('code', '=', 'tshirt').executeTakeFirstOrThrow();
  cid = product.cid;
  const sku = await app.db.db.selectFrom('product_sku').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow();
  const art = await storeSolidImage(app.storage, 'catalogue/test-red.png', '#dc2626', 200, 200);
  const made = await app.api(routes.synthesisCreate, {
    as: 'demo-a',
    body: { product_id: product.id, attr_id: sku.id, extends: frontDesign(art, 'scale', 1) },
  });
  expect(made.body.code, made.text).toBe(1);
  await app.queue.drain();
  for (const username of ['demo', 'demo-a', 'demo-b']) {
    ids[username] = (await app.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const top = await app.db.db
      .insertInto('finished_group')
      .values({ owner_id: ids[username]!, name: '系列', created_at: app.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await app.db.db
      .insertInto('finished_group')
      .values({ owner_id: ids[username]!, pid: top.id, name: '子系列', created_at: app.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    groups[username] = { top: top.id, sub: sub.id };
  }
  now = Math.floor(app.clock.now / 1000);
  await bulkInsertFinished(app.db.db, {
    count: 7500,
    dialect: app.db.dialect,
    ownerIds: ['demo', 'demo-a', 'demo-b'].map((u) => ids[u]!),
    groupIds: new Map(Object.keys(ids).map((u) => [ids[u]!, [groups[u]!.top, groups[u]!.sub]])),
    now,
  });
}, 180_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('the list at scale: tallies, deep pages and the material-name index', () => {
  it('answers every filter, range and deep page exactly as the rows do after a bulk load', async () => {
    await everyFilterAgrees('demo');
    await everyFilterAgrees('demo-a');
    await talliesAreExact();
  }, 120_000);

  it("answers the phone's view (view=mobile) from the reading threads: the desktop's rows with colours, sizes and the blank", async () => {
    const query = { pageSize: 20, group_id: groups['demo-a']!.top } as const;
    const desk = await app.api(routes.finishedList, { as: 'demo', query });
    const phone = await app.api(routes.finishedList, { as: 'demo', query: { ...query, view: 'mobile' } });
    expect(phone.data.count).toBe(desk.data.count);
    expect(phone.data.list.map((r) => r.id)).toEqual(desk.data.list.map((r) => r.id));
    for (const [i, r] of phone.data.list.entries()) {
      expect(r).toMatchObject(desk.data.list[i]!);
      expect(r.blank_design_url).toMatch(/^\//);
      expect(r.colors!.length).toBe(r.colorCodes!.length);
    }
  });

  it('answers many lists at once, more than the reading threads have shared slots for, each its own page', async () => {
    const queries: Record<string, string | number>[] = [{}, { cid }, { material_img_name: '卫衣' }, { group_id: 0 }, { pageNumber: 3 }];
    const alone = await Promise.all(queries.map((q) => list('demo', q)));
    // 40 at once: the 16 slots run out, so some pages come back the other way; every one must be right.
    const together = await Promise.all(Array.from({ length: 40 }, (_, i) => list('demo', queries[i % queries.length]!)));
    together.forEach((page, i) => expect(page).toEqual(alone[i % queries.length]));
    // The slots were all given back.
    expect(app.lists.slotsInUse()).toBe(0);
    expect(await list('demo', {})).toEqual(alone[0]);
  });

  it('stays exact through deletes, combinations, filing, renames and new products', async () => {
    const as = 'demo-b';
    const page = (await list(as, { material_img_name: '卫衣' })).list.map((r) => r.id);
    expect(page.length).toBeGreaterThan(10);
    expect((await app.api(routes.finishedDel, { as, body: { ids: page.slice(0, 3).join(',') } })).body.code).toBe(1);
    const combo = await app.api(routes.setGroup, { as, body: { ids: page.slice(3, 6).join(',') } });
    expect(combo.body.code, combo.text).toBe(1);
    const filed = await app.api(routes.joinToGroup, { as, body: { ids: page.slice(6, 9).join(','), group_id: groups[as]!.sub } });
    expect(filed.body.code, filed.text).toBe(1);
    // A new material name (a word the index has not seen) through the batch edit.
    const edit = await app.api(routes.mutiUpdateFinishedPage, { as, query: { ids: String(page[9]) } });
    const attrs = edit.data.list[0]!.attrs;
    const saved = await app.api(routes.mutiUpdateFinishedSave, {
      as,
      body: {
        list: attrs.map((a) => ({ id: a.id, material_img_name: 'Zebra斑马卫衣' })),
      },
    });
    expect(saved.body.code, saved.text).toBe(1);
    // A name whose lower case only JavaScript knows: 'İ' lowers to 'i' and a dot, so a search for i finds it.
    const turkish = await app.api(routes.mutiUpdateFinishedPage, { as, query: { ids: String(page[10]) } });
    const turkishAttrs = turkish.data.list[0]!.attrs;
    await app.api(routes.mutiUpdateFinishedSave, {
      as,
      body: { list: turkishAttrs.map((a) => ({ id: a.id, material_img_name: 'İSTANBUL' })) },
    });
    await agrees('demo', { material_img_name: 'i' }, (r) => r.material_img_name.toLowerCase().includes('i'));
    expect((await list('demo', { material_img_name: 'i' })).list.map((r) => r.id)).toContain(page[10]);
    expect((await list(as, { material_img_name: '斑马' })).list.map((r) => r.id)).toEqual([page[9]]);
    expect((await list(as, { material_img_name: 'zebra' })).count).toBe(1);
    // Cancelling the combination returns its childs to the list.
    const cancelled = await app.api(routes.cancelGroup, { as, body: { ids: String(combo.data.id) } });
    expect(cancelled.body.code, cancelled.text).toBe(1);
    await everyFilterAgrees(as);
    await talliesAreExact();
  }, 120_000);
});

// The reading threads and their shared slots exist on SQLite only (PostgreSQL reads off the event loop).
if (TEST_DB === 'sqlite')
  describe('the reading threads', () => {
    it('gives a slot back when the seller leaves while the page is being read', async () => {
      // Over real HTTP (closed with the app): a request the browser cancels closes its socket.
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as AddressInfo;
      const login = await app.call({ method: 'POST', url: '/api/user/login', payload: { username: 'demo', password: 'demo1234' } });
      const token = login.cookies.find((c) => c.name === 'token')!.value;
      for (let i = 0; i < 5; i++) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(`GET /api/finished/getlist?pageSize=200&pageNumber=${i + 1} HTTP/1.1\r\nHost: x\r\nCookie: token=${token}\r\n\r\n`);
        // The page is being read on a thread (its slot taken) when the seller goes.
        await expect.poll(() => app.lists.slotsInUse(), { interval: 0, timeout: 20_000 }).toBe(1);
        socket.destroy();
        await expect.poll(() => app.lists.slotsInUse(), { timeout: 20_000 }).toBe(0);
      }
    });

    it('leaves unread the lists whose sellers left while they waited for a thread, and reads the rest', async () => {
      const caller = await app.accounts.resolver.resolveAccount(ids.demo!);
      if (!caller || caller === 'disabled') throw new Error('no demo caller');
      const query = (pageNumber: number) => routes.finishedList.query.parse({ pageSize: 200, pageNumber });
      const alone = await app.lists.list(caller, query(2), 'zh');
      const unreadBefore = app.lists.unreadForGone();
      // 30 lists at once, more than the threads read together; the sellers of 20 of them leave at once.
      const asked = Array.from({ length: 30 }, (_, i) => {
        const leaving = new AbortController();
        return { leaving, page: app.lists.list(caller, query(i < 10 ? 2 : 3), 'zh', leaving.signal) };
      });
      asked.slice(10).forEach((a) => a.leaving.abort());
      const pages = await Promise.all(asked.map((a) => a.page));
      expect(app.lists.unreadForGone() - unreadBefore).toBe(20);
      // A page comes back as a body in a shared slot (given back here, as a sent response does) or as rows.
      const text = (p: unknown) => {
        if (!(p instanceof PreparedBody)) return JSON.stringify(p);
        const body = Buffer.from(p.bytes).toString();
        p.release();
        return body;
      };
      const want = text(alone);
      expect(want).toContain('"count":');
      pages.slice(0, 10).forEach((p) => expect(text(p)).toBe(want));
      pages.slice(10).forEach((p) => expect(p).toEqual({ count: 0, list: [] }));
      expect(app.lists.slotsInUse()).toBe(0);
    });
  });
