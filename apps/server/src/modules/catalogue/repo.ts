import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/schema.js';
import { containsText } from '../../db/text.js';

/** A category as the import writes it: its parent named by code. */
export interface ImportedCategory {
  code: string;
  name: string;
  parent: string | null;
  sort: number;
}
/** A SKU as the import writes it. */
export interface ImportedSku {
  color: string;
  color_code: string;
  size: string;
  color_en: string;
  color_family: string;
  size_en: string;
  price: number;
  sort: number;
}

/** Catalogue queries (categories, products, SKUs); no rules. The catalogue is shared, not owned. */
export function createCatalogueRepo(db: Kysely<Database>) {
  const productColumns = [
    'product.id',
    'product.code',
    'product.name',
    'product.name_en',
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
        .select(['id', 'color', 'color_code', 'size', 'price', 'color_en', 'color_family', 'size_en'])
        .where('product_id', '=', productId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** The names of these products, by id (the cart's blanks). */
    async productNames(productIds: number[]): Promise<Map<number, string>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Grams of one unit of these blanks, packed, by id (an order's shipping weight, docs/orders.md#shipping). */
    async blankWeights(productIds: number[]): Promise<Map<number, number>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('product').select(['id', 'weight_g']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.weight_g]));
    },

    /** The colour, size and price of these SKUs, by id (the cart's blanks). */
    async skusById(skuIds: number[]): Promise<Map<number, { color: string; size: string; price: number }>> {
      const ids = [...new Set(skuIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('product_sku').select(['id', 'color', 'size', 'price']).where('id', 'in', ids).execute();
      return new Map(rows.map(({ id, ...sku }) => [id, sku]));
    },

    /** The English name and catalogue image of these blanks, by id (listing titles, the publish tab's preview). */
    async blanksById(productIds: number[]): Promise<Map<number, { name_en: string; thumb: string }>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('product').select(['id', 'name_en', 'thumb']).where('id', 'in', ids).execute();
      return new Map(rows.map(({ id, ...blank }) => [id, blank]));
    },

    /**
     * The blank price of each of these SKUs and its product's category with every category above it (leaf
     * first), by id: what a price rule's conditions look at (docs/listing-tools.md#price-rules).
     */
    async skuPricing(skuIds: number[]): Promise<Map<number, { price: number; categoryIds: number[] }>> {
      const ids = [...new Set(skuIds)];
      if (ids.length === 0) return new Map();
      const [rows, cats] = await Promise.all([
        db
          .selectFrom('product_sku')
          .innerJoin('product', 'product.id', 'product_sku.product_id')
          .select(['product_sku.id', 'product_sku.price', 'product.cid'])
          .where('product_sku.id', 'in', ids)
          .execute(),
        db.selectFrom('category').select(['id', 'pid']).execute(),
      ]);
      const parent = new Map(cats.map((c) => [c.id, c.pid]));
      const paths = new Map<number, number[]>();
      const pathOf = (cid: number) => {
        let path = paths.get(cid);
        if (!path) {
          path = [];
          // The tree is four levels deep; the bound guards a loop in imported data.
          for (let at: number | undefined = cid; at && path.length < 10; at = parent.get(at)) path.push(at);
          paths.set(cid, path);
        }
        return path;
      };
      return new Map(rows.map((r) => [r.id, { price: r.price, categoryIds: pathOf(r.cid) }]));
    },

    /**
     * One page of products matching the filters, and how many match in all: in catalogue order, or `newest`
     * first (the navigation's lists, docs/domain.md#catalogue-codes).
     */
    async search(f: {
      name?: string;
      cids?: number[];
      tag?: number;
      level?: number;
      order?: 'catalogue' | 'newest';
      limit: number;
      offset: number;
    }) {
      let q = db.selectFrom('product').innerJoin('category', 'category.id', 'product.cid');
      if (f.name) {
        q = q.where(containsText('product.name', f.name));
      }
      if (f.cids) q = q.where('product.cid', 'in', f.cids.length ? f.cids : [-1]);
      if (f.tag !== undefined) q = q.where('product.tag', '=', f.tag);
      if (f.level !== undefined) q = q.where('product.level', '=', f.level);
      const page = q.select(productColumns);
      const ordered =
        f.order === 'newest'
          ? page.orderBy('product.created_at', 'desc').orderBy('product.id', 'desc')
          : page.orderBy('product.sort').orderBy('product.id');
      const [count, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ordered.limit(f.limit).offset(f.offset).execute(),
      ]);
      return { total: count.n, rows };
    },

    /**
     * How many products need each level, as search counts them (a product in a category): what the membership
     * plans say each level unlocks (docs/membership.md#plans).
     */
    async levelCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('product')
        .innerJoin('category', 'category.id', 'product.cid')
        .select((eb) => ['product.level', eb.fn.countAll<number>().as('n')])
        .groupBy('product.level')
        .execute();
      return new Map(rows.map((r) => [Number(r.level), Number(r.n)]));
    },

    /** Whether a product is in an account's personal product library (docs/mobile.md#the-personal-product-library). */
    async isFavorite(accountId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('product_favorite')
        .select('product_id')
        .where('account_id', '=', accountId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of these products are in an account's library: one query for a page of the search. */
    async favoriteIds(accountId: number, productIds: readonly number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('product_favorite')
        .select('product_id')
        .where('account_id', '=', accountId)
        .where('product_id', 'in', productIds)
        .execute();
      return new Set(rows.map((r) => r.product_id));
    },

    /** Saves a product to an account's library; one already there keeps its row and the time it was first saved. */
    async addFavorite(accountId: number, productId: number, at: number): Promise<void> {
      await db
        .insertInto('product_favorite')
        .values({ account_id: accountId, product_id: productId, created_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'product_id']).doNothing())
        .execute();
    },

    /** Takes a product out of an account's library; one not in it changes nothing. */
    async removeFavorite(accountId: number, productId: number): Promise<void> {
      await db.deleteFrom('product_favorite').where('account_id', '=', accountId).where('product_id', '=', productId).execute();
    },

    /** One page of an account's library, last saved first, each product as search lists it with when it was saved. */
    async favorites(accountId: number, limit: number, offset: number) {
      const q = db
        .selectFrom('product_favorite')
        .innerJoin('product', 'product.id', 'product_favorite.product_id')
        .innerJoin('category', 'category.id', 'product.cid')
        .where('product_favorite.account_id', '=', accountId);
      const [count, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q
          .select([...productColumns, 'product_favorite.created_at as favorited_at'])
          .orderBy('product_favorite.created_at', 'desc')
          .orderBy('product_favorite.product_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { total: count.n, rows };
    },

    /**
     * The import's categories, parents first, matched by code (docs/catalogue-format.md): updated or created
     * in one transaction; `counted` hears of each (true: created). Answers each code's id.
     */
    upsertCategories: (categories: readonly ImportedCategory[], counted: (created: boolean) => void) =>
      db.transaction().execute(async (trx) => {
        const ids = new Map<string, number>();
        for (const c of categories) {
          const pid = c.parent ? ids.get(c.parent)! : 0;
          const found = await trx.selectFrom('category').select('id').where('code', '=', c.code).executeTakeFirst();
          if (found) {
            await trx.updateTable('category').set({ name: c.name, pid, sort: c.sort }).where('id', '=', found.id).execute();
            ids.set(c.code, found.id);
            counted(false);
          } else {
            const row = await trx
              .insertInto('category')
              .values({ code: c.code, name: c.name, pid, sort: c.sort })
              .returning('id')
              .executeTakeFirstOrThrow();
            ids.set(c.code, row.id);
            counted(true);
          }
        }
        return ids;
      }),

    /**
     * One imported product and its SKUs in one transaction, matched by code: a SKU (colour × size) still
     * offered keeps its id, so attr_ids held by designs, carts and finished products stay valid.
     */
    upsertProduct: (code: string, row: Omit<Insertable<ProductTable>, 'code' | 'created_at'>, skus: ImportedSku[], at: number) =>
      db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('product').select('id').where('code', '=', code).executeTakeFirst();
        let id: number;
        if (found) {
          id = found.id;
          await trx.updateTable('product').set(row).where('id', '=', id).execute();
        } else {
          const inserted = await trx
            .insertInto('product')
            .values({ ...row, code, created_at: at })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = inserted.id;
        }
        const existing = await trx.selectFrom('product_sku').select(['id', 'color', 'size']).where('product_id', '=', id).execute();
        const byKey = new Map(existing.map((s) => [`${s.color}\u0000${s.size}`, s.id]));
        const counts = { kept: 0, added: 0, removed: 0 };
        for (const s of skus) {
          const skuId = byKey.get(`${s.color}\u0000${s.size}`);
          if (skuId !== undefined) {
            await trx
              .updateTable('product_sku')
              .set({
                color_code: s.color_code,
                color_en: s.color_en,
                color_family: s.color_family,
                size_en: s.size_en,
                price: s.price,
                sort: s.sort,
              })
              .where('id', '=', skuId)
              .execute();
            byKey.delete(`${s.color}\u0000${s.size}`);
            counts.kept++;
          } else {
            await trx
              .insertInto('product_sku')
              .values({ ...s, product_id: id })
              .execute();
            counts.added++;
          }
        }
        // What the manifest no longer offers cannot be designed or ordered; finished products made from it
        // keep their own copies of colour, size and images.
        const gone = [...byKey.values()];
        if (gone.length) await trx.deleteFrom('product_sku').where('id', 'in', gone).execute();
        counts.removed = gone.length;
        return { id, created: !found, skus: counts };
      }),
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogueRepo['product']>>>;
