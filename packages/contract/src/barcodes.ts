import { z } from 'zod';
import { BARCODE_TYPES, GENERATED_TYPES } from './gtin.js';
import { commaJoinedIds, num, oneOfNumbers } from './numbers.js';
import { defineRoute } from './route.js';
import { plainName } from './sellerText.js';

/**
 * Barcodes (条码管理, `/barcode_makers/*`; docs/listing-tools.md#barcodes): a maker is a source of GTINs — a
 * pool the seller imports, or a generator from the seller's GS1 company prefix. Exports and publishes take a
 * free code per variant from the shop's chosen maker.
 */

export const BARCODE_STATUSES = ['free', 'used', 'void'] as const;
export type BarcodeStatus = (typeof BARCODE_STATUSES)[number];
export const BARCODE_MAKER_KINDS = ['pool', 'generator'] as const;
export type BarcodeMakerKind = (typeof BARCODE_MAKER_KINDS)[number];

/** Codes one import or one generation takes (an .xlsx of 200,000 codes is read in a few seconds). */
export const BARCODE_IMPORT_MAX = 200_000;
/** An import's file: .xlsx or .csv. */
export const BARCODE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A maker's name, in characters after trimming. */
export const BARCODE_MAKER_NAME_MAX = 50;
/** The refused lines an import answers in full (the count says how many in all). */
export const BARCODE_REPORT_MAX = 1000;
/** A GS1 company prefix: 6 digits at least, and room left for a one-digit item reference. */
export const BARCODE_PREFIX_MIN = 6;
export const BARCODE_LIST_PAGE_SIZES = [20, 50, 100, 200] as const;

const id = num(z.number().int().positive());
const name = plainName(z.string().max(1000));

export const barcodeMaker = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(BARCODE_MAKER_KINDS),
  /** A generator's GS1 company prefix and code type; '' for a pool. */
  prefix: z.string(),
  code_type: z.string(),
  /** A generator's next item reference, and how many references its prefix holds (0 for a pool). */
  next_ref: z.number().int(),
  capacity: z.number().int(),
  /** 1 enabled, 0 disabled: a disabled maker hands out no new code (codes already given stay). */
  status: z.number().int(),
  free: z.number().int(),
  used: z.number().int(),
  void: z.number().int(),
  /** Unix seconds. */
  createtime: z.number().int(),
  /** The owning account (a parent lists its sub-accounts' makers too). */
  username: z.string(),
});
export type BarcodeMaker = z.infer<typeof barcodeMaker>;

export const barcodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(BARCODE_TYPES),
  status: z.enum(BARCODE_STATUSES),
  maker_id: z.number().int(),
  maker_name: z.string(),
  /** Where a used code went: the shop (0 and '' when set used by hand) and the variant's number. */
  store_id: z.number().int(),
  store_name: z.string(),
  key_id: z.string(),
  /** Unix seconds; 0 while free. */
  used_at: z.number().int(),
});
export type BarcodeRow = z.infer<typeof barcodeRow>;

/** A line an import refused: its number in the paste or the sheet, what it held, why (in the caller's language). */
export const barcodeRefusal = z.object({ line: z.number().int(), text: z.string(), reason: z.string() });
export type BarcodeRefusal = z.infer<typeof barcodeRefusal>;

const importAnswer = z.object({
  maker_id: z.number().int(),
  /** Codes stored. */
  added: z.number().int(),
  /** Lines refused in all, and the first BARCODE_REPORT_MAX of them. */
  refused_count: z.number().int(),
  refused: z.array(barcodeRefusal),
});
export type BarcodeImportAnswer = z.infer<typeof importAnswer>;

export const barcodeRoutes = {
  barcodeMakerList: defineRoute({
    method: 'GET',
    path: '/api/barcode_makers/getMakerlist',
    summary: "The caller's barcode makers (a parent's include its sub-accounts'), each with its free, used and void codes",
    tag: 'barcode_makers',
    auth: true,
    query: z.object({ status: num(oneOfNumbers([0, 1])).optional() }),
    data: z.object({ list: z.array(barcodeMaker) }),
  }),
  barcodeMakerStatus: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/setMakerlistStatus',
    summary: 'Enable (1) or disable (0) makers (ids comma-joined); all or nothing',
    tag: 'barcode_makers',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds(2000), status: num(oneOfNumbers([0, 1])) }),
    data: z.object({ updated: z.number().int() }),
  }),
  barcodeMakerDel: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/del',
    summary:
      'Delete a maker and its codes never handed out. Refused while a shop draws from it, or while any of its codes was given to a listing or marked used (those stay with their variants: disable the maker instead)',
    tag: 'barcode_makers',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ deleted: z.number().int(), codes: z.number().int() }),
  }),
  barcodeImport: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/importBarcode',
    summary:
      'Import pasted codes (one per line; EAN-13, UPC-A or GTIN-14, check digit verified) into a pool: a new one named `name`, or `maker_id`. Valid lines are stored, each refused line is reported with its number',
    tag: 'barcode_makers',
    auth: true,
    body: z.strictObject({
      maker_id: id.optional(),
      name: name.optional(),
      /** One code per line. */
      codes: z.string().max(BARCODE_IMPORT_MAX * 20),
    }),
    data: importAnswer,
  }),
  barcodeImportFile: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/importBarcodeFile',
    summary:
      'importBarcode from a file (multipart/form-data: file, .xlsx or .csv, at most 10 MB; fields maker_id or name): the codes column (headed 条码, barcode, GTIN, EAN or UPC, else the first), one code per row',
    tag: 'barcode_makers',
    auth: true,
    data: importAnswer,
  }),
  barcodeCreate: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/createBarcode',
    summary:
      "Generate `count` codes from a GS1 company prefix and running item references: a new generator (name, prefix, code_type, start) or more of `maker_id`'s from its next reference",
    tag: 'barcode_makers',
    auth: true,
    body: z.strictObject({
      maker_id: id.optional(),
      name: name.optional(),
      prefix: z.string().max(20).optional(),
      code_type: z.enum(GENERATED_TYPES).optional(),
      /** The first item reference (a new generator: default 0; more of one: not below its next). */
      start: num(z.number().int().min(0)).optional(),
      count: num(z.number().int().min(1).max(BARCODE_IMPORT_MAX)),
    }),
    data: z.object({
      maker_id: z.number().int(),
      added: z.number().int(),
      /** References whose code was already in the caller's pools (imported before): passed over. */
      skipped: z.number().int(),
      next_ref: z.number().int(),
    }),
  }),
  barcodeList: defineRoute({
    method: 'GET',
    path: '/api/barcode_makers/getBarcodelist',
    summary: "The caller's codes, by maker, status and part of the code, in the order they were added",
    tag: 'barcode_makers',
    auth: true,
    query: z.object({
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(oneOfNumbers(BARCODE_LIST_PAGE_SIZES)).default(20),
      maker_id: id.optional(),
      status: z.enum(BARCODE_STATUSES).optional(),
      /** Digits of the code. */
      code: z.string().max(20).optional(),
    }),
    data: z.object({ count: z.number().int(), list: z.array(barcodeRow) }),
  }),
  barcodeStatus: defineRoute({
    method: 'POST',
    path: '/api/barcode_makers/setBarcodeStatus',
    summary:
      "Set codes free, used or void (ids comma-joined); all or nothing. Freeing or voiding a code a variant holds takes it from the variant: that variant's next export takes a new one",
    tag: 'barcode_makers',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds(20_000), status: z.enum(BARCODE_STATUSES) }),
    data: z.object({ updated: z.number().int() }),
  }),
  barcodeImage: defineRoute({
    method: 'GET',
    path: '/api/barcode_makers/image',
    summary: "One of the caller's codes as a barcode image: EAN-13, UPC-A, or GS1-128 for a GTIN-14; PNG or SVG",
    tag: 'barcode_makers',
    auth: true,
    query: z.object({
      code: z.string().regex(/^\d{12,14}$/),
      format: z.enum(['png', 'svg']).default('png'),
      /** 1: served as a download named after the code. */
      download: num(oneOfNumbers([0, 1])).default(0),
    }),
    /** Answered as image/png or image/svg+xml, not as an envelope. */
    data: z.string(),
  }),
} as const;
