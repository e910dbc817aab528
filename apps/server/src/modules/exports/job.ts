import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { JobFailure, type JobContext, type JobKind } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { ExportParams, FreshImage, WrittenImage } from './params.js';
import { extOf, type StoredError } from './records.js';
import type { ExportProducts } from './products.js';
import type { ExportRepo } from './repo.js';
import { headerOf, productsOf, rowsOf, type Cell, type Layout, type RowContext } from './rows.js';
import { openTxtWriter, type createXlsxPool, type FileWriter } from './writer.js';

/** Products read and written per page: progress is recorded per page, memory holds one page. */
export const EXPORT_PAGE = 100;
const SHEETS: Record<Layout, string> = { amazon: 'Template', simple: 'Sheet1', walmart: 'Items' };
const breathe = () => new Promise<void>((r) => setImmediate(r));

/**
 * The export job (docs/exports.md): writes an export's file page by page through a temporary file of a fixed
 * name, published images recorded per page, and stores the file only when complete.
 */
export function createExportJob(deps: {
  repo: Pick<ExportRepo, 'recordById' | 'updateRecord'>;
  products: Pick<ExportProducts, 'page'>;
  storage: BlobStorage;
  now: () => number;
  xlsx: ReturnType<typeof createXlsxPool>;
  tmpDir: string;
  tmpPath: (exportId: number) => string;
  /** Products per page (EXPORT_PAGE); tests make pages small to stop a job between two. */
  pageSize?: number | undefined;
  afterPage?: ((exportId: number, page: number) => Promise<void>) | undefined;
  onExported?: ((finishedIds: number[], shopId: number) => Promise<void>) | undefined;
  /** The export's row context (the service's, shared with the preview). */
  contextOf: (p: ExportParams, banned: RowContext['banned'], seen: Set<string>, fresh: FreshImage[]) => RowContext;
  matcherFor: (p: ExportParams) => Promise<RowContext['banned']>;
  /** Publishes a page's images, each for the product whose rows name it. */
  publish: (exportId: number, ownerId: number, p: ExportParams, written: WrittenImage[]) => Promise<void>;
}) {
  const { repo, products: source, storage, now } = deps;

  /** The job (idempotent: a run again after a crash rewrites the same temporary file and fills the same record). */
  async function run(job: JobContext) {
    const exportId = (job.payload as { export_id: number }).export_id;
    const rec = await repo.recordById(exportId);
    if (!rec) return { export_id: exportId, gone: true };
    if (rec.status === 'done' && rec.file_key && (await storage.exists(rec.file_key))) return { export_id: exportId };
    const p = JSON.parse(rec.params) as ExportParams;
    const ownerId = rec.owner_id;
    await repo.updateRecord(exportId, { status: 'running', progress: 0, updated_at: now() });

    const { headerRows, fields } = headerOf(p);
    // Names seen in this product only (memory stays flat): a name met again in another product is recorded
    // again, as that product's use of it (docs/security.md#public-image-copies); the copy itself once.
    const seen = new Set<string>();
    const fresh: FreshImage[] = [];
    const written: WrittenImage[] = [];
    const ctx = deps.contextOf(p, await deps.matcherFor(p), seen, fresh);
    const ext = extOf(p.format);
    const tmp = deps.tmpPath(exportId);
    await fsp.mkdir(deps.tmpDir, { recursive: true });
    await fsp.rm(tmp, { force: true });
    const writer: FileWriter = ext === 'txt' ? openTxtWriter(tmp) : deps.xlsx.open(tmp, SHEETS[p.layout]);
    const errors: StoredError[] = [];
    let rowCount = 0;
    let exported = 0;
    const exportedIds: number[] = [];
    try {
      await writer.write(headerRows);
      const perPage = deps.pageSize ?? EXPORT_PAGE;
      const pages = Math.ceil(p.ids.length / perPage);
      for (let n = 0; n < pages; n++) {
        const ids = p.ids.slice(n * perPage, (n + 1) * perPage);
        const products = productsOf(await source.page(ids), ids);
        // The embedded database answers synchronously: give the API's requests a turn between the steps.
        await breathe();
        const rows: Cell[][] = [];
        for (const product of products) {
          const built = rowsOf(product, ctx, fields);
          seen.clear();
          // Only what the file writes is published: a refused product's images are not.
          const images = fresh.splice(0);
          if (built.reasons.length) errors.push({ finished_id: built.finishedId, key_id: built.keyId, reasons: built.reasons });
          else {
            for (const img of images) written.push({ ...img, finishedId: built.finishedId });
            exported++;
            exportedIds.push(built.finishedId);
            for (const r of built.rows) rows.push(r);
          }
        }
        await breathe();
        await deps.publish(exportId, ownerId, p, written.splice(0));
        await writer.write(rows);
        rowCount += rows.length;
        const done = Math.min(p.ids.length, (n + 1) * perPage);
        await job.progress(done, p.ids.length);
        if (!(await repo.updateRecord(exportId, { progress: Math.floor((done / p.ids.length) * 100), updated_at: now() }))) {
          // The record was deleted while the export ran: nothing to finish.
          await writer.abort();
          await fsp.rm(tmp, { force: true });
          return { export_id: exportId, gone: true };
        }
        await deps.afterPage?.(exportId, n);
      }
      await writer.close();
    } catch (e) {
      await writer.abort();
      // A reason the seller can act on (the watermark edited mid-way): fail now, a retry would fail the same.
      if (e instanceof JobFailure) {
        await fsp.rm(tmp, { force: true });
        await repo.updateRecord(exportId, { status: 'failed', message: e.key, errors: JSON.stringify(errors), updated_at: now() });
        return { export_id: exportId, failed: e.key };
      }
      throw e;
    }

    if (exported === 0) {
      await fsp.rm(tmp, { force: true });
      await repo.updateRecord(exportId, {
        status: 'failed',
        message: 'exportAllRefused',
        errors: JSON.stringify(errors),
        progress: 100,
        updated_at: now(),
      });
      return { export_id: exportId, rows: 0 };
    }
    // Stored only when complete (the storage writes aside and renames): one file per record, however many runs.
    const fileKey = `exports/${ownerId}/${exportId}.${ext}`;
    const size = (await fsp.stat(tmp)).size;
    await storage.put(fileKey, fs.createReadStream(tmp));
    await fsp.rm(tmp, { force: true });
    const kept = await repo.updateRecord(exportId, {
      status: 'done',
      progress: 100,
      size,
      file_key: fileKey,
      row_count: rowCount,
      product_count: p.ids.length,
      errors: JSON.stringify(errors),
      message: '',
      updated_at: now(),
    });
    if (!kept) await storage.delete(fileKey);
    else await deps.onExported?.(exportedIds, rec.store_id);
    return { export_id: exportId, rows: rowCount };
  }

  const jobKind: JobKind = {
    run,
    async giveUp(job) {
      const exportId = (job.payload as { export_id: number }).export_id;
      await fsp.rm(deps.tmpPath(exportId), { force: true });
      await repo.updateRecord(exportId, { status: 'failed', message: 'exportFailed', updated_at: now() });
    },
  };

  return { jobKind };
}
