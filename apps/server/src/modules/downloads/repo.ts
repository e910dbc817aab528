import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of the downloads (finished products' images, prints and materials); no rules. */
export function createDownloadRepo(db: Kysely<Database>) {
  return {
    /** The scope's finished products among these ids, and whether each is a combination. */
    productsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('finished').select(['id', 'child_count']).where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    /** The childs of these combinations, in their order. */
    childIdsOf: async (comboIds: number[]) =>
      (await db.selectFrom('finished').select('id').where('combined_into', 'in', comboIds).orderBy('combo_sort').execute()).map(
        (c) => c.id,
      ),

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

    designsOf: (finishedIds: number[]) =>
      db.selectFrom('finished').select(['id', 'key_id', 'print_urls', 'extends']).where('id', 'in', finishedIds).execute(),

    /** The scope's materials among these ids, by id. */
    materialFiles: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('material')
        .select(['id', 'name', 'image_key', 'original_key'])
        .where(ownedBy(scope, 'owner_id'))
        .where('id', 'in', ids)
        .orderBy('id')
        .execute(),
  };
}
export type DownloadRepo = ReturnType<typeof createDownloadRepo>;
