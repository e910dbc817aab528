import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/**
 * Queries of the variant info (docs/variants.md): the products asked for with the childs of the combinations
 * among them (one query), then every variant of those with its colour and its blank's price (one query).
 */
export function createVariantRepo(db: Kysely<Database>) {
  return {
    /** The scope's finished rows among `ids`, and the childs of the combinations among them. */
    rowsWithChilds: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('finished')
        .select([
          'id',
          'key_id',
          'owner_id',
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

    /** The size variants of these products with their colours, in the order the screens show them. */
    variantsOf: (finishedIds: number[]) =>
      db
        .selectFrom('finished_attr')
        .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
        .leftJoin('product_sku', 'product_sku.id', 'finished_attr.sku_id')
        .select([
          'finished_attr.id',
          'finished_attr.key_id',
          'finished_attr.finished_id',
          'finished_attr.size',
          'finished_attr.price',
          'finished_attr.as_parent',
          'finished_attr.img_urls',
          'finished_child.color',
          'finished_child.img_urls as child_img_urls',
          'product_sku.price as blank_price',
        ])
        .where('finished_attr.finished_id', 'in', finishedIds.length ? finishedIds : [-1])
        .orderBy('finished_attr.finished_id')
        .orderBy('finished_child.sort')
        .orderBy('finished_child.id')
        .orderBy('finished_attr.sort')
        .orderBy('finished_attr.id')
        .execute(),
  };
}
export type VariantRepo = ReturnType<typeof createVariantRepo>;
export type VariantRow = Awaited<ReturnType<VariantRepo['variantsOf']>>[number];
