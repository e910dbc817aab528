import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PublishStatus } from '@app/contract';
import type { Database, PublishRecordTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { withoutLiveJob } from '../../jobs/jobRepo.js';

/** Statuses of a record whose job is (or should be) at work. */
export const ACTIVE_STATUSES: PublishStatus[] = ['queued', 'uploading', 'creating'];

/**
 * Queries of the publish records and of what shops already hold of our images (migration 0021). The products
 * are the finished module's to read, the shops' names the shops module's (docs/domain.md#table-owners).
 */
export function createPublishRepo(db: Kysely<Database>) {
  interface ListFilter {
    platform?: number | undefined;
    store_id?: number | undefined;
    batch_id?: string | undefined;
  }
  const filtered = (scope: Scope, f: ListFilter) => {
    let q = db.selectFrom('publish_record').where(ownedBy(scope, 'owner_id'));
    if (f.platform !== undefined) q = q.where('platform', '=', f.platform);
    if (f.store_id !== undefined) q = q.where('store_id', '=', f.store_id);
    if (f.batch_id !== undefined) q = q.where('batch_id', '=', f.batch_id);
    return q;
  };

  return {
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

    /**
     * How many of the scope's records match the filter, per shop and status: the list's count and the batch's
     * progress, counted over the shops that still exist (the service asks the shops module which do).
     */
    tallyByShop: (scope: Scope, f: ListFilter) =>
      filtered(scope, f)
        .select(['store_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['store_id', 'status'])
        .execute(),

    /** One page of the scope's records matching the filter, of these shops, newest first. */
    page: (scope: Scope, f: ListFilter & { status?: string | undefined; shopIds: number[] }, limit: number, offset: number) => {
      let q = filtered(scope, f).where('store_id', 'in', f.shopIds);
      if (f.status !== undefined) q = q.where('status', '=', f.status);
      return q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
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
        .where(withoutLiveJob('id', 'publish_record.job_id'))
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
