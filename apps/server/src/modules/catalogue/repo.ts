import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsText } from '../../db/text.js';

/** Catalogue queries (categories, products, SKUs); no rules. The catalogue is shared, not owned. */
export function createCatalogueRepo(db: Kysely<Database>) {
  const productColumns = [
    'product.id',
    'product.code',
    'product.name',
    'product.cid',
    'category.name as cate_name',
    'product.tag',
    'product.level',
    'product.thumb',
    'product.min_price',
    'product.spec',
  ] as const;

  return {
    categories: () => db.selectFrom('category').select(['id', 'pid', 'name']).orderBy('sort').orderBy('id').execute(),

    product: (id: number) =>
      db
        .selectFrom('product')
        .innerJoin('category', 'category.id', 'product.cid')
        .select(productColumns)
        .where('product.id', '=', id)
        .executeTakeFirst(),

    skus: (productId: number) =>
      db
        .selectFrom('product_sku')
        .select(['id', 'color', 'color_code', 'size', 'price'])
        .where('product_id', '=', productId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** One page of products matching the filters, and how many match in all. */
    async search(f: { name?: string; cids?: number[]; tag?: number; level?: number; limit: number; offset: number }) {
      let q = db.selectFrom('product').innerJoin('category', 'category.id', 'product.cid');
      if (f.name) {
        q = q.where(containsText('product.name', f.name));
      }
      if (f.cids) q = q.where('product.cid', 'in', f.cids.length ? f.cids : [-1]);
      if (f.tag !== undefined) q = q.where('product.tag', '=', f.tag);
      if (f.level !== undefined) q = q.where('product.level', '=', f.level);
      const [count, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q.select(productColumns).orderBy('product.sort').orderBy('product.id').limit(f.limit).offset(f.offset).execute(),
      ]);
      return { total: count.n, rows };
    },
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogueRepo['product']>>>;
