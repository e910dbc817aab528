import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What orders ask of finished products (docs/orders.md#ordered-units), in the order's transaction (`db` is it):
 * which product and number a variant is, and the units ordered of a product (`order_num`: units in orders
 * paid and not cancelled), moved when an order is paid or a paid order cancelled.
 */
export const orderedUnitsQueries = (db: Kysely<Database>) => ({
  /** The product and number of these finished variants, by variant id (a variant gone is left out). */
  async variantKeys(attrIds: number[]): Promise<Map<number, { finished_id: number; key_id: string }>> {
    const ids = [...new Set(attrIds)].filter((n) => n > 0);
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('finished_attr').select(['id', 'finished_id', 'key_id']).where('id', 'in', ids).execute();
    return new Map(rows.map(({ id, ...k }) => [id, k]));
  },

  /**
   * What an order of these variants (by key_id) is made from: the blank and its SKU, the design (the size's own, else
   * its product's) and the mockups; a variant gone is left out.
   */
  orderableVariants: (keyIds: string[]) =>
    keyIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('finished_attr')
          .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
          .select([
            'finished_attr.id as attr_id',
            'finished_attr.key_id',
            'finished_attr.finished_id',
            'finished_attr.sku_id',
            'finished_attr.extends as own',
            'finished_attr.img_urls',
            'finished.product_id',
            'finished.extends',
            'finished.owner_id',
          ])
          .where('finished_attr.key_id', 'in', [...new Set(keyIds)])
          .execute(),

  /** Adds (or, negative, takes back) units ordered of these products. */
  async addOrderedUnits(changes: { finishedId: number; units: number }[]) {
    const byProduct = new Map<number, number>();
    for (const c of changes) if (c.finishedId > 0) byProduct.set(c.finishedId, (byProduct.get(c.finishedId) ?? 0) + c.units);
    // In id order, as every multi-row write of finished products takes its rows: two of them never wait on each other.
    for (const [id, units] of [...byProduct].sort((a, b) => a[0] - b[0]))
      await db
        .updateTable('finished')
        .set((eb) => ({ order_num: eb('order_num', '+', units) }))
        .where('id', '=', id)
        .execute();
  },
});
export type OrderedUnitsQueries = ReturnType<typeof orderedUnitsQueries>;
