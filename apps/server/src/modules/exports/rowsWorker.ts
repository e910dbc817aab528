import type { MessagePort } from 'node:worker_threads';
import { yieldToTheApi } from '../../parsing/pool.js';
import type { VariantBarcode } from '../barcodes/index.js';
import { txtLines } from './cells.js';
import { codeColumnsOf, codePlaceholders, fillCodes } from './codeCells.js';
import type { FreshImage, WrittenImage } from './params.js';
import type { ProductPage } from './products.js';
import type { StoredError } from './records.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { headerOf, productsOf, rowsOf, type Cell } from './rows.js';

/**
 * The export's rows thread (docs/exports.md#the-job): given each page of products as the database answered it,
 * builds the page's rows (the banned-word screen, prices, SKUs, image names) and answers the job with what it
 * came to, then hands the rows straight to the file thread (writerWorker.ts) over a channel of their own, so
 * they never pass through the job's thread. While the file thread writes one page, this one builds the next.
 * With codes to write, a page's rows wait here for the codes the job claims for the products they accepted.
 */
yieldToTheApi();

/** What a page's rows came to, for the job (job.ts). */
export interface BuiltPage {
  errors: StoredError[];
  /** Products written with warnings (a Txt field a spreadsheet would read as a formula). */
  warnings: StoredError[];
  /** Images this page named for the first time, each with the product whose rows name it. */
  written: WrittenImage[];
  /** The products whose rows were accepted (a combination's children): the only ones that take codes, and the shops they are listed in are recorded. */
  exportedIds: number[];
  /** Families written (a combination is one). */
  entries: number;
}
export type ToRows =
  | { type: 'page'; page: ProductPage; ids: number[] }
  /** The codes claimed for the oldest page waiting for them. */
  | { type: 'codes'; codes: [number, VariantBarcode][] }
  | { type: 'end' };
/** A page's rows, or for Txt its lines already joined (one string crosses between threads far cheaper than the cells). */
export type ToWriter = { type: 'rows'; rows: Cell[][] } | { type: 'text'; text: string; rows: number } | { type: 'end' };

/** Nothing: running it starts a thread and loads this module before the first page arrives. */
export const warm = () => true;

export function buildRows(task: {
  job: MessagePort;
  writer: MessagePort;
  inputs: RowContextInputs;
  codes: boolean;
  /** The file is tab-delimited text: lines are made here. */
  txt: boolean;
}): Promise<void> {
  const { job, writer } = task;
  // Names seen in this product only (memory stays flat): a name met again in another product is recorded
  // again, as that product's use of it (docs/security.md#public-image-copies); the copy itself once.
  const seen = new Set<string>();
  const fresh: FreshImage[] = [];
  const ctx = createRowContext(task.inputs, seen, fresh);
  if (task.codes) ctx.barcodes = codePlaceholders;
  const { fields } = headerOf(task.inputs.params);
  const codeColumns = codeColumnsOf(fields);
  /** Built pages waiting for their codes, oldest first (the job keeps at most a couple in flight). */
  const waiting: Cell[][][] = [];
  let ending = false;

  function build(page: ProductPage, ids: number[]) {
    const result: BuiltPage = { errors: [], warnings: [], written: [], exportedIds: [], entries: 0 };
    const rows: Cell[][] = [];
    for (const product of productsOf(page, ids)) {
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
    return { result, rows };
  }

  return new Promise<void>((resolve, reject) => {
    const end = () => {
      writer.postMessage({ type: 'end' } satisfies ToWriter);
      writer.close();
      job.close();
      resolve();
    };
    const send = (rows: Cell[][]) =>
      writer.postMessage(
        (task.txt ? { type: 'text', text: txtLines(rows), rows: rows.length } : { type: 'rows', rows }) satisfies ToWriter,
      );
    job.on('message', (msg: ToRows) => {
      try {
        if (msg.type === 'page') {
          const { result, rows } = build(msg.page, msg.ids);
          job.postMessage(result);
          if (task.codes) waiting.push(rows);
          else send(rows);
        } else if (msg.type === 'codes') {
          const rows = waiting.shift()!;
          fillCodes(rows, codeColumns, new Map(msg.codes));
          send(rows);
          if (ending && waiting.length === 0) end();
        } else if (waiting.length === 0) end();
        else ending = true;
      } catch (e) {
        writer.close();
        job.close();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}
