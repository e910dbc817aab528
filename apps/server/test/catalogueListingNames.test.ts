import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { importCatalogue } from '../src/modules/catalogue/import.js';
import { listingNameQueries } from '../src/modules/finished/index.js';
import { generateDemoCatalogue } from '../src/demo/catalogue/generate.js';
import { m0030_listing_name_marks } from '../src/db/migrations/0030_listing_name_marks.js';
import { insertExportProduct } from './support/exportFixtures.js';

/**
 * A catalogue re-import and the finished products' copies of the English colour and size names
 * (docs/finished.md#listing-names): the copies the seller did not rename take the catalogue's new names, the renamed
 * ones stay the seller's.
 */
let app: TestApp;
let folder: string;
let tshirt: number;
let seq = 0;
const deps = () => ({ db: app.db.db, storage: app.storage, now: () => app.clock.now, listingNames: listingNameQueries(app.db.db) });
const manifestPath = () => path.join(folder, 'products', 'tshirt', 'product.json');

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-names-'));
  await generateDemoCatalogue(folder, { size: 240, only: ['tshirt'] });
  app = await buildTestApp();
  const first = await importCatalogue(folder, deps());
  tshirt = first.products[0]!.id;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A product of demo's made from the T-shirt's white S and M, its copies of the names taken from the catalogue. */
async function madeFromTshirt() {
  const skus = await app.db.db
    .selectFrom('product_sku')
    .select(['id', 'color', 'color_code', 'size', 'color_en', 'color_family', 'size_en'])
    .where('product_id', '=', tshirt)
    .where('color', '=', '白色')
    .where('size', 'in', ['S', 'M'])
    .execute();
  const white = skus[0]!;
  const p = await insertExportProduct(app, 'demo', {
    keySuffix: String(6500 + ++seq),
    exportName: 'Names Tee',
    colours: [{ color: white.color, code: white.color_code, images: [] }],
    sizes: ['S', 'M'],
    skus: new Map(skus.map((s) => [s.size, s.id])),
  });
  await app.db.db
    .updateTable('finished_child')
    .set({ color_en: white.color_en, color_family: white.color_family })
    .where('finished_id', '=', p.id)
    .execute();
  for (const s of skus)
    await app.db.db
      .updateTable('finished_attr')
      .set({ size_en: s.size_en })
      .where('finished_id', '=', p.id)
      .where('sku_id', '=', s.id)
      .execute();
  return p;
}

const namesOf = async (id: number) => (await app.api(routes.finishedListingNames, { as: 'demo', query: { id } })).data;

function renameInCatalogue(colour: { en: string; family: string }, sizes: Record<string, string>) {
  const m = JSON.parse(fs.readFileSync(manifestPath(), 'utf8'));
  Object.assign(
    m.colors.find((c: { name: string }) => c.name === '白色'),
    colour,
  );
  m.sizeNames = { ...m.sizeNames, ...sizes };
  fs.writeFileSync(manifestPath(), JSON.stringify(m));
}

describe('a catalogue re-import', () => {
  it("renames the copies the seller did not rename, and keeps the seller's own", async () => {
    const kept = await madeFromTshirt();
    const renamed = await madeFromTshirt();
    expect((await namesOf(kept.id)).colors[0]).toMatchObject({ color: '白色', en: 'White', family: 'White' });
    const own = await app.api(routes.finishedSetListingNames, {
      as: 'demo',
      body: { id: renamed.id, colors: [{ color: '白色', en: 'Snow', family: 'White' }], sizes: [{ size: 'M', en: 'Medium Fit' }] },
    });
    expect(own.body.code, own.text).toBe(1);
    // Saving a name as it already is does not make it the seller's.
    const same = await app.api(routes.finishedSetListingNames, { as: 'demo', body: { id: kept.id, sizes: [{ size: 'S', en: 'S' }] } });
    expect(same.body.code, same.text).toBe(1);

    renameInCatalogue({ en: 'Bright White', family: 'Beige' }, { S: 'Small', M: 'Medium' });
    await importCatalogue(folder, deps());

    expect(await namesOf(kept.id)).toMatchObject({
      colors: [{ color: '白色', en: 'Bright White', family: 'Beige' }],
      sizes: [
        { size: 'S', en: 'Small' },
        { size: 'M', en: 'Medium' },
      ],
    });
    expect(await namesOf(renamed.id)).toMatchObject({
      colors: [{ color: '白色', en: 'Snow', family: 'White' }],
      sizes: [
        { size: 'S', en: 'Small' },
        { size: 'M', en: 'Medium Fit' },
      ],
    });
    // What goes out follows: the variant info (and so the files and the publish) names the new ones.
    const info = await app.api(routes.aliexpressVariantInfo, { as: 'demo', body: { exportProducts: [kept.id] } });
    expect(info.data.list[0]!.colorSizes.map((c) => [c.color_en, c.size_en])).toEqual([
      ['Bright White', 'Small'],
      ['Bright White', 'Medium'],
    ]);
  });

  it('a drawer opened before a re-import and saved after it makes only what the seller changed the seller’s', async () => {
    const p = await madeFromTshirt();
    const loaded = await namesOf(p.id);
    const [white] = loaded.colors;
    const small = loaded.sizes.find((s) => s.size === 'S')!;
    renameInCatalogue({ en: 'Ivory', family: 'White' }, { S: 'Petite' });
    await importCatalogue(folder, deps());
    // The seller changed the colour's family only; the size S row went with it unchanged.
    const saved = await app.api(routes.finishedSetListingNames, {
      as: 'demo',
      body: {
        id: p.id,
        colors: [{ color: '白色', en: white!.en, family: 'Grey', was_en: white!.en, was_family: white!.family }],
        sizes: [{ size: 'S', en: small.en, was_en: small.en }],
      },
    });
    expect(saved.body.code, saved.text).toBe(1);
    expect(await namesOf(p.id)).toMatchObject({ colors: [{ en: 'Ivory', family: 'Grey' }], sizes: [{ size: 'S', en: 'Petite' }, {}] });
    // The next re-import: the size was not the seller's and follows; the colour, renamed by the seller, stays.
    renameInCatalogue({ en: 'Cream', family: 'White' }, { S: 'Tiny' });
    await importCatalogue(folder, deps());
    expect(await namesOf(p.id)).toMatchObject({ colors: [{ en: 'Ivory', family: 'Grey' }], sizes: [{ size: 'S', en: 'Tiny' }, {}] });
  });

  it("the migration's marks: a copy that differs from its blank is the seller's, one equal or never named follows", async () => {
    const same = await madeFromTshirt();
    const differs = await madeFromTshirt();
    const unnamed = await madeFromTshirt();
    const db = app.db.db;
    await db.updateTable('finished_child').set({ color_en: 'Chalk' }).where('finished_id', '=', differs.id).execute();
    await db.updateTable('finished_attr').set({ size_en: '' }).where('finished_id', '=', unnamed.id).execute();
    // Run the marks' backfill again over these rows as a database made before it would hold them.
    await db.schema.alterTable('finished_attr').dropColumn('size_en_own').execute();
    await db.schema.alterTable('finished_child').dropColumn('color_en_own').execute();
    await m0030_listing_name_marks(app.db.dialect).up(db as never);
    const marks = async (id: number) => ({
      colour: (await db.selectFrom('finished_child').select('color_en_own').where('finished_id', '=', id).executeTakeFirstOrThrow())
        .color_en_own,
      sizes: (await db.selectFrom('finished_attr').select('size_en_own').where('finished_id', '=', id).execute()).map((r) => r.size_en_own),
    });
    expect(await marks(same.id)).toEqual({ colour: 0, sizes: [0, 0] });
    expect(await marks(differs.id)).toEqual({ colour: 1, sizes: [0, 0] });
    expect(await marks(unnamed.id)).toEqual({ colour: 0, sizes: [0, 0] });
  });
});
