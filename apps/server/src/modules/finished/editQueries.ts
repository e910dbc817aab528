import type { Kysely, Updateable } from 'kysely';
import type { Database, FinishedAttrTable, FinishedTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** The columns of a size variant the screen shows, with its colour's. */
const variantColumns = [
  'finished_attr.id',
  'finished_attr.key_id',
  'finished_attr.finished_id',
  'finished_attr.sku_id',
  'finished_attr.size',
  'finished_attr.export_name',
  'finished_attr.material_img_name',
  'finished_attr.keyword',
  'finished_attr.material_color',
  'finished_attr.price',
  'finished_attr.as_parent',
  'finished_attr.img_urls',
  'finished_attr.child_id',
  'finished_child.color',
  'finished_child.img_urls as child_img_urls',
] as const;

type VariantEdit = Partial<
  Pick<Updateable<FinishedAttrTable>, 'export_name' | 'material_img_name' | 'keyword' | 'material_color' | 'price'>
>;

/**
 * The finished-products screen's queries (finished/service.ts; docs/finished.md): the rows and variants it shows,
 * the edit drawer's saves and the batch edit page's reads. Part of the finished repository (repo.ts).
 */
export function editQueries(db: Kysely<Database>) {
  /** Size variants of these finished products with their colours, in the order the screen shows them. */
  function variantsOfProducts(finishedIds: number[]) {
    return db
      .selectFrom('finished_attr')
      .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
      .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
      .select([...variantColumns, 'finished.product_id', 'finished.key_id as finished_key_id', 'finished.combo_sort'])
      .where('finished_attr.finished_id', 'in', finishedIds.length ? finishedIds : [-1])
      .orderBy('finished.combo_sort')
      .orderBy('finished_attr.finished_id')
      .orderBy('finished_child.sort')
      .orderBy('finished_attr.sort')
      .execute();
  }

  return {
    /** The scope's finished rows among these ids. */
    rowsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('finished').selectAll().where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    variantsOfProducts,

    /** Colours and sizes of these finished products, a row per size, in the order the screen shows them (the phone's list). */
    coloursAndSizes: (finishedIds: number[]) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.finished_id', 'finished_child.color', 'finished_child.color_code', 'finished_attr.size'])
        .where('finished_attr.finished_id', 'in', finishedIds.length ? finishedIds : [-1])
        .orderBy('finished.combo_sort')
        .orderBy('finished_attr.finished_id')
        .orderBy('finished_child.sort')
        .orderBy('finished_attr.sort')
        .execute(),

    /** The catalogue pictures (storage keys) of these blanks. */
    blankPictures: (productIds: number[]) =>
      db
        .selectFrom('product')
        .select(['id', 'thumb'])
        .where('id', 'in', productIds.length ? productIds : [-1])
        .execute(),

    /** Colours' numbers and materials by id. */
    coloursById: (childIds: number[]) =>
      db.selectFrom('finished_child').select(['id', 'key_id', 'material']).where('id', 'in', childIds).execute(),

    /** Size variants among these ids whose finished product is in the scope. */
    variantIdsInScope: (scope: Scope, attrIds: number[]) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.id', 'finished_attr.finished_id'])
        .where(ownedBy(scope, 'finished.owner_id'))
        .where('finished_attr.id', 'in', attrIds)
        .execute(),

    /** A size variant in the scope with the designs it would be made from: its own, its product's. */
    variantDesignInScope: (scope: Scope, attrId: number) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select([
          'finished_attr.sku_id',
          'finished_attr.extends as own',
          'finished.product_id',
          'finished.extends',
          'finished.source_ids',
          'finished.layerdata',
        ])
        .where(ownedBy(scope, 'finished.owner_id'))
        .where('finished_attr.id', '=', attrId)
        .executeTakeFirst(),

    async editVariant(attrId: number, set: VariantEdit) {
      await db.updateTable('finished_attr').set(set).where('id', '=', attrId).execute();
    },

    async renameSize(attrId: number, size: string) {
      await db.updateTable('finished_attr').set({ size }).where('id', '=', attrId).execute();
    },

    async renameColour(childId: number, color: string) {
      await db.updateTable('finished_child').set({ color }).where('id', '=', childId).execute();
    },

    /** Makes the variant its product's one parent (母体). */
    async setParentVariant(finishedId: number, attrId: number) {
      await db.updateTable('finished_attr').set({ as_parent: 0 }).where('finished_id', '=', finishedId).execute();
      await db.updateTable('finished_attr').set({ as_parent: 1 }).where('id', '=', attrId).execute();
    },

    /** Sets columns of finished rows; how many rows changed. */
    async updateRows(ids: number[], set: Updateable<FinishedTable>): Promise<number> {
      const r = await db.updateTable('finished').set(set).where('id', 'in', ids).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Files the products of these (deleted) custom groups under 未分组 (group 0); how many moved. */
    async ungroup(groupIds: number[]): Promise<number> {
      const r = await db.updateTable('finished').set({ group_id: 0 }).where('group_id', 'in', groupIds).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type VariantRecord = Awaited<ReturnType<ReturnType<typeof editQueries>['variantsOfProducts']>>[number];
