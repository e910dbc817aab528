import { z } from 'zod';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import { DEFAULT_DOMAIN_ID, DEFAULT_EXPORT_CALL_TYPE, DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS } from './constants.js';

/**
 * Offline export (docs/exports.md, docs/export-dialog.md): the
 * calls that turn finished products into a listing file as a job, the export records, and the image
 * domains. docs/exports.md holds every decision (SKU rule, image naming, watermark rule, formula-looking text).
 */

/** Export format codes (docs/limits.md#export; constants.ts EXPORT_FORMATS); 3 the flat file, 6 simplified Excel, 9 Txt. */
export const EXPORT_FORMAT_CODES: readonly number[] = Object.values(EXPORT_FORMATS);
export type ExportFormat = (typeof EXPORT_FORMATS)[keyof typeof EXPORT_FORMATS];
/** Walmart bulk items: not one of the format codes, the record shows it as 'walmart'. */
export const EXPORT_KINDS = ['exports', 'amazon', 'walmart'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Finished products one export takes. */
export const EXPORT_MAX_PRODUCTS = 10_000;
/** Items (variants) one Walmart bulk file may hold (docs/limits.md: a feed holds ≤ 10,000 items and < 25 MB). */
export const WALMART_MAX_ITEMS = 10_000;
export const EXPORT_RECORD_PAGE_SIZE_MAX = 100;
/** Images a child row carries: main_image_url + other_image_url1…8. */
export const EXPORT_IMAGES_PER_ROW = 9;
export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const id = num(z.number().int().positive());
/** `ids` as the API takes them: comma-joined finished-product ids (docs/api.md#ids-and-numbers); the count is checked by the server (message). */
const exportIds = commaJoinedIds(EXPORT_MAX_PRODUCTS * 12);
const flag = num(z.number().int().min(0).max(1));

/** The fields every export call takes (the export form, docs/export-dialog.md). */
const commonExport = {
  ids: exportIds,
  store_id: id,
  template_id: id,
  /** The image domain, default 1 (this server's own public address; docs/exports.md#image-urls). */
  domain_id: num(z.number().int().min(1)).default(DEFAULT_DOMAIN_ID),
  /** 0 = the system default (the price stored on the variant; docs/pricing-templates.md). */
  price_template_id: num(z.number().int().min(0)).default(0),
  /** 0 = no watermark. */
  watermark_id: num(z.number().int().min(0)).default(0),
  /** 1 = only the main image is watermarked, 0 = every image (docs/exports.md). */
  main_watermark: flag.default(0),
  /** 0 = the products' own titles; else a title template (docs/listing-tools.md#titles). */
  title_template_id: num(z.number().int().min(0)).default(0),
  /** 0 = no keyword set; else its words fill the keywords and `{keyword}` (docs/listing-tools.md#keywords). */
  keyword_set_id: num(z.number().int().min(0)).default(0),
};

export const finishedExportsQuery = z.object({
  ...commonExport,
  /** Default 2; kept on the record, no effect on the file (docs/api.md#export-and-shops). */
  type: num(z.number().int()).default(DEFAULT_EXPORT_CALL_TYPE),
  /** `is_ball_uniform`: kept on the record, no effect on the file (docs/api.md#export-and-shops). */
  is_ball_uniform: flag.default(0),
  /**
   * 3 (an amazon-kind template), 6 (a simple-kind one) or 9 (Txt: a simple-kind template, or an amazon-kind one
   * for the flat file as tab-delimited text); the server names a wrong code.
   */
  format: num(z.number().int()).default(DEFAULT_EXPORT_FORMAT),
});
export type FinishedExportsQuery = z.input<typeof finishedExportsQuery>;
export const marketplaceExportsQuery = z.object(commonExport);

/**
 * `POST /finished/getFirstPreview {exportProducts}`: the export's own parameters plus `kind` (which of the
 * three calls it previews; default 'exports'). The first id (in the order sent) is previewed.
 */
export const exportPreviewRequest = z.object({
  ...commonExport,
  kind: z.enum(EXPORT_KINDS).default('exports'),
  type: num(z.number().int()).default(DEFAULT_EXPORT_CALL_TYPE),
  is_ball_uniform: flag.default(0),
  format: num(z.number().int()).default(DEFAULT_EXPORT_FORMAT),
});
export type ExportPreviewRequest = z.input<typeof exportPreviewRequest>;

/** Why one product was left out of a file: a catalogue message, in the caller's language. */
export const exportProductError = z.object({
  finished_id: z.number().int(),
  key_id: z.string(),
  reasons: z.array(z.string()),
});
export type ExportProductError = z.infer<typeof exportProductError>;

export const exportStarted = z.object({ export_id: z.number().int(), job_id: z.string() });

export const exportPreview = z.object({
  /** The header rows written above the data (3 for the flat file, 1 otherwise). */
  header_rows: z.array(z.array(z.string())),
  /** The field (column) names, in order: the last header row of the flat file, the keys otherwise. */
  fields: z.array(z.string()),
  /** The first product's rows, each aligned with `fields` (parent first for the flat file). */
  rows: z.array(z.array(z.string())),
  /** Set when the first product would be refused (e.g. a banned word, still composing); rows is then empty. */
  error: exportProductError.nullable(),
  /**
   * What the first product's file would hold that the seller should know and that does not refuse it: a
   * Txt field a spreadsheet would read as a formula (docs/exports.md#formula-looking-text), in the caller's language.
   */
  warnings: z.array(z.string()),
  /** The currency the prices are in (docs/pricing-templates.md#currencies): shown beside each price cell. */
  currency: z.string(),
});
/**
 * `POST /finished/exportPreflight {exportProducts}` (docs/export-dialog.md#pre-flight): every selected product
 * built as the export would build it, nothing claimed or published; what would be refused and why, each written
 * product's title, the warnings, in the caller's language.
 */
export const exportPreflight = z.object({
  ok_ids: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), key_id: z.string(), reasons: z.array(z.string()) })),
  /** The title each written product gets, with its finished number (two products may get the same title). */
  titles: z.array(z.object({ id: z.number().int(), key_id: z.string(), title: z.string() })),
  /** Per product; id 0 (key_id ''): about the whole file (the handling days it has no column for). */
  warnings: z.array(z.object({ id: z.number().int(), key_id: z.string(), warnings: z.array(z.string()) })),
});
export type ExportPreflight = z.infer<typeof exportPreflight>;
/** The price cells of the files (flat file, simplified, Walmart): the preview shows the currency beside them. */
export const EXPORT_PRICE_FIELDS: readonly string[] = ['standard_price', 'list_price', 'price', 'crossed_out_price'];
export type ExportPreview = z.infer<typeof exportPreview>;

export const exportRecord = z.object({
  id: z.number().int(),
  /** Unix seconds. */
  createtime: z.number().int(),
  store_name: z.string(),
  template_name: z.string(),
  /** 3, 6, 9, or 0 for a Walmart export (see kind). */
  format: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  /** The products asked for, a combination counted once (it is one family in the file; docs/exports.md#combinations). */
  product_count: z.number().int(),
  /** The products the file holds, and those left out (listed in `errors`); counted as the job goes. */
  written_count: z.number().int(),
  refused_count: z.number().int(),
  row_count: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  errors: z.array(exportProductError),
  /**
   * Products written with something to know (a Txt field a spreadsheet would read as a formula), and what; an entry of
   * finished_id 0 is about the whole file (a made-to-order shop's handling days it has no column for).
   */
  warnings: z.array(exportProductError),
  /** The failure of the whole export (status failed), in the caller's language; '' otherwise. */
  message: z.string(),
  /** Bytes of the file; 0 until done. */
  size: z.number().int(),
  /** `/api/export/download?id=…` when done, else ''. */
  download_url: z.string(),
  job_id: z.string(),
  /** The owning account (a parent sees its sub-accounts' exports). */
  username: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

/** The retention of stored export files and the family's use of its quota (docs/exports.md#retention). */
export const exportStorage = z.object({
  retention_days: z.number().int(),
  quota_bytes: z.number().int(),
  used_bytes: z.number().int(),
});
export type ExportStorage = z.infer<typeof exportStorage>;

export const imageDomain = z.object({ id: z.number().int(), title: z.string() });
export type ImageDomain = z.infer<typeof imageDomain>;

export const exportRoutes = {
  finishedExports: defineRoute({
    method: 'GET',
    path: '/api/finished/exports',
    changesState: true,
    summary: 'Export finished products to a flat file (format 3), simplified Excel (6) or Txt (9) as a job',
    tag: 'export',
    auth: true,
    query: finishedExportsQuery,
    data: exportStarted,
  }),
  finishedAmazonExports: defineRoute({
    method: 'GET',
    path: '/api/finished/amazonExports',
    changesState: true,
    summary: 'Export finished products to the large-marketplace flat file (.xlsx) as a job',
    tag: 'export',
    auth: true,
    query: marketplaceExportsQuery,
    data: exportStarted,
  }),
  finishedWalmartExports: defineRoute({
    method: 'GET',
    path: '/api/finished/walmartExports',
    changesState: true,
    summary: 'Export finished products to Walmart bulk items (.xlsx) as a job (same shape as amazonExports)',
    tag: 'export',
    auth: true,
    query: marketplaceExportsQuery,
    data: exportStarted,
  }),
  finishedFirstPreview: defineRoute({
    method: 'POST',
    path: '/api/finished/getFirstPreview',
    summary: 'The rows the first product of an export would get, computed now',
    tag: 'export',
    auth: true,
    body: z.strictObject({ exportProducts: exportPreviewRequest }),
    data: exportPreview,
  }),
  finishedExportPreflight: defineRoute({
    method: 'POST',
    path: '/api/finished/exportPreflight',
    summary: 'Every product of an export built now: the ones it would refuse and why, the titles',
    tag: 'export',
    auth: true,
    body: z.strictObject({ exportProducts: exportPreviewRequest }),
    data: exportPreflight,
  }),
  exportList: defineRoute({
    method: 'GET',
    path: '/api/export/getlist',
    summary: "The caller's export records (a parent's include its sub-accounts'), newest first",
    tag: 'export',
    auth: true,
    query: z.object({
      /** Only this shop's exports; absent or 0: every shop. */
      store_id: num(z.number().int().min(0)).optional(),
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(EXPORT_RECORD_PAGE_SIZE_MAX)).default(20),
    }),
    data: z.object({ count: z.number().int(), list: z.array(exportRecord), storage: exportStorage }),
  }),
  exportDownload: defineRoute({
    method: 'GET',
    path: '/api/export/download',
    summary: 'The file of a finished export, as an attachment named after shop, format and time',
    tag: 'export',
    auth: true,
    query: z.object({ id }),
    data: z.null(),
  }),
  exportDel: defineRoute({
    method: 'POST',
    path: '/api/export/del',
    summary: 'Delete export records and their files (ids comma-joined); all or nothing',
    tag: 'export',
    auth: true,
    body: z.strictObject({
      ids: commaJoinedIds(10_000),
    }),
    data: z.object({ deleted: z.number().int() }),
  }),
  imageDomains: defineRoute({
    method: 'GET',
    path: '/api/common/getImgDomain',
    summary: 'The image domains an export can write image URLs on; id 1 is this server',
    tag: 'export',
    auth: true,
    data: z.object({ list: z.array(imageDomain) }),
  }),
} as const;
