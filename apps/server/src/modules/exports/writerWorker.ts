import type { MessagePort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { yieldToTheApi } from '../../parsing/pool.js';

/**
 * The .xlsx writer thread (docs/exports.md#the-job): exceljs's streaming workbook writer, fed page by page
 * as JSON text over `port`, so zip deflate never runs on the API's event loop. Acknowledges each page (the
 * job keeps at most two in flight: memory stays flat); resolves once the file is complete on disk.
 */
yieldToTheApi();

/** Bytes the zip may hold unwritten before a page is acknowledged: exceljs pipes without backpressure. */
const QUEUED_LIMIT = Number(process.env.QL ?? 8) << 20;
interface Queue {
  _writableState?: { length: number };
  _readableState?: { length: number };
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

/** Nothing: running it starts a thread and loads this module (and exceljs) before the first page arrives. */
export const warm = () => true;

export function writeXlsx(task: { port: MessagePort; path: string; sheet: string }): Promise<void> {
  const { port } = task;
  // No styles (a style per cell costs more than the rest of the write) and no shared strings (memory stays
  // flat): every string is written as a string cell, which a spreadsheet never evaluates (cells.ts).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: task.path, useStyles: false, useSharedStrings: false });
  const ws = workbook.addWorksheet(task.sheet);
  /** Rows added between two turns of this thread's loop, so the zip's deflate (on libuv's pool) keeps pace. */
  const SLICE = 100;
  async function page(json: string) {
    const rows = JSON.parse(json) as (string | number)[][];
    for (let i = 0; i < rows.length; i++) {
      ws.addRow(rows[i]!).commit();
      if (i % SLICE === SLICE - 1) await new Promise((r) => setImmediate(r));
    }
    await settle(ws);
    port.postMessage({ type: 'ack' });
  }
  return new Promise<void>((resolve, reject) => {
    // One message after the other: a page's slices and the final commit never interleave.
    let chain = Promise.resolve();
    const fail = (e: unknown) => {
      port.close();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    port.on('message', (msg: { type: 'rows'; json: string } | { type: 'end' }) => {
      chain = chain
        .then(async () => {
          if (msg.type === 'rows') return page(msg.json);
          ws.commit();
          await workbook.commit();
          port.close();
          resolve();
        })
        .catch(fail);
    });
  });
}
