import sharp from 'sharp';
import type { Insertable } from 'kysely';
import type { ProductTemplateTable } from '../../src/db/schema.js';
import type { TestApp } from '../helper.js';

/** Test rows for the export (docs/exports.md): product templates, blanks with prices, finished products with images. */

export const ownerIdOf = async (app: TestApp, username: string) =>
  Number((await app.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);

/** A product template row, as the template module would store it (that CRUD is built elsewhere). */
export async function insertTemplate(
  app: TestApp,
  username: string,
  fields: { store_id: number; kind: 'amazon' | 'simple' | 'walmart'; name: string } & Partial<Insertable<ProductTemplateTable>>,
): Promise<number> {
  const at = app.clock.now;
  const row = await app.db.db
    .insertInto('product_template')
    .values({
      owner_id: await ownerIdOf(app, username),
      format: fields.kind === 'simple' ? 6 : 3,
      created_at: at,
      updated_at: at,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

let blankSeq = 0;
/** A blank with one SKU per size at `cost` (the price a pricing template starts from); SKU ids by size. */
export async function insertBlank(app: TestApp, sizes: string[], cost: number): Promise<Map<string, number>> {
  const code = `blank-${++blankSeq}-${Math.floor(Math.random() * 1e9)}`;
  const p = await app.db.db
    .insertInto('product')
    .values({ code, cid: 1, name: code, thumb: '', spec: '{}', created_at: 1, updated_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out = new Map<string, number>();
  for (const size of sizes) {
    const s = await app.db.db
      .insertInto('product_sku')
      .values({ product_id: Number(p.id), color: 'White', color_code: '#FFFFFF', size, price: cost })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.set(size, Number(s.id));
  }
  return out;
}

/** A small JPEG stored as a mockup (a private blob); its /files URL as finished rows keep it. */
export async function storeMockup(app: TestApp, name: string, hex = '#336699'): Promise<string> {
  const data = await sharp({ create: { width: 40, height: 40, channels: 3, background: hex } })
    .jpeg()
    .toBuffer();
  const key = `mockups/test/${name}.jpg`;
  await app.storage.put(key, data);
  return app.storage.url(key);
}

export interface FixtureProduct {
  keySuffix: string;
  exportName: string;
  keyword?: string;
  colours: { color: string; code: string; images: string[] }[];
  sizes: string[];
  /** SKU ids of the blank by size (insertBlank). */
  skus: Map<string, number>;
  /** The price stored on each variant (pricing template 0). */
  price?: number;
}

/** A finished product with colours × sizes, its first variant the parent (as_parent 1). */
export async function insertExportProduct(app: TestApp, username: string, f: FixtureProduct): Promise<{ id: number; keyId: string }> {
  const db = app.db.db;
  const keyId = `FP${f.keySuffix}`;
  const row = await db
    .insertInto('finished')
    .values({
      owner_id: await ownerIdOf(app, username),
      key_id: keyId,
      task_id: `TS${f.keySuffix}`,
      product_id: 1,
      attr_id: 1,
      product_name: 'T-shirt',
      cid: 1,
      cate_name: 'C',
      export_name: f.exportName,
      keyword: f.keyword ?? '',
      extends: '{}',
      layerdata: '{}',
      design_hash: 'x',
      status: 'ready',
      createtime: 1,
      updated_at: 1,
      img_urls: JSON.stringify(f.colours[0]?.images ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  let first = true;
  for (const [ci, c] of f.colours.entries()) {
    const child = await db
      .insertInto('finished_child')
      .values({
        finished_id: id,
        key_id: `${keyId}-${ci}`,
        color: c.color,
        color_code: c.code,
        img_urls: JSON.stringify(c.images),
        sort: ci,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [si, size] of f.sizes.entries()) {
      await db
        .insertInto('finished_attr')
        .values({
          finished_id: id,
          child_id: Number(child.id),
          key_id: `${keyId}-${ci}-${si}`,
          sku_id: f.skus.get(size)!,
          size,
          export_name: '',
          keyword: '',
          price: f.price ?? 99,
          as_parent: first ? 1 : 0,
          sort: ci * 100 + si,
        })
        .execute();
      first = false;
    }
  }
  return { id, keyId };
}
