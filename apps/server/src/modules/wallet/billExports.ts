import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely, Updateable } from 'kysely';
import type { BillExportQuery, BillExportRecord, Lang } from '@app/contract';
import type { BillExportTable, Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { BillFilter } from './billQueries.js';
import type { BillService } from './bills.js';

/** The kind of the job that writes a bills export's file (docs/orders.md#export). */
export const BILL_EXPORT_JOB = 'bill-export';

/** What a bills export's job reads: the filters as resolved when it was asked, and whose language the file speaks. */
export interface BillExportParams {
  exporttype: number;
  /** The caller that asked: its own row comes first in the statistics. */
  callerId: number;
  lang: Lang;
  filter: BillFilter;
}

/** Queries of the bill_export table (the wallet module's own, docs/orders.md#export). */
export function billExportRepo(db: Kysely<Database>) {
  const scoped = (scope: Scope) => db.selectFrom('bill_export').where(ownedBy(scope, 'bill_export.owner_id'));
  return {
    insert: (row: { owner_id: number; exporttype: number; params: string; created_at: number }) =>
      db
        .insertInto('bill_export')
        .values({ ...row, status: 'waiting', file_key: null, updated_at: row.created_at })
        .returning('id')
        .executeTakeFirstOrThrow(),
    /** A record by id, whoever owns it (the job's own record). */
    byId: (id: number) => db.selectFrom('bill_export').selectAll().where('id', '=', id).executeTakeFirst(),
    update: (id: number, set: Updateable<BillExportTable>) => db.updateTable('bill_export').set(set).where('id', '=', id).execute(),
    delete: (id: number) => db.deleteFrom('bill_export').where('id', '=', id).execute(),
    /** A record of the scope; another family's id is not found, as a missing one. */
    inScope: (scope: Scope, id: number) => scoped(scope).selectAll().where('bill_export.id', '=', id).executeTakeFirst(),
    async page(scope: Scope, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        scoped(scope).selectAll().orderBy('bill_export.id', 'desc').limit(limit).offset(offset).execute(),
        scoped(scope)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: Number(total.n) };
    },
  };
}
export type BillExportRepo = ReturnType<typeof billExportRepo>;

const CHINA_MS = 8 * 3600 * 1000;
/** A moment as the day it is in China (UTC+8), e.g. 20261128: the download's name (docs/orders.md#export). */
const chinaDay = (ms: number) => new Date(ms + CHINA_MS).toISOString().slice(0, 10).replace(/-/g, '');

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/bill/export, /exportLog, /exportDownload (docs/orders.md#export): the call resolves the filters as the
 * bill list reads them and queues a job; the file is written by the job (billExportJob.ts), never in the request.
 */
export function createBillExportService(deps: {
  repo: BillExportRepo;
  bills: Pick<BillService, 'resolve'>;
  queue: Pick<JobQueue, 'enqueue'>;
  storage: BlobStorage;
  now: () => number;
}) {
  const { repo, storage, now } = deps;

  async function start(caller: Caller, lang: Lang, query: BillExportQuery) {
    const { exporttype, ...filters } = query;
    const params: BillExportParams = { exporttype, callerId: caller.id, lang, filter: await deps.bills.resolve(caller, filters) };
    const { id } = await repo.insert({ owner_id: caller.id, exporttype, params: JSON.stringify(params), created_at: now() });
    try {
      await deps.queue.enqueue({ kind: BILL_EXPORT_JOB, ownerId: caller.id, payload: { bill_export_id: Number(id) } });
    } catch (e) {
      // A record no job will ever fill would wait in the log for good.
      await repo.delete(Number(id));
      throw e;
    }
    return { id: Number(id) };
  }

  async function log(caller: Caller, q: { pageNumber: number; pageSize: number }) {
    const { list, count } = await repo.page(caller.scope, q.pageSize, (q.pageNumber - 1) * q.pageSize);
    return {
      count,
      list: list.map((r): BillExportRecord => ({
        id: Number(r.id),
        exporttype: r.exporttype,
        status: r.status,
        row_count: Number(r.row_count),
        size: Number(r.size),
        createtime: Math.floor(Number(r.created_at) / 1000),
        download_url: r.status === 'done' ? `/api/bill/exportDownload?id=${r.id}` : '',
      })),
    };
  }

  async function download(caller: Caller, id: number): Promise<{ stream: Readable; name: string; type: string; size: number }> {
    const r = await repo.inScope(caller.scope, id);
    if (!r) throw new AppError(404, 'billExportNotFound');
    if (r.status !== 'done' || !r.file_key || !(await storage.exists(r.file_key))) throw new AppError(409, 'billExportNotReady');
    return {
      stream: storage.stream(r.file_key),
      name: `bills-${chinaDay(Number(r.created_at))}-${r.id}.xlsx`,
      type: XLSX_TYPE,
      size: Number(r.size),
    };
  }

  return { start, log, download };
}
export type BillExportService = ReturnType<typeof createBillExportService>;

/** Where a running bills export writes its file before it is stored (a fixed name: a run again starts it over). */
export const billExportTmpPath = (dataDir: string, id: number) => path.join(dataDir, 'tmp', 'bill-exports', `${id}.part`);
