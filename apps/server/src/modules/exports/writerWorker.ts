import fs from 'node:fs';
import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { yieldToTheApi } from '../../parsing/pool.js';
import { txtCell } from './cells.js';
import type { VariantBarcode } from '../barcodes/index.js';
import type { FreshImage, WrittenImage } from './params.js';
import type { ProductPage } from './products.js';
import type { StoredError } from './records.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { headerOf, productsOf, rowsOf, type Cell } from './rows.js';

/**
 * The export file thread (docs/exports.md#the-job): given each page of products as the database answered
 * it, builds the page's rows (the banned-word screen, prices, SKUs, image names) and writes them, .xlsx with
 * exceljs's streaming writer (zip deflate included) or Txt. Nothing of a file's making runs on the API's
 * event loop: the job reads the pages and publishes the images each page names. Answers each page with what
 * the job records (products refused and why, images to publish, products written); resolves once the file
 * is complete on disk.
 */
yieldToTheApi();

/** What a page came to, for the job (job.ts). */
export interface PageResult {
  errors: StoredError[];
  /** Products written with warnings (a Txt field a spreadsheet would read as a formula). */
  warnings: StoredError[];
  /** Images this page named for the first time, each with the product whose rows name it. */
  written: WrittenImage[];
  /** The products written (a combination's childs): the shops they are listed in are recorded. */
  exportedIds: number[];
  /** Families written (a combination is one). */
  entries: number;
  rows: number;
}
export type ToThread = { type: 'page'; page: ProductPage; ids: number[]; barcodes: [number, VariantBarcode][] } | { type: 'end' };

/** Bytes the zip may hold unwritten before a page is answered: exceljs pipes without backpressure. */
const QUEUED_LIMIT = 8 << 20;
/** Rows added between two turns of this thread's loop, so the zip's deflate (on libuv's pool) keeps pace. */
const SLICE = 100;
interface Queue {
  _writableState?: { length: number };
  _readableState?: { length: number };
}

interface Sink {
  write(rows: Cell[][]): Promise<void>;
  close(): Promise<void>;
  /** Lets go of the file after a failure (the job removes the partial file). */
  abort(): void;
}

/**
 * Waits until the zip has taken the sheet's XML: exceljs writes into archiver's entry stream ignoring its
 * backpressure, so without this the whole uncompressed sheet would pile up in memory (its internal
 * `stream.pipes`, read here as the only way to see it).
 */
async function settle(ws: unknown) {
  const pipes = (ws as { stream?: { pipes?: Queue[] } }).stream?.pipes ?? [];
  const queued = () => pipes.reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
  while (queued() > QUEUED_LIMIT) await new Promise((r) => setTimeout(r, 2));
}

function xlsxSink(path: string, sheet: string): Sink {
  // No styles (a style per cell costs more than the rest of the write) and no shared strings (memory stays
  // flat): every string is written as a string cell, which a spreadsheet never evaluates (cells.ts).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheet);
  return {
    async write(rows) {
      for (let i = 0; i < rows.length; i++) {
        ws.addRow(rows[i]!).commit();
        if (i % SLICE === SLICE - 1) await new Promise((r) => setImmediate(r));
      }
      await settle(ws);
    },
    async close() {
      ws.commit();
      await workbook.commit();
    },
    abort() {
      (workbook as unknown as { stream?: { destroy?: () => void } }).stream?.destroy?.();
    },
  };
}

/** A tab-delimited UTF-8 text with a BOM (format 9), each value as written but for tabs and line breaks (cells.ts). */
function txtSink(path: string): Sink {
  const out = fs.createWriteStream(path);
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  out.write('\uFEFF');
  return {
    async write(rows) {
      if (failed) throw failed;
      let text = '';
      for (const r of rows) text += r.map(txtCell).join('\t') + '\n';
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
    },
    abort() {
      out.destroy();
    },
  };
}

/** Nothing: running it starts a thread and loads this module (and exceljs) before the first page arrives. */
export const warm = () => true;

export function writeFile(task: { port: MessagePort; path: string; sheet: string; txt: boolean; inputs: RowContextInputs }): Promise<void> {
  const { port } = task;
  // Names seen in this product only (memory stays flat): a name met again in another product is recorded
  // again, as that product's use of it (docs/security.md#public-image-copies); the copy itself once.
  const seen = new Set<string>();
  const fresh: FreshImage[] = [];
  const ctx = createRowContext(task.inputs, seen, fresh);
  const { headerRows, fields } = headerOf(task.inputs.params);
  const sink = task.txt ? txtSink(task.path) : xlsxSink(task.path, task.sheet);

  async function page(productPage: ProductPage, ids: number[], barcodes: [number, VariantBarcode][]) {
    // The page's variants' codes in the shop (docs/listing-tools.md#barcodes), claimed by the job.
    ctx.barcodes = new Map(barcodes);
    const result: PageResult = { errors: [], warnings: [], written: [], exportedIds: [], entries: 0, rows: 0 };
    const rows: Cell[][] = [];
    for (const product of productsOf(productPage, ids)) {
      const built = rowsOf(product, ctx, fields);
      seen.clear();
      // Only what the file writes is published: a refused product's images are not.
      const images = fresh.splice(0);
      if (built.reasons.length) result.errors.push({ finished_id: built.finishedId, key_id: built.keyId, reasons: built.reasons });
      else {
        for (const img of images) result.written.push({ ...img, finishedId: img.owner ?? built.finishedId });
        result.exportedIds.push(...built.members);
        result.entries++;
        if (built.warnings.length) result.warnings.push({ finished_id: built.finishedId, key_id: built.keyId, reasons: built.warnings });
        for (const r of built.rows) rows.push(r);
      }
    }
    await sink.write(rows);
    result.rows = rows.length;
    port.postMessage(result);
  }

  return new Promise<void>((resolve, reject) => {
    // One message after the other: a page's slices and the final commit never interleave.
    let chain = sink.write(headerRows);
    const fail = (e: unknown) => {
      sink.abort();
      port.close();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    chain.catch(fail);
    port.on('message', (msg: ToThread) => {
      chain = chain
        .then(async () => {
          if (msg.type === 'page') return page(msg.page, msg.ids, msg.barcodes);
          await sink.close();
          port.close();
          resolve();
        })
        .catch(fail);
    });
  });
}
