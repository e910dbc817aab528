import fs from 'node:fs';
import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import { yieldToTheApi } from '../../parsing/pool.js';
import { txtLines } from './cells.js';
import { createXlsxFile } from './xlsxFile.js';
import type { VariantBarcode } from '../barcodes/index.js';
import { createPageRows, type BuiltPage } from './pageRows.js';
import type { ProductPage } from './products.js';
import type { RowContextInputs } from './rowContext.js';
import type { Cell } from './rows/context.js';

/**
 * The export's file thread (docs/exports.md#the-job): given each page of products as the database answered
 * it, builds the page's rows (pageRows.ts) and answers the job with what they came to, then writes them,
 * .xlsx (xlsxFile.ts) or Txt, and answers with the rows written.
 * While the zip deflates a page (on libuv's pool) the next one is built. With codes to write, a page's
 * rows wait here for the codes the job claims for the products they accepted. Nothing of a file's making
 * runs on the API's event loop; the rows never cross between threads.
 */
yieldToTheApi();

interface Sink {
  write(rows: Cell[][]): Promise<void>;
  close(): Promise<void>;
  /** Lets go of the file after a failure (the job removes the partial file). */
  abort(): void;
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
      if (!out.write(txtLines(rows))) await once(out, 'drain');
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

/** What the job sends the file thread. */
export type ToFile =
  | { type: 'page'; page: ProductPage; ids: number[] }
  /** The codes claimed for the oldest page waiting for them. */
  | { type: 'codes'; codes: [number, VariantBarcode][] }
  | { type: 'end' };
/** What the file thread answers, per page in order: what its rows came to, then how many were written. */
export type FromFile = { type: 'built'; built: BuiltPage } | { type: 'written'; rows: number };

/** Nothing: running it starts a thread and loads this module before the first page arrives. */
export const warm = () => true;

export function writeFile(task: {
  job: MessagePort;
  path: string;
  sheet: string;
  txt: boolean;
  header: string[][];
  inputs: RowContextInputs;
  /** Whether the rows carry codes the job claims per page. */
  codes: boolean;
}): Promise<void> {
  const { job } = task;
  const pages = createPageRows(task.inputs, task.codes);
  const sink: Sink = task.txt ? txtSink(task.path) : createXlsxFile(task.path, task.sheet);
  const answer = (msg: FromFile) => job.postMessage(msg);
  /** Built pages waiting for their codes, oldest first (the job keeps a few pages in flight). */
  const waiting: Cell[][][] = [];
  let ending = false;
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      sink.abort();
      job.close();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    // One write after the other: a page's slices and the final commit never interleave.
    let chain = sink.write(task.header);
    const then = (step: () => Promise<void>) => {
      chain = chain.then(step);
      chain.catch(fail);
    };
    const write = (rows: Cell[][]) =>
      then(async () => {
        await sink.write(rows);
        answer({ type: 'written', rows: rows.length });
      });
    const finish = () =>
      then(async () => {
        await sink.close();
        job.close();
        resolve();
      });
    job.on('message', (msg: ToFile) => {
      try {
        if (msg.type === 'page') {
          const { result, rows } = pages.build(msg.page, msg.ids);
          answer({ type: 'built', built: result });
          if (task.codes) waiting.push(rows);
          else write(rows);
        } else if (msg.type === 'codes') {
          const rows = waiting.shift()!;
          pages.fillCodes(rows, msg.codes);
          write(rows);
          if (ending && waiting.length === 0) finish();
        } else if (waiting.length === 0) finish();
        else ending = true;
      } catch (e) {
        fail(e);
      }
    });
  });
}
