import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, ExportRecordTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { publicImageQueries } from './publicImageQueries.js';

/**
 * Queries of the export's own tables: its records (scoped) and the public copies of images
 * (publicImageQueries.ts). The products it writes are the finished module's to read (products.ts).
 */
export function createExportRepo(db: Kysely<Database>, dialect: DialectName) {
  const records = (scope: Scope) =>
    db
      .selectFrom('export_record')
      .innerJoin('account', 'account.id', 'export_record.owner_id')
      .where(ownedBy(scope, 'export_record.owner_id'));

  return {
    insertRecord: (row: Insertable<ExportRecordTable>) =>
      db.insertInto('export_record').values(row).returning('id').executeTakeFirstOrThrow(),

    /** A record by id, whoever owns it (the job's own record). */
    recordById: (id: number) => db.selectFrom('export_record').selectAll().where('id', '=', id).executeTakeFirst(),

    async updateRecord(id: number, set: Updateable<ExportRecordTable>): Promise<boolean> {
      const res = await db.updateTable('export_record').set(set).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    deleteRecord: (id: number) => db.deleteFrom('export_record').where('id', '=', id).execute(),

    /** One page of the scope's records, newest first; `shopId` (when set) keeps one shop's (the records page's filter). */
    async recordPage(scope: Scope, limit: number, offset: number, shopId?: number) {
      const of = shopId ? records(scope).where('export_record.store_id', '=', shopId) : records(scope);
      const [list, total] = await Promise.all([
        of.selectAll('export_record').select('account.username').orderBy('export_record.id', 'desc').limit(limit).offset(offset).execute(),
        of.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    record: (scope: Scope, id: number) =>
      records(scope).selectAll('export_record').select('account.username').where('export_record.id', '=', id).executeTakeFirst(),

    ...publicImageQueries(db, dialect),

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
