import { createHash } from 'node:crypto';
import path from 'node:path';
import { message, type ExportKind, type ExportPreview, type Lang, type ParsedBodyOf, type routes } from '@app/contract';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import type { ParsePool } from '../../parsing/pool.js';
import { createFamilyGate, familyOf } from '../../jobs/admission.js';
import type { JobQueue } from '../../jobs/queue.js';
import { blobRule, mayRead } from '../../storage/blobAccess.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { BannedWordsService } from '../bannedWords/index.js';
import type { BarcodeAllocation } from '../barcodes/index.js';
import { exportBarcodes } from './barcodes.js';
import { createExportChecks, type ExportCheckDeps, type ExportRequest } from './checks.js';
import { preflightOf } from './preflight.js';
import type { ExportProducts } from './products.js';
import { createExportJob } from './job.js';
import type { ExportParams, WrittenImage } from './params.js';
import type { PublishedCopy } from './publicImageQueries.js';
import { createExportRecords } from './records.js';
import type { ExportRepo } from './repo.js';
import { createExportRetention, DEFAULT_EXPORT_FILE_LIMITS, type ExportFileLimits } from './retention.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { fileWarnings, headerOf, productsOf, rowsOf } from './rows.js';
import { createFilePool } from './writer.js';

export const EXPORT_JOB = 'export';

/**
 * Lays a watermark on a private image and answers the blob of the copy (composed once per image and
 * watermark version, cached by the watermark module); the original is never modified. `version` is the one
 * the export named its copies after: a watermark edited since throws JobFailure('exportWatermarkChanged').
 */
export type WatermarkApplier = (scope: Scope, sourceBlob: string, watermarkId: number, version?: number) => Promise<string>;

/**
 * Offline export (docs/exports.md, docs/export-dialog.md, docs/api.md#export-and-shops): the calls check
 * everything and make the record, a job of kind 'export' writes the file page by page (streamed, through
 * a temporary file of a fixed name, stored only when complete), the records list, download and delete.
 */
export function createExportService(
  deps: ExportCheckDeps & {
    repo: ExportRepo;
    /** The products an export writes (products.ts: the finished module's and the catalogue's answers). */
    products: ExportProducts;
    storage: BlobStorage;
    queue: Pick<JobQueue, 'enqueue' | 'admit'>;
    dataDir: string;
    /** Stored export files' retention and per-family quota (docs/exports.md#retention); the defaults when unset. */
    files?: ExportFileLimits | undefined;
    now: () => number;
    bannedWords: Pick<BannedWordsService, 'wordsFor'>;
    /** Key of the public image names (deriveKey(server key, 'public-images')). */
    publicNameKey: string;
    watermarks: WatermarkApplier;
    /** Whether this process works export jobs (an API-only process never warms a writer thread). */
    runsJobs?: boolean | undefined;
    /** Products per page (EXPORT_PAGE); tests make pages small to stop a job between two. */
    pageSize?: number | undefined;
    /** Called once an export is done with the products it wrote and its shop (the list's 店铺 column, docs/variants.md). */
    onExported?: ((finishedIds: number[], shopId: number) => Promise<void>) | undefined;
    /** The codes each variant takes in the shop (docs/listing-tools.md#barcodes); none when unset. */
    barcodes?: Pick<BarcodeAllocation, 'codesFor' | 'checkEnough' | 'held'> | undefined;
    /** The parsing threads (parsing/pool.ts): the pre-flight builds its pages there, off the event loop. */
    parsing: Pick<ParsePool, 'run'>;
    /** Called after each page is written (tests stop a job mid-way with it). */
    afterPage?: ((exportId: number, page: number) => Promise<void>) | undefined;
  },
) {
  const { repo, storage, now } = deps;
  const tmpDir = path.join(deps.dataDir, 'tmp', 'exports');
  const tmpPath = (id: number) => path.join(tmpDir, `${id}.part`);
  const files = createFilePool();

  const prepare = createExportChecks(deps);
  const codes = exportBarcodes(deps.barcodes, deps.products);

  /** What an export's rows are built from: the job hands it to the file thread, the preview builds here. */
  async function inputsOf(p: ExportParams): Promise<RowContextInputs> {
    return {
      params: p,
      words: await deps.bannedWords.wordsFor(p.caller, p.platform),
      publicNameKey: deps.publicNameKey,
      domain: deps.imageDomains.find((d) => d.id === p.domainId)!,
    };
  }

  const records = createExportRecords({ repo, storage, tmpPath });
  const retention = createExportRetention({ repo, limits: deps.files ?? DEFAULT_EXPORT_FILE_LIMITS, now, remove: records.remove });
  /** Exports being started in this process, by owner and request key: the same one asked at once starts once. */
  const starting = new Map<string, Promise<{ export_id: number; job_id: string }>>();
  /** A family's starts one at a time, so each admission counts the ones before (jobs/admission.ts). */
  const gate = createFamilyGate();

  /**
   * Starts an export. The same export (same caller, same parameters) asked again while the first waits or
   * runs answers the first (docs/exports.md#the-same-export-twice); a family with its exports' queue
   * depth waiting, or its stored files at the quota, is refused (docs/security.md#fair-shares).
   */
  async function start(caller: Caller, kind: ExportKind, q: ExportRequest) {
    const { shopName, ...params } = await prepare(caller, kind, q, false);
    // A maker short of codes refuses the export now, before anything is queued.
    await codes.checkEnough(params, q.store_id);
    const requestKey = createHash('sha256').update(JSON.stringify(params)).digest('hex');
    const key = `${caller.id}:${requestKey}`;
    const inFlight = starting.get(key);
    if (inFlight) return inFlight;
    const started = gate(familyOf(caller), async () => {
      const running = await repo.unfinishedWithKey(caller.id, requestKey);
      if (running) return { export_id: running.id, job_id: running.job_id };
      await deps.queue.admit({ familyId: familyOf(caller), kind: EXPORT_JOB, refusal: 'exportQueueFull' });
      await retention.checkQuota(caller);
      return begin(caller, kind, q, shopName, params, requestKey);
    });
    starting.set(key, started);
    try {
      return await started;
    } finally {
      starting.delete(key);
    }
  }

  async function begin(caller: Caller, kind: ExportKind, q: ExportRequest, shopName: string, params: ExportParams, requestKey: string) {
    // The job's writer thread boots while the record is made and the job queued.
    if (deps.runsJobs !== false) files.warm();
    const at = now();
    const { id } = await repo.insertRecord({
      owner_id: caller.id,
      kind,
      format: params.format,
      store_id: q.store_id,
      store_name: shopName,
      template_id: params.template.id,
      template_name: params.template.name,
      product_count: params.ids.length,
      status: 'pending',
      params: JSON.stringify(params),
      request_key: requestKey,
      file_key: null,
      created_at: at,
      updated_at: at,
    });
    const exportId = id;
    try {
      const jobId = await deps.queue.enqueue({ kind: EXPORT_JOB, ownerId: caller.id, payload: { export_id: exportId } });
      await repo.updateRecord(exportId, { job_id: jobId });
      return { export_id: exportId, job_id: jobId };
    } catch (e) {
      await repo.deleteRecord(exportId);
      throw e;
    }
  }

  async function preview(
    caller: Caller,
    lang: Lang,
    req: ParsedBodyOf<typeof routes.finishedFirstPreview>['exportProducts'],
  ): Promise<ExportPreview> {
    const params = await prepare(caller, req.kind, req, true);
    const { headerRows, fields } = headerOf(params);
    // Names only: a preview publishes nothing (the copies become fetchable once the export writes them).
    const ctx = createRowContext(await inputsOf(params), new Set(), []);
    const page = await deps.products.page(params.ids.slice(0, 1));
    ctx.barcodes = await codes.held(params, req.store_id, page);
    const [product] = productsOf(page, params.ids.slice(0, 1));
    const built = product ? rowsOf(product, ctx, fields) : null;
    return {
      header_rows: headerRows,
      fields,
      rows: built ? built.rows.map((r) => r.map(String)) : [],
      currency: params.pricing.template.currency_code,
      error:
        built && built.reasons.length
          ? { finished_id: built.finishedId, key_id: built.keyId, reasons: built.reasons.map((r) => message(r.key, lang, r.params)) }
          : null,
      warnings: [...fileWarnings(ctx, fields), ...(built ? built.warnings : [])].map((r) => message(r.key, lang, r.params)),
    };
  }

  /** Every product of the export built now, nothing claimed or published (preflight.ts). */
  async function preflight(caller: Caller, lang: Lang, req: ParsedBodyOf<typeof routes.finishedExportPreflight>['exportProducts']) {
    const params = await prepare(caller, req.kind, req, false);
    const held = (page: Parameters<typeof codes.held>[2]) => codes.held(params, req.store_id, page);
    return preflightOf({ products: deps.products, held, parsing: deps.parsing }, params, await inputsOf(params), lang);
  }

  /**
   * Publishes this page's images: the watermarked copy where the rule says, else the blob itself, each
   * recorded as used by this export for its product (docs/security.md#public-image-copies).
   */
  async function publish(exportId: number, ownerId: number, p: ExportParams, written: WrittenImage[]) {
    const copies: PublishedCopy[] = [];
    const blobOf = new Map<string, string>();
    for (const img of written) {
      // Checked again where it is published: an image the caller may not read is never made public.
      if (!mayRead(blobRule(img.blob), p.caller.scope)) continue;
      const name = img.name;
      let blob = blobOf.get(name);
      // In the exporting caller's scope: a parent's watermark on a sub-account's product.
      blob ??= img.watermarked ? await deps.watermarks(p.caller.scope, img.blob, p.watermark.id, p.watermark.version) : img.blob;
      blobOf.set(name, blob);
      copies.push({ name, blob, owner_id: ownerId, finished_id: img.finishedId });
    }
    if (copies.length) await repo.recordPublicImages(exportId, copies, now());
  }

  const { jobKind } = createExportJob({
    repo,
    products: deps.products,
    storage,
    now,
    files,
    tmpDir,
    tmpPath,
    pageSize: deps.pageSize,
    afterPage: deps.afterPage,
    onExported: deps.onExported,
    inputsOf,
    publish,
    barcodes: codes,
  });

  const domains = () => ({ list: deps.imageDomains.map((d) => ({ id: d.id, title: d.title })) });

  /** The private blob a public image name serves (publicImages.ts), while a live export uses it for a product. */
  const publicImageBlob = (name: string) => repo.publicImageBlob(name);

  /** The records page: one page of records, with the retention and the family's use of its quota. */
  async function list(caller: Caller, lang: Lang, q: Parameters<typeof records.list>[2]) {
    const [page, storageInfo] = await Promise.all([records.list(caller, lang, q), retention.storageOf(caller)]);
    return { ...page, storage: storageInfo };
  }

  return {
    start,
    preview,
    preflight,
    ...records,
    list,
    /** Removes the records past the retention with their files (the periodic sweep, services.ts). */
    sweep: retention.sweep,
    domains,
    publicImageBlob,
    jobKind,
    close: () => files.close(),
  };
}
export type ExportService = ReturnType<typeof createExportService>;
