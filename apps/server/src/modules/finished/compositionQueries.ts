import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, FinishedTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { unitOfWork } from '../../db/transactional.js';
import type { CatalogueProduct } from '../catalogue/index.js';
import { designHash, freeKeyId, newTaskId } from './numbers.js';

/** What one synthesis composed for a finished product, to be written where its designs still hold. */
export interface SynthesisImages {
  taskId: string;
  /** The product-wide design the job read (children's images belong to it). */
  productDesign: string;
  /** Per size variant: the design composed for it and its mockups. */
  attrs: { id: number; design: string; img_urls: string[] }[];
  /** Per colour (child): the mockups of the product-wide design. */
  children: { childId: number; img_urls: string[] }[];
  /** The parent variant's images, copied into the row (docs/domain.md#finished-products: the row shows the parent variant). */
  parent?: { attrId: number; img_urls: string[]; thumb: string; prints: Record<string, string> };
}

/**
 * Making a finished product and composing its images (the synthesis module's side of the finished repository,
 * repo.ts): the row with its colours and sizes, its design, the images a synthesis writes, its status.
 */
export function compositionQueries(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** Creates the row with its colour and size variants, images pending. */
    async create(input: {
      ownerId: number;
      product: CatalogueProduct;
      parentSkuId: number;
      extends: string;
      layerdata: string;
      sourceIds: string;
      now: number;
      taskId?: string;
      /** The product's name and export name; the blank's name when absent. */
      name?: string;
      /** The export name (the listing title) when it differs from the name (an Excel batch design's English title). */
      exportName?: string;
    }): Promise<Selectable<FinishedTable>> {
      const { product, now } = input;
      const name = input.name ?? product.name;
      const exportName = input.exportName ?? name;
      const parent = product.skus.find((s) => s.id === input.parentSkuId);
      if (!parent) throw new Error(`SKU ${input.parentSkuId} is not of product ${product.id}`);
      return unitOfWork(db, async (trx) => {
        const row = await trx
          .insertInto('finished')
          .values({
            owner_id: input.ownerId,
            key_id: await freeKeyId(trx, now),
            task_id: input.taskId ?? newTaskId(now),
            product_id: product.id,
            attr_id: parent.id,
            product_name: name,
            cid: product.cid,
            cate_name: product.cate_name,
            export_name: exportName,
            color: parent.color,
            size: parent.size,
            extends: input.extends,
            layerdata: input.layerdata,
            source_ids: input.sourceIds,
            design_hash: designHash(input.extends),
            status: 'pending',
            createtime: Math.floor(now / 1000),
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const colors = [...new Map(product.skus.map((s) => [s.color, s])).entries()];
        for (const [ci, [color, { color_code, color_en, color_family }]] of colors.entries()) {
          // The colour's and sizes' listing names are copied with them (docs/finished.md#listing-names).
          const child = await trx
            .insertInto('finished_child')
            .values({ finished_id: row.id, key_id: `${row.key_id}-${ci + 1}`, color, color_code, color_en, color_family, sort: ci })
            .returning('id')
            .executeTakeFirstOrThrow();
          const sizes = product.skus.filter((s) => s.color === color);
          for (const [si, sku] of sizes.entries()) {
            await trx
              .insertInto('finished_attr')
              .values({
                finished_id: row.id,
                child_id: child.id,
                key_id: `${row.key_id}-${ci + 1}-${si + 1}`,
                sku_id: sku.id,
                size: sku.size,
                size_en: sku.size_en,
                export_name: exportName,
                price: sku.price,
                as_parent: sku.id === parent.id ? 1 : 0,
                sort: si,
              })
              .execute();
          }
        }
        return row;
      });
    },

    /** A size variant by its key_id, when its finished product is in the scope. */
    attrInScope(scope: Scope, keyId: string) {
      return db
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.id', 'finished_attr.finished_id', 'finished_attr.size', 'finished_attr.sku_id', 'finished_attr.extends'])
        .where(ownedBy(scope, 'finished.owner_id'))
        .where('finished_attr.key_id', '=', keyId)
        .executeTakeFirst();
    },

    colorsOf(finishedId: number) {
      return db.selectFrom('finished_child').select(['id', 'color']).where('finished_id', '=', finishedId).orderBy('sort').execute();
    },

    /** Replaces the design of a finished product (re-design, regenerate with new layer data); images go pending. */
    async setDesign(id: number, d: { extends: string; layerdata: string; sourceIds: string; now: number }) {
      await db
        .updateTable('finished')
        .set({
          extends: d.extends,
          layerdata: d.layerdata,
          source_ids: d.sourceIds,
          design_hash: designHash(d.extends),
          status: 'pending',
          updated_at: d.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async setPending(id: number, taskId: string, now: number) {
      await db.updateTable('finished').set({ status: 'pending', task_id: taskId, updated_at: now }).where('id', '=', id).execute();
    },

    /** Every size variant with its colour and its effective design (its own, else the product's). */
    async variantsOf(finishedId: number, productDesign: string) {
      const rows = await db
        .selectFrom('finished_attr')
        .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
        .select([
          'finished_attr.id',
          'finished_attr.key_id',
          'finished_attr.size',
          'finished_attr.as_parent',
          'finished_attr.extends',
          'finished_attr.sku_id',
          'finished_attr.child_id',
          'finished_child.color',
        ])
        .where('finished_attr.finished_id', '=', finishedId)
        .orderBy('finished_child.sort')
        .orderBy('finished_attr.sort')
        .execute();
      return rows.map((r) => ({ ...r, design: r.extends ?? productDesign }));
    },

    /**
     * Writes a synthesis's images. Only updates, under a lock of the row, and only where the design the
     * job composed is still the design saved (a newer save's job writes its own): a job run twice, or an
     * older one finishing late, leaves one, current result. The product is `ready` once its latest
     * synthesis (task_id) has written.
     */
    async writeImages(id: number, images: SynthesisImages, now: number) {
      await unitOfWork(db, async (trx) => {
        let lock = trx.selectFrom('finished').select(['id', 'task_id', 'extends']).where('id', '=', id);
        if (dialect === 'postgres') lock = lock.forUpdate();
        const row = await lock.executeTakeFirst();
        if (!row) return; // deleted while composing
        const current = new Map(
          (await trx.selectFrom('finished_attr').select(['id', 'extends']).where('finished_id', '=', id).execute()).map((a) => [
            a.id,
            a.extends ?? row.extends,
          ]),
        );
        const written = new Set<number>();
        for (const a of images.attrs) {
          if (current.get(a.id) !== a.design) continue;
          await trx
            .updateTable('finished_attr')
            .set({ img_urls: JSON.stringify(a.img_urls) })
            .where('id', '=', a.id)
            .execute();
          written.add(a.id);
        }
        if (images.productDesign === row.extends) {
          for (const c of images.children) {
            await trx
              .updateTable('finished_child')
              .set({ img_urls: JSON.stringify(c.img_urls) })
              .where('finished_id', '=', id)
              .where('id', '=', c.childId)
              .execute();
          }
        }
        const parent = images.parent && written.has(images.parent.attrId) ? images.parent : undefined;
        await trx
          .updateTable('finished')
          .set({
            ...(parent
              ? { img_urls: JSON.stringify(parent.img_urls), thumb: parent.thumb, print_urls: JSON.stringify(parent.prints) }
              : {}),
            ...(row.task_id === images.taskId ? { status: 'ready' as const } : {}),
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Gives the sizes their own design (save mode 1), or clears every size's own design (mode 2). */
    async setSizeDesign(finishedId: number, size: string | null, design: string | null) {
      let q = db.updateTable('finished_attr').set({ extends: design }).where('finished_id', '=', finishedId);
      if (size !== null) q = q.where('size', '=', size);
      await q.execute();
    },

    /** Marks the product failed, unless a newer synthesis (another task_id) has taken over. */
    async markFailed(id: number, now: number, taskId: string | undefined) {
      let q = db.updateTable('finished').set({ status: 'failed', updated_at: now }).where('id', '=', id);
      if (taskId !== undefined) q = q.where('task_id', '=', taskId);
      await q.execute();
    },
  };
}
