import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import type { CartService } from '../src/modules/cart/service.js';
import type { ListReader } from '../src/modules/finished/list/listReader.js';
import { createFinishedRepo } from '../src/modules/finished/repo.js';
import { createListingShopRepo, createSkuBindingRepo } from '../src/modules/variants/index.js';
import { createFinishedService } from '../src/modules/finished/service.js';
import type { Caller } from '../src/http/auth.js';
import { buildTestApp, type TestApp } from './helper.js';

/** The batch edit page (mutiUpdateFinishedPage) reads its rows' variants at once, not row by row. */
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-batch-edit-cat-'));
let app: TestApp;
let caller: Caller;
/** Six products of demo-a; the last two combined. */
const ids: number[] = [];
let comboId: number;
let queries = 0;
let service: ReturnType<typeof createFinishedService>;

beforeAll(async () => {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 300 });
  app = await buildTestApp({ composeThreads: 1 });
  await importCatalogue(catalogueDir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  const productId = (await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  const product = (await app.catalogue.product(productId))!;
  const account = await app.db.db.selectFrom('account').selectAll().where('username', '=', 'demo-a').executeTakeFirstOrThrow();
  caller = {
    id: account.id,
    username: account.username,
    nickname: account.nickname,
    level: account.level,
    parentId: account.parent_id,
    officeId: account.office_id,
    scope: { accountIds: [account.id] },
  };

  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const repo = createFinishedRepo(app.db.db.withPlugin(counting), app.db.dialect, [createSkuBindingRepo, createListingShopRepo]);
  service = createFinishedService({
    repo,
    groups: app.groups.lookup,
    // The batch edit page neither adds to a cart nor lists.
    cart: {} as CartService,
    lists: {} as ListReader,
    publicImages: { withdrawProductImages: () => Promise.resolve(0) },
    accounts: app.accountRepo,
    url: (key) => app.storage.url(key),
    now: () => app.clock.now,
  });
  for (let i = 0; i < 6; i++) {
    const row = await repo.create({
      ownerId: caller.id,
      product,
      parentSkuId: product.skus[i % product.skus.length]!.id,
      extends: `{"version":1,"areas":[],"n":${i}}`,
      layerdata: '',
      sourceIds: '',
      now: app.clock.now,
    });
    // Combining asks for composed images; these rows are never composed.
    await repo.updateRows([row.id], { img_urls: '["/files/x.jpg"]', thumb: `/files/${i}.jpg` });
    ids.push(row.id);
  }
  comboId = (await service.combine(caller, ids.slice(4))).id;
}, 120_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('batch edit page', () => {
  it('reads as many queries for many rows as for one', async () => {
    queries = 0;
    await service.batchEditPage(caller, [ids[0]!]);
    const forOne = queries;
    queries = 0;
    await service.batchEditPage(caller, [...ids.slice(0, 4), comboId]);
    expect(queries).toBe(forOne);
  });

  it('gives each row the variants it gives that row alone, a combination its childs’ and a child its own', async () => {
    const chosen = [ids[3]!, comboId, ids[0]!, ids[4]!, ids[1]!];
    const together = (await service.batchEditPage(caller, chosen)).list;
    expect(together.map((r) => r.id)).toEqual(chosen);
    for (const [i, id] of chosen.entries()) {
      const alone = (await service.batchEditPage(caller, [id])).list[0]!;
      expect(together[i]).toEqual(alone);
    }
    const combo = together[1]!;
    expect(new Set(combo.attrs.map((a) => a.finished_id))).toEqual(new Set(ids.slice(4)));
    expect(together[3]!.attrs.every((a) => a.finished_id === ids[4])).toBe(true);
    expect(together[0]!.attrs.length).toBeGreaterThan(1);
  });
});
