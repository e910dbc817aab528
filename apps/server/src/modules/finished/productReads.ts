import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/**
 * What other modules read of the finished products (docs/domain.md#table-owners): the export (exports/),
 * publishing's variant info and SKU bindings (variants/), publish's checks (publish/) and the downloads (downloads/). Each read is one query for a batch
 * of ids, so an export of many products reads page by page, never product by product. A size's blank price
 * is the catalogue's to answer (CatalogueRepo.skuPricing): these reads give the size's sku_id.
 */
export function productReads(db: Kysely<Database>) {
  return {
    /** The scope's finished products among these ids (combinations say so by child_count). */
    productsInScope: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('finished')
        .select(['id', 'key_id', 'thumb', 'child_count', 'status'])
        .where(ownedBy(scope, 'owner_id'))
        .where('id', 'in', ids)
        .execute(),

    /** The childs of these combinations, each combination's in its order. */
    childIdsOf: async (comboIds: number[]) =>
      (
        await db
          .selectFrom('finished')
          .select(['id', 'combined_into', 'combo_sort'])
          .where('combined_into', 'in', comboIds)
          .orderBy('combined_into')
          .orderBy('combo_sort')
          .orderBy('id')
          .execute()
      ).map((c) => ({ id: c.id, combo: c.combined_into!, sort: c.combo_sort })),

    /** What a title template reads of these products (docs/listing-tools.md#titles): names, material, category. */
    titleFieldsOf: (ids: number[]) =>
      db
        .selectFrom('finished')
        .select(['id', 'product_name', 'export_name', 'material_img_name', 'cate_name', 'color', 'size', 'keyword'])
        .where('id', 'in', ids)
        .execute(),

    /** How many size variants these products have. */
    variantCount: async (ids: number[]) =>
      (
        await db
          .selectFrom('finished_attr')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('finished_id', 'in', ids)
          .executeTakeFirstOrThrow()
      ).n,

    /**
     * One page of an export: the products with their colours and sizes, each in the order the screens show them. A
     * combination among `ids` brings its childs (`combined_into`, `combo_sort`): it is one family in the file.
     */
    async exportPage(entries: number[]) {
      const products = await db
        .selectFrom('finished')
        .select([
          'id',
          'key_id',
          'product_id',
          'product_name',
          'export_name',
          'keyword',
          'material_img_name',
          'status',
          'cate_name',
          'combined_into',
          'combo_sort',
        ])
        .where((eb) => eb.or([eb('id', 'in', entries), eb('combined_into', 'in', entries)]))
        .execute();
      const ids = products.map((p) => p.id);
      if (ids.length === 0) return { products, colours: [], sizes: [] };
      const [colours, sizes] = await Promise.all([
        db
          .selectFrom('finished_child')
          .select(['id', 'finished_id', 'color', 'color_code', 'color_en', 'color_family', 'img_urls', 'sort'])
          .where('finished_id', 'in', ids)
          .orderBy('finished_id')
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('finished_attr')
          .select([
            'id',
            'key_id',
            'finished_id',
            'child_id',
            'sku_id',
            'size',
            'size_en',
            'export_name',
            'keyword',
            'price',
            'as_parent',
            'img_urls',
          ])
          .where('finished_id', 'in', ids)
          .orderBy('finished_id')
          .orderBy('sort')
          .orderBy('id')
          .execute(),
      ]);
      return { products, colours, sizes };
    },

    /** The scope's finished rows among `ids`, and the childs of the combinations among them (one query). */
    withCombinationChilds: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('finished')
        .select([
          'id',
          'key_id',
          'owner_id',
          'product_id',
          'product_name',
          'export_name',
          'img_urls',
          'thumb',
          'child_count',
          'combined_into',
          'combo_sort',
        ])
        .where(ownedBy(scope, 'owner_id'))
        .where((eb) => eb.or([eb('id', 'in', ids), eb('combined_into', 'in', ids)]))
        .execute(),

    /** The size variants of these products with their colours, in the order the screens show them (a listing's SKUs). */
    variantsForListing: (finishedIds: number[]) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
        .select([
          'finished_attr.id',
          'finished_attr.key_id',
          'finished_attr.finished_id',
          'finished_attr.sku_id',
          'finished_attr.size',
          'finished_attr.price',
          'finished_attr.as_parent',
          'finished_attr.img_urls',
          'finished_attr.child_id',
          'finished_child.color',
          'finished_child.color_code',
          'finished_child.color_en',
          'finished_child.color_family',
          'finished_attr.size_en',
          'finished_child.img_urls as child_img_urls',
        ])
        .where('finished_attr.finished_id', 'in', finishedIds.length ? finishedIds : [-1])
        .orderBy('finished_attr.finished_id')
        .orderBy('finished_child.sort')
        .orderBy('finished_child.id')
        .orderBy('finished_attr.sort')
        .orderBy('finished_attr.id')
        .execute(),

    /** Whether any colour of these products has its images yet. */
    hasImages: async (finishedIds: number[]) =>
      (await db
        .selectFrom('finished_child')
        .select('id')
        .where('finished_id', 'in', finishedIds)
        .where('img_urls', '!=', '[]')
        .executeTakeFirst()) !== undefined,

    /** One page of a bulk download: the products' numbers, their colours' images and the images of sizes with a design of their own. */
    async imagesOf(finishedIds: number[]) {
      const products = await db.selectFrom('finished').select(['id', 'key_id']).where('id', 'in', finishedIds).execute();
      const children = await db
        .selectFrom('finished_child')
        .select(['id', 'finished_id', 'color', 'img_urls'])
        .where('finished_id', 'in', finishedIds)
        .orderBy('finished_id')
        .orderBy('sort')
        .execute();
      const sized = await db
        .selectFrom('finished_attr')
        .select(['finished_id', 'child_id', 'size', 'img_urls'])
        .where('finished_id', 'in', finishedIds)
        .where('extends', 'is not', null)
        .orderBy('sort')
        .execute();
      return { products, children, sized };
    },

    /** The products' prints and designs (a material download reads the materials a design names). */
    designsOf: (finishedIds: number[]) =>
      db.selectFrom('finished').select(['id', 'key_id', 'print_urls', 'extends']).where('id', 'in', finishedIds).execute(),

    /** A size variant (by its key_id) of a product in the scope, with the product's owner (a SKU binding's). */
    variantInScope: (scope: Scope, keyId: string) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.key_id', 'finished_attr.finished_id', 'finished.owner_id'])
        .where(ownedBy(scope, 'finished.owner_id'))
        .where('finished_attr.key_id', '=', keyId)
        .executeTakeFirst(),

    /** These products' owners and the combinations they are in (the 店铺 column's records). */
    ownersOf: (ids: number[]) => db.selectFrom('finished').select(['id', 'owner_id', 'combined_into']).where('id', 'in', ids).execute(),
  };
}
