import { createHash, randomInt } from 'node:crypto';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, FinishedAttrTable, FinishedTable } from '../../db/schema.js';
import { combinationQueries } from './combinationQueries.js';
import type { DialectName } from '../../db/dialect.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import type { CatalogueProduct } from '../catalogue/index.js';

/** A finished table row as stored (the contract's FinishedRow is the list's row as sent). */
export type FinishedRecord = Selectable<FinishedTable>;

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

const day = (ms: number) => new Date(ms).toISOString().slice(2, 10).replace(/-/g, '');
/** Finished number (key_id) and synthesis number (task_id): date plus random digits, readable over the phone. */
export const newKeyId = (now: number) => `FP${day(now)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
export const newTaskId = (now: number) => `TS${day(now)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
export const designHash = (designText: string) => createHash('sha256').update(designText).digest('hex');

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
 * Finished products (docs/domain.md#finished-products): a row per design on a blank, a child per colour, an attr per size
 * under it, exactly one attr the parent (母体). Synthesis fills in the images later. Queries only: the
 * rules (scope errors, combinations, locks) are the services'.
 */
function finishedQueries(db: Kysely<Database>, dialect: DialectName) {
  /** Runs `fn` as one transaction: the caller's when the repository already works inside one. */
  const unit = <T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
    db.isTransaction ? fn(db) : db.transaction().execute((trx: Transaction<Database>) => fn(trx));

  /** A finished number no product has yet (they are random: a clash is drawn again). */
  async function freeKeyId(trx: Kysely<Database>, now: number) {
    for (let tries = 0; tries < 6; tries++) {
      const key = newKeyId(now);
      if (!(await trx.selectFrom('finished').select('id').where('key_id', '=', key).executeTakeFirst())) return key;
    }
    throw new Error('could not draw a free finished number');
  }

  /** Deletes finished products with their colours and sizes. */
  async function removeProducts(ids: number[]) {
    await unit(async (trx) => {
      await trx.deleteFrom('finished_attr').where('finished_id', 'in', ids).execute();
      // Its SKU bindings and 店铺 links (docs/variants.md).
      await trx.deleteFrom('sku_binding').where('finished_id', 'in', ids).execute();
      await trx.deleteFrom('finished_store').where('finished_id', 'in', ids).execute();
      await trx.deleteFrom('finished_child').where('finished_id', 'in', ids).execute();
      await trx.deleteFrom('finished').where('id', 'in', ids).execute();
    });
  }

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
    }): Promise<FinishedRecord> {
      const { product, now } = input;
      const name = input.name ?? product.name;
      const parent = product.skus.find((s) => s.id === input.parentSkuId);
      if (!parent) throw new Error(`SKU ${input.parentSkuId} is not of product ${product.id}`);
      return unit(async (trx) => {
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
            export_name: name,
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
        const colors = [...new Map(product.skus.map((s) => [s.color, s.color_code])).entries()];
        for (const [ci, [color, color_code]] of colors.entries()) {
          const child = await trx
            .insertInto('finished_child')
            .values({ finished_id: row.id, key_id: `${row.key_id}-${ci + 1}`, color, color_code, sort: ci })
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
                export_name: name,
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

    byId(id: number): Promise<FinishedRecord | undefined> {
      return db.selectFrom('finished').selectAll().where('id', '=', id).executeTakeFirst();
    },

    inScope(scope: Scope, where: { key_id: string } | { id: number }): Promise<FinishedRecord | undefined> {
      let q = db.selectFrom('finished').selectAll().where(ownedBy(scope, 'owner_id'));
      q = 'id' in where ? q.where('id', '=', where.id) : q.where('key_id', '=', where.key_id);
      return q.executeTakeFirst();
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
        .leftJoin('product_sku', 'product_sku.id', 'finished_attr.sku_id')
        .select([
          'finished_attr.id',
          'finished_attr.key_id',
          'finished_attr.size',
          'finished_attr.as_parent',
          'finished_attr.extends',
          'finished_attr.sku_id',
          'finished_attr.child_id',
          'finished_child.color',
          // The blank's own colour: what is composed, whatever the seller renamed the variant's colour to.
          'product_sku.color as blank_color',
        ])
        .where('finished_attr.finished_id', '=', finishedId)
        .orderBy('finished_child.sort')
        .orderBy('finished_attr.sort')
        .execute();
      return rows.map((r) => ({ ...r, blank_color: r.blank_color ?? r.color, design: r.extends ?? productDesign }));
    },

    /**
     * Writes a synthesis's images. Only updates, under a lock of the row, and only where the design the
     * job composed is still the design saved (a newer save's job writes its own): a job run twice, or an
     * older one finishing late, leaves one, current result. The product is `ready` once its latest
     * synthesis (task_id) has written.
     */
    async writeImages(id: number, images: SynthesisImages, now: number) {
      await unit(async (trx) => {
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

    async remove(id: number) {
      await removeProducts([id]);
    },

    // ── The finished-products screen (finished/service.ts) ───────────────────────────────────────────

    removeProducts,

    /** The scope's finished rows among these ids. */
    rowsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('finished').selectAll().where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    variantsOfProducts,

    ...combinationQueries(db, freeKeyId),

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
  };
}

export function createFinishedRepo(db: Kysely<Database>, dialect: DialectName) {
  return {
    ...finishedQueries(db, dialect),
    /** Runs `fn` as one unit of work, on a repository bound to its transaction. */
    inTransaction: <T>(fn: (r: FinishedQueries) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => fn(finishedQueries(trx, dialect))),
  };
}
export type FinishedQueries = ReturnType<typeof finishedQueries>;
export type FinishedRepo = ReturnType<typeof createFinishedRepo>;
export type VariantRecord = Awaited<ReturnType<FinishedQueries['variantsOfProducts']>>[number];
