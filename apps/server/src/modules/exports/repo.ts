import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, ExportRecordTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Queries of the export: records (scoped), and the pages of products a job reads (ids already checked). */
export function createExportRepo(db: Kysely<Database>) {
  const records = (scope: Scope) =>
    db
      .selectFrom('export_record')
      .innerJoin('account', 'account.id', 'export_record.owner_id')
      .where(ownedBy(scope, 'export_record.owner_id'));

  return {
    /** The scope's finished products among these ids (combinations say so by child_count). */
    productsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('finished').select(['id', 'child_count']).where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    /** The childs of these combinations, each combination's in its order. */
    childIdsOf: async (comboIds: number[]) =>
      (
        await db
          .selectFrom('finished')
          .select(['id', 'combined_into'])
          .where('combined_into', 'in', comboIds)
          .orderBy('combined_into')
          .orderBy('combo_sort')
          .orderBy('id')
          .execute()
      ).map((c) => ({ id: c.id, combo: Number(c.combined_into) })),

    /** How many variants (sizes of colours) these products have: one Walmart item each. */
    variantCount: async (ids: number[]) =>
      (
        await db
          .selectFrom('finished_attr')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('finished_id', 'in', ids)
          .executeTakeFirstOrThrow()
      ).n,

    /** One page of products with their colours and sizes (and each size's blank price), for the rows. */
    async page(ids: number[]) {
      const [products, colours, sizes] = await Promise.all([
        db
          .selectFrom('finished')
          .select(['id', 'key_id', 'product_name', 'export_name', 'keyword', 'material_img_name'])
          .where('id', 'in', ids)
          .execute(),
        db
          .selectFrom('finished_child')
          .select(['id', 'finished_id', 'color', 'color_code', 'img_urls', 'sort'])
          .where('finished_id', 'in', ids)
          .orderBy('finished_id')
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('finished_attr')
          .leftJoin('product_sku', 'product_sku.id', 'finished_attr.sku_id')
          .select([
            'finished_attr.id',
            'finished_attr.finished_id',
            'finished_attr.child_id',
            'finished_attr.size',
            'finished_attr.export_name',
            'finished_attr.keyword',
            'finished_attr.price',
            'finished_attr.as_parent',
            'finished_attr.img_urls',
            'product_sku.price as blank_price',
          ])
          .where('finished_attr.finished_id', 'in', ids)
          .orderBy('finished_attr.finished_id')
          .orderBy('finished_attr.sort')
          .orderBy('finished_attr.id')
          .execute(),
      ]);
      return { products, colours, sizes };
    },

    insertRecord: (row: Insertable<ExportRecordTable>) =>
      db.insertInto('export_record').values(row).returning('id').executeTakeFirstOrThrow(),

    /** A record by id, whoever owns it (the job's own record). */
    recordById: (id: number) => db.selectFrom('export_record').selectAll().where('id', '=', id).executeTakeFirst(),

    async updateRecord(id: number, set: Updateable<ExportRecordTable>): Promise<boolean> {
      const res = await db.updateTable('export_record').set(set).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    deleteRecord: (id: number) => db.deleteFrom('export_record').where('id', '=', id).execute(),

    async recordPage(scope: Scope, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        records(scope)
          .selectAll('export_record')
          .select('account.username')
          .orderBy('export_record.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        records(scope)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    record: (scope: Scope, id: number) =>
      records(scope).selectAll('export_record').select('account.username').where('export_record.id', '=', id).executeTakeFirst(),

    /** Records published copies (a name already there is kept: names are stable, so it serves the same). */
    async recordPublicImages(rows: { name: string; blob: string; owner_id: number }[], at: number) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('public_image')
          .values(rows.slice(i, i + 500).map((r) => ({ ...r, created_at: at })))
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
    },

    /** The private blob a published name serves, if it was published. */
    publicImageBlob: async (name: string) =>
      (await db.selectFrom('public_image').select('blob').where('name', '=', name).executeTakeFirst())?.blob,

    /** The owner's export asked with these parameters that is still waiting or running, if any. */
    unfinishedWithKey: (ownerId: number, requestKey: string) =>
      db
        .selectFrom('export_record')
        .select(['id', 'job_id'])
        .where('owner_id', '=', ownerId)
        .where('request_key', '=', requestKey)
        .where('status', 'in', ['pending', 'running'])
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** Bytes of stored export files a family keeps (the parent's and its sub-accounts'). */
    familyUsage: async (familyId: number) =>
      Number(
        (
          await db
            .selectFrom('export_record')
            .innerJoin('account', 'account.id', 'export_record.owner_id')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('export_record.size'), eb.lit(0)).as('n'))
            .where((eb) => eb.or([eb('account.id', '=', familyId), eb('account.parent_id', '=', familyId)]))
            .where('export_record.file_key', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Finished records (done or failed) made before `before`, oldest first: past the retention. */
    finishedBefore: (before: number, limit: number) =>
      db
        .selectFrom('export_record')
        .select(['id', 'file_key'])
        .where('created_at', '<', before)
        .where('status', 'in', ['done', 'failed'])
        .orderBy('id')
        .limit(limit)
        .execute(),

    recordsIn: (scope: Scope, ids: number[]) =>
      db.selectFrom('export_record').select(['id', 'file_key']).where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).execute(),
  };
}
export type ExportRepo = ReturnType<typeof createExportRepo>;
export type ExportRecordRow = NonNullable<Awaited<ReturnType<ExportRepo['record']>>>;
export type ProductPage = Awaited<ReturnType<ExportRepo['page']>>;
