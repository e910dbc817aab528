import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PublishStatus } from '@app/contract';
import type { Database, PublishRecordTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';

/** Statuses of a record whose job is (or should be) at work. */
export const ACTIVE_STATUSES: PublishStatus[] = ['queued', 'uploading', 'creating'];

/** Queries of the publish records and of what shops already hold of our images (migration 0021). */
export function createPublishRepo(db: Kysely<Database>) {
  const records = (scope: Scope) =>
    db
      .selectFrom('publish_record')
      .innerJoin('store', 'store.id', 'publish_record.store_id')
      .where(ownedBy(scope, 'publish_record.owner_id'));

  interface ListFilter {
    platform?: number | undefined;
    status?: string | undefined;
    store_id?: number | undefined;
    batch_id?: string | undefined;
  }
  const filtered = (scope: Scope, f: ListFilter) => {
    let q = records(scope);
    if (f.platform !== undefined) q = q.where('publish_record.platform', '=', f.platform);
    if (f.store_id !== undefined) q = q.where('publish_record.store_id', '=', f.store_id);
    if (f.batch_id !== undefined) q = q.where('publish_record.batch_id', '=', f.batch_id);
    return q;
  };

  return {
    /** The scope's finished products among these ids. */
    productsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('finished').select(['id', 'key_id', 'thumb']).where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    /** Records of these products to this shop that are at work or published (a second publish is refused). */
    existing: (shopId: number, finishedIds: number[]) =>
      db
        .selectFrom('publish_record')
        .select(['id', 'finished_id', 'status', 'remote_product_id'])
        .where('store_id', '=', shopId)
        .where('finished_id', 'in', finishedIds)
        .where('status', 'in', [...ACTIVE_STATUSES, 'published'])
        .orderBy('id', 'desc')
        .execute(),

    insertRecord: (row: Insertable<PublishRecordTable>) =>
      db.insertInto('publish_record').values(row).returning('id').executeTakeFirstOrThrow(),

    byId: (id: number) => db.selectFrom('publish_record').selectAll().where('id', '=', id).executeTakeFirst(),

    async update(id: number, set: Updateable<PublishRecordTable>, onlyIf?: { leaseOwner?: string }): Promise<boolean> {
      let q = db.updateTable('publish_record').set(set).where('id', '=', id);
      if (onlyIf?.leaseOwner !== undefined) q = q.where('lease_owner', '=', onlyIf.leaseOwner);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * Takes the record for one run of its job: only when no other run holds a live lease on it (a job
     * delivered twice runs once; a crashed run's lease runs out). False: another run holds it.
     */
    async claim(id: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
      const res = await db
        .updateTable('publish_record')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async release(id: number, owner: string) {
      await db
        .updateTable('publish_record')
        .set({ lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    async page(scope: Scope, f: ListFilter, limit: number, offset: number) {
      let rows = filtered(scope, f);
      if (f.status !== undefined) rows = rows.where('publish_record.status', '=', f.status);
      const [list, total, tally] = await Promise.all([
        rows
          .selectAll('publish_record')
          .select('store.name as store_name')
          .orderBy('publish_record.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        // Per status over the same filter (without the status itself): the batch's progress.
        filtered(scope, f)
          .select(['publish_record.status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('publish_record.status')
          .execute(),
      ]);
      return { list, count: total.n, tally };
    },

    /** A job given up on fails its record, only while it is at work: a run that published before it threw keeps its result. */
    async failIfActive(id: number, updatetime: number) {
      await db
        .updateTable('publish_record')
        .set({ status: 'failed', running_key: null, message: 'publishFailed', message_params: '{}', updatetime })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE_STATUSES)
        .execute();
    },

    /**
     * A failed record back to queued, under a new idempotency key; false when it is no longer failed. Throws the
     * unique violation of running_key when the product is being published to the shop by another record.
     */
    async requeue(id: number, set: { running_key: string; idempotency_key: string; updatetime: number }): Promise<boolean> {
      const res = await db
        .updateTable('publish_record')
        .set({ ...set, status: 'queued', message: '', message_params: '{}' })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The scope's records among these ids (any status). */
    inScope: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('publish_record')
        .select(['id', 'status', 'owner_id', 'finished_id', 'store_id'])
        .where(ownedBy(scope, 'owner_id'))
        .where('id', 'in', ids)
        .execute(),

    /** The scope's failed records (of one marketplace or all). */
    failedInScope: (scope: Scope, platform: number | undefined) => {
      let q = db
        .selectFrom('publish_record')
        .select(['id', 'status', 'owner_id', 'finished_id', 'store_id'])
        .where(ownedBy(scope, 'owner_id'))
        .where('status', '=', 'failed');
      if (platform !== undefined) q = q.where('platform', '=', platform);
      return q.orderBy('id').execute();
    },

    /** Records at work whose job is no longer queued or running (lost with a process, or never queued). */
    orphans: () =>
      db
        .selectFrom('publish_record')
        .select(['id', 'owner_id'])
        .where('status', 'in', ACTIVE_STATUSES)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('job')
                .select('job.id')
                .whereRef('job.id', '=', 'publish_record.job_id')
                .where('job.status', 'in', ['queued', 'running']),
            ),
          ),
        )
        .orderBy('id')
        .execute(),

    remoteImage: async (shopId: number, blob: string) =>
      (await db.selectFrom('remote_image').select('uri').where('store_id', '=', shopId).where('blob', '=', blob).executeTakeFirst())?.uri,

    /** Remembers an upload; a concurrent run's upload of the same image keeps the first. */
    async saveRemoteImage(shopId: number, blob: string, uri: string, now: number) {
      await db
        .insertInto('remote_image')
        .values({ store_id: shopId, blob, uri, created_at: now })
        .onConflict((oc) => oc.columns(['store_id', 'blob']).doNothing())
        .execute();
    },
  };
}
export type PublishRepo = ReturnType<typeof createPublishRepo>;
export type PublishRecordRow = NonNullable<Awaited<ReturnType<PublishRepo['byId']>>>;
