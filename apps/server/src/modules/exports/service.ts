import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  DEFAULT_EXPORT_CALL_TYPE,
  EXPORT_MAX_PRODUCTS,
  WALMART_MAX_ITEMS,
  message,
  type ExportKind,
  type ExportPreview,
  type Lang,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type routes,
  type TemplateKind,
} from '@app/contract';
import type { ImageDomainConfig } from '../../config.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { createFamilyGate, familyOf } from '../../jobs/admission.js';
import type { JobQueue } from '../../jobs/queue.js';
import { blobRule, mayRead } from '../../storage/blobAccess.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { createBannedWordMatcher, type BannedWordsService } from '../bannedWords/index.js';
import type { PriceTemplateService } from '../priceTemplates/index.js';
import type { createShopRepo } from '../shops/index.js';
import type { TemplateService } from '../templates/index.js';
import { publicImageNamer, publicImageUrl } from './publicImages.js';
import { createExportJob } from './job.js';
import type { ExportParams, FreshImage, WrittenImage } from './params.js';
import type { PublishedCopy } from './publicImageQueries.js';
import { createExportRecords, extOf } from './records.js';
import type { ExportProducts } from './products.js';
import type { ExportRepo } from './repo.js';
import { createExportRetention, DEFAULT_EXPORT_FILE_LIMITS, type ExportFileLimits } from './retention.js';
import { headerOf, productsOf, rowsOf, type Layout, type RowContext } from './rows.js';
import { createXlsxPool } from './writer.js';

export const EXPORT_JOB = 'export';
type ShopRepo = ReturnType<typeof createShopRepo>;

/**
 * Lays a watermark on a private image and answers the blob of the copy (composed once per image and
 * watermark version, cached by the watermark module); the original is never modified. `version` is the one
 * the export named its copies after: a watermark edited since throws JobFailure('exportWatermarkChanged').
 */
export type WatermarkApplier = (scope: Scope, sourceBlob: string, watermarkId: number, version?: number) => Promise<string>;

/** The query of the three export calls (and the preview's request), as their routes parse it. */
type ExportRequest =
  | ParsedQueryOf<typeof routes.finishedExports>
  | ParsedQueryOf<typeof routes.finishedAmazonExports>
  | ParsedBodyOf<typeof routes.finishedFirstPreview>['exportProducts'];

/**
 * Offline export (docs/exports.md, docs/export-dialog.md, docs/api.md#export-and-shops): the calls check
 * everything and make the record, a job of kind 'export' writes the file page by page (streamed, through
 * a temporary file of a fixed name, stored only when complete), the records list, download and delete.
 */
export function createExportService(deps: {
  repo: ExportRepo;
  /** The products an export writes (products.ts: the finished module's and the catalogue's answers). */
  products: ExportProducts;
  storage: BlobStorage;
  queue: Pick<JobQueue, 'enqueue' | 'admit'>;
  dataDir: string;
  /** Stored export files' retention and per-family quota (docs/exports.md#retention); the defaults when unset. */
  files?: ExportFileLimits | undefined;
  now: () => number;
  priceTemplates: Pick<PriceTemplateService, 'forPricing'>;
  bannedWords: Pick<BannedWordsService, 'wordsFor'>;
  templates: Pick<TemplateService, 'rowForExport'>;
  imageDomains: ImageDomainConfig[];
  /** Key of the public image names (deriveKey(server key, 'public-images')). */
  publicNameKey: string;
  watermarks: WatermarkApplier;
  /** The current version of one of the scope's watermarks, or undefined (the watermarks module's). */
  watermarkVersion: (scope: Scope, id: number) => Promise<number | undefined>;
  /** The shop an export writes for (the shops module's). */
  shops: Pick<ShopRepo, 'inScope'>;
  /** Whether this process works export jobs (an API-only process never warms a writer thread). */
  runsJobs?: boolean | undefined;
  /** Products per page (EXPORT_PAGE); tests make pages small to stop a job between two. */
  pageSize?: number | undefined;
  /** Called once an export is done with the products it wrote and its shop (the list's 店铺 column, docs/variants.md). */
  onExported?: ((finishedIds: number[], shopId: number) => Promise<void>) | undefined;
  /** Called after each page is written (tests stop a job mid-way with it). */
  afterPage?: ((exportId: number, page: number) => Promise<void>) | undefined;
}) {
  const { repo, storage, now } = deps;
  const nameOf = publicImageNamer(deps.publicNameKey);
  const tmpDir = path.join(deps.dataDir, 'tmp', 'exports');
  const tmpPath = (id: number) => path.join(tmpDir, `${id}.part`);
  const xlsx = createXlsxPool();

  /** Every check of an export call; the params its job runs with. */
  async function prepare(
    caller: Caller,
    kind: ExportKind,
    q: ExportRequest,
    onlyFirst: boolean,
  ): Promise<ExportParams & { shopName: string }> {
    const format = kind === 'exports' && 'format' in q ? q.format : kind === 'amazon' ? 3 : 0;
    let layout: Layout;
    let templateKind: TemplateKind;
    if (kind === 'walmart') [layout, templateKind] = ['walmart', 'walmart'];
    else if (format === 3) [layout, templateKind] = ['amazon', 'amazon'];
    else if (format === 6 || format === 9) [layout, templateKind] = ['simple', 'simple'];
    else throw new AppError(400, 'exportFormat');

    const asked = [...new Set(q.ids.split(',').map(Number))];
    // Checked early (before any query) and again once combinations are expanded.
    if (asked.length > EXPORT_MAX_PRODUCTS)
      throw new AppError(400, 'exportTooManyProducts', { max: EXPORT_MAX_PRODUCTS, count: asked.length });
    const wanted = onlyFirst ? asked.slice(0, 1) : asked;
    const found = await deps.products.productsInScope(caller.scope, wanted);
    const byId = new Map(found.map((r) => [r.id, r.child_count]));
    const missing = wanted.find((id) => !byId.has(id));
    if (missing !== undefined) throw new AppError(404, 'exportProductNotFound', { id: missing });
    // A combination stands for its childs, in its order (as the bulk picture download does).
    const combos = wanted.filter((id) => byId.get(id)! > 0);
    const childs = combos.length ? await deps.products.childIdsOf(combos) : [];
    // A product named twice (alone and in a combination) is exported once, where first met.
    const ids = [...new Set(wanted.flatMap((id) => (byId.get(id)! > 0 ? childs.filter((c) => c.combo === id).map((c) => c.id) : [id])))];
    if (ids.length > EXPORT_MAX_PRODUCTS) throw new AppError(400, 'exportTooManyProducts', { max: EXPORT_MAX_PRODUCTS, count: ids.length });

    if (kind === 'walmart') {
      const items = await deps.products.variantCount(ids);
      if (items > WALMART_MAX_ITEMS) throw new AppError(400, 'exportWalmartTooManyItems', { max: WALMART_MAX_ITEMS, count: items });
    }

    const shopId = q.store_id;
    const shop = await deps.shops.inScope(caller.scope, shopId);
    if (!shop) throw new AppError(404, 'exportStoreNotFound');
    const template = await deps.templates.rowForExport(caller.scope, templateKind, q.template_id, shopId);
    if (template === 'missing') throw new AppError(404, 'exportTemplateNotFound');
    if (template === 'kind') throw new AppError(400, 'exportTemplateWrongKind', { kind: templateKind });
    if (template === 'store') throw new AppError(400, 'exportTemplateWrongStore');
    const pricing = await deps.priceTemplates.forPricing(caller, q.price_template_id);
    const domainId = q.domain_id;
    if (!deps.imageDomains.some((d) => d.id === domainId)) throw new AppError(400, 'exportDomainUnknown', { id: domainId });
    const watermarkId = q.watermark_id;
    let watermark: ExportParams['watermark'] = { id: 0, version: 0, rule: 'none' };
    if (watermarkId > 0) {
      const version = await deps.watermarkVersion(caller.scope, watermarkId);
      if (version === undefined) throw new AppError(404, 'exportWatermarkNotFound');
      watermark = { id: watermarkId, version, rule: q.main_watermark === 1 ? 'main' : 'all' };
    }
    return {
      caller,
      kind,
      layout,
      format,
      ids,
      template,
      pricing,
      domainId,
      watermark,
      platform: shop.platform,
      // The marketplace calls take neither: their records keep the defaults.
      type: 'type' in q ? q.type : DEFAULT_EXPORT_CALL_TYPE,
      isBallUniform: 'is_ball_uniform' in q ? q.is_ball_uniform : 0,
      shopName: shop.name,
    };
  }

  async function matcherFor(p: ExportParams) {
    const words = await deps.bannedWords.wordsFor(p.caller, p.platform);
    return words.length ? createBannedWordMatcher(words) : null;
  }

  /**
   * The row context of an export; `fresh` receives each image (name, source blob, watermarked) the first time
   * it is written in this run, `seen` remembers the names.
   */
  function contextOf(p: ExportParams, banned: RowContext['banned'], seen: Set<string>, fresh: FreshImage[]): RowContext {
    const domain = deps.imageDomains.find((d) => d.id === p.domainId)!;
    return {
      layout: p.layout,
      template: p.template,
      pricing: p.pricing,
      watermark: p.watermark.rule,
      banned,
      imageUrl(blob, watermarked) {
        // Only images the caller may read are published (a product row may name another owner's blob).
        if (!mayRead(blobRule(blob), p.caller.scope)) return null;
        const wm = watermarked && p.watermark.id > 0;
        const name = nameOf(blob, { watermarkId: wm ? p.watermark.id : 0, watermarkVersion: wm ? p.watermark.version : 0 });
        if (!seen.has(name)) {
          seen.add(name);
          fresh.push({ name, blob, watermarked: wm });
        }
        return publicImageUrl(domain, name);
      },
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
    if (extOf(params.format) === 'xlsx' && deps.runsJobs !== false) xlsx.warm();
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
    const ctx = contextOf(params, await matcherFor(params), new Set(), []);
    const page = await deps.products.page(params.ids.slice(0, 1));
    const [product] = productsOf(page, params.ids.slice(0, 1));
    const built = product ? rowsOf(product, ctx, fields) : null;
    return {
      header_rows: headerRows,
      fields,
      rows: built ? built.rows.map((r) => r.map(String)) : [],
      error:
        built && built.reasons.length
          ? { finished_id: built.finishedId, key_id: built.keyId, reasons: built.reasons.map((r) => message(r.key, lang, r.params)) }
          : null,
    };
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
    xlsx,
    tmpDir,
    tmpPath,
    pageSize: deps.pageSize,
    afterPage: deps.afterPage,
    onExported: deps.onExported,
    contextOf,
    matcherFor,
    publish,
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
    ...records,
    list,
    /** Removes the records past the retention with their files (the periodic sweep, services.ts). */
    sweep: retention.sweep,
    domains,
    publicImageBlob,
    jobKind,
    close: () => xlsx.close(),
  };
}
export type ExportService = ReturnType<typeof createExportService>;
