import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { nextTurn } from '../../eventLoop.js';
import { JobFailure, type JobContext, type JobKind } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { VariantBarcode } from '../barcodes/index.js';
import type { ExportParams, WrittenImage } from './params.js';
import { extOf, type StoredError } from './records.js';
import type { ExportProducts, ProductPage } from './products.js';
import type { ExportRepo } from './repo.js';
import type { RowContextInputs } from './rowContext.js';
import { fileWarnings, headerOf, type Layout } from './rows.js';
import type { FilePool, FileWriter, PageResult } from './writer.js';

/** Products read and written per page: progress is recorded per page, memory holds one page. */
export const EXPORT_PAGE = 100;
const SHEETS: Record<Layout, string> = { amazon: 'Template', simple: 'Sheet1', walmart: 'Items' };
/**
 * Pages handed to the file thread and not yet recorded: it writes one with the next built and waiting while
 * the job records and reads a third; no more are held, so memory stays at a few pages.
 */
const AHEAD = 3;

/**
 * The export job (docs/exports.md): writes an export's file page by page through a temporary file of a fixed
 * name, published images recorded per page, and stores the file only when complete. The job reads the pages
 * and records, and claims each page's codes; the file thread builds the rows and writes them (writerWorker.ts),
 * off the API's event loop.
 */
export function createExportJob(deps: {
  repo: Pick<ExportRepo, 'recordById' | 'updateRecord'>;
  products: Pick<ExportProducts, 'page'>;
  storage: BlobStorage;
  now: () => number;
  files: FilePool;
  tmpDir: string;
  tmpPath: (exportId: number) => string;
  /** Products per page (EXPORT_PAGE); tests make pages small to stop a job between two. */
  pageSize?: number | undefined;
  afterPage?: ((exportId: number, page: number) => Promise<void>) | undefined;
  onExported?: ((finishedIds: number[], shopId: number) => Promise<void>) | undefined;
  /** What the export's rows are built from (the service's, shared with the preview). */
  inputsOf: (p: ExportParams) => Promise<RowContextInputs>;
  /**
   * The export's barcodes (docs/listing-tools.md#barcodes): whether its file writes codes, and the codes of the
   * variants of a page's accepted products in the export's shop, claimed once the file thread has built the
   * page; forPage throws JobFailure when the shop's maker runs short.
   */
  barcodes?:
    | {
        writes: (p: ExportParams) => boolean;
        forPage: (p: ExportParams, shopId: number, page: ProductPage, acceptedIds: number[]) => Promise<[number, VariantBarcode][]>;
      }
    | undefined;
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
    await repo.updateRecord(exportId, { status: 'running', progress: 0, written_count: 0, refused_count: 0, updated_at: now() });

    const ext = extOf(p.format);
    const tmp = deps.tmpPath(exportId);
    await fsp.mkdir(deps.tmpDir, { recursive: true });
    await fsp.rm(tmp, { force: true });
    const codes = deps.barcodes;
    const writer: FileWriter = deps.files.open(tmp, {
      sheet: SHEETS[p.layout],
      txt: ext === 'txt',
      inputs: await deps.inputsOf(p),
      // Codes only for the products the rows accepted: a refused one uses up none.
      codes: codes?.writes(p) ? (page, accepted) => codes.forPage(p, rec.store_id, page, accepted) : undefined,
    });
    const errors: StoredError[] = [];
    const warnings: StoredError[] = [];
    // What holds for the whole file (the handling days it has no column for) comes first, under no product.
    const forFile = fileWarnings(
      { layout: p.layout, stock: p.stock ?? { quantity: p.template.quantity, handlingDays: null } },
      headerOf(p).fields,
    );
    if (forFile.length) warnings.push({ finished_id: 0, key_id: '', reasons: forFile });
    let rowCount = 0;
    let exported = 0;
    const exportedIds: number[] = [];
    const perPage = deps.pageSize ?? EXPORT_PAGE;
    const pages = Math.ceil(p.ids.length / perPage);
    /** Pages handed to the file thread and not yet recorded, in order. */
    const inThread: Promise<PageResult>[] = [];
    let recorded = 0;
    /** Records the oldest page once written; false when the record was deleted meanwhile. */
    const record = async () => {
      const result = await inThread.shift()!;
      errors.push(...result.errors);
      warnings.push(...result.warnings);
      exported += result.entries;
      exportedIds.push(...result.exportedIds);
      rowCount += result.rows;
      await deps.publish(exportId, ownerId, p, result.written);
      const done = Math.min(p.ids.length, (recorded + 1) * perPage);
      await job.progress(done, p.ids.length);
      // The counts grow with the pages, so a running export shows how many products went in and how many were left out.
      const progress = Math.floor((done / p.ids.length) * 100);
      const counts = { written_count: exported, refused_count: errors.length };
      if (!(await repo.updateRecord(exportId, { progress, ...counts, updated_at: now() }))) return false;
      await deps.afterPage?.(exportId, recorded++);
      return true;
    };
    try {
      let kept = true;
      for (let n = 0; n < pages && kept; n++) {
        const ids = p.ids.slice(n * perPage, (n + 1) * perPage);
        // The embedded database answers synchronously: give the API's requests a turn between two reads.
        await nextTurn();
        const read = await source.page(ids);
        const page = writer.page(read, ids);
        // Settled by record(); meanwhile a failure (the thread's, a claim's) reaches record() too.
        page.catch(() => undefined);
        inThread.push(page);
        if (inThread.length >= AHEAD) kept = await record();
      }
      while (kept && inThread.length) kept = await record();
      if (!kept) {
        // The record was deleted while the export ran: nothing to finish.
        await writer.abort();
        await fsp.rm(tmp, { force: true });
        return { export_id: exportId, gone: true };
      }
      await writer.close();
    } catch (e) {
      await writer.abort();
      // A reason the seller can act on (the watermark edited mid-way): fail now, a retry would fail the same.
      if (e instanceof JobFailure) {
        await fsp.rm(tmp, { force: true });
        await repo.updateRecord(exportId, {
          status: 'failed',
          message: e.key,
          message_params: JSON.stringify(e.params),
          errors: JSON.stringify(errors),
          written_count: 0,
          refused_count: errors.length,
          updated_at: now(),
        });
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
        written_count: 0,
        refused_count: errors.length,
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
      written_count: exported,
      refused_count: errors.length,
      errors: JSON.stringify(errors),
      warnings: JSON.stringify(warnings),
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
