import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDemoCatalogue } from '../../src/demo/catalogue/generate.js';
import { importCatalogue } from '../../src/modules/catalogue/import.js';
import type { TestApp } from '../helper.js';

/**
 * Generates the demo T-shirt small (`size` px pictures) into a temporary folder, imports it into the test
 * app with the catalogue importer, and gives its product id and first SKU: what most suites design on.
 */
export async function importTestTshirt(app: TestApp, size = 300): Promise<{ productId: number; attrId: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-tshirt-'));
  try {
    await generateDemoCatalogue(dir, { only: ['tshirt'], size });
    await importCatalogue(dir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const productId = (await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  const attrId = (
    await app.db.db.selectFrom('product_sku').select('id').where('product_id', '=', productId).orderBy('sort').executeTakeFirstOrThrow()
  ).id;
  return { productId, attrId };
}

/**
 * A finished row of `username`'s, filed in a group (0: none), inserted as it is (its images do not matter
 * where this is used); its finished number is `FP<keySuffix>`, a random one unless given.
 */
export async function insertFinishedInGroup(app: TestApp, username: string, groupId: number, keySuffix?: string): Promise<number> {
  const owner = await app.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const n = keySuffix ?? `TEST${Math.floor(Math.random() * 1e9)}`;
  const row = await app.db.db
    .insertInto('finished')
    .values({
      owner_id: owner.id,
      key_id: `FP${n}`,
      task_id: `TS${n}`,
      product_id: 1,
      attr_id: 1,
      product_name: 'T',
      cid: 1,
      cate_name: 'C',
      extends: '{}',
      layerdata: '{}',
      design_hash: 'x',
      status: 'ready',
      createtime: 1,
      updated_at: 1,
      group_id: groupId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows a table holds (every account's): what a refused call must leave as it was. */
export async function rowCount(app: TestApp, table: 'material' | 'finished' | 'store'): Promise<number> {
  return Number(
    (
      await app.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
