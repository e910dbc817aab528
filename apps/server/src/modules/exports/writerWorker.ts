import fs from 'node:fs';
import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { yieldToTheApi } from '../../parsing/pool.js';
import { txtLines } from './cells.js';
import type { Cell } from './rows/context.js';
import type { ToWriter } from './rowsWorker.js';

/**
 * The export's file thread (docs/exports.md#the-job): writes the rows the rows thread (rowsWorker.ts) built,
 * page by page as they arrive over their own channel, .xlsx with exceljs's streaming writer (zip deflate
 * included) or Txt. Nothing of a file's making runs on the API's event loop. Answers the job with each page's
 * row count once it is written; resolves once the file is complete on disk.
 */
yieldToTheApi();

/** Bytes the zip may hold unwritten before a page is answered: exceljs pipes without backpressure. */
const QUEUED_LIMIT = 8 << 20;
/** Rows added between two turns of this thread's loop, so the zip's deflate (on libuv's pool) keeps pace. */
const SLICE = 100;
interface Queue {
  _writableState?: { length: number };
  _readableState?: { length: number };
}

interface Sink {
  /** Rows, or (Txt only) their lines already made. */
  write(rows: Cell[][] | string): Promise<void>;
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
      if (typeof rows === 'string') throw new Error('an .xlsx is written from rows, not text');
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
      if (!out.write(typeof rows === 'string' ? rows : txtLines(rows))) await once(out, 'drain');
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

export function writeFile(task: {
  rows: MessagePort;
  job: MessagePort;
  path: string;
  sheet: string;
  txt: boolean;
  header: string[][];
}): Promise<void> {
  const { rows: from, job } = task;
  const sink = task.txt ? txtSink(task.path) : xlsxSink(task.path, task.sheet);
  return new Promise<void>((resolve, reject) => {
    // One message after the other: a page's slices and the final commit never interleave.
    let chain = sink.write(task.header);
    const fail = (e: unknown) => {
      sink.abort();
      from.close();
      job.close();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    chain.catch(fail);
    from.on('message', (msg: ToWriter) => {
      chain = chain
        .then(async () => {
          if (msg.type === 'rows') {
            await sink.write(msg.rows);
            job.postMessage(msg.rows.length);
            return;
          }
          if (msg.type === 'text') {
            await sink.write(msg.text);
            job.postMessage(msg.rows);
            return;
          }
          await sink.close();
          from.close();
          job.close();
          resolve();
        })
        .catch(fail);
    });
  });
}
